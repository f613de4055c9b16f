// Generated from openapi.yaml by Scripts/embed-documents.py: edit openapi.yaml, then run the script.
// swift-format-ignore-file

/// The API's contract, served at `/openapi.yaml`.
enum OpenAPIDocument {
    static let text = #"""
    openapi: 3.1.0
    info:
      title: graph-server
      version: 0.2.0
      summary: Inspects GraphCodable archives over HTTP, without Swift.
      description: |
        graph-server reads GraphCodable archives and answers what is inside them: a dump, a
        lossless JSON form (and the archive back from it), the type map, a validation report,
        the archive rewritten for other BinaryIO versions, a decode against the types
        registered on the server, and the differences between two archives; its page at `/` is
        an inspector for people. It holds no state: every request stands alone.

        **Uploads.** Every `POST` but `/v1/diff` (which takes two archives, as the parts `before`
        and `after` of a `multipart/form-data` form) takes one archive (for `/v1/archive`, its
        JSON form) as the request body, in one of these ways:
        - the raw bytes, as `application/octet-stream`; the server reads the same raw bytes when
          they come as `application/x-www-form-urlencoded` (what `curl --data-binary @file`
          sends) or with no `Content-Type` at all, and this document lists only
          `application/octet-stream` so that generated clients have one raw upload;
        - a `multipart/form-data` form (`curl -F file=@file`): its only part, whatever its
          name, or else its part named `file`.

