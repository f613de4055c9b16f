/// The file a request uploads: its raw body (`application/octet-stream`, or what
/// `curl --data-binary` sends: `application/x-www-form-urlencoded`, or no type), or the
/// file part of a `multipart/form-data` body (what `curl -F file=@…` and HTML forms send).
///
/// Uploads with a `Content-Encoding` are refused with 415: the service takes archives as
/// they are (they do not compress well, and inflating would let a small upload take much
/// memory).
struct Upload {
    let request: Request
    /// Whether a raw body may also be declared `application/json` (the JSON form).
    var acceptsJSON = false

    private enum Body {
        case raw([UInt8])
        case form(MultipartFormData)
    }

    /// The uploaded file's bytes.
    func file() throws(Problem) -> [UInt8] {
        switch try body() {
        case .raw(let bytes): return bytes
        case .form(let form): return try read { () throws(UploadParseError) in Array(request.body[try form.uploadedFile().content]) }
        }
    }

    /// The files of the `multipart/form-data` parts named `names`, in that order: 415 for
    /// another media type, 400 when a part is missing, named twice, or not one of `names`.
    func files(named names: [String]) throws(Problem) -> [[UInt8]] {
        let list = names.map { "\"\($0)\"" }.joined(separator: " and ")
        guard case .form(let form) = try body() else {
            throw Problem(.unsupportedMediaType, "send multipart/form-data with the file parts \(list) (curl -F \(names[0])=@FILE …)")
        }
        if let stranger = form.parts.first(where: { !names.contains($0.name) }) {
            throw Problem(.invalidUpload, "multipart part \"\(stranger.name)\" is not one of the parts \(list)")
        }
        var files: [[UInt8]] = []
        for name in names {
            files.append(try read { () throws(UploadParseError) in Array(request.body[try form.part(named: name).content]) })
        }
        return files
    }

    private func body() throws(Problem) -> Body {
        let headers = request.head.headers
        if let coding = headers.first("Content-Encoding"), !ASCII.equalsIgnoringCase(coding, "identity") {
            throw Problem(.unsupportedMediaType, "uploads with Content-Encoding \(coding) are not accepted: send the archive as it is")
        }
        guard let value = headers.first("Content-Type") else { return .raw(request.body) }
        return try read { () throws(UploadParseError) in
            let type = try MediaType(parsing: value)
            if type.isMultipartFormData { return .form(try MultipartFormData(parsing: request.body, contentType: type)) }
            guard type.isOctetStream || type.isFormURLEncoded || (acceptsJSON && type.isJSON) else {
                let accepted = "application/octet-stream, multipart/form-data" + (acceptsJSON ? " or application/json" : "")
                throw UploadParseError(
                    .unsupportedMediaType, .field("Content-Type"), "\(type.essence) is not accepted here; send \(accepted)")
            }
            return .raw(request.body)
        }
    }

    private func read<Value>(_ work: () throws(UploadParseError) -> Value) throws(Problem) -> Value {
        do throws(UploadParseError) {
            return try work()
        } catch {
            let kind: Problem.Kind =
                switch error.status.code {
                case 413: .uploadTooLarge
                case 415: .unsupportedMediaType
                default: .invalidUpload
                }
            throw Problem(kind, error.message)
        }
    }
}
