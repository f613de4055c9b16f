/// A request as handlers see it: its head, its whole body, and its id.
public struct Request: Sendable {
    /// The request line and header fields.
    public let head: RequestHead
    /// The body, without transfer framing (empty without one).
    public let body: [UInt8]
    /// The request's id: the client's `X-Request-Id` when it is sane, otherwise generated.
    public let id: String
    /// The upload budget its body holds, given back when the last copy of it is gone.
    let reservation: ByteBudget.Reservation?

    /// A request of `head` and `body`, with the id `id` (for tests and embedders).
    public init(head: RequestHead, body: [UInt8], id: String) {
        self.init(head: head, body: body, id: id, reservation: nil)
    }

    init(head: RequestHead, body: [UInt8], id: String, reservation: ByteBudget.Reservation?) {
        self.head = head
        self.body = body
        self.id = id
        self.reservation = reservation
    }

    /// The request's method.
    public var method: HTTPMethod { head.method }
    /// The request target's path, without its query, still percent-encoded.
    public var path: String { head.path }
}
