import Testing

@testable import GraphHTTP

/// A malformed or hostile input, the status it must be answered with and the error's message.
struct HostileInput: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let status: HTTPStatus
    let reason: String
    let limits: HTTPParserLimits

    init(_ name: String, _ bytes: [UInt8], _ status: HTTPStatus, because reason: String, limits: HTTPParserLimits = HTTPParserLimits()) {
        (self.name, self.bytes, self.status, self.reason, self.limits) = (name, bytes, status, reason, limits)
    }

    init(_ name: String, _ text: String, _ status: HTTPStatus, because reason: String, limits: HTTPParserLimits = HTTPParserLimits()) {
        self.init(name, Array(text.utf8), status, because: reason, limits: limits)
    }

    /// A request whose head is `GET / HTTP/1.1`, a `Host` and then `fields`.
    init(_ name: String, fields: String, _ status: HTTPStatus, because reason: String) {
        self.init(name, "GET / HTTP/1.1\r\nHost: h\r\n" + fields + "\r\n", status, because: reason)
    }

    /// A chunked POST whose body is `body`.
    init(
        _ name: String, chunkedBody body: String, _ status: HTTPStatus, because reason: String,
        limits: HTTPParserLimits = HTTPParserLimits()
    ) {
        self.init(
            name, "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n" + body, status,
            because: reason, limits: limits)
    }

    var testDescription: String { name }
}

/// Malformed and hostile requests are answered with the right status, whole or one byte at a
/// time, and without buffering more than the limits allow.
@Suite struct RequestParserErrorTests {
    static let inputs: [HostileInput] = requestLines + fieldLines + hosts + framing + chunks + limits + expectations

    static let requestLines: [HostileInput] = [
        HostileInput(
            "two spaces after the method", "GET  / HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest,
            because: "request line: empty request target"),
        HostileInput(
            "a space after the version", "GET / HTTP/1.1 \r\nHost: h\r\n\r\n", .badRequest,
            because: "request line: malformed HTTP version"),
        HostileInput(
            "a tab for a space", "GET\t/ HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest,
            because: "request line: byte 0x09 in the method"),
        HostileInput(
            "no version", "GET /\r\nHost: h\r\n\r\n", .badRequest,
            because: "request line: no space after the request target"),
        HostileInput(
            "a method that is not a token", "G@T / HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest,
            because: "request line: byte 0x40 in the method"),
        HostileInput(
            "a line starting with a space", " GET / HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest,
            because: "request line: byte 0x20 cannot start a method"),
        HostileInput(
            "DEL in the target", "GET /a\u{7F} HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest,
            because: "request line: byte 0x7F in the request target"),
        HostileInput(
            "a non-ASCII target", "GET /café HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest,
            because: "request line: byte 0xC3 in the request target"),
        HostileInput(
            "a relative target", "GET graphs HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest,
            because: "request target: neither a path, an absolute URI nor *"),
        HostileInput(
            "* for GET", "GET * HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest,
            because: "request target: only OPTIONS may target *"),
        HostileInput(
            "a path for CONNECT", "CONNECT /x HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest,
            because: "request target: CONNECT needs the authority form host:port"),
        HostileInput(
            "lower-case HTTP", "GET / http/1.1\r\nHost: h\r\n\r\n", .badRequest,
            because: "request line: malformed HTTP version"),
        HostileInput(
            "a two-digit minor version", "GET / HTTP/1.10\r\nHost: h\r\n\r\n", .badRequest,
            because: "request line: malformed HTTP version"),
        HostileInput(
            "a version without a dot", "GET / HTTP/11\r\nHost: h\r\n\r\n", .badRequest,
            because: "request line: malformed HTTP version"),
        HostileInput(
            "HTTP/2.0", "GET / HTTP/2.0\r\nHost: h\r\n\r\n", .httpVersionNotSupported,
            because: "request line: HTTP/2.0 is not supported"),
        HostileInput(
            "HTTP/0.9", "GET / HTTP/0.9\r\n\r\n", .httpVersionNotSupported,
            because: "request line: HTTP/0.9 is not supported"),
        HostileInput(
            "the HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", .httpVersionNotSupported,
            because: "request line: HTTP/2.0 is not supported"),
        HostileInput("bare LF line ends", "GET / HTTP/1.1\nHost: h\n\n", .badRequest, because: "request line: LF without CR"),
        HostileInput(
            "bare CR line ends", "GET / HTTP/1.1\rHost: h\r\r", .badRequest,
            because: "request line: CR not followed by LF"),
        HostileInput(
            "a bare LF empty line first", "\nGET / HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest,
            because: "request line: LF without CR"),
        HostileInput(
            "a TLS handshake", [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03], .badRequest,
            because: "request line: byte 0x16 cannot start a method"),
        HostileInput(
            "nine empty lines first", String(repeating: "\r\n", count: 9) + "GET / HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest,
            because: "request line: more than 8 empty lines before it"),
    ]

