import Foundation
import GraphCodable
import Testing

@testable import determinism_probe

/// `GraphEncoder.Options.deterministic`: equal values give byte-identical archives, in one
/// process whatever order its sets and dictionaries iterate in, and across processes whose
/// hash seeds differ; the order is the canonical one Docs/ArchiveFormat.md defines.
@Suite struct DeterministicEncodingTests {
    typealias Sources = ScalarSources

    /// The probe archives the same catalog in three processes, one with the hash seed
    /// fixed and two with random seeds.
    @Test func equalArchivesAcrossProcesses() throws {
        let runs = try [["SWIFT_DETERMINISTIC_HASHING": "1"], [:], [:]].map(DeterminismProbe.run)
        // The seeds differed: the processes iterated the same set in different orders, and
        // wrote different archives by default.
        #expect(Set(runs.map { $0[2] }).count > 1)
        #expect(Set(runs.map { $0[1] }).count > 1)
        #expect(Set(runs.map { $0[0] }).count == 1)
        let bytes = DeterminismProbe.bytes(hex: runs[0][0])
        #expect(try GraphEncoder(.deterministic).encode(Catalog.sample()) as Bytes == bytes)
        #expect(try GraphDecoder().decode(Catalog.self, from: bytes) == Catalog.sample())
        #expect(GraphDecoder().validate(bytes).isValid)
    }

    /// Seeded random sets and dictionaries, packed and field by field, nested, keyed by
    /// floating-point numbers (NaNs among them) and user types: each archives as the same
    /// rebuilt to iterate in another order, and comes back exactly.
    @Test func equalArchivesInAnyOrder() throws {
        // The strings' edge cases but the megabyte one, which the round-trip tests take.
        let strings = ValueSource(edgeCases: Sources.strings.edgeCases().filter { $0.utf8.count < 100 }, random: Sources.strings.random)
        try check(Sources.sets(of: strings), seed: 1) { Reordered.of($0) }
        try check(Sources.sets(of: Sources.integers(Int.self)), seed: 2) { Reordered.of($0) }
        try check(Sources.sets(of: Sources.integers(UInt16.self)), seed: 3) { Reordered.of($0) }
        try check(Sources.dictionaries(strings, Sources.doubles), seed: 4) { Reordered.of($0) }
        try check(Sources.dictionaries(Sources.doubles, strings), seed: 5) { Reordered.of($0) }
        try check(Sources.dictionaries(Sources.integers(Int.self), Sources.doubles), seed: 6) { Reordered.of($0) }
        try check(Sources.dictionaries(Sources.dates, Sources.arrays(of: strings)), seed: 7) { Reordered.of($0) }
        try check(Sources.sets(of: Sources.sets(of: strings)), seed: 8) { Reordered.of(Set($0.map(Reordered.of))) }
        try check(Sources.dictionaries(strings, Sources.sets(of: Sources.integers(Int.self))), seed: 9) {
            Reordered.of($0.mapValues(Reordered.of))
        }
        let coordinates = ValueSource { Coordinate(x: .random(in: -3 ... 3, using: &$0), y: .random(in: -3 ... 3, using: &$0)) }
        let byCoordinate = Sources.dictionaries(coordinates, Sources.sets(of: strings))
        try check(byCoordinate, seed: 10) { Reordered.of($0.mapValues(Reordered.of)) }
    }

