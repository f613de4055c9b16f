import Foundation
import Testing

@testable import GraphCodable

/// Secure mode: archives may only name registered classes, matched as strings, so hostile
/// class names never reach the runtime's type lookup.
@Suite struct SecureDecodingTests {
    typealias A = GuideInheritanceTests.A
    typealias B = GuideInheritanceTests.B
    typealias Screen = GuideIdentityTests.Screen
    typealias Window = GuideIdentityTests.Window
    typealias View = GuideIdentityTests.View

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
            #expect(context.debugDescription.contains("GraphCodableTests.GuideInheritanceTests.B"))
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
