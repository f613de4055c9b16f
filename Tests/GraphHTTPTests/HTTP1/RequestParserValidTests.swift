import SeededRandom
import Testing

@testable import GraphHTTP

/// A well-formed input and the events it must give, however it is split.
struct ValidInput: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let events: [Parsed]

    init(_ name: String, _ bytes: [UInt8], _ events: [Parsed]) {
        (self.name, self.bytes, self.events) = (name, bytes, events)
    }

    init(_ name: String, _ text: String, _ events: [Parsed]) {
        self.init(name, Array(text.utf8), events)
    }

    var testDescription: String { name }
}

/// Valid requests give the same events whole, one byte at a time, cut in two at every
/// point, and all joined in random pieces (as swift-nio's ByteToMessageDecoderVerifier does).
@Suite struct RequestParserValidTests {
    static let inputs: [ValidInput] = [
        ValidInput(
            "GET", "GET /index.html HTTP/1.1\r\nHost: example.com\r\n\r\n",
            [
                .head(.init(.get, "/index.html", headers: ["Host": "example.com"])), .end,
            ]),
        ValidInput(
            "HEAD with a query", "HEAD /search?q=graph&n=1 HTTP/1.1\r\nHost: h\r\nAccept: */*\r\n\r\n",
            [
                .head(.init(.head, "/search?q=graph&n=1", headers: ["Host": "h", "Accept": "*/*"], path: "/search", query: "q=graph&n=1")),
                .end,
            ]),
        ValidInput(
            "POST with Content-Length",
            "POST /graphs HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{\"a\":[1,2,3]}",
            [
                .head(
                    .init(
                        .post, "/graphs", headers: ["Host": "h", "Content-Type": "application/json", "Content-Length": "13"],
                        bodyLength: .length(13))),
                .text("{\"a\":[1,2,3]}"), .end,
            ]),
        ValidInput(
            "POST chunked, with extensions and trailers",
            "POST /upload HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;name=value\r\nhello\r\nA ; quoted=\"a \\\" b\";flag\r\n, world!!!\r\n000\r\nChecksum: abc\r\nX-Trailer: 1\r\n\r\n",
            [
                .head(.init(.post, "/upload", headers: ["Host": "h", "Transfer-Encoding": "chunked"], bodyLength: .chunked)),
                .text("hello, world!!!"), .end,
            ]),
        ValidInput(
            "chunked in any case, hex digits in any case",
            "PUT /p HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\n\r\n1a\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\n\r\n",
            [
                .head(.init(.put, "/p", headers: ["Host": "h", "Transfer-Encoding": "Chunked"], bodyLength: .chunked)),
                .text("abcdefghijklmnopqrstuvwxyz"), .end,
            ]),
        ValidInput(
            "POST with an empty body", "POST /empty HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n",
            [
                .head(.init(.post, "/empty", headers: ["Host": "h", "Content-Length": "0"], bodyLength: .length(0))), .end,
            ]),
        ValidInput(
            "identical Content-Length values", "POST /same HTTP/1.1\r\nHost: h\r\nContent-Length: 3, 3\r\nContent-Length: 003\r\n\r\nabc",
            [
                .head(
                    .init(
                        .post, "/same", headers: ["Host": "h", "Content-Length": "3, 3", "Content-Length": "003"], bodyLength: .length(3))),
                .text("abc"), .end,
            ]),
        ValidInput(
            "a later HTTP/1.x is served as HTTP/1.1", "GET /v HTTP/1.7\r\nHost: h\r\n\r\n",
            [
                .head(.init(.get, "/v", headers: ["Host": "h"])), .end,
            ]),
        ValidInput(
            "HTTP/1.0 without keep-alive", "GET / HTTP/1.0\r\n\r\n",
            [
                .head(.init(.get, "/", .http1_0, headers: [:])), .end,
            ]),
        ValidInput(
            "HTTP/1.0 with keep-alive", "GET /a HTTP/1.0\r\nConnection: Keep-Alive\r\nHost: h\r\n\r\n",
            [
                .head(.init(.get, "/a", .http1_0, headers: ["Connection": "Keep-Alive", "Host": "h"], keepAlive: true)), .end,
            ]),
        ValidInput(
            "HTTP/1.1 with Connection: close", "GET / HTTP/1.1\r\nHost: h\r\nConnection: TE, close\r\n\r\n",
            [
                .head(.init(.get, "/", headers: ["Host": "h", "Connection": "TE, close"], keepAlive: false)), .end,
            ]),
        ValidInput(
            "Expect: 100-continue", "PUT /x HTTP/1.1\r\nHost: h\r\nExpect: 100-Continue\r\nContent-Length: 4\r\n\r\nbody",
            [
                .head(
                    .init(
                        .put, "/x", headers: ["Host": "h", "Expect": "100-Continue", "Content-Length": "4"],
                        expectsContinue: true, bodyLength: .length(4))),
                .text("body"), .end,
            ]),
        ValidInput(
            "HTTP/1.0 Expect: 100-continue is ignored", "POST /x HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\nz",
            [
                .head(.init(.post, "/x", .http1_0, headers: ["Expect": "100-continue", "Content-Length": "1"], bodyLength: .length(1))),
                .text("z"), .end,
            ]),
        ValidInput(
            "a pipelined pair", "GET /1 HTTP/1.1\r\nHost: h\r\n\r\nPOST /2 HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc",
            [
                .head(.init(.get, "/1", headers: ["Host": "h"])), .end,
                .head(.init(.post, "/2", headers: ["Host": "h", "Content-Length": "3"], bodyLength: .length(3))), .text("abc"), .end,
            ]),
        ValidInput(
            "a pipelined chunked pair",
            "POST /1 HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n"
                + "POST /2 HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nc\r\n0\r\n\r\n",
            [
                .head(.init(.post, "/1", headers: ["Host": "h", "Transfer-Encoding": "chunked"], bodyLength: .chunked)), .text("ab"), .end,
                .head(.init(.post, "/2", headers: ["Host": "h", "Transfer-Encoding": "chunked"], bodyLength: .chunked)), .text("c"), .end,
            ]),
        ValidInput(
            "empty lines before the request line", "\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n",
            [
                .head(.init(.get, "/", headers: ["Host": "h"])), .end,
            ]),
        ValidInput(
            "obs-text in field values",
            Array("GET / HTTP/1.1\r\nHost: h\r\nX-Name: café\r\nX-Latin: ".utf8) + [0xE9, 0x74, 0xE9] + Array("\r\n\r\n".utf8),
            [
                .head(.init(.get, "/", headers: ["Host": "h", "X-Name": "café", "X-Latin": "\u{FFFD}t\u{FFFD}"])), .end,
            ]),
        ValidInput(
            "whitespace around values, empty values",
            "GET / HTTP/1.1\r\nHost:h\r\nX-Spaces: \t a  b \t\r\nX-Empty:\r\nX-Blank:   \r\n\r\n",
            [
                .head(.init(.get, "/", headers: ["Host": "h", "X-Spaces": "a  b", "X-Empty": "", "X-Blank": ""])), .end,
            ]),
        ValidInput(
            "absolute-form target", "GET http://example.com:8080/graphs/1?format=json HTTP/1.1\r\nHost: example.com:8080\r\n\r\n",
            [
                .head(
                    .init(
                        .get, "http://example.com:8080/graphs/1?format=json", headers: ["Host": "example.com:8080"],
                        path: "/graphs/1", query: "format=json")),
                .end,
            ]),
        ValidInput(
            "asterisk-form target", "OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n",
            [
                .head(.init(.options, "*", headers: ["Host": "h"])), .end,
            ]),
        ValidInput(
            "authority-form target", "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
            [
                .head(.init(.connect, "example.com:443", headers: ["Host": "example.com:443"])), .end,
            ]),
        ValidInput(
            "an extension method and an empty Host", "PROPFIND /dav HTTP/1.1\r\nHost:\r\n\r\n",
            [
                .head(.init(HTTPMethod(rawValue: "PROPFIND"), "/dav", headers: ["Host": ""])), .end,
            ]),
    ]

