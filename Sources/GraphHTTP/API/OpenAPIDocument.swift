// Generated from openapi.yaml by Scripts/embed-openapi.sh: edit openapi.yaml, then run the script.

/// The API's contract, served at `/openapi.yaml`.
enum OpenAPIDocument {
    static let text = #"""
    openapi: 3.1.0
    info:
      title: graph-server
      version: 0.1.0
    paths: {}
    """#
}
