/// Why what a request carries could not be read, its media type, multipart body or query:
/// 400 for malformed input, 413 when a multipart body passes a ``MultipartLimits`` bound,
/// 415 when a body is not of the media type expected; and what went wrong, where.
///
/// Unlike an ``HTTPParseError``, the request itself was read whole, so after answering the
/// connection can serve the next request.
typealias UploadParseError = RequestReadError<UploadPlace>

/// The part of the request an upload error is about, named at the start of its message.
enum UploadPlace: Equatable, Sendable, CustomStringConvertible {
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
