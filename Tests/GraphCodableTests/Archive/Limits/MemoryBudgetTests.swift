import Foundation
import Testing

@testable import GraphCodable

/// Reading an archive builds at most `ArchiveLimits.maximumMemoryBytesPerArchiveByte` times
/// its size (and at least a MiB may always be built): the values a typed decode makes, its
/// parsed structure and model, the keys validation compares. An archive built to cost far more
/// than its size is refused with `limitExceeded` before the memory is taken.
@Suite struct MemoryBudgetTests {
    /// The archive of `value`, written for readers whose budget is `ratio` bytes per byte
    /// (the encoder refuses what its readers would).
    static func encode<T: GEncodable>(_ value: T, forRatio ratio: Int) throws -> Bytes {
        let encoder = GraphEncoder()
        encoder.limits = MemoryBudgetLimits.limits(ratio: ratio)
        return try encoder.encode(value)
    }

    /// The parsed node list of a large archive grows to about the size it needs, not to
    /// twice it (a list reallocated by doubling held both sizes at once).
    @Test func theNodeListOfALargeArchiveIsNotDoubled() throws {
        let rows = (0 ..< 40_000).map { index in ["n": index, "m": -index] }
        let archive = try ParsedArchive(bytes: try GraphEncoder().encode(rows) as Bytes)
        #expect(archive.nodes.count > 1 << 17)
        #expect(archive.nodes.capacity < archive.nodes.count + archive.nodes.count / 4)
    }

    /// The node list is charged for the nodes it holds, not for the room the body's size
    /// foretells (a node per 4 bytes): an archive of longer nodes validates and decodes under
    /// a budget that holds its nodes.
    @Test func theNodeListIsChargedForItsNodes() throws {
        let words = (0 ..< 10_000).map { String(repeating: "w", count: 20 + $0 % 20) }
        let bytes = try GraphEncoder().encode(words) as Bytes
        #expect(bytes.count > 256 << 10) // room for a node per 4 bytes would be 2 MiB
        let decoder = GraphDecoder()
        decoder.limits = MemoryBudgetLimits.limits(ratio: 1) // the smallest budget: 1 MiB
        #expect(decoder.validate(bytes).isValid)
        #expect(try decoder.decode([String].self, from: bytes) == words)
    }

    /// A node is 32 bytes: a payload's start and a field count share their place, and each
    /// node still gives the right one (a payload only for `BIV`/`BIR`, empty for others).
    @Test func nodesShareOnePlaceForPayloadStartsAndFieldCounts() throws {
        #expect(MemoryLayout<ArchiveNode>.stride == 32)
        let rows: [[String: [Int]]] = (0 ..< 200).map { index in ["row \(index)": Array(0 ..< index % 5), "s": [index]] }
        let archive = try ParsedArchive(bytes: try GraphEncoder().encode(rows) as Bytes)
        var counted = (payloads: 0, fields: 0)
        for (index, node) in archive.nodes.enumerated() {
            if node.kind.hasPayload {
                #expect(node.payload == node.binaryPayload && node.payload.upperBound <= archive.header.bodyRange.upperBound)
                #expect(node.payload.lowerBound > node.offset)
                counted.payloads += 1
            } else {
                #expect(node.payload == node.offset ..< node.offset)
            }
            guard node.kind.hasFields else { continue }
            var unkeyed: UInt32 = 0
            var field = index + 1
            while field < node.next {
                if archive.nodes[field].keyID == 0 { unkeyed += 1 }
                field = archive.nodes[field].next
            }
            #expect(node.unkeyedFieldCount == unkeyed)
            counted.fields += Int(unkeyed)
        }
        #expect(counted.payloads > 400 && counted.fields > 400)
    }

    /// A packed array of nil `SIMD64<Double>?`: one byte each in the archive, 513 in memory.
    @Test func packedElementsLargerThanTheirBytes() throws {
        let value = [SIMD64<Double>?](repeating: nil, count: 100_000)
        let bytes = try Self.encode(value, forRatio: 600)
        #expect(bytes.count < 101_000)
        let decoder = GraphDecoder()
        MemoryBudgetLimits.expectExceeded { _ = try decoder.decode([SIMD64<Double>?].self, from: bytes) }
        decoder.limits = MemoryBudgetLimits.limits(ratio: 600)
        #expect(try decoder.decode([SIMD64<Double>?].self, from: bytes).count == 100_000)
    }

    /// A value whose decoding reads nothing, and whose memory is large: each takes a node of
    /// two bytes, and 4 KiB once decoded.
    struct Wide: GCodable {
        var storage = (
            SIMD64<Double>(), SIMD64<Double>(), SIMD64<Double>(), SIMD64<Double>(),
            SIMD64<Double>(), SIMD64<Double>(), SIMD64<Double>(), SIMD64<Double>()
        )
        init() {}
        init(from decoder: GDecoder) throws {}
        func encode(to encoder: GEncoder) throws {}
    }

