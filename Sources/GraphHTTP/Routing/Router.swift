/// A handler: the answer to a request, or a thrown ``Problem``.
public typealias Handler = @Sendable (Request) throws -> Response

/// One endpoint: a method, an exact path, and the query parameters it takes.
public struct Route: Sendable {
    /// The method it answers (and `HEAD` too, for `GET`).
    public let method: HTTPMethod
    /// The exact path it answers.
    public let path: String
    /// The names of the query parameters the endpoint takes: a request naming another is
    /// answered 400 from its head, naming it (a typo never passes for an absent option).
    public let parameters: [String]
    /// Whether the handler answers at once, with no archive work: it then runs on the
    /// connection's own queue, so it answers even when every worker is busy (health checks,
    /// metrics). Other handlers run on the workers. A quick route's answer should be whole:
    /// a streamed body would be produced on the connection's queue, which waits while the
    /// client is slow to read it.
    public let isQuick: Bool
    /// What answers its requests.
    public let handler: Handler

    /// A route for `method` and `path`, taking the query `parameters`, whose `handler` runs
    /// on the connection's queue when `quick`, or else on a worker.
    public init(_ method: HTTPMethod, _ path: String, parameters: [String] = [], quick: Bool = false, _ handler: @escaping Handler) {
        self.method = method
        self.path = path
        self.parameters = parameters
        self.isQuick = quick
        self.handler = handler
    }
}

extension Route {
    /// The problem with the query `query` of a request for this route: a parameter it does
    /// not take, or a query that cannot be read; nil when there is none.
    func queryProblem(_ query: String?) -> Problem? {
        guard let query, !query.isEmpty else { return nil }
        let names: [String]
        do throws(UploadParseError) {
            names = try QueryParameters(parsing: query).parameters.map(\.name)
        } catch {
            return Problem(.invalidParameter, error.message)
        }
        guard let unknown = names.first(where: { !parameters.contains($0) }) else { return nil }
        let taken = parameters.isEmpty ? "takes no query parameters" : "takes " + parameters.map { "\"\($0)\"" }.joined(separator: ", ")
        return Problem(
            .invalidParameter, "query parameter \"\(unknown)\": unknown; \(method.rawValue) \(path) \(taken)",
            members: ["parameter": .string(unknown), "parameters": .strings(parameters)])
    }
}

/// The table of endpoints, fixed when built. A known path asked with another method is
/// answered 405 with `Allow`; `HEAD` is answered by the `GET` route (the server sends no
/// body); any other path is 404.
public struct Router: Sendable {
    /// What a request matched.
    public enum Match: Sendable {
        /// The route that answers the request.
        case route(Route)
        /// The path exists, with these methods only.
        case methodNotAllowed([HTTPMethod])
        /// No route has the path.
        case notFound
    }

    private let routes: [String: [Route]]

    /// The router of `routes`, in the order given. Two routes for one method and path are
    /// a programming error.
    public init(_ routes: [Route]) {
        var table: [String: [Route]] = [:]
        for route in routes {
            precondition(
                !(table[route.path] ?? []).contains { $0.method == route.method }, "two routes for \(route.method.rawValue) \(route.path)")
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

    /// The route whose path is nearest `path` (fewest characters to add, remove or change,
    /// comparing at most the first 64 of `path`), as "METHOD path"; for a 404 to suggest.
    public func nearest(to path: String) -> String? {
        let asked = Array(path.utf8.prefix(64))
        let ranked = routes.values.flatMap { $0 }.map { (distance: Self.distance(asked, Array($0.path.utf8)), route: $0) }
        let best = ranked.min {
            ($0.distance, $0.route.path, $0.route.method.rawValue) < ($1.distance, $1.route.path, $1.route.method.rawValue)
        }
        return best.map { "\($0.route.method.rawValue) \($0.route.path)" }
    }

    /// The Levenshtein distance of two byte strings, in two rows.
    private static func distance(_ first: [UInt8], _ second: [UInt8]) -> Int {
        var previous = Array(0 ... second.count), current = previous
        for (row, byte) in first.enumerated() {
            current[0] = row + 1
            for column in second.indices {
                current[column + 1] = min(
                    previous[column + 1] + 1, current[column] + 1, previous[column] + (byte == second[column] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[second.count]
    }

    /// Every route as "METHOD path", for logs and documentation.
    public var table: [String] {
        routes.values.flatMap { $0 }.map { "\($0.method.rawValue) \($0.path)" }.sorted()
    }
}
