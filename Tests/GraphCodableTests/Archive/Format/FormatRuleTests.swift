import Foundation
import Testing

@testable import GraphCodable

/// Errors in an archive name the rule of Docs/ArchiveFormat.md they found broken, the same
/// rule whichever reader finds it.
@Suite struct FormatRuleTests {
    /// The rule a typed decode, a model and validation each report for `bytes`.
    static func rules(_ bytes: [UInt8]) -> (decoded: FormatRule?, model: FormatRule?, validated: FormatRule?) {
        func rule(_ body: () throws -> Void) -> FormatRule? {
            do { try body() } catch let error as GCodableError { return error.context.rule } catch {}
            return nil
        }
        return (
            rule { _ = try GraphDecoder().decode(Set<String>.self, from: bytes) },
            rule { _ = try GraphArchive(bytes: bytes) },
            GraphDecoder().validate(bytes).problems.first?.rule
        )
    }

    @Test func readersNameTheRuleTheyFindBroken() throws {
        let valid = try GraphEncoder().encode(Set(["a"])) as Bytes
        var magic = valid
        magic[0] = 0x47
        #expect(Self.rules(magic) == (.headerMagic, .headerMagic, .headerMagic))
        #expect(Self.rules(Array(valid.dropLast())) == (.headerTruncated, .headerTruncated, .headerTruncated))
        #expect(Self.rules(valid + [0]) == (.headerTrailingBytes, .headerTrailingBytes, .headerTrailingBytes))
        var flipped = valid
        flipped[flipped.count - 1] ^= 1
        #expect(Self.rules(flipped) == (.headerChecksum, .headerChecksum, .headerChecksum))

        let tag = RawArchive(types: [], body: [0x21, 0x29, 0x0C, 0x00]).bytes
        #expect(Self.rules(tag) == (.nodeTag, .nodeTag, .nodeTag))
        let range = RawArchive(types: [[20, 15]], body: [0x23, 0x40, 0x00, 0x00]).bytes
        #expect(Self.rules(range) == (.typesRangeBound, .typesRangeBound, .typesRangeBound))
        let cut = RawArchive(types: [], body: [0x23, 0x0D, 0x00]).bytes
        #expect(Self.rules(cut) == (.bodyEnd, .bodyEnd, .bodyEnd))
    }

    /// Rules inside payloads and collections are checked by every reader too.
    @Test func payloadRulesAreNamedByEveryReader() throws {
        let twice = RawArchive(types: [[17, 15]], body: [0x23, 0x40, 0x02, 0x01, 0x61, 0x01, 0x61]).bytes
        #expect(Self.rules(twice) == (.setDuplicate, .setDuplicate, .setDuplicate))
        let fields = RawArchive(types: [], body: [0x21, 0x29, 0x23, 0x0F, 0x01, 0x61, 0x23, 0x0F, 0x01, 0x61, 0x00]).bytes
        #expect(Self.rules(fields) == (.setDuplicate, .setDuplicate, .setDuplicate))
        let utf8 = RawArchive(types: [], body: [0x21, 0x29, 0x23, 0x0F, 0x01, 0xFF, 0x00]).bytes
        #expect(Self.rules(utf8) == (.stringUTF8, .stringUTF8, .stringUTF8))
    }

    /// The rule index of Docs/ArchiveFormat.md names exactly the rules the library knows.
    @Test func theDocumentNamesEveryRule() throws {
        let document = Repository.url("Docs/ArchiveFormat.md")
        let text = try String(contentsOf: document, encoding: .utf8)
        let index = try #require(text.range(of: "## Rule index")).upperBound
        let rows = text[index...].split(separator: "\n").filter { $0.hasPrefix("| `") }
        let names = rows.flatMap { row in
            row.split(separator: "|")[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"]) }
        }
        #expect(Set(names) == Set(FormatRule.allCases.map(\.rawValue)))
        #expect(names.count == FormatRule.allCases.count)
    }
}
