/// The id of a request: the client's `X-Request-Id` when it is sane (1 to 128 token
/// characters), so that a request can be followed across services; otherwise a new one.
enum RequestID {
    /// The client's id, if it sent a sane one.
    static func sent(in head: RequestHead) -> String? {
        guard let sent = head.headers.first("X-Request-Id"), (1 ... 128).contains(sent.utf8.count), sent.utf8.allSatisfy(ASCII.isTokenByte)
        else { return nil }
        return sent
    }

    /// 32 random hexadecimal digits.
    static func generate() -> String {
        let high = String(UInt64.random(in: .min ... .max), radix: 16)
        let low = String(UInt64.random(in: .min ... .max), radix: 16)
        return String(repeating: "0", count: 16 - high.count) + high + String(repeating: "0", count: 16 - low.count) + low
    }
}