    static let fieldLines: [HostileInput] = [
        HostileInput(
            "a space before the colon", fields: "X-A : 1\r\n", .badRequest,
            because: "field line 2: whitespace in the field name or before the colon"),
        HostileInput(
            "a tab before the colon", fields: "X-A\t: 1\r\n", .badRequest,
            because: "field line 2: whitespace in the field name or before the colon"),
        HostileInput(
            "obs-fold", fields: "X-A: 1\r\n  continued\r\n", .badRequest,
            because: "field line 3: starts with whitespace (obs-fold is not allowed)"),
        HostileInput(
            "obs-fold with a tab", fields: "X-A: 1\r\n\tcontinued\r\n", .badRequest,
            because: "field line 3: starts with whitespace (obs-fold is not allowed)"),
        HostileInput(
            "a first field line starting with a space", "GET / HTTP/1.1\r\n Host: h\r\n\r\n", .badRequest,
            because: "field line 1: starts with whitespace (obs-fold is not allowed)"),
        HostileInput("no colon", fields: "X-A 1\r\n", .badRequest, because: "field line 2: no colon"),
        HostileInput("an empty field name", fields: ": 1\r\n", .badRequest, because: "field line 2: empty field name"),
        HostileInput(
            "a field name that is not a token", fields: "X(A): 1\r\n", .badRequest,
            because: "field line 2: byte 0x28 in the field name"),
        HostileInput("NUL in a value", fields: "X-A: a\u{0}b\r\n", .badRequest, because: "field line 2: NUL in the field value"),
        HostileInput("CR in a value", fields: "X-A: a\rb\r\n", .badRequest, because: "field line 2: CR not followed by LF"),
        HostileInput("LF in a value", fields: "X-A: a\nb\r\n", .badRequest, because: "field line 2: LF without CR"),
        HostileInput(
            "a control byte in a value", fields: "X-A: a\u{1}b\r\n", .badRequest,
            because: "field line 2: control byte 0x01 in the field value"),
        HostileInput(
            "DEL in a value", fields: "X-A: a\u{7F}\r\n", .badRequest,
            because: "field line 2: control byte 0x7F in the field value"),
        HostileInput(
            "a bare LF after the fields", "GET / HTTP/1.1\r\nHost: h\r\n\n", .badRequest,
            because: "field line 2: LF without CR"),
    ]

    static let hosts: [HostileInput] = [
        HostileInput(
            "HTTP/1.1 without Host", "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", .badRequest,
            because: "Host field: missing from an HTTP/1.1 request"),
        HostileInput("two Host lines", fields: "host: h\r\n", .badRequest, because: "Host field: more than one"),
        HostileInput(
            "two Host lines in HTTP/1.0", "GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n", .badRequest,
            because: "Host field: more than one"),
        HostileInput(
            "a Host with a space", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", .badRequest,
            because: "Host field: byte 0x20 cannot be in a host"),
        HostileInput(
            "a Host with a slash", "GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", .badRequest,
            because: "Host field: byte 0x2F cannot be in a host"),
    ]

