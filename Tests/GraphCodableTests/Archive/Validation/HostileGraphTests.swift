import Foundation
import SeededRandom
import Testing

@testable import GraphCodable

/// Archives whose object ids, type references and key ids point forward, backward, to
/// themselves or nowhere — re-sealed with a valid checksum, so that only the structural
/// checks stand between them and the decoder — throw or decode, never crash or hang.
@Suite struct HostileGraphTests {
    typealias Model = IdentityExamples.Model
    typealias Screen = IdentityExamples.Screen

    /// Whether `bytes` decode as either model; the dump of them must not crash either.
    static func attempt(_ bytes: [UInt8]) -> Bool {
        _ = try? GraphDecoder().dump(from: bytes, options: .fullInfo)
        let model = try? GraphDecoder().decode(Model.self, from: bytes)
        let screen = try? GraphDecoder().decode(Screen.self, from: bytes)
        return model != nil || screen != nil
    }

    /// Writers number objects 1, 2, 3…, which readers keep in arrays; any other numbering
    /// is valid too, and ids spread over the whole 32-bit range decode the same graph.
    @Test func objectIdsMayBeAnyNumbers() throws {
        let original = try GraphEncoder().encode(IdentityExamples.cyclicModel()) as Bytes
        var archive = try GraphArchive(bytes: original)
        func renumber(_ nodes: inout [GraphArchive.Node]) {
            for index in nodes.indices {
                nodes[index].objectID &*= 2_654_435_761 // odd: a different id for each, never 0
                renumber(&nodes[index].fields)
            }
        }
        renumber(&archive.body)
        let renumbered = try archive.bytes()
        #expect(renumbered != original)
        #expect(try GraphDecoder().decode(Model.self, from: renumbered) == IdentityExamples.cyclicModel())

        var table = ObjectIDMap<Int>()
        let inserted = [1, 2, 99, 100, 5_000_000, .max].map { (id: UInt32) in table.insert(Int(id), for: id, denseLimit: 100) }
        let again = [table.insert(0, for: 99, denseLimit: 100), table.insert(0, for: .max, denseLimit: 100)]
        #expect(inserted.allSatisfy { $0 } && again == [false, false])
        #expect(table[1] == 1 && table[99] == 99 && table[5_000_000] == 5_000_000 && table[.max] == Int(UInt32.max))
        #expect(table[3] == nil && table[101] == nil && table.count == 6)
    }

    @Test func rewrittenObjectIdsNeverCrash() throws {
        for root in [
            try GraphEncoder().encode(IdentityExamples.cyclicModel()) as Bytes,
            try GraphEncoder().encode(IdentityExamples.screen()) as Bytes,
        ] {
            let archive = try ParsedArchive(bytes: root)
            let ids = Set(NodeRewriting.definitions(of: archive).map(\.key))
            let maximum = ids.max() ?? 1
            var rejected = 0
            for (index, node) in archive.nodes.enumerated() where node.objectID != 0 {
                let candidates: Set<UInt32> = ids.union([0, 1, node.objectID &+ 1, node.objectID &- 1, maximum + 1, 1_000_000, .max])
                for value in candidates where value != node.objectID {
                    let bytes = NodeRewriting.rewriting(archive, node: index, .object, to: value)
                    if !Self.attempt(bytes) { rejected += 1 }
                }
            }
            #expect(rejected > 0)
        }
    }

    class Base: GCodable {
        init() {}
        required init(from decoder: GDecoder) throws {}
        func encode(to encoder: GEncoder) throws {}
    }

    final class Derived: Base {}

    final class Other: GCodable {
        init() {}
        init(from decoder: GDecoder) throws {}
        func encode(to encoder: GEncoder) throws {}
    }

    struct Named: GCodable, GIdentifiable {
        let gcodableID: String?
        init(_ id: String) { gcodableID = id }
        init(from decoder: GDecoder) throws { gcodableID = try decoder.decode() }
        func encode(to encoder: GEncoder) throws { try encoder.encode(gcodableID) }
    }

    /// Two fields that are one value (or one object) in the archive, read back as `A` and `B`.
    struct Pair<A: GCodable, B: GCodable>: GCodable {
        let first: A
        let second: B
        init(_ first: A, _ second: B) { (self.first, self.second) = (first, second) }
        private enum Key: String { case first, second }
        init(from decoder: GDecoder) throws {
            first = try decoder.decode(for: Key.first)
            second = try decoder.decode(for: Key.second)
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(first, for: Key.first)
            try encoder.encode(second, for: Key.second)
        }
    }

    /// The message of the type mismatch that decoding `bytes` as `T` throws, if it throws one.
    static func mismatch<T: GDecodable>(decoding bytes: Bytes, as _: T.Type) -> String? {
        do {
            _ = try GraphDecoder().decode(T.self, from: bytes)
            return nil
        } catch GCodableError.typeMismatch(_, let context) {
            return context.debugDescription
        } catch {
            return "\(error)"
        }
    }

