/// The outcome of looking for the end of a CRLF-terminated line in a byte buffer.
///
/// Only CR LF ends a line: a CR not followed by LF, or an LF alone, is an error, since
/// parsers that accept them differently are how requests get smuggled (RFC 9112 §2.2).
enum LineScan {
    /// A whole line: the range of its content in the buffer, without the CRLF after it.
    case line(Range<Int>)
    /// No line end yet; this many bytes from the line start need not be scanned again.
    case incomplete(scanned: Int)
    /// A CR followed by something other than LF.
    case bareCR
    /// An LF without a CR before it.
    case bareLF
    /// More content bytes than the maximum length, and no line end yet.
    case tooLong

    /// Scans `buffer` for the end of the line starting at `lineStart`, from `scanned` bytes
    /// into it, allowing at most `maximumLength` bytes of content.
    static func scan(_ buffer: [UInt8], lineStart: Int, scanned: Int, maximumLength: Int) -> LineScan {
        buffer.withUnsafeBufferPointer { bytes in
            var index = lineStart + scanned
            while index < bytes.count {
                switch bytes[index] {
                case ASCII.cr:
                    guard index + 1 < bytes.count else { return .incomplete(scanned: index - lineStart) }
                    return bytes[index + 1] == ASCII.lf ? .line(lineStart ..< index) : .bareCR
                case ASCII.lf:
                    return .bareLF
                default:
                    guard index - lineStart < maximumLength else { return .tooLong }
                    index += 1
                }
            }
            return .incomplete(scanned: index - lineStart)
        }
    }
}
