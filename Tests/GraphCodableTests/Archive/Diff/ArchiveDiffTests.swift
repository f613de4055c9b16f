import Foundation
import GraphCodable
import Testing

/// Structural differences between archives, found without their types.
@Suite struct ArchiveDiffTests {
    final class Person: GCodable {
        var name: String
        var age: Int
        var friends: [Person] = []
        /// Not archived: writes the keyed fields in the opposite order.
        var reversesKeys = false

        init(_ name: String, age: Int = 30, reversesKeys: Bool = false) {
            self.name = name
            self.age = age
            self.reversesKeys = reversesKeys
        }

        private enum Key: String { case name, age, friends }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            age = try decoder.decode(for: Key.age)
            friends = try decoder.decode(for: Key.friends)
        }

        func encode(to encoder: GEncoder) throws {
            if reversesKeys {
                try encoder.encode(friends, for: Key.friends)
                try encoder.encode(age, for: Key.age)
                try encoder.encode(name, for: Key.name)
            } else {
                try encoder.encode(name, for: Key.name)
                try encoder.encode(age, for: Key.age)
                try encoder.encode(friends, for: Key.friends)
            }
        }
    }

    /// A person under another name, with the same keys: a rename.
    final class Member: GCodable {
        let person: Person
        init(_ person: Person) { self.person = person }
        init(from decoder: GDecoder) throws { person = Person("") }
        private enum Key: String { case name, age, friends }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(person.name, for: Key.name)
            try encoder.encode(person.age, for: Key.age)
            try encoder.encode(person.friends, for: Key.friends)
        }
    }

    /// Two values written unkeyed, in either order.
    struct Pair: GCodable {
        var first: String
        var second: Int
        var swapped = false

        init(_ first: String, _ second: Int, swapped: Bool = false) {
            (self.first, self.second, self.swapped) = (first, second, swapped)
        }

        init(from decoder: GDecoder) throws {
            first = try decoder.decode()
            second = try decoder.decode()
        }

        func encode(to encoder: GEncoder) throws {
            if swapped {
                try encoder.encode(second)
                try encoder.encode(first)
            } else {
                try encoder.encode(first)
                try encoder.encode(second)
            }
        }
    }

    /// A node that holds its partner strongly or conditionally.
    final class Holder: GCodable {
        let partner: Person
        let conditionally: Bool
        init(_ partner: Person, conditionally: Bool) { (self.partner, self.conditionally) = (partner, conditionally) }
        init(from decoder: GDecoder) throws { (partner, conditionally) = (Person(""), false) }
        private enum Key: String { case partner }
        func encode(to encoder: GEncoder) throws {
            if conditionally {
                try encoder.encodeConditional(partner, for: Key.partner)
            } else {
                try encoder.encode(partner, for: Key.partner)
            }
        }
    }

    /// Two friends who are each other's friend: a cycle.
    static func couple(_ second: String = "Bob", reversesKeys: Bool = false) -> Person {
        let ann = Person("Ann", reversesKeys: reversesKeys), bob = Person(second, reversesKeys: reversesKeys)
        ann.friends = [bob]
        bob.friends = [ann]
        return ann
    }

    static func diff<A: GEncodable, B: GEncodable>(_ before: A, _ after: B, maximumCount: Int = 1000) throws -> GraphArchiveDiff {
        try GraphArchive.differences(
            from: GraphEncoder().encode(before) as Bytes, to: GraphEncoder().encode(after) as Bytes, maximumCount: maximumCount)
    }

    @Test func anArchiveEqualsItself() throws {
        let diff = try Self.diff(Self.couple(), Self.couple())
        #expect(diff.isIdentical)
        #expect(diff.description == "no differences")
    }

    @Test func aValueChangedInACycleIsFoundOnceByItsPath() throws {
        let diff = try Self.diff(Self.couple(), Self.couple("Bobby"))
        #expect(diff.differences.count == 1)
        let difference = try #require(diff.differences.first)
        #expect(difference.change == .valueChanged)
        #expect(difference.path == "root.friends[0].name")
        #expect(difference.before?.value == "String \"Bob\"")
        #expect(difference.after?.value == "String \"Bobby\"")
        #expect(difference.before?.location.hasPrefix("$.body[0].fields[") == true)
        #expect(difference.before?.byteOffset != nil)
        #expect(difference.description == "~ root.friends[0].name: String \"Bob\" → String \"Bobby\"")
    }

    @Test func reorderedKeyedFieldsAreNoDifference() throws {
        let before = try GraphEncoder().encode(Self.couple()) as Bytes
        let after = try GraphEncoder().encode(Self.couple(reversesKeys: true)) as Bytes
        #expect(before != after)
        #expect(try GraphArchive.differences(from: before, to: after).isIdentical)
    }

    @Test func reorderedUnkeyedFieldsAreDifferences() throws {
        let diff = try Self.diff(Pair("a", 1), Pair("a", 1, swapped: true))
        #expect(diff.differences.map(\.change) == [.typeChanged, .typeChanged])
        #expect(diff.differences.first?.description == "~ root[0]: String \"a\" → Int 1")
        #expect(diff.differences.map(\.path) == ["root[0]", "root[1]"])
    }

    @Test func sharedObjectsAreComparedOnceAndSharingChangesAreFound() throws {
        let shared = Person("Sam")
        let twins = [shared, shared]
        #expect(try Self.diff(twins, twins).isIdentical)
        let diff = try Self.diff(twins, [shared, Person("Sam")])
        #expect(diff.differences.map(\.change) == [.identityChanged])
        let difference = try #require(diff.differences.first)
        #expect(difference.path == "root[1]")
        #expect(difference.before?.value.contains("the one at root[0]") == true)
        #expect(difference.after?.value.contains("the one at") == false)
        // The place is the pointer's own, where the path leads; the text is what it points to.
        #expect(difference.before?.location == "$.body[0].fields[1]")
        #expect(difference.before?.value.hasSuffix("REF GraphCodableTests.ArchiveDiffTests.Person") == true)
    }

    @Test func conditionalReferences() throws {
        let person = Person("Pat")
        // Held conditionally and archived elsewhere, or held strongly: the reference differs.
        let conditional = try Self.diff(
            [Holder(person, conditionally: true), Holder(person, conditionally: false)],
            [Holder(person, conditionally: false), Holder(person, conditionally: false)])
        #expect(conditional.differences.map(\.change) == [.referenceChanged])
        #expect(conditional.differences.map(\.path) == ["root[0].partner"])
        // Held conditionally and archived nowhere: nil where the other archive has the person.
        let missing = try Self.diff([Holder(person, conditionally: true)], [Holder(person, conditionally: false)])
        #expect(missing.differences.map(\.change) == [.typeAdded, .referenceChanged, .valueChanged])
        #expect(missing.differences.last?.before?.value.hasPrefix("nil (a conditional reference") == true)
    }

    @Test func addedAndRemovedNodes() throws {
        let diff = try Self.diff(["a", "b"], ["a", "b", "c"])
        #expect(diff.differences.map(\.change) == [.nodeAdded])
        #expect(diff.differences.first?.path == "root[2]")
        #expect(diff.differences.first?.before == nil)
        #expect(diff.differences.first?.after?.value == "String \"c\"")
        let removed = try Self.diff(["a", "b", "c"], ["a", "b"])
        #expect(removed.differences.map(\.description) == ["- root[2]: String \"c\""])
    }

    @Test func typesAddedRemovedAndRenamed() throws {
        let person = Person("Ann")
        let renamed = try Self.diff([person], [Member(person)])
        #expect(renamed.differences.map(\.change) == [.typeRenamed])
        let rename = try #require(renamed.differences.first)
        #expect(rename.path.hasPrefix("types[\"") && rename.path.contains("Person"))
        #expect(rename.after?.value.contains("Member") == true)
        #expect(rename.before?.location == "$.types[0]")

        let changed = try Self.diff([person], [Pair("a", 1)])
        let changes = Set(changed.differences.map(\.change))
        #expect(changes.isSuperset(of: [GraphArchiveDiff.Difference.Change.typeAdded, .typeRemoved]))
    }

    @Test func headerDifferencesAndVersionsThatHoldTheSameValues() throws {
        let values: [String: [Double]] = ["x": [1.5, -0.0], "y": []]
        let before = try GraphEncoder().encode(values) as Bytes
        let after = try GraphDecoder().convert(before, internalBinaryIOVersion: 2)
        let diff = try GraphArchive.differences(from: before, to: after)
        #expect(diff.differences.map(\.path) == ["header.internalBinaryIOVersion"])
        #expect(diff.differences.first?.before?.value == "1")
        #expect(diff.differences.first?.after?.value == "2")
        let unchecked = try GraphEncoder(.omitChecksum).encode(values) as Bytes
        #expect(try GraphArchive.differences(from: before, to: unchecked).differences.map(\.path) == ["header.checksummed"])
    }

    @Test func atMostTheCountAskedForIsListed() throws {
        let before = (0 ..< 50).map { "v\($0)" }, after = (0 ..< 50).map { "w\($0)" }
        let diff = try Self.diff(before, after, maximumCount: 10)
        #expect(diff.differences.count == 10)
        #expect(diff.omittedCount == 40)
        #expect(diff.totalCount == 50)
        #expect(diff.description.hasSuffix("… and 40 more differences"))
    }

    /// Paths and locations of nodes deeper than 32 levels are cut in the middle.
    @Test func deepPathsAreCut() throws {
        func nested(_ text: String) throws -> GraphArchive {
            var payload = BinaryWriteBuffer()
            try text.write(to: &payload)
            var node = GraphArchive.Node(kind: .biv, type: 15, payload: payload.bytes)
            for _ in 0 ..< 40 { node = GraphArchive.Node(kind: .val, fields: [node]) }
            var archive = try GraphArchive(bytes: try GraphEncoder().encode(0) as Bytes)
            archive.body = [node]
            return archive
        }
        let difference = try #require(try nested("a").differences(to: nested("b")).differences.first)
        #expect(difference.path == "root" + String(repeating: "[0]", count: 15) + "…(9 more)…" + String(repeating: "[0]", count: 16))
        #expect(
            difference.before?.location == "$.body[0]" + String(repeating: ".fields[0]", count: 15) + "…(9 more)…"
                + String(repeating: ".fields[0]", count: 16))
    }

    /// A string payload node, for archives built by hand.
    static func string(_ text: String, key: UInt32 = 0) throws -> GraphArchive.Node {
        var payload = BinaryWriteBuffer()
        try text.write(to: &payload)
        return GraphArchive.Node(kind: .biv, key: key, type: 15, payload: payload.bytes)
    }

    /// Top-level definitions no pointer reaches are compared too, in body order.
    @Test func unreachedDefinitionsAreCompared() throws {
        func archive(_ secret: String) throws -> GraphArchive {
            var archive = try GraphArchive(bytes: try GraphEncoder().encode(0) as Bytes)
            archive.body.append(GraphArchive.Node(kind: .ref, objectID: 1, fields: [try Self.string(secret)]))
            return archive
        }
        let diff = try archive("secret A").differences(to: archive("something else"))
        #expect(diff.differences.map(\.description) == ["~ unreached[0][0]: String \"secret A\" → String \"something else\""])
    }

    /// Names and keys from an archive are shown cut, with their control characters escaped.
    @Test func archiveTextIsShownCutAndEscaped() throws {
        func archive(type: String, key: String, value: String) throws -> GraphArchive {
            var archive = try GraphArchive(bytes: try GraphEncoder().encode(0) as Bytes)
            archive.types = [.valueType(qualifiedName: type, mangledName: "", version: 0)]
            archive.keys = [key]
            archive.body = [GraphArchive.Node(kind: .val, type: 64, fields: [try Self.string(value, key: 1)])]
            return archive
        }
        let longKey = String(repeating: "k", count: 5_000)
        let diff = try archive(type: "Forged\n~ root.password: x\u{1B}[2J", key: longKey, value: "a")
            .differences(to: archive(type: "Other", key: longKey, value: "b"))
        let text = diff.description
        #expect(!text.contains("\n~ root.password") && !text.contains("\u{1B}"))
        #expect(text.contains("Forged\\u{A}~ root.password: x\\u{1B}[2J"))
        let change = try #require(diff.differences.first { $0.change == .valueChanged })
        #expect(change.path == "root[\"" + String(repeating: "k", count: 100) + "…\"]")
        #expect(text.count < 2_000)
    }

    @Test func unreadableArchivesNameTheirSide() throws {
        let good = try GraphEncoder().encode("x") as Bytes
        #expect {
            try GraphArchive.differences(from: good, to: Array(good.dropLast()))
        } throws: { error in
            (error as? GCodableError)?.context.debugDescription.hasPrefix("after: ") == true
        }
    }

    @Test func theModelComparesAsItsBytes() throws {
        let before = try GraphArchive(bytes: try GraphEncoder().encode(["a"]) as Bytes)
        let after = try GraphArchive(bytes: try GraphEncoder().encode(["b"]) as Bytes)
        #expect(try before.differences(to: after).differences.map(\.path) == ["root[0]"])
    }

    /// A long chain is walked without recursion, and an object shared by many nodes on one
    /// side and matched with many distinct nodes on the other is entered once: the work
    /// stays linear (quadratic here would be 10^9 steps).
    @Test func longChainsAndWideSharingStayLinear() throws {
        let chainBytes = try StackSizedThread.run(stackSize: 512 << 20) {
            try GraphEncoder().encode(Link.chain(100_000)!) as Bytes
        }
        #expect(try GraphArchive.differences(from: chainBytes, to: chainBytes).isIdentical)

        let hub = Person("hub")
        hub.friends = (0 ..< 10_000).map { Person("f\($0)") }
        let leaves = (0 ..< 10_000).map { Person("n\($0)") }
        let diff = try Self.diff(Array(repeating: hub, count: 10_000), leaves, maximumCount: 5)
        #expect(diff.totalCount > 10_000)

        // 100,000 fields with one key are paired in order, without rescanning them.
        func repeated(_ count: Int) -> GraphArchive.Node {
            GraphArchive.Node(kind: .val, fields: Array(repeating: GraphArchive.Node(kind: .nil, key: 1), count: count))
        }
        let wide = try GraphArchive(bytes: try GraphEncoder().encode(0) as Bytes)
        var narrower = wide, wider = wide
        (narrower.keys, narrower.body) = (["k"], [repeated(100_000)])
        (wider.keys, wider.body) = (["k"], [repeated(100_001)])
        #expect(try narrower.differences(to: wider).differences.map(\.description) == ["+ root.k: nil"])
    }
}
