import Foundation
import Testing

@testable import GraphCodable

/// Hostile type tables and Foundation values fail cleanly: each test here is an input that
/// would crash or hang the process without the check it exercises.
@Suite struct HostileLayoutTests {
    static func expectRejected(_ bytes: [UInt8], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let report = GraphDecoder().validate(bytes)
        #expect(report.problems.contains { $0.message.contains(message) }, "\(report)", sourceLocation: sourceLocation)
        #expect(throws: GCodableError.self, sourceLocation: sourceLocation) { try GraphDecoder().dump(from: bytes) }
        #expect(throws: GCodableError.self, sourceLocation: sourceLocation) { try GraphDecoder().typeMap(from: bytes) }
    }

    @Test func simdLanesMustBeScalars() {
        // SIMD64 of SIMD64 of … of Double: a fixed size of 64^11 bytes, which overflows `Int`.
        var entries: [[UInt8]] = [[22, 64, 13]]
        for index in 0 ..< 10 { entries.append([22, 64, 64 + UInt8(index)]) }
        Self.expectRejected(RawArchive(types: entries, body: [0x23, 0x4A]).bytes, "lanes of a SIMD layout must be scalars")
    }

    @Test func layoutsThatShareTheirPartsStaySmall() {
        // Dictionary<e, e> over and over describes 2^30 parts in 60 bytes.
        var entries: [[UInt8]] = [[18, 10, 10]]
        for index in 0 ..< 30 { entries.append([18, 64 + UInt8(index), 64 + UInt8(index)]) }
        let start = Date()
        Self.expectRejected(RawArchive(types: entries, body: [0x23, 0x40, 0x00]).bytes, "the most is 256")
        #expect(Date().timeIntervalSince(start) < 5)
    }

    /// A type table of `families` (at most 729) chains: a dictionary of two scalars, then
    /// arrays of it 240 deep (layouts of up to 243 parts in two or three bytes each); the
    /// body, a nil, or with `nodes` an array of that many empty arrays of the deepest layouts.
    static func chainsOfLayouts(_ families: Int, nodes: Int = 0) -> [UInt8] {
        func reference(_ index: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            var value = Int(TypeReference.reference(forTableIndex: index))
            while value >= 0x80 {
                bytes.append(UInt8(value & 0x7F | 0x80))
                value >>= 7
            }
            return bytes + [UInt8(value)]
        }
        var entries: [[UInt8]] = []
        for family in 0 ..< families {
            entries.append([18, UInt8(1 + family % 27), UInt8(1 + family / 27)])
            for _ in 0 ..< 240 { entries.append([16] + reference(entries.count - 1)) }
        }
        guard nodes > 0 else { return RawArchive(types: entries, body: [0x05]).bytes }
        let fields = (0 ..< nodes).map { [0x23] + reference(241 * ($0 % families) + 240) + [0x00] }
        return RawArchive(types: entries, body: [0x21, 0x28] + Array(fields.joined()) + [0x00]).bytes
    }

    /// Layouts that share their parts have long names: a type map charges them to the
    /// memory budget (under 8 KB of table here name 2 MB of layouts).
    @Test func typeMapsChargeTheNamesOfLayouts() throws {
        let bytes = Self.chainsOfLayouts(10)
        #expect(bytes.count < 8_000)
        #expect(GraphDecoder().validate(bytes).isValid)
        do {
            _ = try GraphDecoder().typeMap(from: bytes)
            Issue.record("2 MB of names made from \(bytes.count) bytes")
        } catch GCodableError.limitExceeded(let context) {
            #expect(context.debugDescription.contains("ArchiveLimits.maximumMemoryBytesPerArchiveByte"))
        }
    }