    /// Elements are ordered by their archived bytes: strings by their length's varint, then
    /// their UTF-8; integers by their varints, or by their little-endian bytes under
    /// `.fixedWidthIntegers`.
    @Test func theOrderIsTheArchivedBytes() throws {
        let strings = try GraphEncoder(.deterministic).encode(Set(["b", "ab", "a", "é"])) as Bytes
        #expect(
            Self.body(strings) == [0x21, 41] + [0x23, 15, 1, 0x61] + [0x23, 15, 1, 0x62] + [0x23, 15, 2, 0x61, 0x62] + [
                0x23, 15, 2, 0xC3, 0xA9,
            ] + [0])
        let integers: Set<Int> = [300, 64, -1, 1]
        let varints = try GraphEncoder(.deterministic).encode(integers) as Bytes
        #expect(Self.body(varints).suffix(7) == [4, 0x01, 0x02, 0x80, 0x01, 0xD8, 0x04])
        let fixed = try GraphEncoder([.deterministic, .fixedWidthIntegers]).encode(integers) as Bytes
        #expect(
            Self.body(fixed).suffix(33).map { $0 } == [4] + Self.littleEndian(1) + Self.littleEndian(300) + Self.littleEndian(64)
                + Self.littleEndian(-1))
    }

    /// Class instances are ordered by their own fields (a tag by its name here): those they
    /// hold do not enter their sort keys, so sets of objects in cycles order in linear time.
    @Test func objectsOrderByTheirOwnFields() throws {
        let tags = ["b", "c", "a"].map { determinism_probe.Tag(name: $0, weight: 1) }
        for tag in tags { tag.related = Set(tags) }
        let bytes = try GraphEncoder(.deterministic).encode(Reordered.of(Set(tags))) as Bytes
        let dump = try GraphArchive(bytes: bytes).dump()
        let names = ["\"a\"", "\"b\"", "\"c\""].map { dump.range(of: $0)?.lowerBound }
        #expect(names.allSatisfy { $0 != nil } && names == names.sorted { $0! < $1! }, "\(dump)")
        let decoded = try GraphDecoder().decode(Set<determinism_probe.Tag>.self, from: bytes)
        #expect(Set(decoded.map(\.summary)) == Set(tags.map(\.summary)))
    }

    /// A set nested in an element is sorted for the element's sort key and met again when
    /// the element is written: each is sorted once, so nesting costs linear time.
    @Test func nestedSetsSortOnce() throws {
        struct Node: GCodable, Hashable {
            var name: Int
            var children: Set<Node>
            init(name: Int, children: Set<Node>) { (self.name, self.children) = (name, children) }
            private enum Key: String { case name, children }
            init(from decoder: GDecoder) throws {
                name = try decoder.decode(for: Key.name)
                children = try decoder.decode(for: Key.children)
            }
            func encode(to encoder: GEncoder) throws {
                try encoder.encode(name, for: Key.name)
                try encoder.encode(children, for: Key.children)
            }
        }
        var chain = Set<Node>()
        for level in 0 ..< 15 { chain = [Node(name: 2 * level, children: chain), Node(name: 2 * level + 1, children: [])] }
        let start = ContinuousClock.now
        let bytes = try GraphEncoder(.deterministic).encode(chain) as Bytes
        #expect(ContinuousClock.now - start < .seconds(10), "sorting nested sets again at every meeting takes 2^15 steps")
        #expect(try GraphEncoder(.deterministic).encode(Reordered.of(chain)) as Bytes == bytes)
        #expect(try GraphDecoder().decode(Set<Node>.self, from: bytes) == chain)
    }

    /// Seeded values of `source`, each also rebuilt by `reorder`: equal deterministic
    /// archives, which read back exactly, with every option that changes the bytes written.
    private func check<Value: GCodable & ExactlyEqual>(
        _ source: ValueSource<Value>, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation, reorder: (Value) -> Value
    ) throws {
        for (index, value) in source.values(count: 100, seed: seed).enumerated() {
            let options: GraphEncoder.Options = index.isMultiple(of: 2) ? .deterministic : [.deterministic, .fixedWidthIntegers]
            let bytes = try GraphEncoder(options).encode(value) as Bytes
            let again = try GraphEncoder(options).encode(reorder(value)) as Bytes
            #expect(bytes == again, "value \(index) (seed \(seed)): \(value)", sourceLocation: sourceLocation)
            if let problem = try ExactRoundTrip.problem(with: value, options: options, dumped: false) {
                Issue.record("value \(index) (seed \(seed)): \(problem)", sourceLocation: sourceLocation)
            }
        }
    }

    private static func body(_ archive: Bytes) -> Bytes {
        let length = archive[24 ..< 32].reversed().reduce(0) { $0 << 8 | Int($1) }
        return Array(archive[40 ..< 40 + length])
    }

    private static func littleEndian(_ value: Int) -> [UInt8] {
        (0 ..< 8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}

extension Coordinate: ExactlyEqual {}
