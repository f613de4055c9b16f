/// Every kind of error the service answers, each with its stable `type`
/// (`urn:graphcodable:problem:<name>`), title and status.
extension Problem.Kind {
    // The request itself.
    public static let malformedRequest = Self(name: "malformed-request", title: "The request is not valid HTTP/1.1", status: .badRequest)
    public static let targetTooLong = Self(name: "target-too-long", title: "The request line is too long", status: .uriTooLong)
    public static let headersTooLarge = Self(name: "headers-too-large", title: "The header fields are too large", status: .requestHeaderFieldsTooLarge)
    public static let uploadTooLarge = Self(name: "upload-too-large", title: "The upload is larger than the server accepts", status: .contentTooLarge)
    public static let unsupportedExpectation = Self(name: "unsupported-expectation", title: "The expectation is not supported", status: .expectationFailed)
    public static let unsupportedTransferCoding = Self(name: "unsupported-transfer-coding", title: "The transfer coding is not supported", status: .notImplemented)
    public static let unsupportedVersion = Self(name: "unsupported-http-version", title: "The HTTP version is not supported", status: .httpVersionNotSupported)
    public static let requestTimeout = Self(name: "request-timeout", title: "The request did not arrive in time", status: .requestTimeout)

    // Routing.
    public static let notFound = Self(name: "not-found", title: "No such resource", status: .notFound)
    public static let methodNotAllowed = Self(name: "method-not-allowed", title: "The method is not allowed on this resource", status: .methodNotAllowed)
    public static let unsupportedMediaType = Self(name: "unsupported-media-type", title: "The upload's media type is not supported", status: .unsupportedMediaType)
    public static let invalidUpload = Self(name: "invalid-upload", title: "The upload cannot be read", status: .badRequest)
    public static let invalidParameter = Self(name: "invalid-parameter", title: "A query parameter is invalid", status: .badRequest)

    // Archives.
    public static let invalidArchive = Self(name: "invalid-archive", title: "The archive is invalid", status: .unprocessableContent)
    public static let archiveLimitExceeded = Self(name: "archive-limit-exceeded", title: "The archive exceeds the server's limits", status: .unprocessableContent)
    public static let invalidArchiveJSON = Self(name: "invalid-archive-json", title: "The JSON is not a valid archive", status: .unprocessableContent)
    public static let cannotDecode = Self(name: "cannot-decode", title: "The archive does not decode as the type", status: .unprocessableContent)
    public static let unknownType = Self(name: "unknown-type", title: "The type is not registered on this server", status: .unprocessableContent)
    public static let missingTypes = Self(name: "missing-types", title: "The archive holds payloads of types the server does not know", status: .unprocessableContent)

    // The server's state.
    public static let serverBusy = Self(name: "server-busy", title: "The server is busy", status: .serviceUnavailable)
    public static let tooManyConnections = Self(name: "too-many-connections", title: "The server has too many connections", status: .serviceUnavailable)
    public static let deadlineExceeded = Self(name: "deadline-exceeded", title: "The request took longer than the server allows", status: .serviceUnavailable)
    public static let shuttingDown = Self(name: "shutting-down", title: "The server is shutting down", status: .serviceUnavailable)
    public static let internalError = Self(name: "internal-error", title: "The server failed", status: .internalServerError)
}
