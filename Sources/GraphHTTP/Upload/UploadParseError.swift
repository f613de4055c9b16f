/// Why what a request carries could not be read, its media type, multipart body or query:
/// the status to answer with and what went wrong, where.
///
/// Unlike an ``HTTPParseError``, the request itself was read whole, so after answering the
/// connection can serve the next request.
struct UploadParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The part of the request an error is about, named at the start of its message.
    enum Place: Equatable, Sendable, CustomStringConvertible {
        /// The request header field with this name, such as `Content-Type`.
        case field(String)
        /// The `boundary` parameter of a multipart media type.
        case boundary
        /// A multipart body as a whole.
        case multipartBody
        /// The part of a multipart body with this number, counting from 1, that starts at
        /// this byte offset of the body.
        case part(Int, offset: Int)
        /// The header field with this name of a part, numbered and placed as in ``part(_:offset:)``.
        case partField(Int, offset: Int, name: String)
        /// The query of the request target as a whole.
        case query
        /// The query parameter with this name: as sent when it could not be decoded, as
        /// asked for otherwise.
        case queryParameter(String)

        var description: String {
            switch self {
            case .field(let name): "\(name) field"
            case .boundary: "boundary parameter"
            case .multipartBody: "multipart body"
            case .part(let number, let offset): "multipart part \(number) (from byte \(offset))"
            case .partField(let number, let offset, let name): "multipart part \(number) (from byte \(offset)), \(name) field"
            case .query: "query"
            case .queryParameter(let name): "query parameter \"\(name)\""
            }
        }
    }

    /// The status of the error response: 400 for malformed input, 413 (Content Too Large)
    /// when a multipart body passes a ``MultipartLimits`` bound, 415 (Unsupported Media
    /// Type) when a body is not of the media type expected.
    let status: HTTPStatus
    /// A short description naming the part of the request at fault, such as
    /// `multipart part 2 (from byte 345): no Content-Disposition field`.
    let message: String

    /// An error answered with `status`, about `place`, saying `what` went wrong there.
    init(_ status: HTTPStatus, _ place: Place, _ what: String) {
        self.status = status
        self.message = "\(place): \(what)"
    }

    var description: String { "\(status.code): \(message)" }

    /// A 400 (Bad Request) error about `place`.
    static func badRequest(_ place: Place, _ what: String) -> UploadParseError {
        UploadParseError(.badRequest, place, what)
    }
}
