/// One request and its answer, as the log line and the metrics record them.
struct Exchange: Sendable {
    /// When its first byte arrived (monotonic nanoseconds).
    let start: UInt64
    /// A generated id until the head shows the client's own.
    var requestID = RequestID.generate()
    var method = ""
    /// The path asked, without the query.
    var path = ""
    /// The answer's status; 0 when the connection closed before one was chosen.
    var status = 0
    var bytesIn = 0
    var bytesOut = 0
    /// Whether the whole answer was written; false when the connection closed first (the
    /// client left, or read too slowly, or the answer's production failed).
    var isComplete = false

    init(start: UInt64) {
        self.start = start
    }

    /// Records the head, once it has arrived.
    mutating func begin(_ head: RequestHead) {
        if let id = RequestID.sent(in: head) { requestID = id }
        method = head.method.rawValue
        path = head.path
    }

    /// Records the method and path of a request refused before its head was whole, from
    /// its request line (the path as far as the target shows one: up to its query).
    mutating func begin(_ line: RequestLine) {
        method = line.method.rawValue
        path = (try? RequestTarget(line.target, method: line.method))?.path ?? ""
    }
}
