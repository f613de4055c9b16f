/// The page at `/`: what the service is and its endpoints, for people who open it in a
/// browser.
enum FrontPage {
    static let html = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>graph-server</title>
    <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
    code { background: #f3f3f3; padding: 0 .25rem; border-radius: 3px; }
    dt { font-family: ui-monospace, monospace; margin-top: .75rem; }
    </style>
    </head>
    <body>
    <h1>graph-server</h1>
    <p>Inspects GraphCodable archives without Swift. Upload an archive as the request body
    (<code>curl --data-binary @file.graph</code>) or as a form file (<code>curl -F file=@file.graph</code>).
    The full contract is <a href="/openapi.yaml">openapi.yaml</a>.</p>
    <dl>
    <dt>POST /v1/dump</dt><dd>The archive's dump, as text (<code>?header</code>, <code>help</code>, <code>typemap</code>, <code>mangled</code>, <code>keymap</code>, <code>untruncated</code>).</dd>
    <dt>POST /v1/json</dt><dd>Its lossless JSON form (<code>?pretty=true</code> to indent).</dd>
    <dt>POST /v1/archive</dt><dd>The archive a JSON form describes.</dd>
    <dt>POST /v1/typemap</dt><dd>Its types, as JSON.</dd>
    <dt>POST /v1/validate</dt><dd>Everything wrong with it, each problem with its byte offset and node path.</dd>
    <dt>POST /v1/convert</dt><dd>The archive for other BinaryIO versions (<code>?binaryIOVersion=N&amp;internalBinaryIOVersion=M</code>).</dd>
    <dt>POST /v1/decode</dt><dd>Decodes it as a type registered on this server (<code>?type=NAME</code>).</dd>
    <dt>GET /healthz, /readyz, /metrics</dt><dd>For containers and monitoring.</dd>
    </dl>
    </body>
    </html>

    """
}
