/// One request and its answer, as the log line and the metrics record them.
struct Exchange: Sendable {
    /// When its first byte arrived (monotonic nanoseconds).
    let start: UInt64
    var requestID = ""
    var method = ""
    /// The path asked, without the query.
    var path = ""
    var status = 0
    var bytesIn = 0
    var bytesOut = 0

    init(start: UInt64) {
        self.start = start
    }

    /// Records the head, once it has arrived.
    mutating func begin(_ head: RequestHead, id: String) {
        requestID = id
        method = head.method.rawValue
        path = head.path
    }
}
