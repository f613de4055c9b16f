/// Every kind of error the service answers, each with its stable `type`
/// (`urn:graphcodable:problem:<name>`), title and status.
extension Problem.Kind {
    // The request itself.
    /// `malformed-request`: The request is not valid HTTP/1.1.
    public static let malformedRequest = Self(name: "malformed-request", title: "The request is not valid HTTP/1.1", status: .badRequest)
    /// `target-too-long`: The request line is too long.
    public static let targetTooLong = Self(name: "target-too-long", title: "The request line is too long", status: .uriTooLong)
    /// `headers-too-large`: The header fields are too large.
    public static let headersTooLarge = Self(
        name: "headers-too-large", title: "The header fields are too large", status: .requestHeaderFieldsTooLarge)
    /// `upload-too-large`: The upload is larger than the server accepts.
    public static let uploadTooLarge = Self(
        name: "upload-too-large", title: "The upload is larger than the server accepts", status: .contentTooLarge)
    /// `unsupported-expectation`: The expectation is not supported.
    public static let unsupportedExpectation = Self(
        name: "unsupported-expectation", title: "The expectation is not supported", status: .expectationFailed)
    /// `unsupported-transfer-coding`: The transfer coding is not supported.
    public static let unsupportedTransferCoding = Self(
        name: "unsupported-transfer-coding", title: "The transfer coding is not supported", status: .notImplemented)
    /// `unsupported-http-version`: The HTTP version is not supported.
    public static let unsupportedVersion = Self(
        name: "unsupported-http-version", title: "The HTTP version is not supported", status: .httpVersionNotSupported)
    /// `request-timeout`: The request did not arrive in time.
    public static let requestTimeout = Self(name: "request-timeout", title: "The request did not arrive in time", status: .requestTimeout)

    // Routing.
    /// `not-found`: No such resource.
    public static let notFound = Self(name: "not-found", title: "No such resource", status: .notFound)
    /// `method-not-allowed`: The method is not allowed on this resource.
    public static let methodNotAllowed = Self(
        name: "method-not-allowed", title: "The method is not allowed on this resource", status: .methodNotAllowed)
    /// `unsupported-media-type`: The upload's media type is not supported.
    public static let unsupportedMediaType = Self(
        name: "unsupported-media-type", title: "The upload's media type is not supported", status: .unsupportedMediaType)
    /// `invalid-upload`: The upload cannot be read.
    public static let invalidUpload = Self(name: "invalid-upload", title: "The upload cannot be read", status: .badRequest)
    /// `invalid-parameter`: A query parameter is invalid.
    public static let invalidParameter = Self(name: "invalid-parameter", title: "A query parameter is invalid", status: .badRequest)

    // Archives.
    /// `invalid-archive`: The archive is invalid.
    public static let invalidArchive = Self(name: "invalid-archive", title: "The archive is invalid", status: .unprocessableContent)
    /// `archive-limit-exceeded`: The archive exceeds the server's limits.
    public static let archiveLimitExceeded = Self(
        name: "archive-limit-exceeded", title: "The archive exceeds the server's limits", status: .unprocessableContent)
    /// `invalid-archive-json`: The JSON is not a valid archive.
    public static let invalidArchiveJSON = Self(
        name: "invalid-archive-json", title: "The JSON is not a valid archive", status: .unprocessableContent)
    /// `cannot-decode`: The archive does not decode as the type.
    public static let cannotDecode = Self(
        name: "cannot-decode", title: "The archive does not decode as the type", status: .unprocessableContent)
    /// `unknown-type`: The type is not registered on this server.
    public static let unknownType = Self(
        name: "unknown-type", title: "The type is not registered on this server", status: .unprocessableContent)
    /// `missing-types`: The archive holds payloads of types the server does not know.
    public static let missingTypes = Self(
        name: "missing-types", title: "The archive holds payloads of types the server does not know", status: .unprocessableContent)

    // The server's state.
    /// `server-busy`: The server is busy.
    public static let serverBusy = Self(name: "server-busy", title: "The server is busy", status: .serviceUnavailable)
    /// `too-many-connections`: The server has too many connections.
    public static let tooManyConnections = Self(
        name: "too-many-connections", title: "The server has too many connections", status: .serviceUnavailable)
    /// `deadline-exceeded`: The request took longer than the server allows.
    public static let deadlineExceeded = Self(
        name: "deadline-exceeded", title: "The request took longer than the server allows", status: .serviceUnavailable)
    /// `shutting-down`: The server is shutting down.
    public static let shuttingDown = Self(name: "shutting-down", title: "The server is shutting down", status: .serviceUnavailable)
    /// `internal-error`: The server failed.
    public static let internalError = Self(name: "internal-error", title: "The server failed", status: .internalServerError)
}
