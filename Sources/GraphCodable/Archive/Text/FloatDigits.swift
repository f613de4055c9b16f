/// Floating-point numbers written as the text Swift prints for them (`description`: the
/// shortest digits that read back as the same value), straight into UTF-8 text without
/// making a string.
enum FloatDigits {
    /// Calls `body` with the text of `value` as `description` makes it, composed on the stack.
    @inline(__always)
    static func with<F: BinaryFloatingPoint & TextOutputStreamable, R>(_ value: F, _ body: (UnsafeBufferPointer<UInt8>) throws -> R)
        rethrows -> R
    {
        var digits = Digits()
        // Every NaN prints as `nan` in `description`; streaming would show its sign and payload.
        if value.isNaN { digits.write("nan") } else { value.write(to: &digits) }
        return try digits.with(body)
    }

    /// At most 48 bytes of ASCII kept on the stack: the longest text a `Double` or a `Float`
    /// prints is 24 bytes. A floating-point number streams its text as ASCII bytes
    /// (`_writeASCII`) when the stream takes them, which spares the string `description` makes.
    private struct Digits: TextOutputStream {
        private var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        private var count = 0

        mutating func _writeASCII(_ ascii: UnsafeBufferPointer<UInt8>) {
            withUnsafeMutableBytes(of: &bytes) { space in
                let length = min(ascii.count, space.count - count)
                for index in 0 ..< length { space[count + index] = ascii[index] }
                count += length
            }
        }

        mutating func write(_ string: String) {
            var string = string
            string.withUTF8 { _writeASCII($0) }
        }

        mutating func with<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
            let count = count
            return try withUnsafeBytes(of: &bytes) {
                try body(UnsafeBufferPointer(rebasing: $0.assumingMemoryBound(to: UInt8.self)[..<count]))
            }
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends the text `description` makes for `value`.
    mutating func appendFloat<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) {
        FloatDigits.with(value) { append(contentsOf: $0) }
    }
}
