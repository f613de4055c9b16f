import Testing

@testable import GraphHTTP

/// The facts derived from a request head: path and query, and whether the connection persists.
@Suite struct RequestHeadTests {
    /// The head of `request` parsed whole, or the error parsing it.
    static func head(_ request: String) throws(HTTPParseError) -> RequestHead? {
        var parser = RequestParser()
        parser.append(request.utf8)
        guard case .head(let head)? = try parser.next() else { return nil }
        return head
    }

    @Test(
        arguments: [
            ("/", "/", nil),
            ("/a/b?c=d&e", "/a/b", "c=d&e"),
            ("/a?", "/a", ""),
            ("/a?b?c", "/a", "b?c"),
            ("/%3F?x=%3F", "/%3F", "x=%3F"),
            ("http://h", "/", nil),
            ("http://h?x", "/", "x"),
            ("HTTPS://h:8443/p/q?r", "/p/q", "r"),
            ("svn+ssh://h/repo", "/repo", nil),
        ] as [(String, String, String?)])
    func splitsPathAndQuery(target: String, path: String, query: String?) throws {
        let head = try Self.head("GET \(target) HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(head?.path == path)
        #expect(head?.query == query)
        #expect(head?.target == target)
    }

    @Test(
        arguments: [
            (HTTPVersion.http1_1, nil, true),
            (.http1_1, "close", false),
            (.http1_1, "Keep-Alive, CLOSE", false),
            (.http1_1, "upgrade", true),
            (.http1_0, nil, false),
            (.http1_0, "keep-alive", true),
            (.http1_0, "KEEP-ALIVE", true),
            (.http1_0, "keep-alive, close", false),
            (.http1_0, "keep-alives", false),
        ] as [(HTTPVersion, String?, Bool)])
    func decidesKeepAlive(version: HTTPVersion, connection: String?, keepAlive: Bool) throws {
        let connectionLine = connection.map { "Connection: \($0)\r\n" } ?? ""
        let head = try Self.head("GET / \(version)\r\nHost: h\r\n\(connectionLine)\r\n")
        #expect(head?.keepAlive == keepAlive)
    }

    @Test func factsAreDerivedFromFieldsSpeltInAnyCase() throws {
        let head = try #require(try Self.head("POST /x HTTP/1.1\r\nHost: h\r\nexpect: 100-CONTINUE\r\ntransfer-encoding: CHUNKED\r\n\r\n"))
        #expect(head.expectsContinue)
        #expect(head.bodyLength == .chunked)
        #expect(head.method == .post)
        #expect(head.version == .http1_1)
    }
}
