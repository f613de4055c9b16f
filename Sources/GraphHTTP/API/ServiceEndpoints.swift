/// The endpoints about the service itself, all quick (they answer on the connection's
/// queue, even when every worker is busy): health, readiness, metrics, the API's
/// description and the inspector page.
struct ServiceEndpoints {
    let readiness: Readiness
    let metrics: ServerMetrics
    let pool: WorkPool

    var routes: [Route] {
        let (readiness, metrics, pool) = (readiness, metrics, pool)
        return [
            Route(.get, "/healthz", quick: true) { _ in Self.healthy },
            Route(.get, "/readyz", quick: true) { _ in
                guard readiness.isReady else { throw Problem(.shuttingDown, "the server is shutting down and takes no new work") }
                return .text("ready\n")
            },
            Route(.get, "/metrics", quick: true) { _ in
                let load = pool.load
                let text = metrics.exposition(queued: load.queued, running: load.running)
                return Response(headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"], body: Array(text.utf8))
            },
            Route(.get, "/openapi.yaml", quick: true) { _ in Self.openAPIDocument },
            Route(.get, "/", quick: true) { _ in Self.inspectorPage },
        ]
    }

    // Made once: health is checked often, and the documents never change (gzipped once too).
    private static let healthy = Response.text("ok\n")
    private static let openAPIDocument = document(OpenAPIDocument.text, contentType: "application/yaml")
    private static let inspectorPage = document(InspectorPage.html, contentType: "text/html; charset=utf-8", headers: [
        "Content-Security-Policy": InspectorPage.contentSecurityPolicy,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    ])

    private static func document(_ text: String, contentType: String, headers: HTTPHeaders = [:]) -> Response {
        var headers = headers
        headers.replace(name: "Content-Type", value: contentType)
        var response = Response(headers: headers, body: Array(text.utf8))
        response.gzippedBody = try? GzipStream.gzip(response.body)
        return response
    }
}
