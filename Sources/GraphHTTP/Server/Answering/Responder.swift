/// Turns requests into answers: finds the route, runs its handler (at once for quick
/// routes, on the workers for the others), turns thrown problems into problem answers,
/// gzips text answers for clients that accept it, and streams bodies too large to hold.
struct Responder: Sendable {
    let router: Router
    let pool: WorkPool
    let cors: CORSPolicy
    /// Answers waiting for their clients: while it is spent, no archive work starts.
    let answerBudget: ByteBudget
    /// Whole bodies at least this long are gzipped when the client accepts it.
    let minimumGzipBytes = 1024

    /// The answer a request gets from its head alone, when no route takes it: 404 for an
    /// unknown path, 405 with `Allow` for a method the path does not answer, 400 for a
    /// query parameter the route does not take.
    func refusal(for head: RequestHead) -> Response? {
        refusal(router.match(head.method, head.path), for: head)
    }

    /// ``refusal(for:)``, with what the head matched.
    private func refusal(_ match: Router.Match, for head: RequestHead) -> Response? {
        switch match {
        case .notFound:
            let nearest = router.nearest(to: head.path).map { "; the nearest is \($0)" } ?? ""
            return Problem(.notFound, "no resource at \(head.path)\(nearest); every route is in /openapi.yaml").response
        case .methodNotAllowed where head.method == .options:
            return nil
        case .route(let route):
            return route.queryProblem(head.query)?.response
        case .methodNotAllowed(let methods):
            let allow = (methods + [.options]).map(\.rawValue).joined(separator: ", ")
            return Problem(.methodNotAllowed, "\(head.path) answers \(allow)", headers: ["Allow": allow]).response
        }
    }

    /// Answers `request`: returns the whole answer when it is given at once (a refusal,
    /// OPTIONS, a quick route's answer, a busy server's 503), or answers later, from a worker
    /// thread, through the channel that `channel` makes (a quick route's streamed answer
    /// too). Most requests for quick routes then never need a channel.
    func handle(_ request: Request, channel: () -> ResponseChannel) -> Response? {
        let match = router.match(request.method, request.path)
        if let refusal = refusal(match, for: request.head) { return refusal }
        guard case .route(let route) = match else {
            // Neither refused nor routed: OPTIONS, on a path that exists.
            return cors.answerOptions(request, methods: router.allowedMethods(for: request.path))
        }
        if route.isQuick { return respond(to: request, with: route, channel: channel) }
        // A client gone while its request waited for a worker leaves nothing to do.
        let channel = channel()
        let queued = pool.submit {
            guard channel.isOpen else { return }
            guard answerBudget.has(1) else {
                return channel.send(Self.busy("answers waiting for their clients to read them fill the server's memory for answers"))
            }
            if let whole = respond(to: request, with: route, channel: { channel }) { channel.send(whole) }
        }
        return queued ? nil : Self.busy("every worker is busy and the queue is full")
    }

    private static func busy(_ reason: String) -> Response {
        Problem(.serverBusy, reason + "; try again shortly", headers: ["Retry-After": "1"]).response
    }

    /// The handler's whole answer (or its problem's), ready to send; or nil once a streamed
    /// answer has gone through the channel that `channel` makes.
    private func respond(to request: Request, with route: Route, channel: () -> ResponseChannel) -> Response? {
        let response = answer(request, with: route)
        guard response.producer != nil, request.method != .head else { return encoded(response, for: request) }
        stream(response, for: request, on: channel())
        return nil
    }

    /// The handler's answer, or its problem's.
    private func answer(_ request: Request, with route: Route) -> Response {
        do {
            return try route.handler(request)
        } catch let problem as Problem {
            return problem.response
        } catch {
            Log.shared.error("handler failed", ["request_id": request.id, "path": request.path, "error": "\(error)"])
            return Problem(.internalError, "the server failed to answer; the failure is in its log (request \(request.id))").response
        }
    }

    /// Sends the head of an answer with a streamed body, then produces the body, piece by
    /// piece, at the pace the client reads.
    private func stream(_ response: Response, for request: Request, on channel: ResponseChannel) {
        guard let producer = response.producer else { return }
        var response = response
        let gzip = ResponseCompression.choose(for: &response, request: request.head, minimumBytes: minimumGzipBytes)
        // The answer begins with the first piece: until then, a failure is still a problem answer.
        var started = false
        do {
            let compressor = gzip ? try GzipStream() : nil
            try producer { bytes in
                if !started { channel.send(response) }
                started = true
                try channel.sendBody(compressor.map { try $0.compress(bytes) } ?? bytes)
            }
            if !started { channel.send(response) }
            if let compressor { try channel.sendBody(try compressor.finish()) }
            channel.endBody()
        } catch is ResponseChannel.Closed {
            return // the client went away: nothing more to do
        } catch let problem as Problem where !started {
            channel.send(encoded(problem.response, for: request))
        } catch {
            Log.shared.error("streamed answer failed", ["request_id": request.id, "path": request.path, "error": "\(error)"])
            started
                ? channel.abort() : channel.send(Problem(.internalError, "the server failed to answer (request \(request.id))").response)
        }
    }

    /// A whole answer gzipped when the client accepts it (HEAD too: it announces what GET
    /// would send), its entity tag then marked as the gzipped one's; and 304 with no body
    /// when the client's `If-None-Match` names the tag of what it would get.
    private func encoded(_ response: Response, for request: Request) -> Response {
        var response = response
        if ResponseCompression.choose(for: &response, request: request.head, minimumBytes: minimumGzipBytes) {
            if let compressed = response.gzippedBody ?? (try? GzipStream.gzip(response.body)) {
                response.body = compressed
                if let tag = response.headers.first("ETag") { response.headers.replace(name: "ETag", value: EntityTag.gzipped(tag)) }
            } else {
                response.headers.remove(name: "Content-Encoding")
            }
        }
        guard response.status == .ok, let tag = response.headers.first("ETag"),
            case let asked = request.head.headers.values("If-None-Match"), !asked.isEmpty,
            EntityTag.matches(asked, tag)
        else { return response }
        var unchanged = Response(status: .notModified, headers: response.headers, body: [])
        unchanged.headers.remove(name: "Content-Type")
        unchanged.headers.remove(name: "Content-Encoding")
        return unchanged
    }
}