        Other media types are answered 415, and so is a body with a `Content-Encoding` other
        than `identity` (archives are taken as they are). A body is at most 64 MiB by default
        (the server's `--max-upload-bytes`); a larger one is answered 413 as soon as its
        `Content-Length` arrives. Chunked request bodies and `Expect: 100-continue` are supported.

        **Query parameters.** Booleans are on with `true`, `yes`, `1` or no value at all
        (`?header`, `?header=`), off with `false`, `no` or `0` (letters in any case); any other
        value is answered 400. Names are case-sensitive; when a parameter is repeated the first
        one counts. A parameter an operation does not take is answered 400 `invalid-parameter`
        from the request's head (before any upload is read), naming it in `parameter` and the
        operation's own in `parameters`, so that a misspelt option never passes for an absent
        one.

        **Errors** are `application/problem+json` (RFC 9457; schema `Problem`). Their `type`,
        `urn:graphcodable:problem:<name>`, and `title` never change, so clients can act on
        them; `detail` says what went wrong and where (for archives also as `byteOffset` and
        `nodePath`). Bad input is always a 4xx; 5xx means the server is busy, shutting down, or
        failed. Besides the answers each operation lists, any path not listed here is answered
        404 (`not-found`), and a listed path asked with a method it does not answer is answered
        405 (`method-not-allowed`) with `Allow`. Requests that cannot be read (not valid
        HTTP/1.1, too large, too slow) are answered 400, 408, 413, 414, 417, 431, 501 or 505
        (see `components.responses`), and their connection is closed.

        **Every answer** carries `X-Request-Id` (the client's own when it sends a sane one,
        1 to 128 token characters, otherwise a new one) and `Date`. Text answers (text, JSON,
        YAML, problems) say `Vary: Accept-Encoding` and are gzipped (`Content-Encoding: gzip`)
        for clients whose `Accept-Encoding` prefers gzip: those of at least 1 KiB, and the
        answers of `/v1/dump`, `/v1/json` and `/v1/typemap` whatever their size. Those three are streamed
        (`Transfer-Encoding: chunked`) as they are written; should the server fail once such
        an answer has begun, it closes the connection before the body's last chunk, so a cut
        answer cannot pass for a complete one. Archive bytes are never compressed. `HEAD` works
        wherever `GET` does, and `OPTIONS` on every path answers 204 with `Allow`.

        **Cross-origin access** is off unless the server is started with `--cors-origin`:
        then every answer says `Vary: Origin`, answers to allowed origins carry
        `Access-Control-Allow-Origin` and `Access-Control-Expose-Headers`, and preflight
        `OPTIONS` requests from them are answered with `Access-Control-Allow-Methods`,
        `-Headers` and `-Max-Age`.
    servers:
      - url: 'http://{host}:{port}'
        description: |
          A graph-server: by default it listens on 127.0.0.1:8080 (`--host`, `--port`); its
          container image on port 8080 of every address.
        variables:
          host:
            default: 127.0.0.1
            description: The server's host name or address.
          port:
            default: '8080'
            description: The port it listens on.
    tags:
      - name: archives
        description: What an uploaded archive holds, in several forms.
      - name: service
        description: The service itself, for people, containers and monitoring.

    paths:
      /:
        get:
          tags: [service]
          operationId: getInspector
          summary: The archive inspector
          description: |
            The archive inspector, for people: one HTML page, its style and script inline, that
            uploads an archive (dropped, chosen, or one of the samples) to the operations below
            and shows its summary, validation problems, type map, where its bytes go, its object
            graph, dump, a collapsible tree of its JSON form, conversion, the JSON form edited back
            into an archive, and the differences with a second archive.
            It is served with a `Content-Security-Policy` that allows only its own inline style
            and script and requests to this server, `X-Content-Type-Options: nosniff` and
            `Referrer-Policy: no-referrer`.
          parameters:
            - $ref: '#/components/parameters/RequestId'
            - $ref: '#/components/parameters/IfNoneMatch'
          responses:
            '200':
              description: The page.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                ETag: {$ref: '#/components/headers/ETag'}
                Cache-Control: {$ref: '#/components/headers/CacheControlNoCache'}
                Vary: {$ref: '#/components/headers/VaryText'}
                Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
              content:
                text/html:
                  schema: {type: string}
            '304': {$ref: '#/components/responses/NotModified'}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        head:
          tags: [service]
          operationId: headInspector
          summary: The inspector page's header fields
          description: As `GET /`, without the body.
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '200': {$ref: '#/components/responses/HeadHTML'}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [service]
          operationId: optionsInspector
          summary: The methods of /
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsGet'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /healthz:
        get:
          tags: [service]
          operationId: getHealth
          summary: Liveness
          description: |
            `ok` while the process serves requests, even when every worker is busy (this
            endpoint does no archive work). For a container's liveness probe.
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '200':
              description: The server is alive.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Cache-Control: {$ref: '#/components/headers/CacheControlNoStore'}
                Vary: {$ref: '#/components/headers/VaryText'}
              content:
                text/plain:
                  schema: {type: string, const: "ok\n"}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        head:
          tags: [service]
          operationId: headHealth
          summary: Liveness, header fields only
          description: As `GET /healthz`, without the body.
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '200': {$ref: '#/components/responses/HeadText'}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [service]
          operationId: optionsHealth
          summary: The methods of /healthz
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsGet'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /readyz:
        get:
          tags: [service]
          operationId: getReadiness
          summary: Readiness
          description: |
            `ready` from when the server listens until its shutdown begins (SIGTERM or SIGINT).
            Then the server stops listening at once: new connections are refused (a probe then
            fails to connect, which a readiness probe counts as not ready), idle connections
            close, and a request already arriving on an open connection is answered 503
            `shutting-down` (for `/readyz`, as for any work). For a container's readiness probe.
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '200':
              description: The server takes new work.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Cache-Control: {$ref: '#/components/headers/CacheControlNoStore'}
                Vary: {$ref: '#/components/headers/VaryText'}
              content:
                text/plain:
                  schema: {type: string, const: "ready\n"}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        head:
          tags: [service]
          operationId: headReadiness
          summary: Readiness, header fields only
          description: As `GET /readyz`, without the body.
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '200': {$ref: '#/components/responses/HeadText'}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [service]
          operationId: optionsReadiness
          summary: The methods of /readyz
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsGet'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /metrics:
        get:
          tags: [service]
          operationId: getMetrics
          summary: Metrics
          description: |
            The server's metrics in the Prometheus text format, version 0.0.4:
            `graph_server_requests_total` (by route, method and status: `route` is the path
            asked when this document lists it, else `other`; `method` is the request's, or
            `other` for one HTTP does not define, or empty when the request line could not be
            read; `status` is the answer's, or `0` when the connection closed before an answer
            was chosen: the client went away, or the drain timeout cut the request),
            `graph_server_request_duration_seconds` (a histogram by route),
            `graph_server_received_bytes_total`, `graph_server_sent_bytes_total`,
            `graph_server_open_connections`, `graph_server_refused_connections_total`,
            `graph_server_requests_in_flight` and `graph_server_worker_jobs` (by state:
            `queued`, `running`).
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '200':
              description: The metrics.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Cache-Control: {$ref: '#/components/headers/CacheControlNoStore'}
                Vary: {$ref: '#/components/headers/VaryText'}
                Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
              content:
                text/plain; version=0.0.4; charset=utf-8:
                  schema: {type: string}
                  example: |
                    # HELP graph_server_open_connections Connections open now.
                    # TYPE graph_server_open_connections gauge
                    graph_server_open_connections 1
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        head:
          tags: [service]
          operationId: headMetrics
          summary: Metrics, header fields only
          description: As `GET /metrics`, without the body.
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '200':
              description: The metrics' header fields, as `GET` answers them (`Content-Type` `text/plain; version=0.0.4; charset=utf-8`); no body.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Vary: {$ref: '#/components/headers/VaryText'}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [service]
          operationId: optionsMetrics
          summary: The methods of /metrics
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsGet'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /openapi.yaml:
        get:
          tags: [service]
          operationId: getOpenAPI
          summary: This contract
          description: This document, as YAML.
          parameters:
            - $ref: '#/components/parameters/RequestId'
            - $ref: '#/components/parameters/IfNoneMatch'
          responses:
            '200':
              description: The OpenAPI document.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                ETag: {$ref: '#/components/headers/ETag'}
                Cache-Control: {$ref: '#/components/headers/CacheControlNoCache'}
                Vary: {$ref: '#/components/headers/VaryText'}
                Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
              content:
                application/yaml:
                  schema:
                    type: object
                    required: [openapi, info, paths]
                    properties:
                      openapi: {type: string, const: 3.1.0}
            '304': {$ref: '#/components/responses/NotModified'}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        head:
          tags: [service]
          operationId: headOpenAPI
          summary: This contract's header fields
          description: As `GET /openapi.yaml`, without the body.
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '200':
              description: The document's header fields, as `GET` answers them (`Content-Type` `application/yaml`); no body.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Vary: {$ref: '#/components/headers/VaryText'}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [service]
          operationId: optionsOpenAPI
          summary: The methods of /openapi.yaml
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsGet'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /v1/samples:
        get:
          tags: [service]
          operationId: listSamples
          summary: The sample archives this server offers
          description: |
            The names and summaries of the archives this server offers as examples (the
            inspector's first screen opens them in one click), each at its `path`.
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '200':
              description: The samples.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Vary: {$ref: '#/components/headers/VaryText'}
                Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
              content:
                application/json:
                  schema:
                    type: object
                    required: [samples]
                    additionalProperties: false
                    properties:
                      samples:
                        type: array
                        items:
                          type: object
                          required: [name, summary, path]
                          additionalProperties: false
                          properties:
                            name: {type: string}
                            summary: {type: string}
                            path: {type: string, description: 'Where to get it: `/v1/samples/NAME`.'}
                  example: {"samples": [{"name": "network", "path": "/v1/samples/network", "summary": "four stations on a loop, one shared by two lines: classes, sharing, a cycle"}]}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [service]
          operationId: optionsSamples
          summary: The methods of /v1/samples
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsGet'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /v1/samples/{name}:
        get:
          tags: [service]
          operationId: getSample
          summary: A sample archive
          description: The bytes of a sample archive, made the first time it is asked for and the same every time (`metro` is 10 MB).
          parameters:
            - $ref: '#/components/parameters/RequestId'
            - name: name
              in: path
              required: true
              schema: {type: string, enum: [network, folders, sensor, metro]}
          responses:
            '200':
              description: The archive.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
              content:
                application/octet-stream:
                  schema: {type: string, format: binary, contentMediaType: application/octet-stream}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '404': {$ref: '#/components/responses/NotFound'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [service]
          operationId: optionsSample
          summary: The methods of /v1/samples/{name}
          parameters:
            - $ref: '#/components/parameters/RequestId'
            - name: name
              in: path
              required: true
              schema: {type: string, enum: [network, folders, sensor, metro]}
          responses:
            '204': {$ref: '#/components/responses/OptionsGet'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '404': {$ref: '#/components/responses/NotFound'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /v1/dump:
        post:
          tags: [archives]
          operationId: dumpArchive
          summary: The archive's dump
          description: |
            The archive as readable text: its body, nodes with their keys and type names, with
            the sections asked for. Values are cut at 64 characters unless `untruncated`. The
            dump is streamed (chunked) as it is written.
          parameters:
            - $ref: '#/components/parameters/RequestId'
            - name: header
              in: query
              description: Adds the header first (versions, flags, checksum, section sizes).
              schema: {type: boolean, default: false}
            - name: legend
              in: query
              description: Adds a legend of the node codes (`graph-server dump --legend`).
              schema: {type: boolean, default: false}
            - name: typemap
              in: query
              description: Adds the type table (`REFERENCEMAP`).
              schema: {type: boolean, default: false}
            - name: mangled
              in: query
              description: Adds the type table with the mangled names of classes (implies `typemap`).
              schema: {type: boolean, default: false}
            - name: keymap
              in: query
              description: Adds the key table (`KEYMAP`).
              schema: {type: boolean, default: false}
            - name: untruncated
              in: query
              description: Shows values in full instead of cutting them at 64 characters.
              schema: {type: boolean, default: false}
          requestBody: {$ref: '#/components/requestBodies/Archive'}
          responses:
            '200':
              description: The dump, ending with a line break.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Vary: {$ref: '#/components/headers/VaryText'}
                Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
              content:
                text/plain:
                  schema: {type: string}
                  example: |
                    = BODY =========================================================
                    - VAL
                    	+ "name": BIV "greenhouse"
                    	+ "readings": VAL
                    		- BIV { 4 bytes }
                    		- BIV { 4 bytes }
                    		- BIV { 4 bytes }
                    	.
                    .
                    ================================================================
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '415': {$ref: '#/components/responses/UnsupportedMediaType'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '422': {$ref: '#/components/responses/UnprocessableArchive'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '500': {$ref: '#/components/responses/InternalError'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [archives]
          operationId: optionsDump
          summary: The methods of /v1/dump
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsPost'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /v1/json:
        post:
          tags: [archives]
          operationId: archiveToJSON
          summary: The archive's lossless JSON form
          description: |
            The archive as JSON (schema `ArchiveJSON`): every node, id, type reference, key and
            native value explicit, nothing rounded. `POST /v1/archive` turns it back into the
            same bytes. The JSON is streamed (chunked) as it is written.
          parameters:
            - $ref: '#/components/parameters/RequestId'
            - name: pretty
              in: query
              description: Indents the JSON by two spaces per level instead of writing it compact.
              schema: {type: boolean, default: false}
          requestBody: {$ref: '#/components/requestBodies/Archive'}
          responses:
            '200':
              description: The JSON form.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Vary: {$ref: '#/components/headers/VaryText'}
                Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/ArchiveJSON'}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '415': {$ref: '#/components/responses/UnsupportedMediaType'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '422': {$ref: '#/components/responses/UnprocessableArchive'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '500': {$ref: '#/components/responses/InternalError'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [archives]
          operationId: optionsJSON
          summary: The methods of /v1/json
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsPost'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /v1/archive:
        post:
          tags: [archives]
          operationId: jsonToArchive
          summary: The archive a JSON form describes
          description: |
            Reads a JSON form (schema `ArchiveJSON`, as `POST /v1/json` answers it, possibly
            edited) and answers the binary archive. The JSON may be sent as `application/json`
            or in any of the upload forms. JSON that is not a valid archive is answered 422,
            its `detail` naming the JSON path at fault (such as `$.body[0].fields[1].value`).
          parameters:
            - $ref: '#/components/parameters/RequestId'
          requestBody: {$ref: '#/components/requestBodies/ArchiveJSON'}
          responses:
            '200':
              description: The archive's bytes.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
              content:
                application/octet-stream:
                  schema: {type: string, format: binary, contentMediaType: application/octet-stream}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '415': {$ref: '#/components/responses/UnsupportedMediaType'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '422': {$ref: '#/components/responses/UnprocessableArchive'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '500': {$ref: '#/components/responses/InternalError'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [archives]
          operationId: optionsArchive
          summary: The methods of /v1/archive
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsPost'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /v1/typemap:
        post:
          tags: [archives]
          operationId: typeMap
          summary: The archive's types
          description: |
            Every type the archive uses, in reference order, with how many nodes use it and
            whether this server could build it when decoding (secure mode: classes when they
            are registered on the server; native types and value types always, since value
            types are built as the types the decoding asks for, never found by their names). The type map is
            streamed (chunked) as it is written.
          parameters:
            - $ref: '#/components/parameters/RequestId'
          requestBody: {$ref: '#/components/requestBodies/Archive'}
          responses:
            '200':
              description: The type map.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Vary: {$ref: '#/components/headers/VaryText'}
                Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/TypeMap'}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '415': {$ref: '#/components/responses/UnsupportedMediaType'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '422': {$ref: '#/components/responses/UnprocessableArchive'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '500': {$ref: '#/components/responses/InternalError'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [archives]
          operationId: optionsTypeMap
          summary: The methods of /v1/typemap
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsPost'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /v1/stats:
        post:
          tags: [archives]
          operationId: archiveStatistics
          summary: Where the archive's bytes go
          description: |
            One pass over the archive's body, without its Swift types: the header and table
            sizes, then the body's bytes by type, by key and by field of the root, and the
            largest single values (a string, a data, an array of scalars, a user value's
            BinaryIO payload) with their paths. Each byte of the body belongs to one node (its
            tag and ids, its payload and the END that closes its fields), counted under the
            node's type, or the type of the nearest typed node holding it. So the header, the
            two tables, `types`, `otherTypes` and `untypedBytes` add up to `archiveBytes`
            exactly, and so do the header, the tables, `keys`, `otherKeys` and `unkeyedBytes`.
            Each `share` is a fraction of the whole archive.
          parameters:
            - $ref: '#/components/parameters/RequestId'
            - name: limit
              in: query
              required: false
              description: The most types and the most keys listed, those owning the most bytes; the rest are summed in `otherTypes` and `otherKeys`.
              schema: {type: integer, minimum: 0, maximum: 10000, default: 100}
            - name: largest
              in: query
              required: false
              description: How many of the largest single values to list.
              schema: {type: integer, minimum: 0, maximum: 10000, default: 10}
          requestBody: {$ref: '#/components/requestBodies/Archive'}
          responses:
            '200':
              description: Where the bytes go.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Vary: {$ref: '#/components/headers/VaryText'}
                Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/ArchiveStatistics'}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '415': {$ref: '#/components/responses/UnsupportedMediaType'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '422': {$ref: '#/components/responses/UnprocessableArchive'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '500': {$ref: '#/components/responses/InternalError'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [archives]
          operationId: optionsStatistics
          summary: The methods of /v1/stats
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsPost'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /v1/graph:
        post:
          tags: [archives]
          operationId: objectGraph
          summary: The archive's objects and the references between them
          description: |
            The objects (and identified values) around one object, the root by default: those
            within `depth` references of it, at most `limit` of them and at most 24 reached from
            any one object, nearest first; the
            references among them, each with its path inside the object that holds it (`.links[1]`)
            and its kind (`definition`: the object is written there; `strong`: a pointer;
            `conditional`: a pointer to an object that may be absent); and, beside each object
            shown, the objects it refers to that are not shown, counted by type. A reference
            `closesCycle` when it leads back to an object on the way to it from the centre:
            decoding must defer such a link (`deferDecode`), which the archive does not record.
            Each object says how many places hold it (`references`): above 1 it is shared. With
            `format=dot`, the same graph in Graphviz's DOT language.
          parameters:
            - $ref: '#/components/parameters/RequestId'
            - name: around
              in: query
              required: false
              description: The object id to start from; 0 for a root without identity. By default the root.
              schema: {type: integer, minimum: 0, maximum: 4294967295}
            - name: depth
              in: query
              required: false
              description: The most references followed from the centre.
              schema: {type: integer, minimum: 0, maximum: 64, default: 3}
            - name: limit
              in: query
              required: false
              description: The most objects shown.
              schema: {type: integer, minimum: 1, maximum: 5000, default: 200}
            - name: format
              in: query
              required: false
              description: JSON, or Graphviz's DOT language.
              schema: {type: string, enum: [json, dot], default: json}
          requestBody: {$ref: '#/components/requestBodies/Archive'}
          responses:
            '200':
              description: The object graph.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Vary: {$ref: '#/components/headers/VaryText'}
                Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/ObjectGraph'}
                text/vnd.graphviz:
                  schema: {type: string}
                  example: |
                    digraph archive {
                      root [label="Network", peripheries=2];
                      o1 [label="Station #1\nname: \"Central\""];
                      root -> o1 [label="[0][0]"];
                    }
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '415': {$ref: '#/components/responses/UnsupportedMediaType'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '422': {$ref: '#/components/responses/UnprocessableArchive'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '500': {$ref: '#/components/responses/InternalError'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [archives]
          operationId: optionsObjectGraph
          summary: The methods of /v1/graph
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsPost'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
      /v1/validate:
        post:
          tags: [archives]
          operationId: validateArchive
          summary: Everything wrong with the archive
          description: |
            Checks the whole archive without decoding it as a type: 200 with what it holds when
            it is valid, 422 with every problem found (each with its byte offset and node path)
            when it is not. Both answers have the schema `ValidationReport`.
          parameters:
            - $ref: '#/components/parameters/RequestId'
          requestBody: {$ref: '#/components/requestBodies/Archive'}
          responses:
            '200':
              description: The archive is valid (`valid` is true, `problems` is empty).
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Vary: {$ref: '#/components/headers/VaryText'}
                Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/ValidationReport'}
                  example: {"byteCount": 171, "keyCount": 2, "maximumDepth": 2, "nodeCounts": {"BIV": 4, "VAL": 2},
                            "objectCount": 0, "problems": [], "typeCount": 2, "valid": true}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '415': {$ref: '#/components/responses/UnsupportedMediaType'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '422':
              description: The archive is invalid (`valid` is false); `problems`, never empty, says why and where.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Vary: {$ref: '#/components/headers/VaryText'}
                Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/ValidationReport'}
                  example: {"byteCount": 7, "keyCount": 0, "maximumDepth": 0, "nodeCounts": {}, "objectCount": 0,
                            "problems": [{"byteOffset": 0, "message": "not a GraphCodable archive (bad magic)", "nodePath": "root", "rule": "header.magic"}],
                            "typeCount": 0, "valid": false}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '500': {$ref: '#/components/responses/InternalError'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [archives]
          operationId: optionsValidate
          summary: The methods of /v1/validate
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsPost'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /v1/convert:
        post:
          tags: [archives]
          operationId: convertArchive
          summary: The archive for other BinaryIO versions
          description: |
            Rewrites the archive's BinaryIO payloads for another user BinaryIO version, another
            internal BinaryIO version, or both: at least one of the two parameters is required
            (400 `invalid-parameter` without), and a version not given keeps the archive's own.
            Payloads of user types are rewritten by the types registered on the server: an
            archive holding payloads of types it does not know is answered 422
            `missing-types`.
          parameters:
            - $ref: '#/components/parameters/RequestId'
            - name: binaryIOVersion
              in: query
              description: The user BinaryIO version to write (what `GBinaryCodable` types see as `version`).
              schema: {type: integer, minimum: 0, maximum: 65535}
            - name: internalBinaryIOVersion
              in: query
              description: The internal BinaryIO version to write (the layout of native values); 1 or 2.
              schema: {type: integer, minimum: 1, maximum: 2}
          requestBody: {$ref: '#/components/requestBodies/Archive'}
          responses:
            '200':
              description: The converted archive's bytes.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
              content:
                application/octet-stream:
                  schema: {type: string, format: binary, contentMediaType: application/octet-stream}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '415': {$ref: '#/components/responses/UnsupportedMediaType'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '422': {$ref: '#/components/responses/UnprocessableArchive'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '500': {$ref: '#/components/responses/InternalError'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [archives]
          operationId: optionsConvert
          summary: The methods of /v1/convert
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsPost'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /v1/decode:
        post:
          tags: [archives]
          operationId: decodeArchive
          summary: Decodes the archive as a registered type
          description: |
            Decodes the archive as the type named by `type`, in secure mode (only the types
            registered on the server are built), and answers what the decoding built, replaced
            and met, with the value's description. A type the server does not know is answered
            422 `unknown-type` with `registeredTypes`; an archive that does not decode as the
            type, 422 `cannot-decode` (a valid archive the type refuses: another root type, a
            missing key, a raw value the enum lacks; an invalid archive is `invalid-archive`).
            Classes must be registered; value types are built as the types the decoding asks
            for, never found by the archive's names (Docs/Security.md). The shipped server registers `Station`, `Network`,
            `Folder`, `Reading` and `Sensor` (`graph_server.SampleModels.*`).
          parameters:
            - $ref: '#/components/parameters/RequestId'
            - name: type
              in: query
              required: true
              description: The registered type to decode as, by its qualified name or its last component.
              schema: {type: string, minLength: 1}
              examples:
                short:
                  value: Sensor
                qualified:
                  value: graph_server.SampleModels.Network
          requestBody: {$ref: '#/components/requestBodies/Archive'}
          responses:
            '200':
              description: The archive decoded.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Vary: {$ref: '#/components/headers/VaryText'}
                Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/DecodeResult'}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '415': {$ref: '#/components/responses/UnsupportedMediaType'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '422': {$ref: '#/components/responses/UnprocessableArchive'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '500': {$ref: '#/components/responses/InternalError'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [archives]
          operationId: optionsDecode
          summary: The methods of /v1/decode
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsPost'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

      /v1/diff:
        post:
          tags: [archives]
          operationId: diffArchives
          summary: What changed from one archive to another
          description: |
            Compares two archives by structure, without their Swift types: header fields, the
            named types (added, removed, renamed, re-versioned), and the bodies node by node by
            path from the root (`root.friends[1].name`), following pointers so that each shared
            object is compared once. Keyed fields are matched by key (their order is no
            difference), unkeyed fields by position, and the elements of sets and the entries of
            dictionaries by their archived form, in any order (`root.index["b"]`: an element or
            a key between brackets). The two archives are the file parts
            `before` and `after` of a `multipart/form-data` body (`curl -F before=@a.graph -F
            after=@b.graph`); the answer is 200 whether or not they differ. An archive that
            cannot be read is answered 422, its `detail` starting with `before:` or `after:`.
            See Docs/ArchiveDiff.md.
          parameters:
            - $ref: '#/components/parameters/RequestId'
            - name: limit
              in: query
              required: false
              description: The most differences listed; the others are counted in `omittedCount`.
              schema: {type: integer, minimum: 0, maximum: 10000, default: 1000}
          requestBody: {$ref: '#/components/requestBodies/ArchivePair'}
          responses:
            '200':
              description: The differences; `identical` when there are none.
              headers:
                X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
                Date: {$ref: '#/components/headers/Date'}
                Vary: {$ref: '#/components/headers/VaryText'}
                Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/ArchiveDiff'}
                  example: {"identical": false, "differenceCount": 1, "omittedCount": 0, "differences": [
                             {"change": "valueChanged", "path": "root[0][0].links[0].name",
                              "before": {"value": "String \"Harbour\"", "location": "$.body[0].fields[0].fields[0].fields[1].fields[0].fields[0]", "byteOffset": 64},
                              "after": {"value": "String \"Port\"", "location": "$.body[0].fields[0].fields[0].fields[1].fields[0].fields[0]", "byteOffset": 64}}]}
            '400': {$ref: '#/components/responses/BadRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '415': {$ref: '#/components/responses/UnsupportedMediaType'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '422': {$ref: '#/components/responses/UnprocessableArchive'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '500': {$ref: '#/components/responses/InternalError'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}
        options:
          tags: [archives]
          operationId: optionsDiff
          summary: The methods of /v1/diff
          parameters:
            - $ref: '#/components/parameters/RequestId'
          responses:
            '204': {$ref: '#/components/responses/OptionsPost'}
            '400': {$ref: '#/components/responses/MalformedRequest'}
            '408': {$ref: '#/components/responses/RequestTimeout'}
            '413': {$ref: '#/components/responses/ContentTooLarge'}
            '414': {$ref: '#/components/responses/URITooLong'}
            '417': {$ref: '#/components/responses/ExpectationFailed'}
            '431': {$ref: '#/components/responses/HeaderFieldsTooLarge'}
            '501': {$ref: '#/components/responses/NotImplemented'}
            '503': {$ref: '#/components/responses/ServiceUnavailable'}
            '505': {$ref: '#/components/responses/HTTPVersionNotSupported'}

    components:
      parameters:
        RequestId:
          name: X-Request-Id
          in: header
          description: |
            An id to follow the request across services: echoed in the answer's `X-Request-Id`
            and logged when it is 1 to 128 token characters (letters, digits and
            ``!#$%&'*+-.^_`|~``); any other value is replaced by a new id.
          schema: {type: string}
          example: 7d4c0e6f1b2a43c5
        IfNoneMatch:
          name: If-None-Match
          in: header
          description: |
            Entity tags of the copy the client holds (`*` for any): when one names the document's
            tag (compared weakly), the answer is 304 with no body.
          schema: {type: string}

      headers:
        ETag:
          description: |
            The document's strong entity tag, the same in every replica: its CRC-32 and length,
            and `-gzip` for its gzipped form.
          schema: {type: string}
        CacheControlNoCache:
          description: '`no-cache`: caches may keep the document, and check it (`If-None-Match`) before each use.'
          schema: {type: string, const: no-cache}
        CacheControlNoStore:
          description: '`no-store`: never kept by a cache (a stored `ready` from a draining server would keep its traffic coming).'
          schema: {type: string, const: no-store}
        X-Request-Id:
          description: |
            The request's id: the client's `X-Request-Id` when it was 1 to 128 token
            characters, otherwise 32 new hexadecimal digits. The server's log line for the
            request carries it too.
          required: true
          schema:
            type: string
            pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$"
        Date:
          description: When the answer was made, as an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`).
          required: true
          schema:
            type: string
            pattern: '^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$'
        VaryText:
          description: |
            `Accept-Encoding`: text answers depend on it (gzip). `Origin` is added when
            cross-origin access is on.
          required: true
          schema: {type: string, pattern: 'Accept-Encoding'}
        Vary:
          description: |
            `Accept-Encoding` on problems made while answering a request (which may be gzipped);
            `Origin` when cross-origin access is on.
          schema: {type: string}
        Content-Encoding:
          description: |
            `gzip` when the client's `Accept-Encoding` prefers gzip and the text answer is at
            least 1 KiB or streamed (`/v1/dump`, `/v1/json`, `/v1/typemap`); absent otherwise,
            and on `HEAD` answers.
          schema: {type: string, const: gzip}
        Allow:
          description: The methods the path answers.
          required: true
          schema: {type: string}
        AllowGet:
          description: The methods the path answers.
          required: true
          schema: {type: string, const: 'GET, HEAD, OPTIONS'}
        AllowPost:
          description: The methods the path answers.
          required: true
          schema: {type: string, const: 'POST, OPTIONS'}
        Retry-After:
          description: |
            Seconds to wait before trying again: sent with `server-busy` and
            `too-many-connections`.
          schema: {type: integer, minimum: 0}
        Access-Control-Allow-Origin:
          description: 'With cross-origin access on, to an allowed `Origin`: that origin, or `*`.'
          schema: {type: string}
        Access-Control-Allow-Methods:
          description: 'To a preflight from an allowed origin: the methods, as in `Allow`.'
          schema: {type: string}
        Access-Control-Allow-Headers:
          description: 'To a preflight from an allowed origin: `Content-Type, Accept-Encoding, X-Request-Id`.'
          schema: {type: string}
        Access-Control-Max-Age:
          description: To a preflight from an allowed origin, `600` (seconds).
          schema: {type: integer}

      requestBodies:
        Archive:
          description: |
            The archive, in one of two forms:
            - its raw bytes as the body, `application/octet-stream`; the server takes the same raw
              bytes sent as `application/x-www-form-urlencoded` (what `curl --data-binary @file`
              sends) or with no `Content-Type` at all, and reads them as they are;
            - a `multipart/form-data` form (`curl -F file=@file`) whose only part, whatever its
              name, or else whose part named `file`, is the archive.

            Anything else is answered 415; so is a `Content-Encoding` other than `identity`.
          required: true
          content:
            application/octet-stream:
              schema: {$ref: '#/components/schemas/ArchiveBytes'}
            multipart/form-data:
              schema:
                type: object
                required: [file]
                additionalProperties: false
                properties:
                  file:
                    description: The archive.
                    type: string
                    format: binary
                    contentMediaType: application/octet-stream
        ArchivePair:
          description: |
            Two archives, as the file parts `before` and `after` of a `multipart/form-data` form
            (`curl -F before=@a.graph -F after=@b.graph`). Another media type is answered 415; a
            missing part, one named twice, or a part with another name, 400.
          required: true
          content:
            multipart/form-data:
              schema:
                type: object
                required: [before, after]
                additionalProperties: false
                properties:
                  before:
                    description: The archive compared from.
                    type: string
                    format: binary
                    contentMediaType: application/octet-stream
                  after:
                    description: The archive compared to.
                    type: string
                    format: binary
                    contentMediaType: application/octet-stream
        ArchiveJSON:
          description: |
            The JSON form of an archive (schema `ArchiveJSON`): as `application/json`, or in any
            of the upload forms of the other operations: the raw bytes of the JSON text
            (`application/octet-stream`, and as for archives `application/x-www-form-urlencoded`
            or no `Content-Type`), or the file of a `multipart/form-data` form.
          required: true
          content:
            application/json:
              schema: {$ref: '#/components/schemas/ArchiveJSON'}
              examples:
                natives:
                  summary: A dictionary of optional doubles (graph-server sample natives)
                  value: {"format": "graphcodable-archive", "formatVersion": 1, "checksummed": true,
                          "internalBinaryIOVersion": 1, "userBinaryIOVersion": 0,
                          "types": [{"optional": 13}, {"array": 64}], "keys": [],
                          "body": [{"kind": "VAL", "type": 42, "fields": [
                            {"kind": "BIV", "type": 15, "value": "special"},
                            {"kind": "BIV", "type": 65, "value": ["nan", "-0", "inf"]},
                            {"kind": "BIV", "type": 15, "value": "temperatures"},
                            {"kind": "BIV", "type": 65, "value": [19.5, null, 21.25]},
                            {"kind": "BIV", "type": 15, "value": "empty"},
                            {"kind": "BIV", "type": 65, "value": []}]}]}
                sensor:
                  summary: A versioned Sensor with opaque Reading payloads (graph-server sample sensor)
                  value: {"format": "graphcodable-archive", "formatVersion": 1, "checksummed": true,
                          "internalBinaryIOVersion": 1, "userBinaryIOVersion": 0,
                          "types": [{"valueType": "graph_server.SampleModels.Sensor", "mangledName": "", "version": 1},
                                    {"valueType": "graph_server.SampleModels.Reading", "mangledName": "", "version": 0}],
                          "keys": ["name", "readings"],
                          "body": [{"kind": "VAL", "type": 64, "fields": [
                            {"kind": "BIV", "key": "name", "type": 15, "value": "greenhouse"},
                            {"kind": "VAL", "key": "readings", "type": 40, "fields": [
                              {"kind": "BIV", "type": 65, "bytes": "AACcQQ=="},
                              {"kind": "BIV", "type": 65, "bytes": "AACqQQ=="},
                              {"kind": "BIV", "type": 65, "bytes": "AACwQQ=="}]}]}]}
                network:
                  summary: Four stations linked in a loop, one shared by two lines (graph-server sample network)
                  value: {"format": "graphcodable-archive", "formatVersion": 1, "checksummed": true,
                          "internalBinaryIOVersion": 1, "userBinaryIOVersion": 0,
                          "types": [{"valueType": "graph_server.SampleModels.Network", "mangledName": "", "version": 0},
                                    {"classType": "graph_server.SampleModels.Station",
                                     "mangledName": "12graph_server12SampleModelsO7StationC", "version": 0}],
                          "keys": ["name", "links"],
                          "body": [{"kind": "VAL", "type": 64, "fields": [{"kind": "VAL", "type": 40, "fields": [
                            {"kind": "REF", "type": 65, "id": 1, "fields": [
                              {"kind": "BIV", "key": "name", "type": 15, "value": "Central"},
                              {"kind": "VAL", "key": "links", "type": 40, "fields": [
                                {"kind": "REF", "type": 65, "id": 2, "fields": [
                                  {"kind": "BIV", "key": "name", "type": 15, "value": "Harbour"},
                                  {"kind": "VAL", "key": "links", "type": 40, "fields": [
                                    {"kind": "REF", "type": 65, "id": 3, "fields": [
                                      {"kind": "BIV", "key": "name", "type": 15, "value": "Airport"},
                                      {"kind": "VAL", "key": "links", "type": 40, "fields": [
                                        {"kind": "REF", "type": 65, "id": 4, "fields": [
                                          {"kind": "BIV", "key": "name", "type": 15, "value": "University"},
                                          {"kind": "VAL", "key": "links", "type": 40, "fields": [{"kind": "PTS", "id": 1}]}]}]}]}]}]},
                                {"kind": "PTS", "id": 3}]}]},
                            {"kind": "PTS", "id": 2}, {"kind": "PTS", "id": 3}, {"kind": "PTS", "id": 4}]}]}]}
                folders:
                  summary: A folder tree whose children point back to their parent (graph-server sample folders)
                  value: {"format": "graphcodable-archive", "formatVersion": 1, "checksummed": true,
                          "internalBinaryIOVersion": 1, "userBinaryIOVersion": 0,
                          "types": [{"classType": "graph_server.SampleModels.Folder",
                                     "mangledName": "12graph_server12SampleModelsO6FolderC", "version": 0}],
                          "keys": ["name", "children", "parent"],
                          "body": [{"kind": "REF", "type": 64, "id": 1, "fields": [
                            {"kind": "BIV", "key": "name", "type": 15, "value": "/"},
                            {"kind": "VAL", "key": "children", "type": 40, "fields": [
                              {"kind": "REF", "type": 64, "id": 2, "fields": [
                                {"kind": "BIV", "key": "name", "type": 15, "value": "docs"},
                                {"kind": "VAL", "key": "children", "type": 40, "fields": []},
                                {"kind": "PTC", "key": "parent", "id": 1}]},
                              {"kind": "REF", "type": 64, "id": 3, "fields": [
                                {"kind": "BIV", "key": "name", "type": 15, "value": "photos"},
                                {"kind": "VAL", "key": "children", "type": 40, "fields": [
                                  {"kind": "REF", "type": 64, "id": 4, "fields": [
                                    {"kind": "BIV", "key": "name", "type": 15, "value": "trip"},
                                    {"kind": "VAL", "key": "children", "type": 40, "fields": []},
                                    {"kind": "PTC", "key": "parent", "id": 3}]}]},
                                {"kind": "PTC", "key": "parent", "id": 1}]}]},
                            {"kind": "NIL", "key": "parent"}]}]}
            application/octet-stream:
              schema:
                description: The JSON text's bytes.
                type: string
                format: binary
                contentMediaType: application/json
            multipart/form-data:
              schema:
                type: object
                required: [file]
                additionalProperties: false
                properties:
                  file:
                    description: The JSON form (the part's own `Content-Type` does not matter).
                    type: string
                    format: binary
                    contentMediaType: application/json

      responses:
        HeadHTML:
          description: The page's header fields, as `GET` answers them (`Content-Type` `text/html; charset=utf-8`); no body.
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
            Vary: {$ref: '#/components/headers/VaryText'}
        HeadText:
          description: The answer's header fields, as `GET` answers them (`Content-Type` `text/plain; charset=utf-8`); no body.
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
            Vary: {$ref: '#/components/headers/VaryText'}
        OptionsGet:
          description: The methods the path answers, in `Allow`; no body.
          headers:
            Allow: {$ref: '#/components/headers/AllowGet'}
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
            Access-Control-Allow-Origin: {$ref: '#/components/headers/Access-Control-Allow-Origin'}
            Access-Control-Allow-Methods: {$ref: '#/components/headers/Access-Control-Allow-Methods'}
            Access-Control-Allow-Headers: {$ref: '#/components/headers/Access-Control-Allow-Headers'}
            Access-Control-Max-Age: {$ref: '#/components/headers/Access-Control-Max-Age'}
        OptionsPost:
          description: The methods the path answers, in `Allow`; no body.
          headers:
            Allow: {$ref: '#/components/headers/AllowPost'}
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
            Access-Control-Allow-Origin: {$ref: '#/components/headers/Access-Control-Allow-Origin'}
            Access-Control-Allow-Methods: {$ref: '#/components/headers/Access-Control-Allow-Methods'}
            Access-Control-Allow-Headers: {$ref: '#/components/headers/Access-Control-Allow-Headers'}
            Access-Control-Max-Age: {$ref: '#/components/headers/Access-Control-Max-Age'}
        NotModified:
          description: The client's copy, named in `If-None-Match`, is the document's; no body.
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
            ETag: {$ref: '#/components/headers/ETag'}
            Cache-Control: {$ref: '#/components/headers/CacheControlNoCache'}
        MalformedRequest:
          description: '`malformed-request`: the request is not valid HTTP/1.1. The connection is closed.'
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
        BadRequest:
          description: |
            `invalid-parameter`: a query parameter is invalid (`detail` names it), or one the
            operation does not take (`parameter` names it, `parameters` lists those it takes);
            `invalid-upload`: the upload cannot be read (a malformed `Content-Type` or multipart
            form); `malformed-request`: the request is not valid HTTP/1.1.
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
            Vary: {$ref: '#/components/headers/Vary'}
            Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              example: {"detail": "query parameter \"binaryIOversion\": unknown; POST /v1/convert takes \"binaryIOVersion\", \"internalBinaryIOVersion\"",
                        "status": 400, "title": "A query parameter is invalid",
                        "type": "urn:graphcodable:problem:invalid-parameter",
                        "parameter": "binaryIOversion", "parameters": ["binaryIOVersion", "internalBinaryIOVersion"]}
        NotFound:
          description: '`not-found`: no resource at this path (any path this document does not list); `detail` names the nearest route and points here.'
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
        MethodNotAllowed:
          description: '`method-not-allowed`: the path does not answer this method; `Allow` lists those it does.'
          headers:
            Allow: {$ref: '#/components/headers/Allow'}
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
        RequestTimeout:
          description: |
            `request-timeout`: the request's head (10 s by default) or body (120 s) did not
            arrive in time. The connection is closed.
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
        ContentTooLarge:
          description: |
            `upload-too-large`: the body is larger than the server accepts (64 MiB by default;
            answered when `Content-Length` arrives, and the connection is closed), or a
            multipart form has too many parts or too large part headers.
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
            Vary: {$ref: '#/components/headers/Vary'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
        URITooLong:
          description: '`target-too-long`: the request line is longer than 8 KiB. The connection is closed.'
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
        UnsupportedMediaType:
          description: |
            `unsupported-media-type`: the body's `Content-Type` is not one the operation takes,
            or the body has a `Content-Encoding`.
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
            Vary: {$ref: '#/components/headers/Vary'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
        ExpectationFailed:
          description: '`unsupported-expectation`: an `Expect` other than `100-continue`. The connection is closed.'
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
        UnprocessableArchive:
          description: |
            The upload was read but is not an archive the operation can use:
            `invalid-archive` (not a well-formed archive; `byteOffset` and `nodePath` say
            where), `archive-limit-exceeded` (beyond the server's archive limits: size, depth,
            counts), `invalid-archive-json` (`/v1/archive`: the JSON is not a valid archive),
            `cannot-decode` (`/v1/decode`: a valid archive that does not decode as the type),
            `unknown-type` (`/v1/decode`: the type is not registered; `registeredTypes` lists
            those that are), `missing-types` (`/v1/convert`: payloads of types the server does
            not know).
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
            Vary: {$ref: '#/components/headers/Vary'}
            Content-Encoding: {$ref: '#/components/headers/Content-Encoding'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              example: {"byteOffset": 0, "detail": "Invalid archive: not a GraphCodable archive (bad magic) (byte offset 0)",
                        "status": 422, "title": "The archive is invalid", "type": "urn:graphcodable:problem:invalid-archive"}
        HeaderFieldsTooLarge:
          description: |
            `headers-too-large`: the header section is larger than 32 KiB or has more than 100
            fields. The connection is closed.
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
        InternalError:
          description: '`internal-error`: the server failed; its log has the details, under the request id.'
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
            Vary: {$ref: '#/components/headers/Vary'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
        NotImplemented:
          description: '`unsupported-transfer-coding`: a `Transfer-Encoding` other than `chunked`. The connection is closed.'
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
        ServiceUnavailable:
          description: |
            The server cannot take the request now: `server-busy` (every worker is busy and the
            queue is full, or the uploads in progress, or the answers waiting for their
            clients to read them, hold all the memory the server gives them; with
            `Retry-After`), `too-many-connections` (the connection limit is
            reached; with `Retry-After`, and the connection is closed), `deadline-exceeded` (the
            work took longer than the server allows, 60 s by default), `shutting-down` (from
            `/readyz`, once shutdown has begun).
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
            Retry-After: {$ref: '#/components/headers/Retry-After'}
            Vary: {$ref: '#/components/headers/Vary'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
        HTTPVersionNotSupported:
          description: '`unsupported-http-version`: a version other than HTTP/1.0 and HTTP/1.1. The connection is closed.'
          headers:
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Date: {$ref: '#/components/headers/Date'}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}

      schemas:
        Problem:
          type: object
          description: |
            An error (RFC 9457). `type` and `title` are stable per kind of error:

            | type (`urn:graphcodable:problem:` …) | status | title |
            |---|---|---|
            | `malformed-request` | 400 | The request is not valid HTTP/1.1 |
            | `invalid-upload` | 400 | The upload cannot be read |
            | `invalid-parameter` | 400 | A query parameter is invalid |
            | `not-found` | 404 | No such resource |
            | `method-not-allowed` | 405 | The method is not allowed on this resource |
            | `request-timeout` | 408 | The request did not arrive in time |
            | `upload-too-large` | 413 | The upload is larger than the server accepts |
            | `target-too-long` | 414 | The request line is too long |
            | `unsupported-media-type` | 415 | The upload's media type is not supported |
            | `unsupported-expectation` | 417 | The expectation is not supported |
            | `invalid-archive` | 422 | The archive is invalid |
            | `archive-limit-exceeded` | 422 | The archive exceeds the server's limits |
            | `invalid-archive-json` | 422 | The JSON is not a valid archive |
            | `cannot-decode` | 422 | The archive does not decode as the type |
            | `unknown-type` | 422 | The type is not registered on this server |
            | `missing-types` | 422 | The archive holds payloads of types the server does not know |
            | `headers-too-large` | 431 | The header fields are too large |
            | `internal-error` | 500 | The server failed |
            | `unsupported-transfer-coding` | 501 | The transfer coding is not supported |
            | `server-busy` | 503 | The server is busy |
            | `too-many-connections` | 503 | The server has too many connections |
            | `deadline-exceeded` | 503 | The request took longer than the server allows |
            | `shutting-down` | 503 | The server is shutting down |
            | `unsupported-http-version` | 505 | The HTTP version is not supported |
          required: [type, title, status, detail]
          additionalProperties: false
          properties:
            type:
              type: string
              format: uri
              pattern: '^urn:graphcodable:problem:[a-z0-9-]+$'
              description: The kind of error, stable.
            title:
              type: string
              description: A short summary of the kind, the same for every occurrence.
            status:
              type: integer
              minimum: 400
              maximum: 599
              description: The HTTP status, as in the status line.
            detail:
              type: string
              description: What went wrong in this request, and where.
            byteOffset:
              type: integer
              minimum: 0
              description: For archive errors, the offset in the upload where the problem was found.
            nodePath:
              type: string
              description: |
                For archive errors, the path to the node at fault (Docs/ArchiveFormat.md, "Paths"):
                `root.friends[1].name`, `root["first name"]`, `object(5).children[0]` from a node
                written after the root; for `/v1/archive`, the path in the JSON form,
                `$.body[0].fields[1]`. The middle of very long paths is cut.
            rule:
              type: string
              pattern: '^[a-z0-9-]+\.[a-z0-9-]+$'
              description: |
                For archive errors that break a rule of the format, its stable name in
                Docs/ArchiveFormat.md's rule index (`header.magic`, `node.tag`…).
            registeredTypes:
              type: array
              items: {type: string}
              description: For `unknown-type`, the qualified names of the types the server knows.
            parameter:
              type: string
              description: For `invalid-parameter`, a query parameter the operation does not take.
            phase:
              type: string
              enum: [head, body]
              description: For `request-timeout`, the part of the request that did not arrive in time.
            parameters:
              type: array
              items: {type: string}
              description: With `parameter`, the query parameters the operation takes.

        TypeMap:
          type: object
          description: The archive's types, in reference order.
          required: [types]
          additionalProperties: false
          properties:
            types:
              type: array
              items: {$ref: '#/components/schemas/TypeMapEntry'}
          example: {"types": [
            {"instances": 1, "kind": "nativeLayout", "mangledName": "", "name": "String", "reference": 15, "resolvable": true, "version": 0},
            {"instances": 1, "kind": "nativeValue", "mangledName": "", "name": "Array", "reference": 40, "resolvable": true, "version": 0},
            {"instances": 1, "kind": "valueType", "mangledName": "", "name": "graph_server.SampleModels.Sensor", "reference": 64, "resolvable": true, "version": 1},
            {"instances": 3, "kind": "valueType", "mangledName": "", "name": "graph_server.SampleModels.Reading", "reference": 65, "resolvable": true, "version": 0}]}
        TypeMapEntry:
          type: object
          required: [reference, kind, name, mangledName, version, instances, resolvable]
          additionalProperties: false
          properties:
            reference:
              type: integer
              minimum: 0
              maximum: 4294967295
              description: The type reference nodes use (1–63 native codes, 64 and up the archive's type table).
            kind:
              type: string
              enum: [nativeLayout, nativeValue, valueType, classType]
            name:
              type: string
              description: The qualified name, such as `graph_server.SampleModels.Station`.
            mangledName:
              type: string
              description: The Swift mangled name; empty but for classes.
            version:
              type: integer
              minimum: 0
              maximum: 4294967295
              description: The type version the archive was encoded with.
            instances:
              type: integer
              minimum: 0
              description: How many nodes have this type.
            resolvable:
              type: boolean
              description: |
                Whether this server can build it when decoding (secure mode): a class when it is
                registered; a native or value type always (built as the type asked for).

        ValidationReport:
          type: object
          description: What a validation found.
          required: [valid, byteCount, problems, nodeCounts, maximumDepth, typeCount, keyCount, objectCount]
          additionalProperties: false
          properties:
            valid: {type: boolean}
            byteCount:
              type: integer
              minimum: 0
              description: The archive's size.
            problems:
              type: array
              description: Every problem found; empty when valid.
              items:
                type: object
                required: [message, nodePath]
                additionalProperties: false
                properties:
                  message: {type: string}
                  byteOffset:
                    type: integer
                    minimum: 0
                    description: Where in the archive, when known.
                  nodePath:
                    type: string
                    description: The path to the node (Docs/ArchiveFormat.md, "Paths"), as `root.friends[1].name`; `root` for the root itself; `object(5).children[0]` from a node written after the root, which the message then names.
                  rule:
                    type: string
                    pattern: '^[a-z0-9-]+\.[a-z0-9-]+$'
                    description: |
                      The rule of the archive format the problem breaks, by its stable name in
                      Docs/ArchiveFormat.md's rule index (`header.checksum`, `set.duplicate`…);
                      absent for problems that are not rules of the format, such as limits.
            nodeCounts: {$ref: '#/components/schemas/NodeCounts'}
            maximumDepth: {type: integer, minimum: 0, description: The deepest nesting of nodes.}
            typeCount: {type: integer, minimum: 0, description: Entries in the type table.}
            keyCount: {type: integer, minimum: 0, description: Entries in the key table.}
            objectCount: {type: integer, minimum: 0, description: Nodes with identity.}

        NodeCounts:
          type: object
          description: |
            How many nodes of each kind (`VAL`, `REF`, `BIV`, `BIR`, `NIL`, `PTS`, `PTC`) the body
            holds, by kind; kinds the body does not hold are absent.
          propertyNames:
            enum: [VAL, REF, BIV, BIR, NIL, PTS, PTC]
          additionalProperties: {type: integer, minimum: 1}

        ObjectGraph:
          type: object
          description: The objects around one, and the references among them.
          required: [centre, objectCount, nodes, edges, omittedEdges, more]
          additionalProperties: false
          properties:
            centre: {type: integer, minimum: 0, maximum: 4294967295, description: The object the graph is drawn around.}
            objectCount: {type: integer, minimum: 0, description: The archive's objects and identified values in all.}
            nodes:
              type: array
              description: The objects shown, nearest to the centre first.
              items:
                type: object
                required: [id, type, summary, path, byteOffset, root, references, distance]
                additionalProperties: false
                properties:
                  id: {type: integer, minimum: 0, maximum: 4294967295, description: The object id; 0 for a root without identity.}
                  type: {type: string}
                  kind: {type: string, enum: [nativeLayout, nativeValue, valueType, classType], description: Absent for an untyped node.}
                  summary: {type: string, description: 'Its first native field (`name: "Hub"`), or its value when stored as one unit.'}
                  path: {type: string, description: Where it is defined.}
                  byteOffset: {type: integer, minimum: 0}
                  root: {type: boolean}
                  references: {type: integer, minimum: 0, description: The places holding it; above 1 it is shared.}
                  distance: {type: integer, minimum: 0, description: The fewest references from the centre.}
            edges:
              type: array
              items:
                type: object
                required: [from, to, label, kind, closesCycle]
                additionalProperties: false
                properties:
                  from: {type: integer, minimum: 0, maximum: 4294967295}
                  to: {type: integer, minimum: 0, maximum: 4294967295}
                  label: {type: string, description: 'The path from `from` to the reference, such as `.links[1]`.'}
                  kind: {type: string, enum: [definition, strong, conditional]}
                  closesCycle: {type: boolean}
            omittedEdges: {type: integer, minimum: 0, description: 'The references among the objects shown past the first 64 from one object, not listed.'}
            more:
              type: array
              description: The objects not shown that a shown object refers to, by type.
              items:
                type: object
                required: [from, type, count]
                additionalProperties: false
                properties:
                  from: {type: integer, minimum: 0, maximum: 4294967295}
                  type: {type: string}
                  count: {type: integer, minimum: 1}
          example: {"centre": 0, "objectCount": 2, "nodes": [
            {"byteOffset": 40, "distance": 0, "id": 0, "kind": "valueType", "path": "root", "references": 0, "root": true, "summary": "", "type": "graph_server.SampleModels.Network"},
            {"byteOffset": 44, "distance": 1, "id": 1, "kind": "classType", "path": "root[0][0]", "references": 2, "root": false, "summary": "name: \"Central\"", "type": "graph_server.SampleModels.Station"}],
            "edges": [{"closesCycle": false, "from": 0, "kind": "definition", "label": "[0][0]", "to": 1}], "omittedEdges": 0,
            "more": [{"count": 3, "from": 1, "type": "graph_server.SampleModels.Station"}]}
        ArchiveStatistics:
          type: object
          description: Where the archive's bytes go.
          required: [archiveBytes, headerBytes, typeTableBytes, keyTableBytes, bodyBytes, nodeCount, types, otherTypes, untypedBytes, keys, otherKeys, unkeyedBytes, rootParts, otherParts, largestValues]
          additionalProperties: false
          properties:
            archiveBytes: {type: integer, minimum: 0}
            headerBytes: {type: integer, minimum: 0}
            typeTableBytes: {type: integer, minimum: 0}
            keyTableBytes: {type: integer, minimum: 0}
            bodyBytes: {type: integer, minimum: 0}
            nodeCount: {type: integer, minimum: 0, description: The body's nodes, END markers not counted.}
            types:
              type: array
              description: The types owning the most bytes of the body, the most first.
              items:
                type: object
                required: [reference, kind, name, instances, bytes, share]
                additionalProperties: false
                properties:
                  reference: {type: integer, minimum: 1, maximum: 4294967295, description: As in the type map.}
                  kind: {type: string, enum: [nativeLayout, nativeValue, valueType, classType]}
                  name: {type: string}
                  instances: {type: integer, minimum: 0}
                  bytes: {type: integer, minimum: 0, description: The bytes of its values and of the untyped nodes inside them.}
                  share: {$ref: '#/components/schemas/Share'}
            otherTypes: {$ref: '#/components/schemas/OtherShares'}
            untypedBytes: {type: integer, minimum: 0, description: Bytes of untyped nodes that no typed node holds.}
            keys:
              type: array
              description: The keys owning the most bytes of the body, the most first.
              items:
                type: object
                required: [key, occurrences, bytes, share]
                additionalProperties: false
                properties:
                  key: {type: string}
                  occurrences: {type: integer, minimum: 0, description: The fields with the key.}
                  bytes: {type: integer, minimum: 0, description: The bytes of those fields and of the unkeyed nodes inside them.}
                  share: {$ref: '#/components/schemas/Share'}
            otherKeys: {$ref: '#/components/schemas/OtherShares'}
            unkeyedBytes: {type: integer, minimum: 0, description: Bytes of nodes that no keyed field holds.}
            rootParts:
              type: array
              description: |
                The body by where it stands: `root` (the root node's own bytes), `root.name` (every
                field of the root with that key, and what it holds), `root[…]` (its unkeyed fields;
                `root[0]` for one) and `object(…)` (the objects written after the root), the most
                bytes first, at most `limit` of them. Their bytes and `otherParts`' add up to
                `bodyBytes`.
              items:
                type: object
                required: [path, count, bytes, share]
                additionalProperties: false
                properties:
                  path: {type: string}
                  count: {type: integer, minimum: 0, description: The nodes that start the part.}
                  bytes: {type: integer, minimum: 0}
                  share: {$ref: '#/components/schemas/Share'}
            otherParts: {$ref: '#/components/schemas/OtherShares'}
            largestValues:
              type: array
              description: The largest values stored as one unit, the largest first.
              items:
                type: object
                required: [path, type, byteOffset, bytes, share]
                additionalProperties: false
                properties:
                  path: {type: string, example: 'root.stations[0].name'}
                  type: {type: string}
                  byteOffset: {type: integer, minimum: 0, description: Where its node starts in the archive.}
                  bytes: {type: integer, minimum: 0, description: Its node's tag, ids and payload.}
                  share: {$ref: '#/components/schemas/Share'}
          example: {"archiveBytes": 260, "bodyBytes": 95, "headerBytes": 40, "keyTableBytes": 12, "typeTableBytes": 113, "nodeCount": 19,
            "types": [{"bytes": 47, "instances": 4, "kind": "nativeLayout", "name": "String", "reference": 15, "share": 0.1808}],
            "otherTypes": {"bytes": 48, "count": 3, "share": 0.1846, "values": 10}, "untypedBytes": 0,
            "keys": [{"bytes": 47, "key": "name", "occurrences": 4, "share": 0.1808}],
            "otherKeys": {"bytes": 32, "count": 1, "share": 0.1231, "values": 4}, "unkeyedBytes": 16,
            "rootParts": [{"bytes": 92, "count": 1, "path": "root[0]", "share": 0.3538}, {"bytes": 3, "count": 1, "path": "root", "share": 0.0115}],
            "otherParts": {"bytes": 0, "count": 0, "share": 0, "values": 0},
            "largestValues": [{"byteOffset": 98, "bytes": 14, "path": "root[0][0].links[0].links[0].links[0].name", "share": 0.0538, "type": "String"}]}
        OtherShares:
          type: object
          description: The types, keys or parts past those listed, summed.
          required: [count, values, bytes, share]
          additionalProperties: false
          properties:
            count: {type: integer, minimum: 0, description: How many types or keys.}
            values: {type: integer, minimum: 0, description: Their instances, their fields, or the nodes starting the parts.}
            bytes: {type: integer, minimum: 0}
            share: {$ref: '#/components/schemas/Share'}
        Share:
          type: number
          minimum: 0
          maximum: 1
          description: A fraction of the archive's bytes, to four decimals.
        ArchiveDiff:
          type: object
          description: The structural differences from the archive `before` to the archive `after`.
          required: [identical, differenceCount, omittedCount, differences]
          additionalProperties: false
          properties:
            identical: {type: boolean, description: Whether there is no difference.}
            differenceCount: {type: integer, minimum: 0, description: All the differences found.}
            omittedCount: {type: integer, minimum: 0, description: Those found beyond `limit`, not listed.}
            differences:
              type: array
              description: The differences in archive order (header, types, then the body from the root).
              items:
                type: object
                required: [change, path]
                additionalProperties: false
                properties:
                  change:
                    type: string
                    enum: [headerChanged, typeAdded, typeRemoved, typeRenamed, typeVersionChanged, typeKindChanged,
                           nodeAdded, nodeRemoved, valueChanged, kindChanged, typeChanged, referenceChanged, identityChanged]
                  path:
                    type: string
                    description: |
                      `header.<field>`, `types["<qualified name>"]`, or the path from the root
                      through keys and indexes, pointers followed (`root.friends[1].name`; a key
                      that is not an identifier is quoted, `root["a b"]`; an element of a set or
                      a dictionary's key is written between brackets, `root.index["b"]`).
                  before: {$ref: '#/components/schemas/DiffSide'}
                  after: {$ref: '#/components/schemas/DiffSide'}

        DiffSide:
          type: object
          description: What one archive holds where a difference is; absent on the side that holds nothing.
          required: [value, location]
          additionalProperties: false
          properties:
            value: {type: string, description: 'What is there, for people (values cut after 100 characters).'}
            location: {type: string, description: 'Where in the archive''s JSON form: `$.body[0].fields[2]`, `$.types[3]`, `$.checksummed`.'}
            byteOffset: {type: integer, minimum: 0, description: 'The offset of a node''s tag byte.'}

        DecodeResult:
          type: object
          description: The archive decoded as a registered type.
          required: [decoded, type, decodedClasses, replacements, versions, description, descriptionTruncated]
          additionalProperties: false
          properties:
            decoded: {type: boolean, const: true}
            type:
              type: string
              description: The qualified name of the type decoded as.
            decodedClasses:
              type: array
              items: {type: string}
              description: The classes the decoding built.
            replacements:
              type: array
              description: Archived types the decoding replaced by others (renamed or obsoleted types).
              items:
                type: object
                required: [archived, replacement]
                additionalProperties: false
                properties:
                  archived: {type: string}
                  replacement: {type: string}
            versions:
              type: array
              description: The version each user type that the archive's nodes use was encoded with (at most 1,000 types).
              items:
                type: object
                required: [type, version]
                additionalProperties: false
                properties:
                  type: {type: string}
                  version: {type: integer, minimum: 0, maximum: 4294967295}
            description:
              type: string
              description: The value as Swift describes it, at most 64 KiB and 64 levels deep (objects show their name).
            descriptionTruncated:
              type: boolean
              description: Whether `description` was cut.
          example: {"decoded": true, "decodedClasses": [],
                    "description": "Sensor(name: greenhouse, readings: Array<Reading>[Reading(value: 19.5), Reading(value: 21.25), Reading(value: 22.0)])",
                    "descriptionTruncated": false, "replacements": [], "type": "graph_server.SampleModels.Sensor",
                    "versions": [{"type": "graph_server.SampleModels.Sensor", "version": 1},
                                 {"type": "graph_server.SampleModels.Reading", "version": 0}]}

        ArchiveJSON:
          type: object
          description: |
            The lossless JSON form of a GraphCodable archive (Docs/ArchiveJSON.md): archive →
            JSON → archive gives the same bytes. Members may come in any order; integers
            (references, ids, versions, native integers) are JSON integers or strings of decimal
            digits with an optional leading minus. `checksummed` says whether the archive
            written back carries a checksum (computed anew).
          required: [format, formatVersion, checksummed, internalBinaryIOVersion, userBinaryIOVersion, types, keys, body]
          properties:
            format: {type: string, const: graphcodable-archive}
            formatVersion:
              description: '1'
              anyOf:
                - {type: integer, const: 1}
                - {type: string, const: '1'}
            checksummed: {type: boolean}
            internalBinaryIOVersion: {$ref: '#/components/schemas/UInt16'}
            userBinaryIOVersion: {$ref: '#/components/schemas/UInt16'}
            types:
              type: array
              description: The type table; entry `i` has the type reference `64 + i`.
              items: {$ref: '#/components/schemas/ArchiveType'}
            keys:
              type: array
              description: The key table; nodes name keys by their string.
              items: {type: string}
            body:
              type: array
              description: The root node, then any object definitions written at the top level.
              minItems: 1
              items: {$ref: '#/components/schemas/ArchiveNode'}

        ArchiveType:
          description: |
            An entry of the type table: a user value type, a class, or a layout of native
            types, named by exactly one of `valueType`, `classType`, `array`, `set`, `optional`,
            `range`, `closedRange`, `dictionary`, `simd`. Layouts name earlier components by
            type reference.
          oneOf:
            - $ref: '#/components/schemas/ValueTypeEntry'
            - $ref: '#/components/schemas/ClassTypeEntry'
            - $ref: '#/components/schemas/NativeArrayLayout'
            - $ref: '#/components/schemas/NativeSetLayout'
            - $ref: '#/components/schemas/NativeOptionalLayout'
            - $ref: '#/components/schemas/NativeRangeLayout'
            - $ref: '#/components/schemas/NativeClosedRangeLayout'
            - $ref: '#/components/schemas/NativeDictionaryLayout'
            - $ref: '#/components/schemas/NativeSIMDLayout'
        ValueTypeEntry:
          type: object
          description: A user value type (struct or enum), by its qualified name.
          required: [valueType, mangledName, version]
          properties:
            valueType: {type: string, description: The qualified name.}
            mangledName: {type: string, description: Empty for value types.}
            version: {$ref: '#/components/schemas/UInt32'}
        ClassTypeEntry:
          type: object
          description: A class, by its qualified name and its Swift mangled name.
          required: [classType, mangledName, version]
          properties:
            classType: {type: string, description: The qualified name.}
            mangledName: {type: string}
            version: {$ref: '#/components/schemas/UInt32'}
        NativeArrayLayout:
          type: object
          description: '`Array` of the element type.'
          required: [array]
          properties:
            array: {$ref: '#/components/schemas/TypeReference'}
        NativeSetLayout:
          type: object
          description: '`Set` of the element type.'
          required: [set]
          properties:
            set: {$ref: '#/components/schemas/TypeReference'}
        NativeOptionalLayout:
          type: object
          description: '`Optional` of the wrapped type.'
          required: [optional]
          properties:
            optional: {$ref: '#/components/schemas/TypeReference'}
        NativeRangeLayout:
          type: object
          description: '`Range` of the bound type.'
          required: [range]
          properties:
            range: {$ref: '#/components/schemas/TypeReference'}
        NativeClosedRangeLayout:
          type: object
          description: '`ClosedRange` of the bound type.'
          required: [closedRange]
          properties:
            closedRange: {$ref: '#/components/schemas/TypeReference'}
        NativeDictionaryLayout:
          type: object
          description: '`Dictionary` of the key type and the value type.'
          required: [dictionary]
          properties:
            dictionary:
              type: array
              description: The key type and the value type.
              minItems: 2
              maxItems: 2
              items: {$ref: '#/components/schemas/TypeReference'}
        NativeSIMDLayout:
          type: object
          description: A SIMD vector of `simd` lanes of the scalar type.
          required: [simd, scalar]
          properties:
            simd:
              description: The number of lanes.
              anyOf:
                - {type: integer, minimum: 0, maximum: 255}
                - {$ref: '#/components/schemas/DecimalString'}
            scalar: {$ref: '#/components/schemas/TypeReference'}

        ArchiveNode:
          type: object
          description: |
            A node. `key`, `type` and `id` are present only when the node has them. `VAL` and
            `REF` have `fields`, the nodes inside them. A `BIV` or `BIR` whose type is a native
            code or layout has a `value` (see `NativeValue`); one of a user type has its opaque
            payload as base64 `bytes`, and so has a native payload that cannot be read as its
            layout. Either is accepted for native layouts.
          required: [kind]
          properties:
            kind:
              type: string
              enum: [VAL, REF, BIV, BIR, NIL, PTS, PTC]
              description: |
                `VAL` a value with fields, `REF` an object with fields, `BIV`/`BIR` a value/object
                stored as one BinaryIO payload, `NIL` nil, `PTS`/`PTC` a strong/conditional
                pointer to the node with the same `id`.
            key:
              description: The key, as a string of the key table (or its 1-based index when out of the table).
              anyOf:
                - {type: string}
                - {type: integer, minimum: 0, maximum: 4294967295}
            type: {$ref: '#/components/schemas/TypeReference'}
            id:
              description: The object id, on nodes with identity and on pointers.
              $ref: '#/components/schemas/UInt32'
            fields:
              type: array
              description: The nodes inside a `VAL` or `REF` (absent means none).
              items: {$ref: '#/components/schemas/ArchiveNode'}
            value: {$ref: '#/components/schemas/NativeValue'}
            bytes:
              type: string
              contentEncoding: base64
              description: An opaque payload, base64.
          allOf:
            - if:
                properties: {kind: {enum: [BIV, BIR]}}
                required: [kind]
              then:
                anyOf:
                  - required: [value]
                  - required: [bytes]

        NativeValue:
          description: |
            A native value, as its type (the node's type reference) says:

            | type | JSON |
            |---|---|
            | Bool | `true`, `false` |
            | integers up to 64 bits | a number within ±2^53, otherwise a string of digits; either is accepted |
            | Int128, UInt128 | a string of digits |
            | Float, Double, CGFloat, Date (seconds since 2001-01-01) | the shortest decimal that reads back to the same value; `"nan"`, `"inf"`, `"-inf"`, `"-0"`; another NaN as `"nan:0x"` and its bits in hex |
            | Float16 | `"0x"` and its 16 bits in hex |
            | String, Decimal, Character | a string (Decimal as its exact text) |
            | Data | base64 |
            | UUID | its string |
            | URL | its string, or `{"relative": "…", "base": "…"}` when it has a base |
            | CGPoint, CGSize, CGRect | an array of 2, 2 or 4 numbers |
            | Array, Set, SIMD vector | an array |
            | Dictionary | an array of `[key, value]` pairs, in archive order |
            | Optional | `null`, or the wrapped value; `{"some": …}` when the wrapped type is itself an optional |
            | Range, ClosedRange | `[lower, upper]` |

            Arrays are `NativeArray`; the two objects are `NativeURLWithBase` and `NativeSome`.
          anyOf:
            - {type: boolean}
            - {type: number}
            - {type: string}
            - {type: 'null'}
            - {$ref: '#/components/schemas/NativeArray'}
            - {$ref: '#/components/schemas/NativeURLWithBase'}
            - {$ref: '#/components/schemas/NativeSome'}
        NativeArray:
          type: array
          description: |
            The elements of an Array, Set or SIMD vector, the `[key, value]` pairs of a
            Dictionary, the bounds of a Range or ClosedRange, or the numbers of a CGPoint, CGSize
            or CGRect: each a native value of its own type (`NativeValue`; this schema leaves the
            elements open, since code generators cannot type an array that holds itself).
          items: {}
        NativeURLWithBase:
          type: object
          description: A URL that has a base.
          required: [relative, base]
          properties:
            relative: {type: string, description: The URL's relative string.}
            base: {type: string, description: The base URL's string.}
        NativeSome:
          type: object
          description: |
            A present optional whose wrapped type is itself an optional: `{"some": null}` is an
            optional holding an absent one.
          required: [some]
          properties:
            some: {$ref: '#/components/schemas/NativeValue'}

        TypeReference:
          description: A type reference; 1 to 63 are the native codes (10 Int, 13 Double, 15 String…), `64 + i` the type table's entry `i`.
          $ref: '#/components/schemas/UInt32'

        UInt32:
          anyOf:
            - {type: integer, minimum: 0, maximum: 4294967295}
            - {$ref: '#/components/schemas/DecimalString'}
        UInt16:
          anyOf:
            - {type: integer, minimum: 0, maximum: 65535}
            - {$ref: '#/components/schemas/DecimalString'}
        ArchiveBytes:
          description: |
            An archive's bytes, as they are. (`format: binary` says the same in OpenAPI 3.0's
            terms, for code generators that know only those.)
          type: string
          format: binary
          contentMediaType: application/octet-stream
        DecimalString:
          type: string
          description: An integer written as decimal digits, with an optional leading minus.
          pattern: '^-?[0-9]+$'

    """#
}
