import Foundation
import GraphCodable
import Testing

/// Every identity and inheritance option of `GraphEncoder` changes what the guide says.
@Suite struct IdentityOptionsTests {
    final class Ref: GCodable {
        var name: String
        init(_ name: String) { self.name = name }
        init(from decoder: GDecoder) throws { name = try decoder.decode() }
        func encode(to encoder: GEncoder) throws { try encoder.encode(name) }
    }

    /// A class whose identity is its name, or none when the name is empty.
    final class NamedRef: GCodable, GIdentifiable {
        var name: String
        var gcodableID: String? { name.isEmpty ? nil : name }
        init(_ name: String) { self.name = name }
        init(from decoder: GDecoder) throws { name = try decoder.decode() }
        func encode(to encoder: GEncoder) throws { try encoder.encode(name) }
    }

    /// Identified by `id`, equal (as `Hashable`) by `payload`; it stores no field, so that
    /// only its own identity shows as pointers in dumps.
    struct Tagged: GCodable, GIdentifiable, Hashable {
        var id: Int
        var payload: String
        var gcodableID: Int? { id }
        init(id: Int, payload: String) {
            self.id = id
            self.payload = payload
        }
        init(from decoder: GDecoder) throws {
            id = 0
            payload = ""
        }
        func encode(to encoder: GEncoder) throws {}
        static func == (lhs: Tagged, rhs: Tagged) -> Bool { lhs.payload == rhs.payload }
        func hash(into hasher: inout Hasher) { hasher.combine(payload) }
    }

    class Base: GCodable {
        init() {}
        required init(from decoder: GDecoder) throws {}
        func encode(to encoder: GEncoder) throws {}
    }

    final class Derived: Base {}

    static func pointerCount<T: GEncodable>(_ value: T, _ options: GraphEncoder.Options) throws -> Int {
        try GraphEncoder(options).dump(value).components(separatedBy: "PTS").count - 1
    }

    static func roundTrip<T: GCodable>(_ value: T, _ options: GraphEncoder.Options) throws -> T {
        try GraphDecoder().decode(T.self, from: try GraphEncoder(options).encode(value) as Bytes)
    }

    @Test func disableIdentityDuplicatesEverything() throws {
        let shared = Ref("x")
        #expect(try Self.pointerCount([shared, shared], []) == 1)
        #expect(try Self.pointerCount([shared, shared], .disableIdentity) == 0)
        let decoded = try Self.roundTrip([shared, shared], .disableIdentity)
        #expect(decoded[0] !== decoded[1])
        #expect(try Self.pointerCount([Tagged(id: 1, payload: "a"), Tagged(id: 1, payload: "b")], .disableIdentity) == 0)
        #expect(try Self.pointerCount(["s", "s"], [.disableIdentity, .tryHashableIdentityAtFirst]) == 0)
    }

    @Test func ignoreGIdentifiableFallsBackToObjectIdentity() throws {
        let tagged = [Tagged(id: 1, payload: "a"), Tagged(id: 1, payload: "a")]
        #expect(try Self.pointerCount(tagged, []) == 1)
        #expect(try Self.pointerCount(tagged, .ignoreGIdentifiableProtocol) == 0)
        // Two objects with one id are one; an object with a nil id has no identity...
        #expect(try Self.pointerCount([NamedRef("n"), NamedRef("n")], []) == 1)
        let anonymous = NamedRef("")
        #expect(try Self.pointerCount([anonymous, anonymous], []) == 0)
        // ...unless the protocol is ignored: then the ObjectIdentifier counts.
        #expect(try Self.pointerCount([NamedRef("n"), NamedRef("n")], .ignoreGIdentifiableProtocol) == 0)
        #expect(try Self.pointerCount([anonymous, anonymous], .ignoreGIdentifiableProtocol) == 1)
    }

    @Test func disableAutoObjectIdentifierLeavesOnlyGIdentifiable() throws {
        let shared = Ref("x")
        #expect(try Self.pointerCount([shared, shared], .disableAutoObjectIdentifierIdentityForReferences) == 0)
        #expect(try Self.pointerCount([NamedRef("n"), NamedRef("n")], .disableAutoObjectIdentifierIdentityForReferences) == 1)
    }

    @Test func hashableIdentityAtFirstAndAtLast() throws {
        let strings = ["same", "same", "other", "same"]
        #expect(try Self.pointerCount(strings, []) == 0)
        #expect(try Self.pointerCount(strings, .tryHashableIdentityAtFirst) == 2)
        #expect(try Self.pointerCount(strings, .tryHashableIdentityAtLast) == 2)
        #expect(try Self.roundTrip(strings, .tryHashableIdentityAtFirst) == strings)
        #expect(try Self.roundTrip([1, 1, 2], .tryHashableIdentityAtLast) == [1, 1, 2])
        #expect(try Self.roundTrip([[1, 2], [1, 2]], .tryHashableIdentityAtFirst) == [[1, 2], [1, 2]])
        // At first, equality decides; at last, the GIdentifiable id still decides.
        let equalTwins = [Tagged(id: 1, payload: "p"), Tagged(id: 2, payload: "p")]
        #expect(try Self.pointerCount(equalTwins, .tryHashableIdentityAtFirst) == 1)
        #expect(try Self.pointerCount(equalTwins, .tryHashableIdentityAtLast) == 0)
        let sameID = [Tagged(id: 1, payload: "p"), Tagged(id: 1, payload: "q")]
        #expect(try Self.pointerCount(sameID, .tryHashableIdentityAtFirst) == 0)
        #expect(try Self.pointerCount(sameID, .tryHashableIdentityAtLast) == 1)
    }

    @Test func mimicSwiftCodableDropsInheritanceAndIdentity() throws {
        let shared = Derived()
        let decoded = try Self.roundTrip([shared, shared] as [Base], .mimicSwiftCodable)
        #expect(type(of: decoded[0]) == Base.self)
        #expect(decoded[0] !== decoded[1])
        let kept = try Self.roundTrip([shared, shared] as [Base], [])
        #expect(type(of: kept[0]) == Derived.self)
        #expect(kept[0] === kept[1])
    }
}
