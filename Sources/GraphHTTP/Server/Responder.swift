/// Turns requests into answers: finds the route, runs its handler (at once for quick
/// routes, on the workers for the others), turns thrown problems into problem answers, and
/// gzips text answers for clients that accept it.
struct Responder: Sendable {
    let router: Router
    let pool: WorkPool
    let cors: CORSPolicy
    /// Answers whose body is at least this long are gzipped when the client accepts it.
    let minimumGzipBytes = 1024

    /// Answers `request` through `reply`, now or later (from a worker thread).
    func handle(_ request: Request, reply: @escaping @Sendable (Response) -> Void) {
        if request.method == .options {
            let methods = router.allowedMethods(for: request.path)
            return reply(methods.isEmpty ? Problem(.notFound, "no resource at \(request.path)").response : cors.answerOptions(request, methods: methods))
        }
        switch router.match(request.method, request.path) {
        case .notFound:
            reply(Problem(.notFound, "no resource at \(request.path)").response)
        case .methodNotAllowed(let methods):
            let allow = (methods + [.options]).map(\.rawValue).joined(separator: ", ")
            reply(Problem(.methodNotAllowed, "\(request.path) answers \(allow)", headers: ["Allow": allow]).response)
        case .route(let route) where route.isQuick:
            reply(answer(request, with: route))
        case .route(let route):
            let queued = pool.submit { reply(answer(request, with: route)) }
            if !queued {
                reply(Problem(.serverBusy, "every worker is busy and the queue is full; try again shortly", headers: ["Retry-After": "1"]).response)
            }
        }
    }

    /// The handler's answer, or its problem, encoded for the client.
    private func answer(_ request: Request, with route: Route) -> Response {
        var response: Response
        do {
            response = try route.handler(request)
        } catch let problem as Problem {
            response = problem.response
        } catch {
            response = Problem(.internalError, "the server failed to answer; the failure is in its log (request \(request.id))").response
            Log.shared.error("handler failed", ["request_id": request.id, "path": request.path, "error": "\(error)"])
        }
        ResponseCompression.apply(to: &response, for: request.head, minimumBytes: minimumGzipBytes)
        return response
    }
}
