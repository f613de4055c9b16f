/// Integers written as decimal digits straight into UTF-8 text, without making a string.
extension Array where Element == UInt8 {
    /// Appends the decimal digits of `value`, at least `minimumDigits` of them (zeros
    /// before; at most 20).
    mutating func appendDecimal(_ value: UInt64, minimumDigits: Int = 1) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            var rest = value
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest != 0 || (buffer.count - start < minimumDigits && buffer.count - start < 20)
            append(contentsOf: buffer[start...])
        }
    }

    /// Appends the decimal digits of `value`, after a minus when it is negative.
    mutating func appendDecimal(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDecimal(value.magnitude)
    }
}
