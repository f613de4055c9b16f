/// The byte classes of the HTTP/1.1 grammar (RFC 9110 §5.6, RFC 9112) and ASCII case
/// folding: the only character handling the HTTP layer needs, with no Unicode work.
enum ASCII {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")
    static let comma = UInt8(ascii: ",")
    static let semicolon = UInt8(ascii: ";")

    /// Whether `byte` is a `tchar`, a byte allowed in a token (methods, field names, codings).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        if isLetter(byte) || isDigit(byte) { return true }
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Whether `bytes` is a token: one or more `tchar`.
    static func isToken(_ bytes: some Collection<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenByte)
    }

    /// Whether `byte` is an ASCII letter.
    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains(lowercased(byte))
    }

    /// Whether `byte` is a decimal digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte)
    }

    /// Whether `byte` is a visible ASCII character (`VCHAR`, 0x21–0x7E).
    static func isVisible(_ byte: UInt8) -> Bool {
        byte >= 0x21 && byte <= 0x7E
    }

    /// Whether `byte` is optional whitespace (`OWS`): a space or a horizontal tab.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// Whether `byte` may appear in a field value: visible, whitespace or `obs-text` (0x80–0xFF).
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        isVisible(byte) || isWhitespace(byte) || byte >= 0x80
    }

    /// The value of a hexadecimal digit, or nil if `byte` is not one.
    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// `byte` with an upper-case ASCII letter folded to lower case.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Whether two strings are equal when ASCII letters are compared without case.
    static func equalsIgnoringCase(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
        let (left, right) = (lhs.utf8, rhs.utf8)
        guard left.count == right.count else { return false }
        // Native strings compare their bytes in place; others through their views.
        let compared = left.withContiguousStorageIfAvailable { left in
            right.withContiguousStorageIfAvailable { right in
                (0 ..< left.count).allSatisfy { lowercased(left[$0]) == lowercased(right[$0]) }
            }
        }
        if case let equal?? = compared { return equal }
        return zip(left, right).allSatisfy { lowercased($0) == lowercased($1) }
    }

    /// Whether `bytes` starts with `prefix`, ASCII letters compared without case.
    static func hasPrefix(_ bytes: some Collection<UInt8>, ignoringCase prefix: String) -> Bool {
        bytes.count >= prefix.utf8.count && zip(bytes, prefix.utf8).allSatisfy { lowercased($0) == lowercased($1) }
    }

    /// Whether `bytes` ends with `suffix`, ASCII letters compared without case.
    static func hasSuffix(_ bytes: some Collection<UInt8>, ignoringCase suffix: String) -> Bool {
        hasPrefix(bytes.dropFirst(max(0, bytes.count - suffix.utf8.count)), ignoringCase: suffix)
    }

    /// `bytes` without leading and trailing optional whitespace.
    static func trimmingWhitespace<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
        let start = bytes.firstIndex { !isWhitespace($0) } ?? bytes.endIndex
        let end = bytes[start...].lastIndex { !isWhitespace($0) }.map(bytes.index(after:)) ?? start
        return bytes[start ..< end]
    }

    /// `text` made safe to write inside a header line: CR, LF and NUL become spaces, and
    /// leading and trailing whitespace is dropped.
    static func headerSafe(_ text: String) -> String {
        func isLineBreakOrNUL(_ byte: UInt8) -> Bool { byte == cr || byte == lf || byte == 0 }
        let utf8 = text.utf8
        let hasLineBreakOrNUL =
            utf8.withContiguousStorageIfAvailable { $0.contains(where: isLineBreakOrNUL) } ?? utf8.contains(where: isLineBreakOrNUL)
        guard hasLineBreakOrNUL || utf8.first.map(isWhitespace) == true || utf8.last.map(isWhitespace) == true else { return text }
        let bytes = utf8.map { isLineBreakOrNUL($0) ? space : $0 }
        return String(decoding: trimmingWhitespace(bytes), as: UTF8.self)
    }

    /// Appends `value` in decimal, padded with zeros to at least `minimumDigits` digits.
    static func appendDecimal(_ value: Int, minimumDigits: Int = 1, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var width = 1
        var rest = magnitude
        while rest >= 10 { (rest, width) = (rest / 10, width + 1) }
        width = max(width, minimumDigits)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var (index, rest) = (buffer.count, magnitude)
            while rest > 0 {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
    }

    /// `byte` as messages show it: `0x7F`.
    static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
