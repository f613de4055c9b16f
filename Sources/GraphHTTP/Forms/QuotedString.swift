/// The `quoted-string` of RFC 9110 §5.6.4: `DQUOTE *( qdtext / quoted-pair ) DQUOTE`, where
/// `qdtext` is whitespace, a visible character but `"` and `\`, or `obs-text`, and a
/// `quoted-pair` is `\` before any of these or `"` or `\`.
enum QuotedString {
    /// Reads the quoted-string at the start of `rest`, which starts with `"`, and returns its
    /// content without the quotes and with each quoted-pair replaced by the byte it quotes.
    /// `rest` is a slice of a field value's bytes, so errors give its indices as offsets.
    static func read(_ rest: inout ArraySlice<UInt8>, at place: UploadPlace) throws(UploadParseError) -> String {
        let opening = rest.startIndex
        var content: [UInt8] = []
        var index = opening + 1
        while index < rest.endIndex {
            let byte = rest[index]
            switch byte {
            case UInt8(ascii: "\""):
                rest = rest[(index + 1)...]
                return String(decoding: content, as: UTF8.self)
            case UInt8(ascii: "\\"):
                // A backslash as the last byte quotes nothing: the string has no end.
                guard index + 1 < rest.endIndex else {
                    index += 1
                    continue
                }
                let quoted = rest[index + 1]
                guard ASCII.isFieldValueByte(quoted) else {
                    throw .badRequest(place, "control byte \(ASCII.hex(quoted)) at offset \(index + 1) in a quoted-string")
                }
                content.append(quoted)
                index += 2
            case let byte where ASCII.isFieldValueByte(byte):
                content.append(byte)
                index += 1
            default:
                throw .badRequest(place, "control byte \(ASCII.hex(byte)) at offset \(index) in a quoted-string")
            }
        }
        throw .badRequest(place, "the quoted-string opened at offset \(opening) has no closing quote")
    }
}
