import Foundation
import GraphCodable
import Testing

/// The bytes of an archive are those Docs/ArchiveFormat.md describes.
@Suite struct ArchiveFormatTests {
    struct Point: GCodable {
        var x = 1, y = 2
        private enum Key: String { case x, y }
        init() {}
        init(from decoder: GDecoder) throws {
            x = try decoder.decode(for: Key.x)
            y = try decoder.decode(for: Key.y)
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(x, for: Key.x)
            try encoder.encode(y, for: Key.y)
        }
    }

    @Test func theDocumentedExampleIsByteExact() throws {
        let bytes = try GraphEncoder().encode(["a": 1]) as Bytes
        #expect(Array(bytes[0 ..< 8]) == Array("gcodable".utf8))
        #expect(
            Array(bytes[16...]) == [
                0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00,
                0x0A, 0, 0, 0, 0, 0, 0, 0,
                0x02, 0, 0, 0, 0, 0, 0, 0,
                0x21, 0x2A,
                0x23, 0x0F, 0x01, 0x61,
                0x23, 0x0A, 0x02,
                0x00,
                0x00,
                0x00,
            ])
        let unchecked = try GraphEncoder(.omitChecksum).encode(["a": 1]) as Bytes
        #expect(Array(unchecked[8 ..< 16]) == [0, 0, 0, 0, 0, 0, 0, 0])
        #expect(unchecked[18] == 0)
    }

    @Test func tablesHoldEachTypeAndKeyOnce() throws {
        let dump = try GraphDecoder().dump(
            from: try GraphEncoder().encode([Point(), Point(), Point()]) as Bytes,
            options: [.showReferenceMap, .showKeyMap])
        #expect(
            dump == """
                = REFERENCEMAP =================================================
                TYPE0001:\tQualifiedName  = GraphCodableTests.ArchiveFormatTests.Point
                \t\t\tEncodedVersion = 0
                = KEYMAP =======================================================
                KEY0001:\t"x"
                KEY0002:\t"y"
                ================================================================
                """)
    }

    @Test func packedDoublesCostEightBytesEach() throws {
        let doubles = (0 ..< 1000).map { Double($0) / 7 }
        let bytes = try GraphEncoder().encode(doubles) as Bytes
        // Header, BIV tag, type reference 64, count (2 bytes), payload; then the type table
        // (count 1, entry: kind 16, element 13) and the empty key table.
        #expect(bytes.count == 40 + 2 + 2 + 8000 + 3 + 1)
    }
}
