import Testing

@testable import GraphHTTP

/// Header fields keep their order and spelling, are looked up without case, and cannot
/// smuggle a line break onto the wire.
@Suite struct HTTPHeadersTests {
    let headers: HTTPHeaders = [
        "Host": "example.com",
        "Accept": "text/html, application/json ;q=0.9",
        "accept": " , */*,, ",
        "Connection": "Keep-Alive, Upgrade",
    ]

    @Test func keepsOrderAndSpelling() {
        #expect(headers.map(\.name) == ["Host", "Accept", "accept", "Connection"])
        #expect(headers[2].value == ", */*,,")
    }

    @Test func firstIgnoresCase() {
        #expect(headers.first("ACCEPT") == "text/html, application/json ;q=0.9")
        #expect(headers.first("host") == "example.com")
        #expect(headers.first("Hos") == nil)
    }

    /// Case is ignored for ASCII letters only, and nothing else: two spellings that Swift's
    /// `==` calls equal (canonically equivalent, even of one UTF-8 length) are different bytes.
    @Test func ignoringCaseComparesBytesNotCharacters() {
        #expect(ASCII.equalsIgnoringCase("X-Request-ID", "x-request-id"))
        #expect("A\u{30A}" == "\u{212B}" && "A\u{30A}".utf8.count == "\u{212B}".utf8.count)
        #expect(!ASCII.equalsIgnoringCase("A\u{30A}", "\u{212B}"))
        #expect(!ASCII.equalsIgnoringCase("\u{E9}", "\u{C9}"))
    }

    @Test func valuesJoinsLinesSplitsCommasTrimsAndDropsEmptyElements() {
        #expect(headers.values("Accept") == ["text/html", "application/json ;q=0.9", "*/*"])
        #expect(headers.values("Missing") == [])
    }

    @Test func containsTokenIgnoresCase() {
        #expect(headers.contains(token: "keep-alive", in: "connection"))
        #expect(headers.contains(token: "UPGRADE", in: "Connection"))
        #expect(!headers.contains(token: "close", in: "Connection"))
        #expect(!headers.contains(token: "keep", in: "Connection"))
        #expect(!headers.contains(token: "example.com", in: "Accept"))
    }

    @Test func addAppendsEvenWhenTheNameIsThere() {
        var headers = headers
        headers.add(name: "HOST", value: "other")
        #expect(headers.count == 5)
        #expect(headers.first("host") == "example.com")
        #expect(headers.count(of: "Host") == 2)
    }

    @Test func replaceSetsTheFirstInPlaceAndRemovesTheOthers() {
        var headers = headers
        headers.replace(name: "ACCEPT", value: "*/*")
        #expect(Array(headers) == Array(["Host": "example.com", "ACCEPT": "*/*", "Connection": "Keep-Alive, Upgrade"] as HTTPHeaders))
        headers.replace(name: "X-New", value: "1")
        #expect(headers.last?.name == "X-New")
    }

    @Test func removeRemovesEveryFieldWithTheName() {
        var headers = headers
        headers.remove(name: "Accept")
        #expect(headers.map(\.name) == ["Host", "Connection"])
    }

    @Test func lineBreaksAndNULInValuesBecomeSpaces() {
        var headers = HTTPHeaders()
        headers.add(name: "X-Injected", value: "a\r\nSet-Cookie: evil\0")
        headers.replace(name: "X-Trimmed", value: " \t b\n")
        #expect(headers[0].value == "a  Set-Cookie: evil")
        #expect(headers[1].value == "b")
    }

    @Test func valuesWithoutUnsafeBytesAreKeptAsGiven() {
        var headers = HTTPHeaders()
        headers.add(name: "X-Plain", value: "a b\tc café")
        #expect(headers[0].value == "a b\tc café")
    }
}
