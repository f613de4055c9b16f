/// A response status (RFC 9110 §15): a three-digit code and the reason phrase sent beside it.
///
/// Clients act on the code alone; the phrase is for people reading the wire. The static
/// members carry the phrases RFC 9110 registers.
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    /// The three-digit status code, 100 to 999.
    public let code: Int
    /// The reason phrase; never holds CR, LF or NUL.
    public let reasonPhrase: String

    /// A status with `code` and `reasonPhrase`. CR, LF and NUL in the phrase become spaces,
    /// so it cannot break the status line.
    ///
    /// - Precondition: `code` has three digits (100...999).
    public init(code: Int, reasonPhrase: String) {
        precondition((100 ... 999).contains(code), "a status code has three digits, not \(code)")
        self.code = code
        self.reasonPhrase = ASCII.headerSafe(reasonPhrase)
    }

    /// The code and phrase, such as `404 Not Found`.
    public var description: String { "\(code) \(reasonPhrase)" }

    /// Statuses are equal when their codes are: the phrase is only for people.
    public static func == (lhs: HTTPStatus, rhs: HTTPStatus) -> Bool {
        lhs.code == rhs.code
    }

    /// Hashes the code alone, as equality compares it alone.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }

    /// Whether the status is informational (1xx), an interim response before the final one.
    public var isInformational: Bool { (100 ... 199).contains(code) }

    /// 100: The client may send the request content it held back.
    public static let `continue` = HTTPStatus(code: 100, reasonPhrase: "Continue")

    /// 200: The request succeeded.
    public static let ok = HTTPStatus(code: 200, reasonPhrase: "OK")
    /// 201: The request created a resource, named by `Location`.
    public static let created = HTTPStatus(code: 201, reasonPhrase: "Created")
    /// 202: The request was accepted for processing, not yet completed.
    public static let accepted = HTTPStatus(code: 202, reasonPhrase: "Accepted")
    /// 204: The request succeeded and the response has no content.
    public static let noContent = HTTPStatus(code: 204, reasonPhrase: "No Content")
    /// 206: The response holds the requested ranges of the representation.
    public static let partialContent = HTTPStatus(code: 206, reasonPhrase: "Partial Content")

    /// 304: The cached representation the condition named is still current.
    public static let notModified = HTTPStatus(code: 304, reasonPhrase: "Not Modified")

    /// 400: The request is malformed.
    public static let badRequest = HTTPStatus(code: 400, reasonPhrase: "Bad Request")
    /// 401: The request lacks valid authentication credentials.
    public static let unauthorized = HTTPStatus(code: 401, reasonPhrase: "Unauthorized")
    /// 403: The server refuses to fulfil the request.
    public static let forbidden = HTTPStatus(code: 403, reasonPhrase: "Forbidden")
    /// 404: The server has no representation for the target.
    public static let notFound = HTTPStatus(code: 404, reasonPhrase: "Not Found")
    /// 405: The target does not support the method; `Allow` lists those it does.
    public static let methodNotAllowed = HTTPStatus(code: 405, reasonPhrase: "Method Not Allowed")
    /// 406: No representation matches the request's proactive negotiation fields.
    public static let notAcceptable = HTTPStatus(code: 406, reasonPhrase: "Not Acceptable")
    /// 408: The server stopped waiting for the rest of the request.
    public static let requestTimeout = HTTPStatus(code: 408, reasonPhrase: "Request Timeout")
    /// 409: The request conflicts with the current state of the target.
    public static let conflict = HTTPStatus(code: 409, reasonPhrase: "Conflict")
    /// 411: The request needs a `Content-Length`.
    public static let lengthRequired = HTTPStatus(code: 411, reasonPhrase: "Length Required")
    /// 412: A condition in the request's header fields was false.
    public static let preconditionFailed = HTTPStatus(code: 412, reasonPhrase: "Precondition Failed")
    /// 413: The request content is larger than the server accepts.
    public static let contentTooLarge = HTTPStatus(code: 413, reasonPhrase: "Content Too Large")
    /// 414: The request target is longer than the server accepts.
    public static let uriTooLong = HTTPStatus(code: 414, reasonPhrase: "URI Too Long")
    /// 415: The content is in a format the target does not support.
    public static let unsupportedMediaType = HTTPStatus(code: 415, reasonPhrase: "Unsupported Media Type")
    /// 416: None of the requested ranges overlaps the representation.
    public static let rangeNotSatisfiable = HTTPStatus(code: 416, reasonPhrase: "Range Not Satisfiable")
    /// 417: The server cannot meet the request's `Expect` field.
    public static let expectationFailed = HTTPStatus(code: 417, reasonPhrase: "Expectation Failed")
    /// 422: The content is well-formed but its instructions cannot be processed.
    public static let unprocessableContent = HTTPStatus(code: 422, reasonPhrase: "Unprocessable Content")
    /// 426: The client must switch to the protocol named by `Upgrade`.
    public static let upgradeRequired = HTTPStatus(code: 426, reasonPhrase: "Upgrade Required")
    /// 429: The client sent too many requests in a given time.
    public static let tooManyRequests = HTTPStatus(code: 429, reasonPhrase: "Too Many Requests")
    /// 431: The header section, or one of its fields, is larger than the server accepts.
    public static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431, reasonPhrase: "Request Header Fields Too Large")

    /// 500: The server met an unexpected condition.
    public static let internalServerError = HTTPStatus(code: 500, reasonPhrase: "Internal Server Error")
    /// 501: The server does not support a function the request needs.
    public static let notImplemented = HTTPStatus(code: 501, reasonPhrase: "Not Implemented")
    /// 503: The server cannot handle the request now, perhaps only for a while.
    public static let serviceUnavailable = HTTPStatus(code: 503, reasonPhrase: "Service Unavailable")
    /// 505: The server does not support the request's major HTTP version.
    public static let httpVersionNotSupported = HTTPStatus(code: 505, reasonPhrase: "HTTP Version Not Supported")
}
