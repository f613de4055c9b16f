import Foundation
import SeededRandom
import Testing

@testable import GraphCodable

/// Secure mode: archives may only name registered classes, matched as strings, so hostile
/// class names never reach the runtime's type lookup.
@Suite struct SecureDecodingTests {
    typealias A = InheritanceExamples.A
    typealias B = InheritanceExamples.B
    typealias Screen = IdentityExamples.Screen
    typealias Window = IdentityExamples.Window
    typealias View = IdentityExamples.View

    @Test func registeredClassesDecode() throws {
        let data = try GraphEncoder().encode([A(), B()]) as Bytes
        let decoder = GraphDecoder(registry: GTypeRegistry([A.self, B.self]))
        #expect("\(try decoder.decode([A].self, from: data))" == "[A, B]")
    }

    @Test func aClassOutsideTheRegistryIsNamedInTheError() throws {
        let data = try GraphEncoder().encode([A(), B()]) as Bytes
        do {
            _ = try GraphDecoder(registry: GTypeRegistry([A.self])).decode([A].self, from: data)
            Issue.record("decoded a class outside the registry")
        } catch GCodableError.typeMismatch(_, let context) {
            #expect(context.debugDescription.contains("GraphCodableTests.InheritanceExamples.B"))
            #expect(context.debugDescription.contains("registry"))
            #expect(context.path == [.index(1)])
        }
    }

    /// 10,000 archives whose class names were mutated (and re-sealed with a valid
    /// checksum) decode or fail cleanly in secure mode.
    @Test func mutatedClassNamesNeverCrash() throws {
        let screen = Screen()
        let window = Window()
        View().parent = window
        window.parent = screen
        let original = try GraphEncoder().encode(screen) as Bytes
        let archive = try ParsedArchive(bytes: original)
        let names = archive.types.entries.compactMap { entry -> [UInt8]? in
            guard case .named(let named) = entry, named.kind == .class else { return nil }
            return Array(named.mangledName.utf8)
        }
        let ranges = names.compactMap { name in
            (0 ... original.count - name.count).first { Array(original[$0 ..< $0 + name.count]) == name }
                .map { $0 ..< $0 + name.count }
        }
        #expect(ranges.count == 3)
        let decoder = GraphDecoder(registry: GTypeRegistry([Screen.self, Window.self, View.self]))
        var generator = SplitMix64(seed: 404)
        var decoded = 0
        for _ in 0 ..< 10_000 {
            var bytes = original
            let range = ranges.randomElement(using: &generator)!
            for _ in 0 ..< Int.random(in: 1 ... 3, using: &generator) {
                bytes[Int.random(in: range, using: &generator)] = UInt8.random(in: 0x20 ... 0x7E, using: &generator)
            }
            ArchiveHeader.seal(&bytes, header: archive.header)
            if (try? decoder.decode(Screen.self, from: bytes)) != nil { decoded += 1 }
            _ = try? GraphDecoder().dump(from: bytes, options: .fullInfo)
        }
        #expect(decoded < 10_000)
    }
}

/// What secure mode asks of value types: nothing but being the type the decoding asks for.
@Suite struct SecureValueTypeTests {
    typealias A = InheritanceExamples.A
    typealias B = InheritanceExamples.B

    struct Pair: GCodable, Equatable {
        var name: String
        var inner: Inner
        struct Inner: GCodable, Equatable {
            var numbers: [Int]
            init(numbers: [Int]) { self.numbers = numbers }
            init(from decoder: GDecoder) throws { numbers = try decoder.decode() }
            func encode(to encoder: GEncoder) throws { try encoder.encode(numbers) }
        }
        init(name: String, inner: Inner) { (self.name, self.inner) = (name, inner) }
        init(from decoder: GDecoder) throws {
            name = try decoder.decode()
            inner = try decoder.decode()
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name)
            try encoder.encode(inner)
        }
    }

    /// A root with the fields of a `Pair` under another name.
    struct Impostor: GCodable {
        init() {}
        init(from decoder: GDecoder) throws {}
        func encode(to encoder: GEncoder) throws {
            try encoder.encode("name")
            try encoder.encode(Pair.Inner(numbers: [1]))
        }
    }

    /// Value types decode without registering, as the types asked for; the type map calls
    /// them resolvable, and an unregistered class not.
    @Test func valueTypesNeedNoRegistering() throws {
        let pair = Pair(name: "p", inner: .init(numbers: [1, 2]))
        let secure = GraphDecoder(registry: GTypeRegistry([A.self]))
        #expect(try secure.decode(Pair.self, from: GraphEncoder().encode(pair) as Bytes) == pair)
        let entries = try secure.typeMap(from: GraphEncoder().encode([pair.inner] as [Pair.Inner]) as Bytes)
        #expect(entries.filter { $0.kind == .valueType }.allSatisfy { $0.isResolvable })
        let classes = try secure.typeMap(from: GraphEncoder().encode([A(), B()]) as Bytes).filter { $0.kind == .classType }
        #expect(classes.map(\.isResolvable) == [true, false])
    }

    /// The root's archived type must be the one asked for: another value type, a native
    /// collection or a class is refused at once, naming both; a module's rename is not.
    @Test func aRootOfAnotherTypeIsRefusedNamingBoth() throws {
        let decoder = GraphDecoder(registry: GTypeRegistry())
        func refusal<T: GDecodable>(_: T.Type, _ bytes: Bytes) -> String? {
            do {
                _ = try decoder.decode(T.self, from: bytes)
                return nil
            } catch GCodableError.typeMismatch(_, let context) {
                return context.debugDescription
            } catch {
                return "\(error)"
            }
        }
        let impostor = try GraphEncoder().encode(Impostor()) as Bytes
        let strings = try GraphEncoder().encode(["a", "b"]) as Bytes, object = try GraphEncoder().encode(A()) as Bytes
        #expect(
            refusal(Pair.self, impostor)
                == "the archive's root is of type GraphCodableTests.SecureValueTypeTests.Impostor, not GraphCodableTests.SecureValueTypeTests.Pair"
        )
        #expect(refusal(Pair.self, strings) == "the archive's root is of type Array, not GraphCodableTests.SecureValueTypeTests.Pair")
        #expect(
            refusal([String].self, impostor)
                == "the archive's root is of type GraphCodableTests.SecureValueTypeTests.Impostor, not Swift.Array<Swift.String>")
        #expect(refusal(Pair.self, object)?.contains("(a class)") == true)
        let json = try GraphArchive(bytes: GraphEncoder().encode(Pair(name: "p", inner: .init(numbers: [3]))) as Bytes).jsonData()
        let renamed = String(decoding: json, as: UTF8.self).replacingOccurrences(
            of: "GraphCodableTests.SecureValueTypeTests.Pair", with: "OtherModule.Pair")
        #expect(
            try decoder.decode(Pair.self, from: GraphArchive(json: Data(renamed.utf8)).bytes())
                == Pair(name: "p", inner: .init(numbers: [3])))
    }
}
