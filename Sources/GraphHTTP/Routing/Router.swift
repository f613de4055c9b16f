/// A handler: the answer to a request, or a thrown ``Problem``.
public typealias Handler = @Sendable (Request) throws -> Response

/// One endpoint: a method and an exact path.
public struct Route: Sendable {
    public let method: HTTPMethod
    public let path: String
    /// Whether the handler answers at once, with no archive work: it then runs on the
    /// connection's own queue, so it answers even when every worker is busy (health checks,
    /// metrics). Other handlers run on the workers. A quick route's answer should be whole:
    /// a streamed body would be produced on the connection's queue, which waits while the
    /// client is slow to read it.
    public let isQuick: Bool
    public let handler: Handler

    public init(_ method: HTTPMethod, _ path: String, quick: Bool = false, _ handler: @escaping Handler) {
        self.method = method
        self.path = path
        self.isQuick = quick
        self.handler = handler
    }
}

/// The table of endpoints, fixed when built. A known path asked with another method is
/// answered 405 with `Allow`; `HEAD` is answered by the `GET` route (the server sends no
/// body); any other path is 404.
public struct Router: Sendable {
    /// What a request matched.
    public enum Match: Sendable {
        case route(Route)
        /// The path exists, with these methods only.
        case methodNotAllowed([HTTPMethod])
        case notFound
    }

    private let routes: [String: [Route]]

    /// The router of `routes`, in the order given. Two routes for one method and path are
    /// a programming error.
    public init(_ routes: [Route]) {
        var table: [String: [Route]] = [:]
        for route in routes {
            precondition(!(table[route.path] ?? []).contains { $0.method == route.method }, "two routes for \(route.method.rawValue) \(route.path)")
            table[route.path, default: []].append(route)
        }
        self.routes = table
    }

    /// The route for `method` and `path`.
    public func match(_ method: HTTPMethod, _ path: String) -> Match {
        guard let candidates = routes[path] else { return .notFound }
        let asked = method == .head ? HTTPMethod.get : method
        if let route = candidates.first(where: { $0.method == asked }) { return .route(route) }
        return .methodNotAllowed(allowedMethods(candidates))
    }

    /// Whether some route has `path`.
    public func knows(_ path: String) -> Bool { routes[path] != nil }

    /// The methods `path` answers, `HEAD` included where `GET` is; empty for an unknown path.
    public func allowedMethods(for path: String) -> [HTTPMethod] {
        routes[path].map(allowedMethods) ?? []
    }

    private func allowedMethods(_ candidates: [Route]) -> [HTTPMethod] {
        let methods = candidates.map(\.method)
        return methods.contains(.get) ? methods + [.head] : methods
    }

    /// Every route as "METHOD path", for logs and documentation.
    public var table: [String] {
        routes.values.flatMap { $0 }.map { "\($0.method.rawValue) \($0.path)" }.sorted()
    }
}
