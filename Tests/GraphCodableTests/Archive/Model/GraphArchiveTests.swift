import Foundation
import GraphCodable
import Testing

/// The size of an archive's header (Docs/ArchiveFormat.md).
private enum ArchiveHeaderSize { static let bytes = 40 }

/// The structural model reads any archive without its types and writes it back unchanged.
@Suite struct GraphArchiveTests {
    /// Archives of every shape the other suites produce.
    static func corpus() throws -> [Bytes] {
        var archives: [Bytes] = []
        var generator = SplitMix64(seed: 8)
        for index in 0 ..< 200 {
            let sample = Sample.random(depth: 4, using: &generator)
            archives.append(try GraphEncoder(index.isMultiple(of: 3) ? .omitChecksum : []).encode(sample) as Bytes)
        }
        archives.append(try GraphEncoder().encode(HostileGraphTests.cyclicModel()) as Bytes)
        archives.append(try GraphEncoder().encode(HostileGraphTests.screen()) as Bytes)
        archives.append(try GraphEncoder().encode([GuideInheritanceTests.A(), GuideInheritanceTests.B()]) as Bytes)
        let blob = BinaryReferenceTests.TaggedBlob([1, 2])
        archives.append(try GraphEncoder().encode([blob, blob] as [BinaryReferenceTests.Blob]) as Bytes)
        archives.append(try GraphEncoder(.mimicSwiftCodable).encode([blob, blob] as [BinaryReferenceTests.Blob]) as Bytes)
        let numeric = [Binary.NumericData(vector: SIMD3(1, 2, 3), flag: true)]
        archives.append(try GraphEncoder(binaryIOVersion: 1).encode(numeric) as Bytes)
        let chain = (0 ..< 300).reduce(nil as LargeGraphTests.Link?) { next, _ in LargeGraphTests.Link(next: next) }!
        archives.append(try GraphEncoder().encode(chain) as Bytes)
        let graph = LargeGraphTests.randomGraph(count: 2_000, extraEdges: 1_000, seed: 3)
        archives.append(try GraphEncoder().encode(graph[0]) as Bytes)
        graph.forEach { $0.edges = [] }
        for name in ["versioning", "obsoleting", "obsoleting-two", "point-v0", "generics", "numeric-v0", "person-v1", "account-v1"] {
            archives.append(Array(try EvolutionTests.fixture("\(name).graph")))
        }
        return archives
    }

    @Test func archiveToModelToArchiveIsByteIdentical() throws {
        for bytes in try Self.corpus() {
            let model = try GraphArchive(bytes: bytes)
            #expect(try model.bytes() == bytes)
            #expect(try model.dump(options: .fullInfo) == GraphDecoder().dump(from: bytes, options: .fullInfo))
        }
    }

    @Test func editsBecomeArchivesTheTypesDecode() throws {
        let original = GuideKeyedUnkeyedTests.KeyedExample(name: "exampleA")
        var model = try GraphArchive(bytes: try GraphEncoder().encode([original]) as Bytes)
        // Copy the element, then give the copy another name through its string payload.
        var copy = model.body[0].fields[0]
        let nameField = try #require(copy.fields.firstIndex { model.keys[Int($0.key) - 1] == "name" })
        var renamed = BinaryWriteBuffer()
        try "exampleB".write(to: &renamed)
        copy.fields[nameField].payload = renamed.bytes
        model.body[0].fields.append(copy)
        let decoded = try GraphDecoder().decode([GuideKeyedUnkeyedTests.KeyedExample].self, from: try model.bytes())
        #expect(decoded.map(\.name) == ["exampleA", "exampleB"])
    }

    @Test func editsThatBreakTheFormatThrow() throws {
        var model = try GraphArchive(bytes: try GraphEncoder().encode(GuideKeyedUnkeyedTests.KeyedExample(name: "x")) as Bytes)
        model.body[0].fields[0].key = 99
        #expect(throws: GCodableError.self) { try model.bytes() }
        model.body[0].fields[0].key = 1
        model.body.append(GraphArchive.Node(kind: .biv, type: 10, payload: [2]))
        #expect(throws: GCodableError.self) { try model.bytes() }
    }

    @Test func deepArchivesAreReadAndWrittenWithoutDeepRecursion() throws {
        let depth = 9_000
        var nested = GraphArchive.Node(kind: .val)
        for _ in 1 ..< depth { nested = GraphArchive.Node(kind: .val, fields: [nested]) }
        var model = try GraphArchive(bytes: try GraphEncoder(.omitChecksum).encode(0) as Bytes)
        model.body = [nested]
        // Header, then a VAL tag and an END per level, then the two empty tables.
        let written = try model.bytes()
        #expect(written.count == ArchiveHeaderSize.bytes + 2 * depth + 2)
        #expect(try GraphArchive(bytes: written) == model)
    }
}