    /// Each entry's questions are answered once, from its parts' answers, so a table of long
    /// chains of layouts is read, validated, compared, converted and written as JSON in linear
    /// time (no layout is hashed or walked whole at each entry, nor at each node).
    @Test func longChainsOfLayoutsReadInLinearTime() throws {
        let bytes = Self.chainsOfLayouts(120, nodes: 10_000)
        let start = Date()
        #expect(try GraphArchive.differences(from: bytes, to: bytes).differences.isEmpty)
        #expect(GraphDecoder().validate(bytes).isValid)
        _ = try GraphArchive(bytes: bytes)
        var json: [UInt8] = []
        try GraphDecoder().writeJSON(from: bytes, indented: false) { json += $0 }
        #expect(try GraphArchive.bytes(fromJSON: json) == bytes)
        _ = try GraphDecoder().convert(bytes, internalBinaryIOVersion: 2)
        #expect(Date().timeIntervalSince(start) < 8)
    }

    @Test func nestedRangesDoNotOverflowTheirSize() {
        // Range of Range of … of Double, 60 deep: 8 × 2^60 bytes per value.
        var entries: [[UInt8]] = [[20, 13]]
        for index in 0 ..< 59 { entries.append([20, 64 + UInt8(index)]) }
        Self.expectRejected(
            RawArchive(types: entries, body: [0x23, 64 + 59, 0x00]).bytes, "is a range of Range<Double>, which has no order")
    }

    /// Ranges are of ordered packable scalars only, and a value type has no mangled name.
    @Test func typeEntriesFollowTheirRules() throws {
        let ints = RawArchive(types: [[20, 10]], body: [0x23, 0x40, 0x02, 0x06]).bytes
        #expect(try GraphDecoder().decode(Range<Int>.self, from: ints) == 1 ..< 3)
        for bound: UInt8 in [1, 15, 16, 17, 20, 22] {
            Self.expectRejected(RawArchive(types: [[20, bound]], body: [0x23, 0x40, 0x00, 0x00]).bytes, "which has no order")
        }
        Self.expectRejected(RawArchive(types: [[16, 10], [21, 0x40]], body: [0x23, 0x41, 0x00, 0x00]).bytes, "which has no order")
        let named: [UInt8] = [1, 0, 1, 0x41]
        Self.expectRejected(RawArchive(types: [named + [1, 0x42]], body: [0x23, 0x40, 0x00]).bytes, "a value type with a mangled name")
        let valid = RawArchive(types: [named + [0]], body: [0x23, 0x40, 0x00]).bytes
        #expect(GraphDecoder().validate(valid).isValid)
    }

    struct FakeIndexSet: GCodable {
        var ranges: [Range<Int>]
        init(ranges: [Range<Int>]) { self.ranges = ranges }
        init(from decoder: GDecoder) throws { ranges = try decoder.decode() }
        func encode(to encoder: GEncoder) throws { try encoder.encode(ranges) }
    }

    /// `value`, a fake with the fields of a Foundation value, archived as that value (`code`).
    static func archived(_ value: some GEncodable, as code: NativeTypeCode) throws -> Bytes {
        var model = try GraphArchive(bytes: GraphEncoder().encode(value) as Bytes)
        model.body[0].type = UInt32(code.rawValue)
        return try model.bytes(checkingPayloads: false)
    }

    static func indexSet(_ ranges: [Range<Int>]) throws -> Bytes { try archived(FakeIndexSet(ranges: ranges), as: .indexSet) }

    /// Index sets hold only the ranges Foundation's can; a value of another type with the
    /// same fields is no index set.
    @Test func indexSetsRejectRangesFoundationCannotHold() throws {
        for range in [Int.min ..< Int.max, -5 ..< 3] {
            #expect(throws: GCodableError.self) { try GraphDecoder().decode(IndexSet.self, from: Self.indexSet([range])) }
        }
        #expect(try GraphDecoder().decode(IndexSet.self, from: Self.indexSet([0 ..< 3, 10 ..< 12])) == IndexSet([0, 1, 2, 10, 11]))
        #expect(try GraphDecoder().decode(IndexSet.self, from: Self.indexSet([0 ..< Int.max])).count == Int.max)
        let fake = try GraphEncoder().encode([FakeIndexSet(ranges: [0 ..< 3])]) as Bytes
        #expect(throws: GCodableError.self) { try GraphDecoder().decode([IndexSet].self, from: fake) }
    }