    @Test func valuesLargerThanTheirNodes() throws {
        let bytes = try Self.encode([Wide](repeating: Wide(), count: 5_000), forRatio: 20_000)
        #expect(bytes.count < 20_000)
        MemoryBudgetLimits.expectExceeded { _ = try GraphDecoder().decode([Wide].self, from: bytes) }
        let decoder = GraphDecoder()
        decoder.limits = MemoryBudgetLimits.limits(ratio: 20_000)
        #expect(try decoder.decode([Wide].self, from: bytes).count == 5_000)
    }

    /// An array's room is charged before it is reserved: `nil`s of a wide value take a node
    /// of one byte each, decode in place without a charge of their own, and 4 KiB each in
    /// the array.
    @Test func anArraysRoomIsChargedBeforeItIsReserved() throws {
        let bytes = try Self.encode([Wide?](repeating: nil, count: 20_000), forRatio: 20_000)
        #expect(bytes.count < 30_000)
        MemoryBudgetLimits.expectExceeded { _ = try GraphDecoder().decode([Wide?].self, from: bytes) }
        MemoryBudgetLimits.expectExceeded { _ = try GraphDecoder().decode(ContiguousArray<Wide?>.self, from: bytes) }
        let decoder = GraphDecoder()
        decoder.limits = MemoryBudgetLimits.limits(ratio: 20_000)
        #expect(try decoder.decode([Wide?].self, from: bytes).count == 20_000)
    }

    /// Nodes of one byte: the parsed structure costs some 32 bytes each, its model more.
    @Test func nodesOfOneByte() throws {
        let bytes = try GraphEncoder().encode([[Int]?](repeating: nil, count: 200_000)) as Bytes
        let tight = MemoryBudgetLimits.limits(ratio: 16)
        MemoryBudgetLimits.expectExceeded { _ = try GraphArchive(bytes: bytes, limits: tight) }
        let decoder = GraphDecoder()
        decoder.limits = tight
        MemoryBudgetLimits.expectExceeded { try decoder.writeJSON(from: bytes) { _ in } }
        #expect(!decoder.validate(bytes).isValid)
        // The default leaves room for them.
        #expect(try GraphArchive(bytes: bytes).body[0].fields.count == 200_000)
        #expect(GraphDecoder().validate(bytes).isValid)
    }

    /// A comparison walks a node's fields in place: a tiny archive against one of many
    /// one-byte fields, either way or with itself, costs the comparison little beyond the
    /// parsed archives (48 bytes a node in all), and a budget that only holds the parsed
    /// archives refuses the comparison with `limitExceeded`, rather than let it grow.
    @Test func comparisonsOfManyFields() throws {
        let huge = try GraphEncoder().encode([[Int]?](repeating: nil, count: 200_000)) as Bytes
        let tiny = try GraphEncoder().encode([[Int]?]()) as Bytes
        let roomy = MemoryBudgetLimits.limits(ratio: 48), tight = MemoryBudgetLimits.limits(ratio: 40)
        _ = try ParsedArchive(bytes: huge, limits: tight)
        for (before, after) in [(tiny, huge), (huge, tiny), (huge, huge)] {
            let diff = try GraphArchive.differences(from: before, to: after, limits: roomy)
            #expect(diff.isIdentical == (before.count == after.count))
            MemoryBudgetLimits.expectExceeded { _ = try GraphArchive.differences(from: before, to: after, limits: tight) }
        }
    }

    /// Each archive pays for its own side of a comparison: a tiny archive, whose budget is
    /// the least (1 MiB), compared with one of 30,000 objects no pointer reaches, either way,
    /// lists every object as removed or added rather than run out of the tiny one's budget.
    @Test func eachArchivePaysForItsOwnSide() throws {
        func archive(objects: Int) throws -> Bytes {
            let body = [#"{"kind": "VAL", "type": 64}"#] + (0 ..< objects).map { #"{"kind": "REF", "type": 65, "id": \#($0 + 1)}"# }
            let json =
                #"{"format": "graphcodable-archive", "formatVersion": 1, "checksummed": true, "internalBinaryIOVersion": 1, "userBinaryIOVersion": 0, "types": [{"valueType": "Root", "mangledName": "", "version": 0}, {"classType": "Leaf", "mangledName": "", "version": 0}], "keys": [], "body": [\#(body.joined(separator: ","))]}"#
            return try GraphArchive(json: Data(json.utf8)).bytes()
        }
        let tiny = try archive(objects: 0), large = try archive(objects: 30_000)
        #expect(tiny.count < 1_000)
        for (before, after) in [(tiny, large), (large, tiny)] {
            #expect(try GraphArchive.differences(from: before, to: after, maximumCount: 0).omittedCount == 30_000)
        }
    }

    /// Validation keeps the keys it compares (the JSON form's reader is charged for its
    /// index: ArchiveJSONReaderTests).
    @Test func keysCompared() throws {
        let bytes = try GraphEncoder().encode(Dictionary(uniqueKeysWithValues: (0 ..< 100_000).map { ($0, UInt8(0)) })) as Bytes
        let decoder = GraphDecoder()
        decoder.limits = MemoryBudgetLimits.limits(ratio: 8)
        let report = decoder.validate(bytes)
        #expect(report.problems.first?.message.contains("maximumMemoryBytesPerArchiveByte") == true)
        #expect(GraphDecoder().validate(bytes).isValid)
    }
}
