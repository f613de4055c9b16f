/// A header or trailer field line of RFC 9112 §5, `field-name ":" OWS field-value OWS`,
/// parsed strictly: a token name right before the colon, no line folding, no control bytes.
enum FieldLine {
    /// Parses the content of a field line, without its CRLF; `place` names it in errors.
    ///
    /// The value keeps `obs-text` bytes (0x80–0xFF) and is decoded as UTF-8, so bytes that
    /// are not UTF-8 read as U+FFFD.
    static func parse(_ line: ArraySlice<UInt8>, at place: HTTPParsePlace) throws(HTTPParseError) -> HTTPHeaders.Field {
        if let first = line.first, ASCII.isWhitespace(first) {
            throw .badRequest(place, "starts with whitespace (obs-fold is not allowed)")
        }
        guard let colon = line.firstIndex(of: ASCII.colon) else { throw .badRequest(place, "no colon") }
        let name = line[..<colon]
        guard !name.isEmpty else { throw .badRequest(place, "empty field name") }
        if let byte = name.first(where: { !ASCII.isTokenByte($0) }) {
            throw .badRequest(
                place,
                ASCII.isWhitespace(byte)
                    ? "whitespace in the field name or before the colon"
                    : "byte \(ASCII.hex(byte)) in the field name")
        }
        let value = ASCII.trimmingWhitespace(line[(colon + 1)...])
        if let byte = value.first(where: { !ASCII.isFieldValueByte($0) }) {
            throw .badRequest(place, byte == 0 ? "NUL in the field value" : "control byte \(ASCII.hex(byte)) in the field value")
        }
        return HTTPHeaders.Field(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }
}
