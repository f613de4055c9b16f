/// A request as handlers see it: its head, its whole body, and its id.
public struct Request: Sendable {
    /// The request line and header fields.
    public let head: RequestHead
    /// The body, without transfer framing (empty without one).
    public let body: [UInt8]
    /// The request's id: the client's `X-Request-Id` when it is sane, otherwise generated.
    public let id: String

    public init(head: RequestHead, body: [UInt8], id: String) {
        self.head = head
        self.body = body
        self.id = id
    }

    public var method: HTTPMethod { head.method }
    public var path: String { head.path }
}