    @Test(arguments: inputs)
    func parsesWhole(_ input: ValidInput) {
        Self.check(Split.whole(input.bytes), gives: input.events)
    }

    @Test(arguments: inputs)
    func parsesOneByteAtATime(_ input: ValidInput) {
        Self.check(Split.byteByByte(input.bytes), gives: input.events)
    }

    @Test(arguments: inputs)
    func parsesCutInTwoAtEveryPoint(_ input: ValidInput) {
        for pieces in Split.allTwoPieceSplits(input.bytes) {
            guard Self.check(pieces, gives: input.events, "cut after \(pieces[0].count) bytes") else { return }
        }
    }

    @Test(arguments: [1, 7, 64, 1024])
    func parsesAllInputsJoinedInRandomPieces(maximumPieceSize: Int) {
        let bytes = Self.inputs.flatMap(\.bytes)
        for seed in UInt64(1) ... 10 {
            var generator = SplitMix64(seed: seed)
            let pieces = Split.random(bytes, maximumSize: maximumPieceSize, using: &generator)
            Self.check(pieces, gives: Self.inputs.flatMap(\.events), "seed \(seed)")
        }
    }

    /// Records an issue naming the first difference if `pieces` do not give `events`.
    @discardableResult
    static func check(
        _ pieces: [ArraySlice<UInt8>], gives events: [Parsed], _ context: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        guard let difference = ParseOutcome(pieces: pieces).difference(from: ParseOutcome(events: events)) else { return true }
        Issue.record("\(context) \(difference)", sourceLocation: sourceLocation)
        return false
    }
}