    struct FakeCharacterSet: GCodable {
        var bitmap: Data
        init(bitmap: Data) { self.bitmap = bitmap }
        init(from decoder: GDecoder) throws { bitmap = try decoder.decode() }
        func encode(to encoder: GEncoder) throws { try encoder.encode(bitmap) }
    }

    @Test func characterSetsRejectMalformedBitmaps() throws {
        for bitmap in [Data(), Data(count: 100), Data(count: 8192 + 10), Data(count: 8192 + 8193)] {
            let data = try Self.archived(FakeCharacterSet(bitmap: bitmap), as: .characterSet)
            #expect(throws: GCodableError.self) { try GraphDecoder().decode(CharacterSet.self, from: data) }
        }
        let empty = try Self.archived(FakeCharacterSet(bitmap: Data(count: 8192)), as: .characterSet)
        #expect(try GraphDecoder().decode(CharacterSet.self, from: empty) == CharacterSet())
    }
}

/// Node tags: kinds 8 to 15, the reserved bit and an END with flags are invalid tags; an END
/// closes only an open value.
@Suite struct NodeTagTests {
    @Test func invalidTagsAreNamed() {
        for tag: UInt8 in [0x08, 0x0F, 0x83, 0x10, 0x20, 0x40] {
            let bytes = RawArchive(types: [], body: [0x21, 0x28, tag, 0x00]).bytes
            Self.expectRejected(bytes, "invalid node tag 0x\(String(tag, radix: 16))", at: 42)
        }
        let stray = RawArchive(types: [], body: [0x23, 0x0A, 0x02, 0x00]).bytes
        Self.expectRejected(stray, "end marker without an open value", at: 43)
    }

    static func expectRejected(_ bytes: [UInt8], _ message: String, at offset: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        HostileLayoutTests.expectRejected(bytes, message, sourceLocation: sourceLocation)
        let problem = GraphDecoder().validate(bytes).problems.first
        #expect(
            problem?.message.hasPrefix(message) == true && problem?.byteOffset == offset, "\(String(describing: problem))",
            sourceLocation: sourceLocation)
    }
}

/// The fields of arrays, sets, dictionaries and optional boxes stored as `VAL`s are their
/// elements: unkeyed, keys and values in pairs, one wrapped value.
@Suite struct CollectionFieldTests {
    static let one: [UInt8] = [0x23, 0x0A, 0x02]

    @Test func collectionFieldsAreUnkeyed() {
        for code: UInt8 in [40, 41, 42, 43] {
            let bytes = RawArchive(types: [], keys: ["k"], body: [0x21, code, 0x33, 0x01, 0x0A, 0x02, 0x00]).bytes
            NodeTagTests.expectRejected(bytes, "the fields of", at: 42)
        }
    }

    @Test func dictionariesPairTheirFieldsAndBoxesHoldOne() throws {
        let odd = RawArchive(types: [], body: [0x21, 42] + Self.one + Self.one + Self.one + [0x00]).bytes
        NodeTagTests.expectRejected(odd, "a Dictionary of 3 fields: keys and values alternate", at: 40)
        #expect(throws: GCodableError.self) { try GraphDecoder().decode([Int: String].self, from: odd) }
        for fields in [0, 2] {
            let box = RawArchive(types: [], body: [0x21, 43] + Array([[UInt8]](repeating: Self.one, count: fields).joined()) + [0x00]).bytes
            NodeTagTests.expectRejected(box, "an Optional box of \(fields) fields: it holds one", at: 40)
        }
        let pairs = RawArchive(types: [], body: [0x21, 42] + Self.one + [0x23, 0x0F, 0x01, 0x61, 0x00]).bytes
        #expect(try GraphDecoder().decode([Int: String].self, from: pairs) == [1: "a"])
    }
}
