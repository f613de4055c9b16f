import Foundation
import GraphCodable
import SeededRandom
import Testing

@testable import GraphHTTP

/// HTTP/1.1 as clients use it: keep-alive, pipelining, both body framings, `Expect`,
/// HTTP/1.0, and errors that close the connection.
@Suite struct ServerProtocolTests {
    @Test func hundredsOfRequestsOnOneConnection() throws {
        let server = try TestServer()
        let connection = try server.connect()
        for index in 0 ..< 300 {
            if index.isMultiple(of: 3) {
                try connection.request("POST", "/v1/validate", body: TestModels.nativesArchive)
                #expect(try connection.readResponse().status == 200)
            } else {
                try connection.request("GET", "/healthz")
                #expect(try connection.readResponse().status == 200)
            }
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let server = try TestServer()
        let connection = try server.connect()
        var requests = ""
        for path in ["/healthz", "/nowhere", "/readyz", "/healthz"] { requests += "GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n" }
        try connection.write(requests)
        #expect(try (0 ..< 4).map { _ in try connection.readResponse().status } == [200, 404, 200, 200])
    }

    /// Thousands of pipelined requests with quick answers, sent at once: each answer starts
    /// the next request, and the connection carries them out one after another, not each
    /// inside the last (which would overflow the stack).
    @Test func thousandsOfPipelinedQuickRequestsAreAnsweredInOrder() throws {
        let server = try TestServer()
        let connection = try server.connect()
        let paths = (0 ..< 5_000).map { $0.isMultiple(of: 2) ? "/healthz" : "/nowhere" }
        let requests = paths.map { "GET \($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined()
        let writer = Thread { try? connection.write(requests) } // the answers are read meanwhile
        writer.start()
        let statuses = try paths.map { _ in try connection.readResponse().status }
        #expect(statuses == paths.map { $0 == "/healthz" ? 200 : 404 })
    }

    /// Reading pauses while a request is worked on; the bytes that come meanwhile raise no
    /// event once it resumes, and must still be read. After urgent data, a read stops at its
    /// mark, short of the bytes after it: they too must be read once the request before them
    /// is answered (by the workers: reading has paused again when the answer comes).
    @Test(arguments: [false, true]) func requestsSentWhileAnotherIsWorkedOnAreAnswered(afterUrgentData: Bool) throws {
        let server = try TestServer()
        let gate = TestModels.Gate()
        defer { gate.open() }
        let connection = try server.connect()
        try connection.request("POST", "/v1/decode?type=Held", body: gate.archive)
        Thread.sleep(forTimeInterval: 0.2)
        if afterUrgentData {
            try connection.writeUrgent("POST /v1/validate HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc!")
        }
        try connection.request("GET", "/healthz")
        Thread.sleep(forTimeInterval: 0.2)
        gate.open()
        let expected = afterUrgentData ? [200, 422, 200] : [200, 200]
        #expect(try expected.map { _ in try connection.readResponse().status } == expected)
    }

    /// A client's close is read after its last answer, whether it came in the request's
    /// segment or while the request was worked on: the connection ends then, not at its idle
    /// timeout. The request comes on a connection already in use, whose socket is watched.
    @Test(arguments: [false, true]) func aClientsCloseEndsTheConnectionAfterItsAnswer(whileWorking: Bool) throws {
        let server = try TestServer { $0.idleTimeout = .seconds(60) }
        let gate = TestModels.Gate()
        defer { gate.open() }
        let connection = try server.connect()
        try connection.request("GET", "/healthz")
        #expect(try connection.readResponse().status == 200)
        if !whileWorking { connection.cork() }
        try connection.request("POST", "/v1/decode?type=Held", body: gate.archive)
        if whileWorking { Thread.sleep(forTimeInterval: 0.2) }
        connection.shutdownWrites()
        Thread.sleep(forTimeInterval: 0.2)
        gate.open()
        #expect(try connection.readResponse().status == 200)
        #expect(connection.isClosedByServer(within: 2))
    }

    @Test func largeUploadsInBothFramings() throws {
        let server = try TestServer()
        var generator = SplitMix64(seed: 20)
        let archive = try GraphEncoder().encode(Data((0 ..< 20_000_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })) as Bytes
        #expect(archive.count > 20_000_000)
        let connection = try server.connect()
        try connection.request("POST", "/v1/validate", body: archive)
        #expect(try connection.readResponse().json["valid"] as? Bool == true)

        var chunked = Array("POST /v1/validate HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        var offset = 0
        while offset < archive.count {
            let size = min(1 << 20, archive.count - offset)
            chunked += Array("\(String(size, radix: 16));piece=\(offset)\r\n".utf8) + archive[offset ..< offset + size] + [13, 10]
            offset += size
        }
        chunked += Array("0\r\n\r\n".utf8)
        try connection.write(chunked)
        #expect(try connection.readResponse().json["valid"] as? Bool == true)
    }

    @Test func expectContinueIsAnsweredAtOnce() throws {
        let server = try TestServer()
        let connection = try server.connect()
        let archive = TestModels.graphArchive
        try connection.write("POST /v1/validate HTTP/1.1\r\nHost: t\r\nContent-Length: \(archive.count)\r\nExpect: 100-continue\r\n\r\n")
        let interim = try connection.readResponse()
        #expect(interim.status == 100)
        try connection.write(archive)
        #expect(try connection.readResponse().status == 200)
    }

    @Test func oversizedUploadsAreRefusedBeforeTheirBody() throws {
        let server = try TestServer { $0.maximumUploadBytes = 1000 }
        let connection = try server.connect()
        try connection.write("POST /v1/dump HTTP/1.1\r\nHost: t\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(response.header("Connection") == "close")
        #expect(response.json["type"] as? String == "urn:graphcodable:problem:upload-too-large")
        #expect(connection.isClosedByServer())
    }

    /// An upload to a path that does not take it is answered from its head: the client need
    /// not send the body (nor does it get a 100 Continue).
    @Test(arguments: [("POST /nowhere", 404), ("POST /healthz", 405)]) func uploadsWithoutARouteAreRefusedBeforeTheirBody(
        _ line: String, _ status: Int
    ) throws {
        let server = try TestServer()
        let connection = try server.connect()
        try connection.write("\(line) HTTP/1.1\r\nHost: t\r\nContent-Length: 50000000\r\nExpect: 100-continue\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == status)
        #expect(response.header("Connection") == "close")
        #expect(connection.isClosedByServer())
    }

    @Test func httpOneZeroAndConnectionClose() throws {
        let server = try TestServer()
        let old = try server.connect()
        try old.write("GET /healthz HTTP/1.0\r\n\r\n")
        let response = try old.readResponse()
        #expect(response.status == 200)
        #expect(old.isClosedByServer())
        let keptAlive = try server.connect()
        try keptAlive.write("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try keptAlive.readResponse().header("Connection") == "keep-alive")
        try keptAlive.write("GET /healthz HTTP/1.0\r\n\r\n")
        #expect(try keptAlive.readResponse().status == 200)
        let closing = try server.connect()
        try closing.write("GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(try closing.readResponse().header("Connection") == "close")
        #expect(closing.isClosedByServer())
    }

    @Test func malformedRequestsAre400AndClose() throws {
        let server = try TestServer()
        for raw in [
            "GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
            "POST /v1/dump HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n",
            "POST /v1/dump HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            "GET /healthz HTTP/1.1\r\n\r\n",
        ] {
            let connection = try server.connect()
            try connection.write(raw)
            let response = try connection.readResponse()
            #expect(response.status == 400, "\(raw)")
            #expect(response.json["type"] as? String == "urn:graphcodable:problem:malformed-request")
            #expect(connection.isClosedByServer())
        }
    }

    @Test func requestIDsAreKeptOrMade() throws {
        let server = try TestServer()
        let kept = try server.exchange("GET", "/healthz", headers: ["X-Request-Id": "abc-123"])
        #expect(kept.header("X-Request-Id") == "abc-123")
        let replaced = try server.exchange("GET", "/healthz", headers: ["X-Request-Id": "bad id with spaces"])
        #expect(replaced.header("X-Request-Id")?.count == 32)
        let longest = String(repeating: "a", count: 128)
        #expect(try server.exchange("GET", "/healthz", headers: ["X-Request-Id": longest]).header("X-Request-Id") == longest)
        let tooLong = try server.exchange("GET", "/healthz", headers: ["X-Request-Id": longest + "a"])
        #expect(tooLong.header("X-Request-Id")?.count == 32)
    }

    @Test func textAnswersAreGzippedWhenAccepted() throws {
        let server = try TestServer()
        let plain = try server.exchange("POST", "/v1/json?pretty=true", body: TestModels.graphArchive)
        let gzipped = try server.exchange(
            "POST", "/v1/json?pretty=true", headers: ["Accept-Encoding": "gzip"], body: TestModels.graphArchive)
        #expect(gzipped.header("Content-Encoding") == "gzip")
        #expect(gzipped.header("Vary") == "Accept-Encoding")
        #expect(try SystemGzip.decompress(gzipped.body) == plain.body)
        let archive = try server.exchange(
            "POST", "/v1/convert?internalBinaryIOVersion=2", headers: ["Accept-Encoding": "gzip"], body: TestModels.graphArchive)
        #expect(archive.header("Content-Encoding") == nil)
        let bodiless = try server.exchange("OPTIONS", "/v1/json", headers: ["Accept-Encoding": "gzip"])
        #expect(bodiless.status == 204)
        #expect(bodiless.header("Content-Encoding") == nil)
        // One coding, however many the client offers.
        let offered = try server.exchange(
            "POST", "/v1/dump", headers: ["Accept-Encoding": "br, gzip, deflate, gzip;q=0.5"], body: TestModels.graphArchive)
        #expect(offered.headers("content-encoding") == ["gzip"])
    }

    @Test func corsIsOffByDefaultAndOnForAllowedOrigins() throws {
        let closed = try TestServer()
        #expect(
            try closed.exchange("GET", "/healthz", headers: ["Origin": "https://a.example"]).header("Access-Control-Allow-Origin") == nil)
        let open = try TestServer { $0.cors = CORSPolicy(allowedOrigins: ["https://a.example"]) }
        let allowed = try open.exchange("GET", "/nowhere", headers: ["Origin": "https://a.example"])
        #expect(allowed.headers("Access-Control-Allow-Origin") == ["https://a.example"])
        #expect(allowed.headers("Vary").contains("Origin"))
        let other = try open.exchange("GET", "/healthz", headers: ["Origin": "https://b.example"])
        #expect(other.header("Access-Control-Allow-Origin") == nil)
        #expect(other.headers("Vary").contains("Origin"))
        let preflight = try open.exchange(
            "OPTIONS", "/v1/dump", headers: ["Origin": "https://a.example", "Access-Control-Request-Method": "POST"])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Methods") == "POST, OPTIONS")
        #expect(preflight.header("Access-Control-Allow-Origin") == "https://a.example")
    }
}
