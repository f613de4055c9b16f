import Foundation
import GraphCodable
import Testing

/// The text forms of an archive (dump, JSON, indented JSON) are bounded by a multiple of the
/// archive's size, however it is built: deep nesting indents no further than 32 levels, and
/// a key or type name stored once but named by many nodes cannot be written out without end.
@Suite struct TextLimitTests {
    /// An archive whose root holds `count` nil fields, each keyed by one key of `keyLength` bytes.
    static func repeatedKeyArchive(keyLength: Int, count: Int) throws -> [UInt8] {
        var model = try GraphArchive(bytes: try GraphEncoder().encode(0) as Bytes)
        model.keys = [String(repeating: "k", count: keyLength)]
        model.body = [GraphArchive.Node(kind: .val, fields: Array(repeating: GraphArchive.Node(kind: .nil, key: 1), count: count))]
        return try model.bytes()
    }

    @Test func aRepeatedLongKeyStopsAtTheTextLimit() throws {
        let bytes = try Self.repeatedKeyArchive(keyLength: 100_000, count: 10_000)
        #expect(bytes.count < 200_000) // the text would be a gigabyte
        let decoder = GraphDecoder()
        #expect(throws: GCodableError.self) { try decoder.dump(from: bytes, options: .fullInfo) }
        var written = 0
        do {
            try decoder.dump(from: bytes) { written += $0.count }
            Issue.record("the dump did not stop")
        } catch let error as GCodableError {
            guard case .limitExceeded = error else { throw error }
        }
        #expect(written <= ArchiveLimits().maximumTextBytesPerArchiveByte * bytes.count)
        let archive = try GraphArchive(bytes: bytes)
        for indented in [false, true] {
            #expect(throws: GCodableError.self) { try archive.jsonData(indented: indented) }
        }
    }

    /// The limit is a multiple of the archive's size, and can be raised.
    @Test func theTextLimitIsAMultipleOfTheArchivesSize() throws {
        let bytes = try Self.repeatedKeyArchive(keyLength: 10_000, count: 2_000) // 20 MB of keys in 26 KB
        var limits = ArchiveLimits()
        #expect(throws: GCodableError.self) { try GraphArchive(bytes: bytes).jsonData(indented: false, limits: limits) }
        limits.maximumTextBytesPerArchiveByte = 2_000
        #expect(try GraphArchive(bytes: bytes).jsonData(indented: false, limits: limits).count > 20_000_000)
        let decoder = GraphDecoder()
        decoder.limits = limits
        #expect(try decoder.dump(from: bytes).utf8.count > 20_000_000)
    }

    /// A 64 KB archive of 10,000 nested values and 44,000 nils, whose dump indented at
    /// every level would take 540 MB.
    @Test func deepArchivesIndentAtMost32Levels() throws {
        let bytes = try StackSizedThread.run(stackSize: 256 << 20) {
            var model = try GraphArchive(bytes: try GraphEncoder().encode([[Int?]]()) as Bytes)
            let nils = Array(repeating: GraphArchive.Node(kind: .nil), count: 4)
            var node = GraphArchive.Node(kind: .val, type: model.body[0].type, fields: nils)
            for _ in 0 ..< 9_990 { node = .init(kind: .val, type: node.type, fields: [node] + nils) }
            model.body = [node]
            return try model.bytes()
        }
        #expect(bytes.count < 70_000)
        let (dump, json) = try StackSizedThread.run(stackSize: 256 << 20) {
            (try GraphDecoder().dump(from: bytes), try GraphArchive(bytes: bytes).jsonData(indented: true))
        }
        let lines = dump.split(separator: "\n")
        #expect(lines.map { $0.prefix { $0 == "\t" }.count }.max() == 32)
        #expect(dump.utf8.count < 40 * bytes.count)
        #expect(json.count < ArchiveLimits().maximumTextBytesPerArchiveByte * bytes.count)
    }
}
