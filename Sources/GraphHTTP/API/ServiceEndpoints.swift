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
                guard readiness.isReady else {
                    throw Problem(.shuttingDown, "the server is shutting down and takes no new work", headers: Self.uncached)
                }
                return Self.ready
            },
            Route(.get, "/metrics", quick: true) { _ in
                let load = pool.load
                let text = metrics.exposition(queued: load.queued, running: load.running)
                return Response(
                    headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store"],
                    body: Array(text.utf8))
            },
            Route(.get, "/openapi.yaml", quick: true) { _ in Self.openAPIDocument },
            Route(.get, "/", quick: true) { _ in Self.inspectorPage },
        ]
    }

    /// What health, readiness and metrics answers say to caches: never keep them (a cached
    /// `ready` from a draining server would keep its traffic coming).
    private static let uncached: HTTPHeaders = ["Cache-Control": "no-store"]

    // Made once: health is checked often, and the documents never change (gzipped once too).
    private static let healthy = Response(
        headers: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"], body: Array("ok\n".utf8))
    private static let ready = Response(
        headers: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"], body: Array("ready\n".utf8))
    private static let openAPIDocument = document(OpenAPIDocument.text, contentType: "application/yaml")
    private static let inspectorPage = document(
        InspectorPage.html, contentType: "text/html; charset=utf-8",
        headers: [
            "Content-Security-Policy": InspectorPage.contentSecurityPolicy,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
        ])

    /// A document that never changes while the server runs: tagged, so that caches and
    /// browsers check it (`no-cache`) and get 304 while they hold it.
    private static func document(_ text: String, contentType: String, headers: HTTPHeaders = [:]) -> Response {
        var headers = headers
        let body = Array(text.utf8)
        headers.replace(name: "Content-Type", value: contentType)
        headers.replace(name: "Cache-Control", value: "no-cache")
        headers.replace(name: "ETag", value: EntityTag.of(body))
        var response = Response(headers: headers, body: body)
        response.gzippedBody = try? GzipStream.gzip(response.body)
        return response
    }
}
