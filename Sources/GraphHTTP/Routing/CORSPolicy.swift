/// Cross-origin access (the Fetch standard's CORS protocol) for browsers on other origins:
/// off unless origins are allowed. Allowed origins get `Access-Control-Allow-Origin` on
/// every answer, errors included, and their preflight `OPTIONS` requests are answered.
public struct CORSPolicy: Sendable {
    /// The origins allowed, such as `https://example.com`; `*` allows every origin.
    public var allowedOrigins: [String]

    /// A policy allowing `allowedOrigins` (none: cross-origin access off).
    public init(allowedOrigins: [String] = []) {
        self.allowedOrigins = allowedOrigins
    }

    /// The request fields a cross-origin request may send, and the answer fields it may read.
    private static let allowedHeaders = "Content-Type, Accept-Encoding, X-Request-Id"
    private static let exposedHeaders = "X-Request-Id, Content-Disposition, Retry-After"

    /// Adds the fields an answer to a request with `requestHeaders` carries.
    func decorate(_ headers: inout HTTPHeaders, requestHeaders: HTTPHeaders?) {
        guard !allowedOrigins.isEmpty else { return }
        headers.add(name: "Vary", value: "Origin")
        guard let origin = requestHeaders?.first("Origin"), isAllowed(origin) else { return }
        headers.replace(name: "Access-Control-Allow-Origin", value: allowedOrigins.contains("*") ? "*" : origin)
        headers.replace(name: "Access-Control-Expose-Headers", value: Self.exposedHeaders)
    }

    /// The answer to an `OPTIONS` request for a path that answers `methods`: the methods
    /// (`Allow`) and, for a preflight from an allowed origin, what the actual request may do.
    func answerOptions(_ request: Request, methods: [HTTPMethod]) -> Response {
        let allowed = (methods + [.options]).map(\.rawValue).joined(separator: ", ")
        var response = Response(status: .noContent, headers: ["Allow": allowed])
        if let origin = request.head.headers.first("Origin"), isAllowed(origin),
            request.head.headers.first("Access-Control-Request-Method") != nil
        {
            response.headers.add(name: "Access-Control-Allow-Methods", value: allowed)
            response.headers.add(name: "Access-Control-Allow-Headers", value: Self.allowedHeaders)
            response.headers.add(name: "Access-Control-Max-Age", value: "600")
        }
        return response
    }

    private func isAllowed(_ origin: String) -> Bool {
        allowedOrigins.contains("*") || allowedOrigins.contains(origin)
    }
}
