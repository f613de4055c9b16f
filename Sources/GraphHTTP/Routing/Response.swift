/// An answer: its status, header fields and body. Framing fields (`Content-Length`,
/// `Transfer-Encoding`, `Connection`) are the server's to set.
public struct Response: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` answer.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// A JSON answer.
    public static func json(_ body: [UInt8], status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// Bytes of `contentType`.
    public static func bytes(_ body: [UInt8], contentType: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": contentType], body: body)
    }
}
