import Foundation
import GraphCodable
import Testing

@testable import determinism_probe

/// The comparison of archives takes sets and dictionaries as unordered: their elements, and
/// their entries by key, are matched by their archived form, and what is added, removed or
/// changed is reported with the element or key in its path, never its position.
@Suite struct UnorderedDiffTests {
    /// The catalog archived by two processes, in two orders of every set and dictionary.
    @Test func archivesOfEqualDataFromTwoProcessesAreTheSame() throws {
        let first = try DeterminismProbe.run([:]), second = try DeterminismProbe.run(["SWIFT_DETERMINISTIC_HASHING": "1"])
        let before = DeterminismProbe.bytes(hex: first[1]), after = DeterminismProbe.bytes(hex: second[1])
        #expect(before != after)
        let diff = try GraphArchive.differences(from: before, to: after)
        #expect(diff.isIdentical, "\(diff)")
    }

    @Test func equalCollectionsInAnotherOrderAreTheSame() throws {
        let words = Set((0 ..< 300).map { "word \($0)" })
        try expectSame(words, Reordered.of(words))
        let numbers = Set((0 ..< 300).map { $0 * 7 - 100 })
        try expectSame(numbers, Reordered.of(numbers))
        let index = Dictionary(uniqueKeysWithValues: (0 ..< 100).map { ("key \($0)", [$0, $0 + 1]) })
        try expectSame(index, Reordered.of(index))
        let measures = Dictionary(uniqueKeysWithValues: (0 ..< 100).map { ($0, Double($0) / 3) })
        try expectSame(measures, Reordered.of(measures))
        let nested = Set((0 ..< 40).map { outer in Set((0 ..< 8).map { "\(outer)-\($0)" }) })
        try expectSame(nested, Reordered.of(Set(nested.map(Reordered.of))))
        let byCoordinate = Dictionary(
            uniqueKeysWithValues: (0 ..< 50).map { (Coordinate(x: $0 % 7, y: $0 / 7), Set(["a\($0)", "b", "c"])) })
        try expectSame(byCoordinate, Reordered.of(byCoordinate.mapValues(Reordered.of)))
        // Packed collections of archives with other internal BinaryIO versions: their values compare.
        let fixed = try GraphEncoder(.fixedWidthIntegers).encode(Reordered.of(numbers)) as Bytes
        let diff = try GraphArchive.differences(from: GraphEncoder().encode(numbers) as Bytes, to: fixed)
        #expect(diff.differences.map(\.path) == ["header.internalBinaryIOVersion"])
    }

    @Test func setsOfObjectsInCyclesInAnotherOrderAreTheSame() throws {
        let tags = (0 ..< 30).map { determinism_probe.Tag(name: "tag \($0)", weight: $0 % 3) }
        for (position, tag) in tags.enumerated() { tag.related = [tags[(position + 1) % 30], tags[(position * 7) % 30]] }
        try expectSame(Set(tags), Reordered.of(Set(tags)))
        let weights = Dictionary(uniqueKeysWithValues: tags.map { ($0, $0.weight) })
        try expectSame(weights, Reordered.of(weights))
    }

