/// An answer: its status, header fields and body. Framing fields (`Content-Length`,
/// `Transfer-Encoding`, `Connection`) are the server's to set.
public struct Response: Sendable {
    /// Writes a streamed body piece by piece through `write`, which blocks while the client
    /// is slow to read and throws once the connection is gone (stop then).
    public typealias BodyProducer = @Sendable (_ write: ([UInt8]) throws -> Void) throws -> Void

    /// The answer's status.
    public var status: HTTPStatus
    /// The answer's header fields, the framing ones aside.
    public var headers: HTTPHeaders
    /// The body, when it is held whole.
    public var body: [UInt8]
    /// The body, when it is too large to hold: produced on the worker while the
    /// connection sends it (chunked), so that only a bounded part of it is in memory.
    public var producer: BodyProducer?
    /// The body gzipped ahead of time, for answers made once and sent often.
    var gzippedBody: [UInt8]?

    /// An answer with a whole body.
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

    /// A streamed answer of `contentType`, whose body `producer` writes.
    public static func streamed(contentType: String, status: HTTPStatus = .ok, _ producer: @escaping BodyProducer) -> Response {
        var response = Response(status: status, headers: ["Content-Type": contentType])
        response.producer = producer
        return response
    }
}
