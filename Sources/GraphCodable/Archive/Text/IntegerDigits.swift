/// Integers written as decimal digits straight into UTF-8 text, without making a string.
enum IntegerDigits {
    /// How many decimal digits `value` has.
    @inline(__always)
    static func count(of value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// Calls `body` with the decimal digits of `value`, at least `minimumDigits` of them
    /// (zeros before; at most 20), composed on the stack.
    @inline(__always)
    static func with<R>(_ value: UInt64, minimumDigits: Int = 1, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return try withUnsafeMutableBytes(of: &digits) { space in
            var start = space.count
            var rest = value
            repeat {
                start -= 1
                space[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest != 0 || (space.count - start < minimumDigits && space.count - start < 20)
            return try body(UnsafeBufferPointer(rebasing: space.assumingMemoryBound(to: UInt8.self)[start...]))
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends the decimal digits of `value`.
    mutating func appendDecimal(_ value: UInt64) {
        IntegerDigits.with(value) { append(contentsOf: $0) }
    }

    /// Appends the decimal digits of `value`, after a minus when it is negative.
    mutating func appendDecimal(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDecimal(value.magnitude)
    }
}
