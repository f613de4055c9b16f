/// A media type as a `Content-Type` field gives it (RFC 9110 §8.3.1 and §5.6.6):
/// `type "/" subtype *( OWS ";" OWS [ parameter ] )`, such as
/// `multipart/form-data; boundary="----abc"`.
///
/// The type, the subtype and the parameter names are tokens compared without case, so they
/// are kept lower-cased; parameter values are tokens or quoted-strings, kept as given
/// (a boundary is case-sensitive). A malformed value is an error, not nil, so the answer
/// can say what is wrong with it.
struct MediaType: Equatable, Sendable {
    /// The top-level type, lower-cased, such as `multipart`.
    let type: String
    /// The subtype, lower-cased, such as `form-data`.
    let subtype: String
    /// The parameters, in the order given.
    let parameters: FieldParameters

    /// Parses a field value; `place` names the field in errors.
    init(parsing value: String, at place: UploadPlace = .field("Content-Type")) throws(UploadParseError) {
        let bytes = ASCII.trimmingWhitespace(Array(value.utf8)[...])
        let type = bytes.prefix(while: ASCII.isTokenByte)
        guard !type.isEmpty else {
            throw .badRequest(place, bytes.first.map { "byte \(ASCII.hex($0)) where the type should start" } ?? "empty")
        }
        var rest = bytes[type.endIndex...]
        guard rest.first == UInt8(ascii: "/") else { throw .badRequest(place, "no \"/\" right after the type") }
        rest = rest.dropFirst()
        let subtype = rest.prefix(while: ASCII.isTokenByte)
        guard !subtype.isEmpty else { throw .badRequest(place, "no subtype right after the \"/\"") }
        self.type = String(decoding: type.map(ASCII.lowercased), as: UTF8.self)
        self.subtype = String(decoding: subtype.map(ASCII.lowercased), as: UTF8.self)
        parameters = try FieldParameters(parsing: rest[subtype.endIndex...], at: place)
    }

    /// The value of the parameter called `name`, compared without ASCII case; nil if there is none.
    func parameter(_ name: String) -> String? {
        parameters.value(name)
    }

    /// The type and subtype without the parameters, such as `application/json`.
    var essence: String { "\(type)/\(subtype)" }

    /// `multipart/form-data`, what HTML forms and `curl -F` send (RFC 7578).
    var isMultipartFormData: Bool { essence == "multipart/form-data" }
    /// `application/octet-stream`, bytes of no particular format.
    var isOctetStream: Bool { essence == "application/octet-stream" }
    /// `application/json`.
    var isJSON: Bool { essence == "application/json" }
    /// `application/x-www-form-urlencoded`, what HTML forms send without files.
    var isFormURLEncoded: Bool { essence == "application/x-www-form-urlencoded" }
}
