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

    /// 32 hexadecimal digits: a count, with a key drawn at random when the process starts,
    /// through SipHash (the standard library's `Hasher`), so that an id tells nothing of the
    /// count and replicas do not repeat each other's ids (but by a chance of one in 2¹²⁸).
    /// The key is drawn once, so that no request asks the system for random bytes.
    static func generate() -> String {
        let count = counter.add(1, ordering: .relaxed).newValue
        let (high, low) = (word(count, half: 0), word(count, half: 1))
        return String(unsafeUninitializedCapacity: 32) { digits in
            for index in 0 ..< 16 {
                digits[index] = hexDigit(high >> UInt64(60 - 4 * index))
                digits[16 + index] = hexDigit(low >> UInt64(60 - 4 * index))
            }
            return 32
        }
    }

    private static let key = (UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max))
    private static let counter = Atomic<UInt64>(0)

    /// One half of the id of the request counted `count`.
    private static func word(_ count: UInt64, half: UInt8) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(key.0)
        hasher.combine(key.1)
        hasher.combine(count)
        hasher.combine(half)
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }

    private static func hexDigit(_ nibble: UInt64) -> UInt8 {
        let value = UInt8(truncatingIfNeeded: nibble & 0xF)
        return value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
