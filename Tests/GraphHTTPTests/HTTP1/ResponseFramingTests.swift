import Testing

@testable import GraphHTTP

/// One row of the framing decision table: the request and response, and what must follow.
struct FramingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let method: HTTPMethod
    let version: HTTPVersion
    let status: HTTPStatus
    let bodyLength: Int?
    let keepAlive: Bool
    let announcement: ResponseFraming.Announcement
    let body: ResponseFraming.BodyCoding
    let staysOpen: Bool
    /// The framing and connection fields written, in order.
    let fields: [String]

    var testDescription: String { name }
}

/// The framing of every kind of response: Content-Length, chunked, close-delimited, none;
/// HEAD keeps its framing fields; the connection header follows the decision.
@Suite struct ResponseFramingTests {
    static let cases: [FramingCase] = [
        FramingCase(
            name: "GET, HTTP/1.1, known length", method: .get, version: .http1_1, status: .ok, bodyLength: 5, keepAlive: true,
            announcement: .contentLength(5), body: .identity, staysOpen: true, fields: ["Content-Length: 5"]),
        FramingCase(
            name: "GET, HTTP/1.1, streamed", method: .get, version: .http1_1, status: .ok, bodyLength: nil, keepAlive: true,
            announcement: .chunked, body: .chunked, staysOpen: true, fields: ["Transfer-Encoding: chunked"]),
        FramingCase(
            name: "GET, HTTP/1.0 keep-alive, known length", method: .get, version: .http1_0, status: .ok, bodyLength: 0,
            keepAlive: true, announcement: .contentLength(0), body: .identity, staysOpen: true,
            fields: ["Content-Length: 0", "Connection: keep-alive"]),
        FramingCase(
            name: "GET, HTTP/1.0 keep-alive, streamed", method: .get, version: .http1_0, status: .ok, bodyLength: nil,
            keepAlive: true, announcement: .none, body: .identity, staysOpen: false, fields: ["Connection: close"]),
        FramingCase(
            name: "GET, HTTP/1.0, known length", method: .get, version: .http1_0, status: .ok, bodyLength: 3, keepAlive: false,
            announcement: .contentLength(3), body: .identity, staysOpen: false, fields: ["Content-Length: 3", "Connection: close"]),
        FramingCase(
            name: "HEAD, HTTP/1.1, known length", method: .head, version: .http1_1, status: .ok, bodyLength: 5, keepAlive: true,
            announcement: .contentLength(5), body: .none, staysOpen: true, fields: ["Content-Length: 5"]),
        FramingCase(
            name: "HEAD, HTTP/1.1, streamed", method: .head, version: .http1_1, status: .ok, bodyLength: nil, keepAlive: true,
            announcement: .chunked, body: .none, staysOpen: true, fields: ["Transfer-Encoding: chunked"]),
        FramingCase(
            name: "HEAD, HTTP/1.0 keep-alive, streamed", method: .head, version: .http1_0, status: .ok, bodyLength: nil,
            keepAlive: true, announcement: .none, body: .none, staysOpen: true, fields: ["Connection: keep-alive"]),
        FramingCase(
            name: "204", method: .delete, version: .http1_1, status: .noContent, bodyLength: 0, keepAlive: true,
            announcement: .none, body: .none, staysOpen: true, fields: []),
        FramingCase(
            name: "304", method: .get, version: .http1_1, status: .notModified, bodyLength: 120, keepAlive: true,
            announcement: .none, body: .none, staysOpen: true, fields: []),
        FramingCase(
            name: "304 to HEAD", method: .head, version: .http1_1, status: .notModified, bodyLength: nil, keepAlive: true,
            announcement: .none, body: .none, staysOpen: true, fields: []),
        FramingCase(
            name: "1xx", method: .get, version: .http1_1, status: .continue, bodyLength: nil, keepAlive: true,
            announcement: .none, body: .none, staysOpen: true, fields: []),
        FramingCase(
            name: "an error that closes", method: .post, version: .http1_1, status: .badRequest, bodyLength: 42, keepAlive: false,
            announcement: .contentLength(42), body: .identity, staysOpen: false, fields: ["Content-Length: 42", "Connection: close"]),
        FramingCase(
            name: "a streamed answer that closes", method: .get, version: .http1_1, status: .ok, bodyLength: nil, keepAlive: false,
            announcement: .chunked, body: .chunked, staysOpen: false, fields: ["Transfer-Encoding: chunked", "Connection: close"]),
    ]

    @Test(arguments: cases)
    func decides(_ row: FramingCase) {
        let framing = ResponseFraming(
            requestMethod: row.method, requestVersion: row.version, status: row.status,
            bodyLength: row.bodyLength, keepAlive: row.keepAlive)
        #expect(framing.announcement == row.announcement)
        #expect(framing.body == row.body)
        #expect(framing.keepAlive == row.staysOpen)
        var bytes: [UInt8] = []
        framing.writeFields(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == row.fields.map { $0 + "\r\n" }.joined())
    }
}
