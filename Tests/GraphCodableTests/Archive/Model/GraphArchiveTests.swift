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