    static let framing: [HostileInput] = [
        HostileInput(
            "Content-Length and Transfer-Encoding", fields: "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", .badRequest,
            because: "Transfer-Encoding field: sent with Content-Length"),
        HostileInput(
            "Transfer-Encoding and Content-Length", fields: "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n", .badRequest,
            because: "Transfer-Encoding field: sent with Content-Length"),
        HostileInput(
            "two different Content-Length lines", fields: "Content-Length: 5\r\nContent-Length: 6\r\n", .badRequest,
            because: "Content-Length field: different lengths 5 and 6"),
        HostileInput(
            "two different Content-Length elements", fields: "Content-Length: 5, 6\r\n", .badRequest,
            because: "Content-Length field: different lengths 5 and 6"),
        HostileInput(
            "an empty Content-Length element", fields: "Content-Length: 5,\r\n", .badRequest,
            because: "Content-Length field: \"\" is not a length"),
        HostileInput(
            "an empty Content-Length", fields: "Content-Length:\r\n", .badRequest,
            because: "Content-Length field: \"\" is not a length"),
        HostileInput(
            "a non-digit Content-Length", fields: "Content-Length: abc\r\n", .badRequest,
            because: "Content-Length field: \"abc\" is not a length"),
        HostileInput(
            "a signed Content-Length", fields: "Content-Length: +5\r\n", .badRequest,
            because: "Content-Length field: \"+5\" is not a length"),
        HostileInput(
            "a negative Content-Length", fields: "Content-Length: -1\r\n", .badRequest,
            because: "Content-Length field: \"-1\" is not a length"),
        HostileInput(
            "a hex Content-Length", fields: "Content-Length: 0x10\r\n", .badRequest,
            because: "Content-Length field: \"0x10\" is not a length"),
        HostileInput(
            "a Content-Length with a space inside", fields: "Content-Length: 1 2\r\n", .badRequest,
            because: "Content-Length field: \"1 2\" is not a length"),
        HostileInput(
            "a Content-Length that overflows", fields: "Content-Length: 99999999999999999999\r\n", .badRequest,
            because: "Content-Length field: the length overflows"),
        HostileInput(
            "Transfer-Encoding gzip", fields: "Transfer-Encoding: gzip\r\n", .badRequest,
            because: "Transfer-Encoding field: chunked is not the final coding"),
        HostileInput(
            "chunked, then gzip", fields: "Transfer-Encoding: chunked, gzip\r\n", .badRequest,
            because: "Transfer-Encoding field: chunked is not the final coding"),
        HostileInput(
            "chunked with a parameter", fields: "Transfer-Encoding: chunked;q=1\r\n", .badRequest,
            because: "Transfer-Encoding field: chunked is not the final coding"),
        HostileInput(
            "an empty Transfer-Encoding", fields: "Transfer-Encoding:\r\n", .badRequest,
            because: "Transfer-Encoding field: chunked is not the final coding"),
        HostileInput(
            "gzip, then chunked", fields: "Transfer-Encoding: gzip, chunked\r\n", .notImplemented,
            because: "Transfer-Encoding field: the coding \"gzip\" is not supported"),
        HostileInput(
            "gzip, then chunked on another line", fields: "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n",
            .notImplemented, because: "Transfer-Encoding field: the coding \"gzip\" is not supported"),
        HostileInput(
            "chunked twice", fields: "Transfer-Encoding: chunked, chunked\r\n", .badRequest,
            because: "Transfer-Encoding field: chunked more than once"),
        HostileInput(
            "Transfer-Encoding in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .badRequest,
            because: "Transfer-Encoding field: not allowed in an HTTP/1.0 request"),
    ]

    static let chunks: [HostileInput] = [
        HostileInput(
            "an empty chunk size", chunkedBody: "\r\nhello\r\n0\r\n\r\n", .badRequest,
            because: "chunk size line: empty chunk size"),
        HostileInput(
            "a non-hex chunk size", chunkedBody: "g\r\n", .badRequest,
            because: "chunk size line: byte 0x67 where the hex chunk size should start"),
        HostileInput(
            "a non-hex byte after the size", chunkedBody: "5g\r\nhello\r\n", .badRequest,
            because: "chunk size line: byte 0x67 in the chunk size"),
        HostileInput(
            "a 0x prefix", chunkedBody: "0x5\r\nhello\r\n", .badRequest,
            because: "chunk size line: byte 0x78 in the chunk size"),
        HostileInput(
            "a negative chunk size", chunkedBody: "-5\r\nhello\r\n", .badRequest,
            because: "chunk size line: byte 0x2D where the hex chunk size should start"),
        HostileInput(
            "17 hex digits", chunkedBody: "00000000000000005\r\nhello\r\n", .badRequest,
            because: "chunk size line: more than 16 hex digits"),
        HostileInput(
            "a chunk size that overflows", chunkedBody: "FFFFFFFFFFFFFFFF\r\n", .badRequest,
            because: "chunk size line: the chunk size overflows"),
        HostileInput(
            "a chunk extension without a name", chunkedBody: "5;\r\nhello\r\n", .badRequest,
            because: "chunk size line: malformed chunk extension"),
        HostileInput(
            "an unterminated quoted extension", chunkedBody: "5;a=\"b\r\nhello\r\n", .badRequest,
            because: "chunk size line: malformed chunk extension"),
        HostileInput(
            "whitespace after an extension", chunkedBody: "5;a=b \r\nhello\r\n", .badRequest,
            because: "chunk size line: malformed chunk extension"),
        HostileInput(
            "a bare LF after the chunk size", chunkedBody: "5\nhello\r\n0\r\n\r\n", .badRequest,
            because: "chunk size line: LF without CR"),
        HostileInput(
            "no CRLF after the chunk data", chunkedBody: "5\r\nhelloX\r\n0\r\n\r\n", .badRequest,
            because: "chunk data: no CRLF after the chunk's data"),
        HostileInput(
            "a bare LF after the chunk data", chunkedBody: "5\r\nhello\n0\r\n\r\n", .badRequest,
            because: "chunk data: LF without CR"),
        HostileInput(
            "obs-fold in the trailers", chunkedBody: "0\r\nX-A: 1\r\n 2\r\n\r\n", .badRequest,
            because: "trailer line 2: starts with whitespace (obs-fold is not allowed)"),
        HostileInput(
            "a trailer without a colon", chunkedBody: "0\r\nX-A\r\n\r\n", .badRequest,
            because: "trailer line 1: no colon"),
    ]

