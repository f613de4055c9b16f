import Foundation
import GraphCodable
import Testing

@testable import GraphHTTP

/// Every archive endpoint answers, over real sockets, what GraphCodable itself makes of the
/// archive: for natives, a class graph with sharing and a cycle, and opaque user payloads.
@Suite struct ServerAnswersTests {
    struct Sample: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        /// The registered type it decodes as.
        let typeName: String
        var testDescription: String { name }
    }

    static let samples = [
        Sample(name: "natives", bytes: TestModels.nativesArchive, typeName: _typeName([String: [Double]].self)),
        Sample(name: "graph", bytes: TestModels.graphArchive, typeName: "Node"),
        Sample(name: "opaque payloads", bytes: TestModels.readingsArchive, typeName: _typeName([TestModels.Reading].self)),
        Sample(name: "a plain Codable model", bytes: TestModels.shelterArchive, typeName: "Shelter"),
    ]

    static let server = Result { try TestServer() }

    @Test(arguments: samples) func dumpsAreTheLibrarysDumps(_ sample: Sample) throws {
        let server = try Self.server.get()
        let decoder = GraphDecoder(registry: TestModels.registry)
        // The service names value types in the body, as it names classes.
        let named = GraphDumpOptions.readable.union(.showValueTypeNames)
        for (query, options) in [
            ("", named), ("?header=true&typemap=true&keymap=true", named.union([.showHeader, .showReferenceMap, .showKeyMap])),
        ] {
            let answer = try server.exchange("POST", "/v1/dump" + query, body: sample.bytes)
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(answer.text == (try decoder.dump(from: sample.bytes, options: options)) + "\n")
        }
        let values = try server.exchange("POST", "/v1/dump", body: GraphEncoder().encode(TestModels.Chain(length: 1)) as Bytes)
        #expect(values.text.contains("- VAL GraphHTTPTests.TestModels.Chain\n"), "\(values.text)")
    }

    @Test(arguments: samples) func jsonFormsAreTheLibrarysAndComeBack(_ sample: Sample) throws {
        let server = try Self.server.get()
        let archive = try GraphArchive(bytes: sample.bytes)
        for pretty in [false, true] {
            let answer = try server.exchange("POST", "/v1/json?pretty=\(pretty)", body: sample.bytes)
            #expect(answer.status == 200)
            #expect(Data(answer.body) == (try archive.jsonData(indented: pretty)) + Data("\n".utf8))
            let back = try server.exchange("POST", "/v1/archive", headers: ["Content-Type": "application/json"], body: answer.body)
            #expect(back.status == 200)
            #expect(back.body == sample.bytes)
        }
    }

    @Test(arguments: samples) func typeMapsListTheArchivesTypes(_ sample: Sample) throws {
        let server = try Self.server.get()
        let answer = try server.exchange("POST", "/v1/typemap", body: sample.bytes)
        #expect(answer.status == 200)
        let names = (answer.json["types"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        let expected = try GraphDecoder(registry: TestModels.registry).typeMap(from: sample.bytes).map(\.qualifiedName)
        #expect(names == expected)
    }

    @Test(arguments: samples) func statisticsAreTheLibrarysAndAddUp(_ sample: Sample) throws {
        let server = try Self.server.get()
        let answer = try server.exchange("POST", "/v1/stats?limit=1&largest=2", body: sample.bytes)
        #expect(answer.status == 200)
        let statistics = try GraphDecoder().statistics(from: sample.bytes, limit: 1, largestValueCount: 2)
        #expect(answer.body == JSONBody.encode(StatisticsAnswer(statistics)) + Array("\n".utf8))
        let json = answer.json
        func bytes(_ list: String) -> Int { (json[list] as? [[String: Any]] ?? []).compactMap { $0["bytes"] as? Int }.reduce(0, +) }
        func other(_ name: String) -> Int { (json[name] as? [String: Any])?["bytes"] as? Int ?? -1 }
        let tables = ["headerBytes", "typeTableBytes", "keyTableBytes"].compactMap { json[$0] as? Int }.reduce(0, +)
        #expect(tables + bytes("types") + other("otherTypes") + (json["untypedBytes"] as? Int ?? -1) == sample.bytes.count)
        #expect(tables + bytes("keys") + other("otherKeys") + (json["unkeyedBytes"] as? Int ?? -1) == sample.bytes.count)
        #expect(bytes("rootParts") + other("otherParts") == json["bodyBytes"] as? Int)
        #expect((json["largestValues"] as? [Any])?.count == min(2, statistics.largestValues.count))

        #expect(try server.exchange("POST", "/v1/stats?limit=10001", body: sample.bytes).status == 400)
        #expect(try server.exchange("POST", "/v1/stats", body: Array(sample.bytes.dropLast())).status == 422)
    }

    @Test func objectGraphsAreTheLibrarysInJSONAndDOT() throws {
        let server = try Self.server.get()
        let bytes = TestModels.graphArchive
        let answer = try server.exchange("POST", "/v1/graph?depth=2&limit=50", body: bytes)
        #expect(answer.status == 200)
        let graph = try GraphDecoder().objectGraph(from: bytes, depth: 2, limit: 50)
        #expect(answer.body == JSONBody.encode(ObjectGraphAnswer(graph)) + Array("\n".utf8))
        #expect((answer.json["nodes"] as? [Any])?.count == graph.nodes.count && graph.nodes.count > 1)
        let dot = try server.exchange("POST", "/v1/graph?format=dot&depth=2&limit=50", body: bytes)
        #expect(dot.header("Content-Type") == "text/vnd.graphviz; charset=utf-8" && dot.text == graph.dot + "\n")
        let centre = try #require(graph.nodes.last?.id)
        let around = try server.exchange("POST", "/v1/graph?around=\(centre)", body: bytes)
        #expect(around.json["centre"] as? Int == Int(centre))
        for bad in ["around=999999", "depth=65", "limit=0", "format=svg"] {
            let refused = try server.exchange("POST", "/v1/graph?" + bad, body: bytes)
            #expect(refused.status == 400 && refused.json["type"] as? String == "urn:graphcodable:problem:invalid-parameter", "\(bad)")
        }
    }

    @Test(arguments: samples) func validArchivesValidate(_ sample: Sample) throws {
        let answer = try Self.server.get().exchange("POST", "/v1/validate", body: sample.bytes)
        #expect(answer.status == 200)
        #expect(answer.json["valid"] as? Bool == true)
        #expect(answer.json["problems"] as? [Any] == nil || (answer.json["problems"] as? [Any])?.isEmpty == true)
    }

    @Test(arguments: samples) func conversionsKeepTheValue(_ sample: Sample) throws {
        let server = try Self.server.get()
        let converted = try server.exchange("POST", "/v1/convert?internalBinaryIOVersion=2", body: sample.bytes)
        #expect(converted.status == 200)
        #expect(converted.header("Content-Type") == "application/octet-stream")
        #expect(try GraphArchive(bytes: converted.body).internalBinaryIOVersion == 2)
        let back = try server.exchange("POST", "/v1/convert?internalBinaryIOVersion=1", body: converted.body)
        #expect(back.body == sample.bytes)
    }

    @Test(arguments: samples) func decodesUseTheRegisteredType(_ sample: Sample) throws {
        let answer = try Self.server.get().exchange("POST", "/v1/decode?type=" + sample.typeName.queryEncoded, body: sample.bytes)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.json["decoded"] as? Bool == true)
        #expect((answer.json["description"] as? String)?.isEmpty == false)
    }

    /// A plain `Codable` model decodes through the bridge, its subclass built; an archive of
    /// another shape is refused with the coding path of the failure.
    @Test func codableTypesDecode() throws {
        let server = try Self.server.get()
        let answer = try server.exchange("POST", "/v1/decode?type=Shelter", body: TestModels.shelterArchive)
        #expect(answer.status == 200, "\(answer.text)")
        #expect((answer.json["decodedClasses"] as? [String])?.contains { $0.hasSuffix("Cat") } == true)
        let refused = try server.exchange("POST", "/v1/decode?type=Shelter", body: TestModels.nativesArchive)
        #expect(refused.status == 422, "\(refused.text)")
        #expect(refused.json["type"] as? String == "urn:graphcodable:problem:cannot-decode", "\(refused.text)")
    }

    /// A `multipart/form-data` body with a file part for each of `files`.
    static func form(_ files: [(name: String, bytes: [UInt8])]) -> (headers: [String: String], body: [UInt8]) {
        var body: [UInt8] = []
        for file in files {
            body += Array("--XyZ\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.name).graph\"\r\n\r\n".utf8)
            body += file.bytes + Array("\r\n".utf8)
        }
        body += Array("--XyZ--\r\n".utf8)
        return (["Content-Type": "multipart/form-data; boundary=XyZ"], body)
    }

    /// Diffs answer what the library finds; a part that is missing or unreadable is a problem naming it.
    @Test func diffsAreTheLibrarysDifferences() throws {
        let server = try Self.server.get()
        let (before, after) = (TestModels.graphArchive, TestModels.nativesArchive)
        let (headers, body) = Self.form([("before", before), ("after", after)])
        let answer = try server.exchange("POST", "/v1/diff?limit=3", headers: headers, body: body)
        #expect(answer.status == 200)
        let diff = try GraphArchive.differences(from: before, to: after, maximumCount: 3)
        #expect(answer.json["identical"] as? Bool == false)
        #expect(answer.json["differenceCount"] as? Int == diff.totalCount)
        #expect(answer.json["omittedCount"] as? Int == diff.omittedCount)
        let listed = answer.json["differences"] as? [[String: Any]] ?? []
        #expect(listed.map { $0["path"] as? String } == diff.differences.map(\.path))
        #expect(listed.map { $0["change"] as? String } == diff.differences.map(\.change.rawValue))

        let same = Self.form([("before", before), ("after", before)])
        #expect(try server.exchange("POST", "/v1/diff", headers: same.headers, body: same.body).json["identical"] as? Bool == true)

        let truncated = Self.form([("before", before), ("after", Array(before.dropLast(3)))])
        let unreadable = try server.exchange("POST", "/v1/diff", headers: truncated.headers, body: truncated.body)
        #expect(unreadable.status == 422)
        #expect((unreadable.json["detail"] as? String)?.contains("after: ") == true)
        let lonely = Self.form([("before", before)])
        let missing = try server.exchange("POST", "/v1/diff", headers: lonely.headers, body: lonely.body)
        #expect(missing.status == 400)
        #expect((missing.json["detail"] as? String)?.contains("\"after\"") == true)
        #expect(try server.exchange("POST", "/v1/diff", body: before).status == 415)
        let crowded = Self.form([("before", before), ("after", before), ("extra", before)])
        let stranger = try server.exchange("POST", "/v1/diff", headers: crowded.headers, body: crowded.body)
        #expect(stranger.status == 400)
        #expect((stranger.json["detail"] as? String)?.contains("\"extra\"") == true)
    }

    /// Where an archive is wrong, the problem says: its byte offset, and its node path.
    @Test func problemsSayWhere() throws {
        let server = try Self.server.get()
        var truncated = TestModels.graphArchive
        truncated.removeLast(5)
        let answer = try server.exchange("POST", "/v1/typemap", body: truncated)
        #expect(answer.status == 422)
        #expect(answer.json["byteOffset"] as? Int != nil)
        #expect((answer.json["detail"] as? String)?.contains("byte offset") == true)
        #expect(answer.json["rule"] as? String == "header.truncated")
        let report = try server.exchange("POST", "/v1/validate", body: truncated)
        let problems = report.json["problems"] as? [[String: Any]] ?? []
        #expect(problems.first?["rule"] as? String == "header.truncated", "\(report.text)")

        // A string where the type expects an integer: found at a path inside the value.
        let mismatched = try GraphEncoder().encode(["sensor": "seven"]) as Bytes
        let decode = try server.exchange("POST", "/v1/decode?type=" + _typeName([String: [Double]].self).queryEncoded, body: mismatched)
        #expect(decode.status == 422)
        #expect(decode.json["type"] as? String == "urn:graphcodable:problem:cannot-decode")
        #expect(decode.json["nodePath"] as? String != nil, "\(decode.text)")
    }

    /// A valid archive that the type refuses is `cannot-decode`, naming what refused it; an
    /// invalid one is `invalid-archive`.
    @Test func decodingsRefusedByTheTypeAreNotInvalidArchives() throws {
        let server = try Self.server.get()
        struct Mood: GCodable { // another enum of the same name, with another raw value
            enum Value: String, GCodable { case angry }
            var value = Value.angry
            init() {}
            init(from decoder: GDecoder) throws { value = try decoder.decode() }
            func encode(to encoder: GEncoder) throws { try encoder.encode(value.rawValue) }
        }
        let angry = try GraphEncoder().encode(Mood()) as Bytes
        #expect(GraphDecoder().validate(angry).isValid)
        let refused = try server.exchange("POST", "/v1/decode?type=Mood", body: angry)
        #expect(refused.status == 422)
        #expect(refused.json["type"] as? String == "urn:graphcodable:problem:cannot-decode", "\(refused.text)")
        #expect((refused.json["detail"] as? String)?.contains("\"angry\" is not a raw value") == true, "\(refused.text)")

        let chain = try GraphEncoder().encode(TestModels.Chain(length: 3)) as Bytes
        let another = try server.exchange("POST", "/v1/decode?type=Mood", body: chain)
        #expect(another.json["type"] as? String == "urn:graphcodable:problem:cannot-decode")
        let detail = another.json["detail"] as? String ?? ""
        #expect(
            detail.contains("root is of type GraphHTTPTests.TestModels.Chain") && detail.contains("not GraphHTTPTests.TestModels.Mood"),
            "\(detail)")

        var flipped = angry
        flipped[flipped.count - 3] ^= 0x40
        let invalid = try server.exchange("POST", "/v1/decode?type=Mood", body: flipped)
        #expect(invalid.json["type"] as? String == "urn:graphcodable:problem:invalid-archive", "\(invalid.text)")
    }

    /// The type map says which classes this server could build (value types are decoded as
    /// the type asked for, so they always are); conversion names the opaque types it cannot
    /// rewrite.
    @Test func unknownTypesAreNamed() throws {
        let bare = try TestServer(registry: GTypeRegistry())
        let types = try bare.exchange("POST", "/v1/typemap", body: TestModels.graphArchive)
        let node = (types.json["types"] as? [[String: Any]] ?? []).first { ($0["name"] as? String)?.hasSuffix("Node") == true }
        #expect(node?["resolvable"] as? Bool == false)
        let missing = try bare.exchange("POST", "/v1/convert?binaryIOVersion=3", body: TestModels.readingsArchive)
        #expect(missing.status == 422)
        #expect((missing.json["detail"] as? String)?.contains("Reading") == true)
    }
}
