import Foundation
import GraphCodable
import Synchronization
import Testing

@testable import GraphHTTP

/// The service over real sockets: routing, every endpoint, problem answers.
@Suite struct ServerBasicsTests {
    @Test func healthAndReadiness() throws {
        let server = try TestServer()
        let health = try server.exchange("GET", "/healthz")
        #expect(health.status == 200)
        #expect(health.text == "ok\n")
        #expect(health.header("X-Request-Id")?.count == 32)
        #expect(try server.exchange("GET", "/readyz").status == 200)
        let head = try server.exchange("HEAD", "/healthz")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "3")
        #expect(head.body.isEmpty)
    }

    /// HEAD answers with GET's fields, the real length among them, and no body.
    @Test(arguments: ["/", "/openapi.yaml", "/readyz"]) func headAnswersAsGetWould(_ path: String) throws {
        let server = try TestServer()
        let get = try server.exchange("GET", path)
        let head = try server.exchange("HEAD", path)
        #expect(get.status == 200)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == String(get.body.count))
        #expect(head.header("Content-Type") == get.header("Content-Type"))
        #expect(head.body.isEmpty)
        // Compressed answers too announce the length GET would send compressed.
        let gzipGet = try server.exchange("GET", path, headers: ["Accept-Encoding": "gzip"])
        let gzipHead = try server.exchange("HEAD", path, headers: ["Accept-Encoding": "gzip"])
        #expect(gzipHead.header("Content-Length") == String(gzipGet.body.count))
        #expect(gzipHead.header("Content-Encoding") == gzipGet.header("Content-Encoding"))
    }

    /// The contract served is the repository's file, byte for byte; every JSON answer, and
    /// every problem, ends with a line break.
    @Test func servedDocumentsAreTheFilesAndJSONEndsWithALineBreak() throws {
        let server = try TestServer()
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../openapi.yaml")
        #expect(try server.exchange("GET", "/openapi.yaml").body == Array(try Data(contentsOf: file)))
        for (method, target) in [
            ("POST", "/v1/typemap"), ("POST", "/v1/validate"), ("POST", "/v1/json"), ("POST", "/v1/json?pretty"),
            ("POST", "/v1/decode?type=Node"), ("GET", "/nowhere"), ("POST", "/v1/decode"),
        ] {
            let answer = try server.exchange(method, target, body: method == "POST" ? TestModels.graphArchive : [])
            #expect(answer.body.last == UInt8(ascii: "\n"), "\(method) \(target): \(answer.text.suffix(40))")
        }
    }

    /// Health, readiness and metrics are never cached; the page and the contract carry a
    /// strong entity tag (another for their gzipped form) and are answered 304 while a
    /// client holds them; a 404 names the nearest route and the contract.
    @Test func cachesAreToldWhatToKeep() throws {
        let server = try TestServer()
        for path in ["/healthz", "/readyz", "/metrics"] {
            #expect(try server.exchange("GET", path).header("Cache-Control") == "no-store", "\(path)")
        }
        for path in ["/", "/openapi.yaml"] {
            let plain = try server.exchange("GET", path)
            let tag = try #require(plain.header("ETag"))
            #expect(plain.header("Cache-Control") == "no-cache" && tag.hasPrefix("\"") && !tag.hasPrefix("W/"))
            let gzipped = try server.exchange("GET", path, headers: ["Accept-Encoding": "gzip"])
            let gzipTag = try #require(gzipped.header("ETag"))
            #expect(gzipTag != tag)
            let unchanged = try server.exchange("GET", path, headers: ["If-None-Match": "\"other\", \(tag)"])
            #expect(unchanged.status == 304 && unchanged.body.isEmpty && unchanged.header("ETag") == tag)
            let unchangedGzip = try server.exchange("GET", path, headers: ["If-None-Match": gzipTag, "Accept-Encoding": "gzip"])
            #expect(unchangedGzip.status == 304 && unchangedGzip.header("ETag") == gzipTag)
            #expect(try server.exchange("GET", path, headers: ["If-None-Match": "\"other\""]).status == 200)
        }
        let missing = try server.exchange("POST", "/v1/dupm", body: TestModels.graphArchive)
        #expect(missing.status == 404)
        #expect(
            (missing.json["detail"] as? String)?.contains("the nearest is POST /v1/dump; every route is in /openapi.yaml") == true,
            "\(missing.text)")
    }

    /// The inspector page is self-contained, and its policy lets it run nothing but its own
    /// inline style and script (the browser check in CI shows it runs under that policy).
    @Test func theInspectorPageIsSelfContainedAndLockedDown() throws {
        let page = try TestServer().exchange("GET", "/")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        let policy = try #require(page.header("Content-Security-Policy"))
        #expect(policy == InspectorPage.contentSecurityPolicy)
        #expect(policy.hasPrefix("default-src 'none'; script-src 'sha256-"))
        #expect(page.header("X-Content-Type-Options") == "nosniff")
        #expect(page.header("Referrer-Policy") == "no-referrer")
        // The SVG namespace is a name, not a resource.
        let text = page.text.replacingOccurrences(of: "\"http://www.w3.org/2000/svg\"", with: "")
        for external in ["<script src", "<link rel=\"stylesheet", "http://", "https://"] {
            #expect(!text.contains(external), "the page refers to \(external)")
        }
        #expect(page.text.components(separatedBy: "<script>").count == 2)
        #expect(page.text.components(separatedBy: "<style>").count == 2)
    }

    /// Samples are listed, and each is made once, when first asked for.
    @Test func samplesAreListedAndMadeOnce() throws {
        let made = Mutex(0)
        let sample = SampleArchive(name: "graph", summary: "a graph") {
            made.withLock { $0 += 1 }
            return TestModels.graphArchive
        }
        let server = try TestServer(samples: [sample])
        let list = try server.exchange("GET", "/v1/samples")
        #expect(list.status == 200)
        let entries = try #require(list.json["samples"] as? [[String: String]])
        #expect(entries == [["name": "graph", "summary": "a graph", "path": "/v1/samples/graph"]])
        for _ in 0 ..< 2 {
            let archive = try server.exchange("GET", "/v1/samples/graph")
            #expect(archive.status == 200 && archive.body == TestModels.graphArchive)
            #expect(archive.header("Content-Type") == "application/octet-stream")
        }
        #expect(made.withLock { $0 } == 1)
        #expect(try server.exchange("GET", "/v1/samples/other").status == 404)
    }

    @Test func unknownRoutesAndMethods() throws {
        let server = try TestServer()
        let missing = try server.exchange("GET", "/nowhere")
        #expect(missing.status == 404)
        #expect(missing.header("Content-Type") == "application/problem+json")
        #expect(missing.json["type"] as? String == "urn:graphcodable:problem:not-found")
        let wrongMethod = try server.exchange("GET", "/v1/dump")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.header("Allow") == "POST, OPTIONS")
        let options = try server.exchange("OPTIONS", "/healthz")
        #expect(options.status == 204)
        #expect(options.header("Allow") == "GET, HEAD, OPTIONS")
    }

    @Test func dumpOfRawAndMultipartUploads() throws {
        let server = try TestServer()
        let raw = try server.exchange(
            "POST", "/v1/dump?header", headers: ["Content-Type": "application/octet-stream"], body: TestModels.graphArchive)
        #expect(raw.status == 200)
        #expect(raw.text.contains("= HEADER ="))
        #expect(raw.text.contains("\"shared\""))
        let boundary = "----graphtest"
        let form =
            Array(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"g.graph\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                    .utf8)
            + TestModels.graphArchive + Array("\r\n--\(boundary)--\r\n".utf8)
        let multipart = try server.exchange(
            "POST", "/v1/dump", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"], body: form)
        #expect(multipart.status == 200)
        #expect(multipart.text.contains("\"shared\""))
        #expect(!multipart.text.contains("= HEADER ="))
    }

    @Test func invalidArchivesAreProblems() throws {
        let server = try TestServer()
        var archive = TestModels.graphArchive
        archive.removeLast(5)
        let truncated = try server.exchange("POST", "/v1/dump", body: archive)
        #expect(truncated.status == 422)
        #expect(truncated.json["type"] as? String == "urn:graphcodable:problem:invalid-archive")
        #expect(truncated.json["status"] as? Int == 422)
        #expect((truncated.json["detail"] as? String)?.isEmpty == false)
        let unsupported = try server.exchange("POST", "/v1/dump", headers: ["Content-Type": "text/plain"], body: TestModels.graphArchive)
        #expect(unsupported.status == 415)
        let badQuery = try server.exchange("POST", "/v1/dump?header=maybe", body: TestModels.graphArchive)
        #expect(badQuery.status == 400)
        #expect(badQuery.json["type"] as? String == "urn:graphcodable:problem:invalid-parameter")
        let unknownVersion = try server.exchange("POST", "/v1/convert?internalBinaryIOVersion=9", body: TestModels.graphArchive)
        #expect(unknownVersion.status == 400)
        #expect(unknownVersion.json["type"] as? String == "urn:graphcodable:problem:invalid-parameter")
    }

    /// Nothing silently does nothing: a parameter an endpoint does not take (a typo) is
    /// answered 400 from the head, naming it and those the endpoint takes, on every route;
    /// a conversion with no target is a 400 naming the parameters it takes.
    @Test func unknownParametersAndEmptyConversionsAreRefused() throws {
        let server = try TestServer()
        let typo = try server.exchange("POST", "/v1/convert?binaryIOversion=1", body: TestModels.graphArchive)
        #expect(typo.status == 400)
        #expect(typo.json["type"] as? String == "urn:graphcodable:problem:invalid-parameter")
        #expect(typo.json["parameter"] as? String == "binaryIOversion")
        #expect(typo.json["parameters"] as? [String] == ["binaryIOVersion", "internalBinaryIOVersion"])
        #expect((typo.json["detail"] as? String)?.contains("\"binaryIOversion\": unknown; POST /v1/convert takes") == true, "\(typo.text)")
        for target in [
            "/v1/dump?help=true", "/v1/json?indent", "/v1/archive?x", "/v1/typemap?resolve=1", "/v1/validate?strict",
            "/v1/diff?max=3", "/v1/decode?type=Node&as=x",
        ] {
            let answer = try server.exchange("POST", target, body: TestModels.graphArchive)
            #expect(answer.status == 400, "\(target): \(answer.text)")
            #expect(answer.json["type"] as? String == "urn:graphcodable:problem:invalid-parameter", "\(target)")
        }
        for target in ["/healthz?x=1", "/readyz?verbose", "/metrics?name=x", "/openapi.yaml?v=2", "/?archive=x"] {
            let answer = try server.exchange("GET", target)
            #expect(answer.status == 400, "\(target): \(answer.text)")
            #expect((answer.json["detail"] as? String)?.contains("takes no query parameters") == true, "\(target)")
        }
        let legend = try server.exchange("POST", "/v1/dump?legend=true", body: TestModels.graphArchive)
        #expect(legend.status == 200)
        let untargeted = try server.exchange("POST", "/v1/convert", body: TestModels.graphArchive)
        #expect(untargeted.status == 400)
        #expect((untargeted.json["detail"] as? String)?.contains("binaryIOVersion, internalBinaryIOVersion") == true, "\(untargeted.text)")
    }

    @Test func jsonFormAndBack() throws {
        let server = try TestServer()
        let json = try server.exchange("POST", "/v1/json", body: TestModels.graphArchive)
        #expect(json.status == 200)
        #expect(json.header("Content-Type") == "application/json")
        #expect(!json.text.dropLast().contains("\n") && json.text.hasSuffix("}\n"))
        let pretty = try server.exchange("POST", "/v1/json?pretty=true", body: TestModels.graphArchive)
        #expect(pretty.text.contains("\n  "))
        let back = try server.exchange("POST", "/v1/archive", headers: ["Content-Type": "application/json"], body: json.body)
        #expect(back.status == 200)
        #expect(back.body == TestModels.graphArchive)
        #expect(
            try server.exchange("POST", "/v1/archive", headers: ["Content-Type": "application/json"], body: Array("{}".utf8)).status == 422)
    }

    @Test func typeMapValidationConversionAndDecoding() throws {
        let server = try TestServer()
        let types = try server.exchange("POST", "/v1/typemap", body: TestModels.graphArchive)
        #expect(types.status == 200)
        let entries = types.json["types"] as? [[String: Any]] ?? []
        #expect(entries.contains { ($0["name"] as? String)?.hasSuffix("Node") == true && $0["resolvable"] as? Bool == true })

        let valid = try server.exchange("POST", "/v1/validate", body: TestModels.graphArchive)
        #expect(valid.status == 200)
        #expect(valid.json["valid"] as? Bool == true)
        var flipped = TestModels.graphArchive
        flipped[flipped.count - 3] ^= 0xFF
        let invalid = try server.exchange("POST", "/v1/validate", body: flipped)
        #expect(invalid.status == 422)
        #expect(invalid.json["valid"] as? Bool == false)

        let converted = try server.exchange(
            "POST", "/v1/convert?internalBinaryIOVersion=2&binaryIOVersion=3", body: TestModels.readingsArchive)
        #expect(converted.status == 200)
        let archive = try GraphArchive(bytes: converted.body)
        #expect(archive.internalBinaryIOVersion == 2)
        #expect(archive.userBinaryIOVersion == 3)
        #expect(
            try GraphDecoder().decode([TestModels.Reading].self, from: converted.body) == [
                .init(sensor: 7, value: 1.5), .init(sensor: 8, value: -2),
            ])

        let unknownTypes = try TestServer(registry: GTypeRegistry())
        let missing = try unknownTypes.exchange("POST", "/v1/convert?binaryIOVersion=3", body: TestModels.readingsArchive)
        #expect(missing.status == 422)
        #expect(missing.json["type"] as? String == "urn:graphcodable:problem:missing-types")

        let decoded = try server.exchange("POST", "/v1/decode?type=Node", body: TestModels.graphArchive)
        #expect(decoded.status == 200, "\(decoded.text)")
        #expect(decoded.json["decoded"] as? Bool == true)
        #expect((decoded.json["decodedClasses"] as? [String])?.isEmpty == false)
        let unknown = try server.exchange("POST", "/v1/decode?type=Nothing", body: TestModels.graphArchive)
        #expect(unknown.status == 422)
        #expect(unknown.json["type"] as? String == "urn:graphcodable:problem:unknown-type")
    }

    @Test func metricsCountRequestsByRoute() throws {
        let server = try TestServer()
        _ = try server.exchange("GET", "/healthz")
        _ = try server.exchange("GET", "/random/\(UUID())")
        // An exchange is counted once it has ended, which may be just after its client read the answer.
        try server.waitForMetric("graph_server_requests_total{route=\"/healthz\",method=\"GET\",status=\"200\"} 1")
        try server.waitForMetric("graph_server_requests_total{route=\"other\",method=\"GET\",status=\"404\"} 1")
        let metrics = try server.exchange("GET", "/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.text.contains("graph_server_open_connections"))
    }
}
