/// A `multipart/form-data` body (RFC 7578) split into its parts, with the delimiter grammar
/// of RFC 2046 §5.1.1; the parts' contents stay in the body, as ranges of it.
///
/// The body is an optional preamble, ended by CRLF, then `--boundary` (the first delimiter,
/// which may thus start the body), then parts each followed by a delimiter, CRLF
/// `--boundary`; the last delimiter is `--boundary--`, after which an epilogue is ignored.
/// After `--boundary`, spaces and tabs (transport padding) then CRLF must follow, or `--`.
/// A delimiter followed by anything else is an error: such a boundary also occurs in the
/// content, which RFC 2046 forbids, and readers disagree on what it means.
///
/// Reading is linear in the size of the body (see ``MultipartDelimiter``), and holds no more
/// than ``MultipartLimits`` allows.
struct MultipartFormData: Equatable, Sendable {
    /// The parts in the order of the body; at least one.
    let parts: [FormDataPart]

    /// Parses `body`, a `multipart/form-data` body whose delimiters use `boundary`.
    init(parsing body: [UInt8], boundary: String, limits: MultipartLimits = MultipartLimits()) throws(UploadParseError) {
        let delimiter = try MultipartDelimiter(boundary: boundary)
        var afterBoundary: Int
        if body.starts(with: delimiter.dashBoundary) {
            afterBoundary = delimiter.dashBoundary.count
        } else if let first = delimiter.firstMatch(in: body, from: 0) {
            afterBoundary = first + delimiter.bytes.count
        } else {
            throw .badRequest(.multipartBody, "no delimiter line \"--\(boundary)\"")
        }
        var parts: [FormDataPart] = []
        while let partStart = try Self.partStart(in: body, afterBoundary: afterBoundary) {
            guard parts.count < limits.maximumParts else {
                throw UploadParseError(.contentTooLarge, .multipartBody, "more than \(limits.maximumParts) parts")
            }
            guard let next = delimiter.firstMatch(in: body, from: partStart) else {
                throw .badRequest(.part(parts.count + 1, offset: partStart), "the body ends before the delimiter that should end this part")
            }
            parts.append(try FormDataPart(parsing: body, region: partStart ..< next, number: parts.count + 1, limits: limits))
            afterBoundary = next + delimiter.bytes.count
        }
        guard !parts.isEmpty else { throw .badRequest(.multipartBody, "the close delimiter comes before any part") }
        self.parts = parts
    }

    /// Parses `body` as the `contentType` says: a 415 error unless it is
    /// `multipart/form-data`, a 400 error if it has no `boundary` parameter.
    init(parsing body: [UInt8], contentType: MediaType, limits: MultipartLimits = MultipartLimits()) throws(UploadParseError) {
        guard contentType.isMultipartFormData else {
            throw UploadParseError(.unsupportedMediaType, .field("Content-Type"), "\(contentType.essence) is not multipart/form-data")
        }
        guard let boundary = contentType.parameter("boundary") else {
            throw .badRequest(.field("Content-Type"), "multipart/form-data without a boundary parameter")
        }
        try self.init(parsing: body, boundary: boundary, limits: limits)
    }

    /// Reads what follows `--boundary`, which ends at `afterBoundary`: where the next part
    /// starts, after transport padding and CRLF, or nil for the close delimiter `--`.
    private static func partStart(in body: [UInt8], afterBoundary: Int) throws(UploadParseError) -> Int? {
        if body[afterBoundary...].starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) { return nil }
        let lineEnd = body[afterBoundary...].firstIndex { !ASCII.isWhitespace($0) } ?? body.endIndex
        if body[lineEnd...].starts(with: [ASCII.cr, ASCII.lf]) { return lineEnd + 2 }
        let wrong = lineEnd < body.endIndex && body[lineEnd] == ASCII.cr ? lineEnd + 1 : lineEnd
        guard wrong < body.endIndex else {
            throw .badRequest(.multipartBody, "the body ends at byte \(body.count), after a delimiter and before the close delimiter")
        }
        throw .badRequest(
            .multipartBody, "byte \(ASCII.hex(body[wrong])) at offset \(wrong) after a delimiter, where CRLF or \"--\" should be")
    }

    /// The part named `name`: an error if there is none, or more than one.
    func part(named name: String) throws(UploadParseError) -> FormDataPart {
        let named = parts.filter { $0.name == name }
        guard let part = named.first else { throw .badRequest(.multipartBody, "no part named \"\(name)\"") }
        guard named.count == 1 else { throw .badRequest(.multipartBody, "\(named.count) parts named \"\(name)\"") }
        return part
    }

    /// The one uploaded file: the only part, whatever its name, or else the part named `file`.
    func uploadedFile() throws(UploadParseError) -> FormDataPart {
        if parts.count == 1, let only = parts.first { return only }
        return try part(named: "file")
    }
}
