@testable import GraphHTTP
import Testing

/// Response heads and chunks are written byte for byte as RFC 9112 spells them.
@Suite struct ResponseWritingTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func writesTheStatusLineFieldsAndEmptyLine() {
        let head = ResponseHead(status: .ok, headers: ["Content-Type": "text/plain", "Content-Length": "5"])
        var bytes: [UInt8] = []
        head.write(to: &bytes)
        #expect(Self.text(bytes) == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n")
    }

    @Test func appendsAfterWhatIsAlreadyThere() {
        var bytes = Array("previous".utf8)
        ResponseHead(status: .noContent).write(to: &bytes)
        #expect(Self.text(bytes) == "previousHTTP/1.1 204 No Content\r\n\r\n")
    }

    @Test func writesAnyStatusWithItsPhrase() {
        var bytes: [UInt8] = []
        ResponseHead(status: .requestHeaderFieldsTooLarge, headers: ["Connection": "close"]).write(to: &bytes)
        #expect(Self.text(bytes) == "HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n")
    }

    @Test func aReasonPhraseCannotBreakTheStatusLine() {
        var bytes: [UInt8] = []
        ResponseHead(status: HTTPStatus(code: 299, reasonPhrase: "Odd\r\nX-Evil: 1")).write(to: &bytes)
        #expect(Self.text(bytes) == "HTTP/1.1 299 Odd  X-Evil: 1\r\n\r\n")
    }

    @Test func aFieldValueCannotBreakItsLine() {
        var headers = HTTPHeaders()
        headers.add(name: "Location", value: "/a\r\n\r\n<html>")
        var bytes: [UInt8] = []
        ResponseHead(status: .created, headers: headers).write(to: &bytes)
        #expect(Self.text(bytes) == "HTTP/1.1 201 Created\r\nLocation: /a    <html>\r\n\r\n")
    }

    @Test func continueIsTheInterimResponse() {
        #expect(Self.text(ResponseHead.continueBytes) == "HTTP/1.1 100 Continue\r\n\r\n")
        var bytes: [UInt8] = []
        ResponseHead(status: .continue).write(to: &bytes)
        #expect(bytes == ResponseHead.continueBytes)
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
