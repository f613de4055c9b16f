/// The line that starts each chunk of a chunked body (RFC 9112 §7.1): the chunk size in
/// hex, then optional extensions `BWS ";" BWS name [BWS "=" BWS (token / quoted-string)]`,
/// which are checked and ignored.
struct ChunkSizeLine: Sendable {
    /// The most hex digits in a chunk size; 16 digits hold any 64-bit size.
    static let maximumDigits = 16

    /// The chunk's size in bytes; 0 for the last chunk.
    let size: Int
    /// The bytes after the size: the extensions.
    let extensionBytes: Int

    /// Parses the content of a chunk-size line, without its CRLF.
    init(parsing line: ArraySlice<UInt8>) throws(HTTPParseError) {
        try Self.checkStart(line)
        let digits = line.prefix { ASCII.hexValue($0) != nil }
        guard !digits.isEmpty else { throw .badRequest(.chunkSizeLine, "empty chunk size") }
        var size = 0
        for digit in digits {
            let (shifted, overflow) = size.multipliedReportingOverflow(by: 16)
            guard !overflow else { throw .badRequest(.chunkSizeLine, "the chunk size overflows") }
            // A multiple of 16 at most Int.max plus one digit cannot pass Int.max.
            size = shifted + (ASCII.hexValue(digit) ?? 0)
        }
        let extensions = line[digits.endIndex...]
        guard Self.isChunkExtensionList(extensions) else { throw .badRequest(.chunkSizeLine, "malformed chunk extension") }
        self.size = size
        self.extensionBytes = extensions.count
    }

    /// Checks what has arrived of a chunk-size line so far: one to 16 hex digits followed
    /// by the line's CR, whitespace or `;`. A bad size thus fails within 17 bytes, and only
    /// extensions can make the line long.
    static func checkStart(_ partialLine: ArraySlice<UInt8>) throws(HTTPParseError) {
        let digitCount = partialLine.prefix(maximumDigits + 1).prefix { ASCII.hexValue($0) != nil }.count
        guard digitCount <= maximumDigits else {
            throw .badRequest(.chunkSizeLine, "more than \(maximumDigits) hex digits")
        }
        guard digitCount < partialLine.count else { return }
        let next = partialLine[partialLine.startIndex + digitCount]
        guard digitCount > 0 else {
            throw .badRequest(
                .chunkSizeLine,
                next == ASCII.cr
                    ? "empty chunk size" : "byte \(ASCII.hex(next)) where the hex chunk size should start")
        }
        guard next == ASCII.cr || next == ASCII.semicolon || ASCII.isWhitespace(next) else {
            throw .badRequest(.chunkSizeLine, "byte \(ASCII.hex(next)) in the chunk size")
        }
    }

    /// Whether `bytes` is a (possibly empty) list of chunk extensions.
    private static func isChunkExtensionList(_ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        func skipWhitespace() { rest = rest.drop(while: ASCII.isWhitespace) }
        func skip(_ byte: UInt8) -> Bool {
            guard rest.first == byte else { return false }
            rest = rest.dropFirst()
            return true
        }
        func skipToken() -> Bool {
            let token = rest.prefix(while: ASCII.isTokenByte)
            rest = rest[token.endIndex...]
            return !token.isEmpty
        }
        while !rest.isEmpty {
            skipWhitespace()
            guard skip(ASCII.semicolon) else { return false }
            skipWhitespace()
            guard skipToken() else { return false }
            let beforeValue = rest
            skipWhitespace()
            guard skip(UInt8(ascii: "=")) else {
                rest = beforeValue
                continue
            }
            skipWhitespace()
            guard rest.first == UInt8(ascii: "\"") ? skipQuotedString(&rest) : skipToken() else { return false }
        }
        return true
    }

    /// Skips a `quoted-string` at the start of `rest`; false if there is none.
    private static func skipQuotedString(_ rest: inout ArraySlice<UInt8>) -> Bool {
        var index = rest.startIndex + 1
        while index < rest.endIndex {
            switch rest[index] {
            case UInt8(ascii: "\""):
                rest = rest[(index + 1)...]
                return true
            case UInt8(ascii: "\\"):
                guard index + 1 < rest.endIndex, ASCII.isFieldValueByte(rest[index + 1]) else { return false }
                index += 2
            case let byte where ASCII.isFieldValueByte(byte):
                index += 1
            default:
                return false
            }
        }
        return false
    }
}
