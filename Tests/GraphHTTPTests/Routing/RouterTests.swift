import Testing

@testable import GraphHTTP

/// The route table alone: exact paths, HEAD answered by GET, 405 with the methods a path
/// answers, 404 for any other path.
@Suite struct RouterTests {
    static let router = Router([
        Route(.get, "/a") { _ in .text("get a") },
        Route(.post, "/a") { _ in .text("post a") },
        Route(.post, "/b") { _ in .text("post b") },
    ])

    static func answer(_ match: Router.Match) throws -> String {
        guard case .route(let route) = match else { return "no route" }
        let line = try RequestLine(parsing: Array("\(route.method.rawValue) \(route.path) HTTP/1.1".utf8)[...])
        let request = Request(head: try RequestHead(line, headers: ["Host": "t"]), body: [], id: "test")
        return String(decoding: try route.handler(request).body, as: UTF8.self)
    }

    @Test func eachMethodAndPathFindsItsRoute() throws {
        #expect(try Self.answer(Self.router.match(.get, "/a")) == "get a")
        #expect(try Self.answer(Self.router.match(.post, "/a")) == "post a")
        #expect(try Self.answer(Self.router.match(.post, "/b")) == "post b")
    }

    @Test func headIsAnsweredByGet() throws {
        #expect(try Self.answer(Self.router.match(.head, "/a")) == "get a")
        guard case .methodNotAllowed(let methods) = Self.router.match(.head, "/b") else {
            Issue.record("HEAD on a POST-only path must be 405")
            return
        }
        #expect(methods == [.post])
    }

    @Test func otherMethodsOnAKnownPathAre405WithTheAllowedOnes() {
        guard case .methodNotAllowed(let methods) = Self.router.match(.delete, "/a") else {
            Issue.record("DELETE /a must be 405")
            return
        }
        #expect(Set(methods) == [.get, .head, .post])
        #expect(Self.router.allowedMethods(for: "/b") == [.post])
    }

    @Test func unknownPathsAre404() {
        for path in ["/", "/a/", "/A", "/a/b", "/b?x=1", ""] {
            guard case .notFound = Self.router.match(.get, path) else {
                Issue.record("\(path) must be unknown")
                continue
            }
        }
        #expect(Self.router.allowedMethods(for: "/c").isEmpty)
    }

    @Test func theTableListsEveryRoute() {
        #expect(Self.router.table == ["GET /a", "POST /a", "POST /b"])
    }
}
