#!/usr/bin/env bash
# Writes Sources/GraphHTTP/API/OpenAPIDocument.swift from openapi.yaml, so that the server
# serves the contract at /openapi.yaml without resource bundles. CI checks it is current.
set -euo pipefail
cd "$(dirname "$0")/.."
{
    echo "// Generated from openapi.yaml by Scripts/embed-openapi.sh: edit openapi.yaml, then run the script."
    echo
    echo "/// The API's contract, served at \`/openapi.yaml\`."
    echo "enum OpenAPIDocument {"
    echo '    static let text = #"""'
    sed 's/^/    /; s/[[:space:]]*$//' openapi.yaml
    echo '    """#'
    echo "}"
} > Sources/GraphHTTP/API/OpenAPIDocument.swift
