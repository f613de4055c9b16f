/// The `Content-Disposition` field of a `multipart/form-data` part (RFC 7578 §4.2):
/// `form-data; name="field"` and, for a file, `; filename="a.graph"`.
///
/// The parameters follow the grammar of ``FieldParameters``. Others, such as the
/// `filename*` of RFC 6266 that RFC 7578 §4.2 says not to use, are ignored. Names and file
/// names are kept as sent: browsers send them as raw UTF-8, with `"`, CR and LF as `%22`,
/// `%0D` and `%0A`, and nothing here undoes that escaping.
struct FormDataDisposition: Equatable, Sendable {
    /// The form field's name.
    let name: String
    /// The name of the file the part holds, if it holds a file.
    let filename: String?

    /// Parses a field value; `place` names the field in errors.
    init(parsing value: String, at place: UploadPlace) throws(UploadParseError) {
        let bytes = ASCII.trimmingWhitespace(Array(value.utf8)[...])
        let type = bytes.prefix(while: ASCII.isTokenByte)
        let typeName = String(decoding: type, as: UTF8.self)
        guard ASCII.equalsIgnoringCase(typeName, "form-data") else {
            throw .badRequest(place, "the disposition type \"\(typeName)\" is not form-data")
        }
        let parameters = try FieldParameters(parsing: bytes[type.endIndex...], at: place)
        guard let name = parameters.value("name") else { throw .badRequest(place, "no name parameter") }
        self.name = name
        self.filename = parameters.value("filename")
    }
}
