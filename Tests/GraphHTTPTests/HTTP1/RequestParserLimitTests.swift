import Testing

@testable import GraphHTTP

/// Limits are exact, checked before their input is complete, and the parser's buffer stays
/// small however many requests pass through it.
@Suite struct RequestParserLimitTests {
    /// The events or error from `text` parsed whole with `adjust` applied to the default limits.
    static func outcome(_ text: String, _ adjust: (inout HTTPParserLimits) -> Void) -> ParseOutcome {
        var limits = HTTPParserLimits()
        adjust(&limits)
        return ParseOutcome(pieces: Split.whole(Array(text.utf8)), limits: limits)
    }

    @Test func aRequestLineAtTheLimitPassesAndOneByteMoreFails() {
        let line = "GET /abc HTTP/1.1"
        let atLimit = Self.outcome(line + "\r\nHost: h\r\n\r\n") { $0.maximumRequestLineBytes = line.utf8.count }
        #expect(atLimit.error == nil && atLimit.events.last == .end)
        let overLimit = Self.outcome(line + "\r\nHost: h\r\n\r\n") { $0.maximumRequestLineBytes = line.utf8.count - 1 }
        #expect(overLimit.error?.status == .uriTooLong)
    }

    @Test func aRequestLineFailsAsSoonAsItPassesTheLimit() throws {
        var limits = HTTPParserLimits()
        limits.maximumRequestLineBytes = 10
        var parser = RequestParser(limits: limits)
        parser.append("GET /12345".utf8)
        #expect(try parser.next() == nil)
        parser.append("6".utf8)
        #expect(throws: HTTPParseError(.uriTooLong, .requestLine, "longer than 10 bytes")) { try parser.next() }
    }

    @Test func aHeaderSectionAtTheLimitPassesAndOneByteMoreFails() {
        // "Host: h\r\n" (9 bytes) and the final "\r\n" (2 bytes).
        let atLimit = Self.outcome("GET / HTTP/1.1\r\nHost: h\r\n\r\n") { $0.maximumHeaderSectionBytes = 11 }
        #expect(atLimit.error == nil && atLimit.events.last == .end)
        let overLimit = Self.outcome("GET / HTTP/1.1\r\nHost: h\r\n\r\n") { $0.maximumHeaderSectionBytes = 10 }
        #expect(overLimit.error?.status == .requestHeaderFieldsTooLarge)
    }

    @Test func aFieldCountAtTheLimitPassesAndOneMoreFails() {
        let request = "GET / HTTP/1.1\r\nHost: h\r\nA: 1\r\nB: 2\r\n\r\n"
        #expect(Self.outcome(request) { $0.maximumHeaderCount = 3 }.error == nil)
        #expect(Self.outcome(request) { $0.maximumHeaderCount = 2 }.error?.status == .requestHeaderFieldsTooLarge)
    }

    @Test func aBodyAtTheLimitPassesAndOneByteMoreFails() {
        let fixed = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nabcd"
        #expect(Self.outcome(fixed) { $0.maximumBodyBytes = 4 }.error == nil)
        #expect(Self.outcome(fixed) { $0.maximumBodyBytes = 3 }.error?.status == .contentTooLarge)
        let chunked = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n2\r\ncd\r\n0\r\n\r\n"
        #expect(Self.outcome(chunked) { $0.maximumBodyBytes = 4 }.error == nil)
        #expect(Self.outcome(chunked) { $0.maximumBodyBytes = 3 }.error?.status == .contentTooLarge)
    }

    @Test func eightEmptyLinesBeforeARequestAreSkipped() {
        let request = String(repeating: "\r\n", count: 8) + "GET / HTTP/1.1\r\nHost: h\r\n\r\n"
        #expect(Self.outcome(request) { _ in }.events.last == .end)
    }

    @Test func aHeadOverTheBodyLimitFailsBeforeAnyBodyByte() throws {
        var parser = RequestParser()
        parser.append("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 67108865\r\n\r\n".utf8)
        #expect(throws: HTTPParseError(.contentTooLarge, .field("Content-Length"), "67108865 bytes passes the limit of 67108864")) {
            try parser.next()
        }
    }

    @Test func aFailedParserKeepsFailingAndDropsNewBytes() throws {
        var parser = RequestParser()
        parser.append("GET / HTTP/9.9\r\n".utf8)
        let error = HTTPParseError(.httpVersionNotSupported, .requestLine, "HTTP/9.9 is not supported")
        #expect(throws: error) { try parser.next() }
        parser.append("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        #expect(throws: error) { try parser.next() }
        #expect(parser.unconsumedByteCount == 0)
    }

    @Test func bodyEventsComeAsTheBytesArrive() throws {
        var parser = RequestParser()
        parser.append("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nab".utf8)
        guard case .head? = try parser.next() else {
            Issue.record("no head")
            return
        }
        #expect(try parser.next() == .body(Array("ab".utf8)[...]))
        #expect(try parser.next() == nil)
        parser.append("cdeGET".utf8)
        #expect(try parser.next() == .body(Array("cde".utf8)[...]))
        #expect(try parser.next() == .end)
        #expect(try parser.next() == nil)
        #expect(parser.unconsumedByteCount == 3)
    }

    @Test func theBufferStaysCompactAcrossManyKeepAliveRequests() throws {
        let request = Array("POST /graphs HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n0123456789".utf8)
        let stream = Array(Array(repeating: request, count: 5_000).joined())
        // Pieces of a size that rarely ends with a request, so the buffer is seldom empty.
        let pieceSize = 37
        var parser = RequestParser()
        var ends = 0
        var largestBuffer = 0
        for pieceStart in stride(from: stream.startIndex, to: stream.endIndex, by: pieceSize) {
            parser.append(stream[pieceStart ..< min(pieceStart + pieceSize, stream.endIndex)])
            while let event = try parser.next() {
                if event == .end { ends += 1 }
            }
            largestBuffer = max(largestBuffer, parser.buffer.count)
        }
        #expect(ends == 5_000)
        #expect(largestBuffer <= 2 * (request.count + pieceSize))
        #expect(parser.unconsumedByteCount == 0)
    }

    @Test func manyPipelinedRequestsInOneAppendAreAllParsed() throws {
        let request = "GET / HTTP/1.1\r\nHost: h\r\n\r\n"
        var parser = RequestParser()
        parser.append(String(repeating: request, count: 1_000).utf8)
        var heads = 0
        while let event = try parser.next() {
            if case .head = event { heads += 1 }
        }
        #expect(heads == 1_000)
        #expect(parser.unconsumedByteCount == 0)
        parser.append(request.utf8)
        #expect(parser.buffer.count == request.utf8.count)
    }
}
