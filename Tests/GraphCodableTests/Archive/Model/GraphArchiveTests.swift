import Foundation
import GraphCodable
import Testing

/// The size of an archive's header (Docs/ArchiveFormat.md).
private enum ArchiveHeaderSize { static let bytes = 40 }

/// The structural model reads any archive without its types and writes it back unchanged.
@Suite struct GraphArchiveTests {
    @Test func archiveToModelToArchiveIsByteIdentical() throws {
        for bytes in try ArchiveSamples.everyShape() {
            let model = try GraphArchive(bytes: bytes)
            #expect(try model.bytes() == bytes)
            #expect(try model.dump(options: .fullInfo) == GraphDecoder().dump(from: bytes, options: .fullInfo))
        }
    }

    /// A model read from bytes stands for them until it is edited; its nodes, built when
    /// first asked for, write the same bytes again.
    @Test func aReadModelStandsForItsBytesUntilEdited() throws {
        for bytes in try ArchiveSamples.everyShape() {
            let model = try GraphArchive(bytes: bytes)
            var rebuilt = model
            rebuilt.body = model.body
            #expect(rebuilt == model && model == rebuilt)
            #expect(try rebuilt.bytes() == bytes)
            #expect(try GraphArchive(bytes: bytes) == model)
        }
    }

    @Test func editingACopyLeavesTheModelItCameFrom() throws {
        let bytes: [UInt8] = try GraphEncoder().encode(["a": [1.5, 2.5], "b": [3.5]])
        let model = try GraphArchive(bytes: bytes)
        var flagged = model
        flagged.isChecksummed.toggle()
        #expect(flagged != model)
        #expect(try flagged.bytes() != bytes)
        var shorter = model
        shorter.body[0].fields.removeLast()
        #expect(shorter != model)
        #expect(shorter.body != model.body)
        #expect(try model.bytes() == bytes)
        var rekeyed = model
        rekeyed.keys.append("unused")
        #expect(rekeyed != model && rekeyed.body == model.body)
    }

    /// Keys compare as strings do, by canonical equivalence: archives whose bytes differ
    /// only there hold equal models.
    @Test func canonicallyEquivalentKeysGiveEqualModels() throws {
        var model = try GraphArchive(bytes: try GraphEncoder().encode(KeyedExamples.KeyedExample(name: "x")) as Bytes)
        model.keys[0] = "\u{E9}"
        let precomposed = try GraphArchive(bytes: try model.bytes())
        model.keys[0] = "e\u{301}"
        let decomposed = try GraphArchive(bytes: try model.bytes())
        #expect(try precomposed.bytes() != decomposed.bytes())
        #expect(precomposed == decomposed && decomposed == precomposed)
    }

    @Test func bytesUnderOtherLimitsAreCheckedAgain() throws {
        let bytes: [UInt8] = try GraphEncoder().encode((0 ..< 50).map { "string \($0)" })
        let model = try GraphArchive(bytes: bytes)
        var limits = ArchiveLimits()
        limits.maximumNodeCount = 10
        #expect(throws: GCodableError.self) { try model.bytes(limits: limits) }
        #expect(throws: GCodableError.self) { try model.jsonData(limits: limits) }
        #expect(try model.bytes() == bytes)
    }

    @Test func editsBecomeArchivesTheTypesDecode() throws {
        let original = KeyedExamples.KeyedExample(name: "exampleA")
        var model = try GraphArchive(bytes: try GraphEncoder().encode([original]) as Bytes)
        // Copy the element, then give the copy another name through its string payload.
        var copy = model.body[0].fields[0]
        let nameField = try #require(copy.fields.firstIndex { model.keys[Int($0.key) - 1] == "name" })
        var renamed = BinaryWriteBuffer()
        try "exampleB".write(to: &renamed)
        copy.fields[nameField].payload = renamed.bytes
        model.body[0].fields.append(copy)
        let decoded = try GraphDecoder().decode([KeyedExamples.KeyedExample].self, from: try model.bytes())
        #expect(decoded.map(\.name) == ["exampleA", "exampleB"])
    }

    @Test func editsThatBreakTheFormatThrow() throws {
        var model = try GraphArchive(bytes: try GraphEncoder().encode(KeyedExamples.KeyedExample(name: "x")) as Bytes)
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