    @Test func changesInADictionaryArePathedByKey() throws {
        let before: [String: [Int]] = ["a": [1], "b": [2, 3], "gone": [], "first name": [4]]
        let after: [String: [Int]] = Reordered.of(["a": [1], "b": [2, 4], "new": [5], "first name": [4]])
        let diff = try Self.diff(before, after)
        #expect(
            Set(diff.differences.map(\.description)) == [
                "~ root[\"b\"]: Array<Int> [2, 3] → Array<Int> [2, 4]", "- root[\"gone\"]: Array<Int> []",
                "+ root[\"new\"]: Array<Int> [5]",
            ], "\(diff)")
    }

    @Test func changesInASetArePathedByElement() throws {
        let diff = try Self.diff(Set(["kept", "old"]), Reordered.of(Set(["kept", "new"])))
        #expect(
            Set(diff.differences.map(\.description)) == ["- root[\"old\"]: String \"old\"", "+ root[\"new\"]: String \"new\""], "\(diff)")
        let nested = try Self.diff(["k": Set([1, 2])], ["k": Set([2, 3])])
        #expect(Set(nested.differences.map(\.description)) == ["- root[\"k\"][1]: Int 1", "+ root[\"k\"][3]: Int 3"], "\(nested)")
    }

    @Test func changesInPackedCollectionsArePathedByKey() throws {
        let diff = try Self.diff([1: 1.5, 2: 2.5, 3: 0.0] as [Int: Double], Reordered.of([1: 1.5, 2: 3.0, 4: 0.0] as [Int: Double]))
        #expect(
            Set(diff.differences.map(\.description)) == [
                "~ root[2]: Double 2.5 → Double 3.0", "- root[3]: Double 0.0", "+ root[4]: Double 0.0",
            ], "\(diff)")
        let packed = try Self.diff(Set(0 ..< 50), Reordered.of(Set(1 ..< 51)))
        #expect(Set(packed.differences.map(\.description)) == ["- root[0]: Int 0", "+ root[50]: Int 50"], "\(packed)")
        #expect(packed.differences.allSatisfy { $0.before?.location ?? $0.after?.location == "$.body[0]" })
    }

    @Test func changesUnderAUserKeyAndInAnObjectArePathedByThem() throws {
        let before = [Coordinate(x: 1, y: 2): "here", Coordinate(x: 0, y: 0): "origin"]
        let after = Reordered.of([Coordinate(x: 1, y: 2): "there", Coordinate(x: 0, y: 0): "origin"])
        let diff = try Self.diff(before, after)
        #expect(
            diff.differences.map(\.description) == ["~ root[determinism_probe.Coordinate(x: 1, y: 2)]: String \"here\" → String \"there\""],
            "\(diff)")
        let tag = determinism_probe.Tag(name: "solo", weight: 1), other = determinism_probe.Tag(name: "solo", weight: 2)
        let objects = try Self.diff(Set([tag]), Set([other]))
        #expect(
            Set(objects.differences.map(\.path)) == [
                "root[determinism_probe.Tag(name: \"solo\", weight: 1, related: [])]",
                "root[determinism_probe.Tag(name: \"solo\", weight: 2, related: [])]",
            ], "\(objects)")
    }

    /// A dictionary's keys match by their form, in which objects count by their type: what
    /// such an object holds is compared as the key's own, at `[key: …]`.
    @Test func changesInsideAKeyArePathedByTheKey() throws {
        let diff = try Self.diff([Holder(.init(name: "a", weight: 1)): 1], [Holder(.init(name: "b", weight: 1)): 1])
        #expect(
            diff.differences.map(\.path) == ["root[key: GraphCodableTests.UnorderedDiffTests.Holder(determinism_probe.Tag(…))][0].name"],
            "\(diff)")
    }

    /// A key that holds an object.
    struct Holder: GCodable, Hashable {
        var tag: determinism_probe.Tag
        init(_ tag: determinism_probe.Tag) { self.tag = tag }
        init(from decoder: GDecoder) throws { tag = try decoder.decode() }
        func encode(to encoder: GEncoder) throws { try encoder.encode(tag) }
    }

    /// Many sets, each with its own objects: the digests kept are shared, never copied, so
    /// the comparison takes linear time.
    @Test func manySetsOfObjectsCompareInLinearTime() throws {
        let sets = (0 ..< 40_000).map { Set([determinism_probe.Tag(name: "tag \($0)", weight: 0)]) }
        let bytes = try GraphEncoder().encode(sets) as Bytes
        let start = ContinuousClock.now
        #expect(try GraphArchive.differences(from: bytes, to: bytes).isIdentical)
        #expect(ContinuousClock.now - start < .seconds(20), "copying the kept digests at each set took quadratic time")
    }

    static func diff<A: GEncodable, B: GEncodable>(_ before: A, _ after: B) throws -> GraphArchiveDiff {
        try GraphArchive.differences(from: GraphEncoder().encode(before) as Bytes, to: GraphEncoder().encode(after) as Bytes)
    }

    private func expectSame<T: GEncodable>(_ value: T, _ reordered: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try GraphEncoder().encode(value) as Bytes, after = try GraphEncoder().encode(reordered) as Bytes
        #expect(before != after, "the same order: the test proves nothing", sourceLocation: sourceLocation)
        let diff = try GraphArchive.differences(from: before, to: after)
        #expect(diff.isIdentical, "\(diff)", sourceLocation: sourceLocation)
    }
}
