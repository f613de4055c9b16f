/// How a response's body is delimited, and whether the connection stays open after it
/// (RFC 9112 §6.3 and §9.3): one decision from the request and what the response carries.
///
/// - A known length is sent with `Content-Length`.
/// - A streamed body is chunked for an HTTP/1.1 client, and ended by closing the
///   connection for an HTTP/1.0 client, which does not know chunked.
/// - 1xx, 204 and 304 responses have no body and no framing field.
/// - A response to HEAD has no body but announces the framing a GET would have had.
struct ResponseFraming: Equatable, Sendable {
    /// The framing field the head announces.
    enum Announcement: Equatable, Sendable {
        /// Neither `Content-Length` nor `Transfer-Encoding`.
        case none
        /// `Content-Length` with this many bytes.
        case contentLength(Int)
        /// `Transfer-Encoding: chunked`.
        case chunked
    }

    /// How the body's bytes are written after the head.
    enum BodyCoding: Equatable, Sendable {
        /// No body bytes at all.
        case none
        /// The bytes as they are: exactly the announced length, or until the connection closes.
        case identity
        /// Each piece with ``ChunkedEncoding/appendChunk(_:to:)``, then ``ChunkedEncoding/lastChunk``.
        case chunked
    }

    let announcement: Announcement
    let body: BodyCoding
    /// Whether the connection stays open for the next request after this response.
    let keepAlive: Bool
    /// Whether the head says `Connection: keep-alive`: an HTTP/1.0 client closes without it.
    let announcesKeepAlive: Bool

    /// The framing of a `status` response to a `requestMethod` request of `requestVersion`.
    ///
    /// - Parameters:
    ///   - bodyLength: The body's length if known (for HEAD, the length a GET would send),
    ///     or nil if the body is streamed.
    ///   - keepAlive: Whether both sides want the connection kept: the request's
    ///     ``RequestHead/keepAlive`` and the server's own wish (false after an error or
    ///     while shutting down). A body ended by closing the connection overrides it.
    init(requestMethod: HTTPMethod, requestVersion: HTTPVersion, status: HTTPStatus, bodyLength: Int?, keepAlive: Bool) {
        let canHaveBody = !status.isInformational && status.code != 204 && status.code != 304
        let getBody: BodyCoding
        switch (canHaveBody, bodyLength) {
        case (false, _):
            (announcement, getBody) = (.none, .none)
        case (true, let length?):
            (announcement, getBody) = (.contentLength(length), .identity)
        case (true, nil) where requestVersion == .http1_1:
            (announcement, getBody) = (.chunked, .chunked)
        case (true, nil):
            (announcement, getBody) = (.none, .identity)
        }
        body = requestMethod == .head ? .none : getBody
        let closeDelimited = body == .identity && announcement == .none
        self.keepAlive = keepAlive && !closeDelimited
        announcesKeepAlive = self.keepAlive && requestVersion == .http1_0
    }

    /// The names of the fields ``writeFields(to:)`` decides: a response's own fields by
    /// these names are never written.
    static let fieldNames = ["Content-Length", "Transfer-Encoding", "Connection"]

    /// Appends the framing and `Connection` field lines of this decision.
    func writeFields(to bytes: inout [UInt8]) {
        switch announcement {
        case .none: break
        case .contentLength(let length): ResponseHead.writeField("Content-Length", length, to: &bytes)
        case .chunked: ResponseHead.writeField("Transfer-Encoding", "chunked", to: &bytes)
        }
        if !keepAlive {
            ResponseHead.writeField("Connection", "close", to: &bytes)
        } else if announcesKeepAlive {
            ResponseHead.writeField("Connection", "keep-alive", to: &bytes)
        }
    }
}