    static let limits: [HostileInput] = [
        HostileInput(
            "a request line over the limit, without its CRLF",
            "GET /" + String(repeating: "a", count: 8 * 1024), .uriTooLong,
            because: "request line: longer than 8192 bytes"),
        HostileInput(
            "a header section over the limit",
            "GET / HTTP/1.1\r\nHost: h\r\n" + String(repeating: "X-Filler: \(String(repeating: "f", count: 1000))\r\n", count: 40),
            .requestHeaderFieldsTooLarge, because: "header section: larger than 32768 bytes"),
        HostileInput(
            "a field line over the limit, without its CRLF",
            "GET / HTTP/1.1\r\nHost: h\r\nX-Big: " + String(repeating: "b", count: 32 * 1024),
            .requestHeaderFieldsTooLarge, because: "header section: larger than 32768 bytes"),
        HostileInput(
            "101 fields", "GET / HTTP/1.1\r\n" + String(repeating: "X-A: 1\r\n", count: 100) + "Host: h\r\n\r\n",
            .requestHeaderFieldsTooLarge, because: "header section: more than 100 fields"),
        HostileInput(
            "a Content-Length over the body limit, with no body bytes",
            "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 67108865\r\n\r\n", .contentTooLarge,
            because: "Content-Length field: 67108865 bytes passes the limit of 67108864"),
        HostileInput(
            "a chunk over the body limit, with no data bytes", chunkedBody: "4000001\r\n", .contentTooLarge,
            because: "chunk size line: the body passes 67108864 bytes"),
        HostileInput(
            "chunks passing the body limit together", chunkedBody: "8\r\n12345678\r\n3\r\n", .contentTooLarge,
            because: "chunk size line: the body passes 10 bytes", limits: smallLimits),
        HostileInput(
            "chunk extensions over their budget", chunkedBody: "1;a=\(String(repeating: "x", count: 70))\r\n",
            .contentTooLarge, because: "chunk size line: chunk extensions and trailers larger than 64 bytes", limits: smallLimits),
        HostileInput(
            "trailers over their budget", chunkedBody: "0\r\nX-T: \(String(repeating: "t", count: 70))\r\n\r\n",
            .requestHeaderFieldsTooLarge, because: "trailer section: chunk extensions and trailers larger than 64 bytes",
            limits: smallLimits),
        HostileInput(
            "too many trailers", chunkedBody: "0\r\n" + String(repeating: "T: 1\r\n", count: 4) + "\r\n",
            .requestHeaderFieldsTooLarge, because: "trailer section: more than 3 fields", limits: smallLimits),
    ]

    static let expectations: [HostileInput] = [
        HostileInput(
            "an unknown expectation", fields: "Expect: 200-ok\r\n", .expectationFailed,
            because: "Expect field: only 100-continue is supported"),
        HostileInput(
            "100-continue and another expectation", fields: "Expect: 100-continue, x\r\n", .expectationFailed,
            because: "Expect field: only 100-continue is supported"),
        HostileInput(
            "an empty Expect", fields: "Expect:\r\n", .expectationFailed,
            because: "Expect field: only 100-continue is supported"),
    ]

    /// Limits small enough for short inputs to pass them.
    static var smallLimits: HTTPParserLimits {
        var limits = HTTPParserLimits()
        limits.maximumHeaderSectionBytes = 64
        limits.maximumHeaderCount = 3
        limits.maximumBodyBytes = 10
        return limits
    }

    @Test(arguments: inputs)
    func failsWhole(_ input: HostileInput) {
        let outcome = ParseOutcome(pieces: Split.whole(input.bytes), limits: input.limits)
        #expect(outcome.error?.status == input.status, "\(outcome)")
        #expect(outcome.error?.message == input.reason)
        #expect(!outcome.events.contains(.end), "\(outcome)")
    }

    @Test(arguments: inputs)
    func failsTheSameOneByteAtATime(_ input: HostileInput) {
        let whole = ParseOutcome(pieces: Split.whole(input.bytes), limits: input.limits)
        let byByte = ParseOutcome(pieces: Split.byteByByte(input.bytes), limits: input.limits)
        #expect(byByte == whole)
    }
}