    /// A value met again as another type (a class, a subclass's superclass, a value) comes
    /// back as the same object when it is one, and is otherwise a type mismatch that names
    /// both types.
    @Test func aValueMetAgainAsAnotherTypeIsOneOrAMismatch() throws {
        let derived = Derived()
        let shared = try GraphEncoder().encode(Pair(derived, derived)) as Bytes
        let same = try GraphDecoder().decode(Pair<Derived, Derived>.self, from: shared)
        #expect(same.first === same.second)
        let asBase = try GraphDecoder().decode(Pair<Derived, Base>.self, from: shared)
        #expect(asBase.first === asBase.second)
        let object = try #require(Self.mismatch(decoding: shared, as: Pair<Derived, Other>.self))
        #expect(object.hasSuffix("is a Derived, not a Other"), "\(object)")
        #expect(Self.mismatch(decoding: shared, as: Pair<Derived, Named>.self)?.contains("is a Derived, not a ") == true)

        let named = Named("n")
        let value = try GraphEncoder().encode(Pair(named, named)) as Bytes
        let again = try GraphDecoder().decode(Pair<Named, Named>.self, from: value)
        #expect(again.first.gcodableID == "n" && again.second.gcodableID == "n")
        #expect(Self.mismatch(decoding: value, as: Pair<Named, Other>.self)?.contains("is a Named, not a ") == true)
    }

    @Test func aDuplicateOrMissingDefinitionIsAnInvalidArchive() throws {
        let archive = try ParsedArchive(bytes: try GraphEncoder().encode(IdentityExamples.cyclicModel()) as Bytes)
        let definitions = NodeRewriting.definitions(of: archive).sorted { $0.key < $1.key }
        let (first, second) = (definitions[0], definitions[1])
        let duplicate = NodeRewriting.rewriting(archive, node: second.value, .object, to: first.key)
        #expect(throws: GCodableError.self) { try ParsedArchive(bytes: duplicate) }
        let orphaned = NodeRewriting.rewriting(archive, node: first.value, .object, to: 999)
        let strongPointers = archive.nodes.filter { $0.kind == .pts && $0.objectID == first.key }
        if !strongPointers.isEmpty {
            #expect(throws: GCodableError.self) { try ParsedArchive(bytes: orphaned) }
        }
        // The original decodes, so the rewriting itself is sound.
        let same = NodeRewriting.rewriting(archive, node: first.value, .object, to: first.key)
        #expect(try GraphDecoder().decode(Model.self, from: same) == IdentityExamples.cyclicModel())
    }

    @Test func rewrittenTypeAndKeyReferencesNeverCrash() throws {
        for root in [
            try GraphEncoder().encode(IdentityExamples.cyclicModel()) as Bytes,
            try GraphEncoder().encode(IdentityExamples.screen()) as Bytes,
        ] {
            let archive = try ParsedArchive(bytes: root)
            let typeCandidates: [UInt32] = [0, 1, 10, 15, 24, 40, 43, 52, 63, 64, 65, 66, 67, 200, .max]
            let keyCandidates: [UInt32] = [0, 1, 2, 3, UInt32(archive.keys.keys.count + 1), .max]
            var (attempts, refused) = (0, 0)
            for index in archive.nodes.indices {
                let rewritten =
                    typeCandidates.map { NodeRewriting.rewriting(archive, node: index, .type, to: $0) }
                    + keyCandidates.map { NodeRewriting.rewriting(archive, node: index, .key, to: $0) }
                for bytes in rewritten where !Self.attempt(bytes) { refused += 1 }
                attempts += rewritten.count
            }
            // Some rewrites leave a reference as it was, or point it at an entry that fits.
            #expect(refused > 0 && refused < attempts, "\(refused) of \(attempts) refused")
        }
    }

    /// Flips in the body. (Flips in class names reach the runtime's class lookup, which
    /// trusts its input: untrusted archives are for the secure decoding mode.)
    @Test func randomFlipsOfGraphBodiesNeverCrash() throws {
        var generator = SplitMix64(seed: 77)
        let originals = [
            try GraphEncoder().encode(IdentityExamples.cyclicModel()) as Bytes,
            try GraphEncoder().encode(IdentityExamples.screen()) as Bytes,
        ]
        var refused = 0
        for round in 0 ..< 2000 {
            var bytes = originals[round % 2]
            let body = try ArchiveHeader(validating: bytes).bodyRange
            let position = Int.random(in: body, using: &generator)
            bytes[position] = UInt8.random(in: 0 ... 255, using: &generator)
            var header = try ArchiveHeader(validating: originals[round % 2])
            header.checksum = 0
            ArchiveHeader.seal(&bytes, header: header)
            if !Self.attempt(bytes) { refused += 1 }
        }
        // A flip in a string's bytes or an integer's value may still decode.
        #expect(refused > 0 && refused < 2000, "\(refused) of 2000 refused")
    }
}
