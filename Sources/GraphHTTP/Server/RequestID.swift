import Synchronization

/// The id of a request: the client's `X-Request-Id` when it is sane (1 to 128 token
/// characters), so that a request can be followed across services; otherwise a new one.
enum RequestID {
    /// The client's id, if it sent a sane one.
    static func sent(in head: RequestHead) -> String? {
        guard let sent = head.headers.first("X-Request-Id"), (1 ... 128).contains(sent.utf8.count), sent.utf8.allSatisfy(ASCII.isTokenByte)
        else { return nil }
        return sent
    }

    /// 32 hexadecimal digits, never the same twice in a process: a count mixed with a key
    /// drawn at random when the process starts, so that replicas do not repeat each other's
    /// ids either (but by a chance of one in 2⁶⁴). Asking the system for random bytes on every
    /// request was a twentieth of the server's time on small requests.
    static func generate() -> String {
        let count = counter.add(1, ordering: .relaxed).newValue
        let high = mixed(count ^ key.high)
        let low = mixed(high ^ key.low)
        return String(unsafeUninitializedCapacity: 32) { digits in
            for index in 0 ..< 16 {
                digits[index] = hexDigit(high >> UInt64(60 - 4 * index))
                digits[16 + index] = hexDigit(low >> UInt64(60 - 4 * index))
            }
            return 32
        }
    }

    private static let key = (high: UInt64.random(in: .min ... .max), low: UInt64.random(in: .min ... .max))
    private static let counter = Atomic<UInt64>(0)

    /// A bijection of 64-bit words that spreads every input bit over the output
    /// (xor-shifts and odd multipliers), so that consecutive counts give unrelated ids.
    private static func mixed(_ word: UInt64) -> UInt64 {
        var word = word
        word = (word ^ word >> 30) &* 0xBF58_476D_1CE4_E5B9
        word = (word ^ word >> 27) &* 0x94D0_49BB_1331_11EB
        return word ^ word >> 31
    }

    private static func hexDigit(_ nibble: UInt64) -> UInt8 {
        let value = UInt8(truncatingIfNeeded: nibble & 0xF)
        return value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
