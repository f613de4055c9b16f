import Testing

@testable import GraphHTTP

/// Response heads and chunks are written byte for byte as RFC 9112 spells them.
@Suite struct ResponseWritingTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A head of `status` and `headers`, written line by line.
    static func head(_ status: HTTPStatus, _ headers: HTTPHeaders = HTTPHeaders(), after previous: [UInt8] = []) -> String {
        var bytes = previous
        ResponseHead.writeStatusLine(status, to: &bytes)
        for field in headers { ResponseHead.writeField(field.name, field.value, to: &bytes) }
        ResponseHead.writeEnd(to: &bytes)
        return text(bytes)
    }

    @Test func writesTheStatusLineFieldsAndEmptyLine() {
        #expect(
            Self.head(.ok, ["Content-Type": "text/plain", "Content-Length": "5"])
                == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n")
    }

    @Test func appendsAfterWhatIsAlreadyThere() {
        #expect(Self.head(.noContent, after: Array("previous".utf8)) == "previousHTTP/1.1 204 No Content\r\n\r\n")
    }

    @Test func writesAnyStatusWithItsPhrase() {
        #expect(
            Self.head(.requestHeaderFieldsTooLarge, ["Connection": "close"])
                == "HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n")
    }

    @Test func aReasonPhraseCannotBreakTheStatusLine() {
        #expect(Self.head(HTTPStatus(code: 299, reasonPhrase: "Odd\r\nX-Evil: 1")) == "HTTP/1.1 299 Odd  X-Evil: 1\r\n\r\n")
    }

    @Test func aFieldValueCannotBreakItsLine() {
        var headers = HTTPHeaders()
        headers.add(name: "Location", value: "/a\r\n\r\n<html>")
        #expect(Self.head(.created, headers) == "HTTP/1.1 201 Created\r\nLocation: /a    <html>\r\n\r\n")
    }

    @Test func writesNumbersAsDigits() {
        for length in [0, 7, 1_000_000, Int.max] {
            var bytes: [UInt8] = []
            ResponseHead.writeField("Content-Length", length, to: &bytes)
            #expect(Self.text(bytes) == "Content-Length: \(length)\r\n")
        }
    }

    @Test func continueIsTheInterimResponse() {
        #expect(Self.text(ResponseHead.continueBytes) == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(Self.head(.continue) == Self.text(ResponseHead.continueBytes))
    }

    /// Every answer's head: the answer's own fields, less those the server sets, then the
    /// server's, whatever case the answer spelt their names in.
    @Test func theServersFieldsTakeThePlaceOfTheAnswersOwn() {
        let response = Response(
            status: .ok,
            headers: [
                "Content-Type": "application/json", "content-length": "999", "Transfer-Encoding": "gzip",
                "connection": "upgrade", "DATE": "yesterday", "x-request-id": "theirs", "Retry-After": "1",
            ], body: Array("{}".utf8))
        let framing = ResponseFraming(requestMethod: .get, requestVersion: .http1_1, status: .ok, bodyLength: 2, keepAlive: false)
        var bytes: [UInt8] = []
        let before = ResponseDecorator.httpDate()
        ResponseDecorator(cors: CORSPolicy()).writeHead(of: response, for: nil, requestID: "ours", framing: framing, to: &bytes)
        let after = ResponseDecorator.httpDate()
        var lines = Self.text(bytes).components(separatedBy: "\r\n")
        let date = lines.remove(at: 4)
        #expect(date == "Date: \(before)" || date == "Date: \(after)")
        #expect(
            lines == [
                "HTTP/1.1 200 OK", "Content-Type: application/json", "Retry-After: 1", "X-Request-Id: ours",
                "Content-Length: 2", "Connection: close", "", "",
            ])
    }

    /// With CORS on, an answer to an allowed origin carries each CORS field once, the
    /// server's value in place of the handler's, and `Vary: Origin` beside its own `Vary`.
    @Test func corsFieldsAreWrittenOnce() throws {
        let line = try RequestLine(parsing: Array("GET /a HTTP/1.1".utf8)[...])
        let head = try RequestHead(line, headers: ["Host": "t", "Origin": "https://a.example"])
        let response = Response(
            status: .ok,
            headers: [
                "access-control-allow-origin": "https://b.example", "Vary": "Accept-Encoding",
            ])
        let framing = ResponseFraming(requestMethod: .get, requestVersion: .http1_1, status: .ok, bodyLength: 0, keepAlive: true)
        var bytes: [UInt8] = []
        ResponseDecorator(cors: CORSPolicy(allowedOrigins: ["https://a.example"]))
            .writeHead(of: response, for: head, requestID: "ours", framing: framing, to: &bytes)
        let fields = Self.text(bytes).components(separatedBy: "\r\n").dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), String(line[line.index(colon, offsetBy: 2)...]))
        }
        func values(_ name: String) -> [String] { fields.filter { $0.0 == name }.map(\.1) }
        #expect(values("access-control-allow-origin") == ["https://a.example"])
        #expect(values("access-control-expose-headers").count == 1)
        #expect(values("vary") == ["Accept-Encoding", "Origin"])
        #expect(values("x-request-id") == ["ours"])
        #expect(values("content-length") == ["0"])
    }

    @Test func framesAChunkWithItsHexSize() {
        var bytes: [UInt8] = []
        ChunkedEncoding.appendChunk("hello".utf8, to: &bytes)
        ChunkedEncoding.appendChunk(Array(repeating: UInt8(ascii: "x"), count: 26), to: &bytes)
        #expect(Self.text(bytes) == "5\r\nhello\r\n1a\r\n" + String(repeating: "x", count: 26) + "\r\n")
    }

    @Test func anEmptyChunkIsNotWrittenSinceItWouldEndTheBody() {
        var bytes: [UInt8] = []
        ChunkedEncoding.appendChunk([UInt8](), to: &bytes)
        #expect(bytes.isEmpty)
    }

    @Test func theLastChunkEndsTheBody() {
        #expect(Self.text(ChunkedEncoding.lastChunk) == "0\r\n\r\n")
    }

    /// A chunked body written here reads back through the request parser.
    @Test func chunksReadBackThroughTheParser() throws {
        var bytes = Array("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        let pieces = ["graph", String(repeating: "codable", count: 100), "!"]
        for piece in pieces { ChunkedEncoding.appendChunk(piece.utf8, to: &bytes) }
        bytes += ChunkedEncoding.lastChunk
        let outcome = ParseOutcome(pieces: Split.whole(bytes))
        #expect(outcome.error == nil)
        #expect(outcome.events.dropFirst() == [.text(pieces.joined()), .end])
    }
}
