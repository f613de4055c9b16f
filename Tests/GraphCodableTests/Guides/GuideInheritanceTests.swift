import Foundation
import GraphCodable
import Testing

/// Inheritance, as the user guides' examples use it: an object comes back as its real
/// class, whatever the static type of its field, and each class encodes and decodes its
/// own fields after its superclass's, at its own type version.
@Suite struct GuideInheritanceTests {
    typealias A = InheritanceExamples.A
    typealias B = InheritanceExamples.B

    /// A class that turns its inheritance off.
    final class Plain: A, GInheritance {
        var disableInheritance: Bool { true }
    }

    /// A versioned subclass: its own version is stored with its class.
    class Versioned: A {
        override class var typeVersion: UInt32 { 7 }
        var version: UInt32 = 0
        override init() { super.init() }
        required init(from decoder: GDecoder) throws {
            version = try decoder.encodedTypeVersion
            try super.init(from: decoder)
        }
        required init(from decoder: Decoder) throws { try super.init(from: decoder) }
    }

    private final class Hidden: GCodable {
        init() {}
        init(from decoder: GDecoder) throws {}
        func encode(to encoder: GEncoder) throws {}
    }

    private final class HiddenPlain: GCodable, GInheritance {
        var disableInheritance: Bool { true }
        init() {}
        init(from decoder: GDecoder) throws {}
        func encode(to encoder: GEncoder) throws {}
    }

    @Test func realClassesAreKept() throws {
        let inRoot = [A(), B()]
        #expect("\(inRoot)" == "[A, B]")
        let data = try GraphEncoder().encode(inRoot) as Bytes
        let outRoot = try GraphDecoder().decode(type(of: inRoot), from: data)
        #expect("\(type(of: outRoot))" == "Array<A>")
        #expect("\(outRoot)" == "[A, B]")

        // Codable loses the subclass.
        let json = try JSONEncoder().encode(inRoot)
        #expect("\(try JSONDecoder().decode(type(of: inRoot), from: json))" == "[A, A]")
    }

    @Test func theReferenceMapListsEachClassOnce() throws {
        let data = try GraphEncoder().encode([A(), B(), B(), A()]) as Bytes
        let map = try GraphDecoder().dump(from: data, options: [.showReferenceMap, .showMangledNamesInReferenceMap])
        #expect(map.components(separatedBy: "QualifiedName  = GraphCodableTests.InheritanceExamples.A\n").count == 2)
        #expect(map.components(separatedBy: "QualifiedName  = GraphCodableTests.InheritanceExamples.B\n").count == 2)
        #expect(map.contains("MangledName    = \(_mangledTypeName(B.self)!)"))
        #expect(map.contains("EncodedVersion = 0"))
        let body = try GraphDecoder().dump(from: data)
        #expect(body.contains("- REF0001 GraphCodableTests.InheritanceExamples.A"))
        #expect(body.contains("- REF0002 GraphCodableTests.InheritanceExamples.B"))
        #expect(try GraphDecoder().dump(from: data, options: .showBody).contains("- REF0002 TYPE0002"))
    }

    @Test func versionsAreStoredPerClass() throws {
        let data = try GraphEncoder().encode([Versioned(), A()]) as Bytes
        let decoded = try GraphDecoder().decode([A].self, from: data)
        #expect((decoded[0] as? Versioned)?.version == 7)
        #expect(try GraphDecoder().dump(from: data, options: .showReferenceMap).contains("EncodedVersion = 7"))
    }

    @Test func inheritanceCanBeTurnedOff() throws {
        // By the protocol...
        let data = try GraphEncoder().encode([A(), Plain()]) as Bytes
        #expect("\(try GraphDecoder().decode([A].self, from: data))" == "[A, A]")
        // ...unless the encoder ignores it...
        let ignoring = try GraphEncoder(.ignoreGInheritanceProtocol).encode([A(), Plain()]) as Bytes
        #expect("\(try GraphDecoder().decode([A].self, from: ignoring))" == "[A, Plain]")
        // ...and globally.
        let disabled = try GraphEncoder(.disableInheritance).encode([A(), B()]) as Bytes
        #expect("\(try GraphDecoder().decode([A].self, from: disabled))" == "[A, A]")
        #expect(
            try GraphDecoder().dump(from: disabled, options: .showReferenceMap) == """
                = REFERENCEMAP =================================================
                ================================================================
                """)
    }

    @Test func classesThatCannotBeRebuiltFailAtEncodeTime() throws {
        #expect(A.supportsCodableInheritance)
        #expect(A.isGCodable)
        #expect(!Hidden.supportsCodableInheritance)
        #expect(!Hidden.isGCodable)
        do {
            _ = try GraphEncoder().encode([Hidden()]) as Bytes
            Issue.record("encoded a class that cannot be rebuilt")
        } catch GCodableError.cannotEncode(let type, let context) {
            #expect(type is Hidden.Type)
            #expect(context.debugDescription.contains("private or local"))
            #expect(context.path == [.index(0)])
        }
        // Without inheritance the class needs no name, and encodes.
        let data = try GraphEncoder().encode([HiddenPlain(), HiddenPlain()]) as Bytes
        #expect(try GraphDecoder().decode([HiddenPlain].self, from: data).count == 2)
        _ = try GraphEncoder(.disableInheritance).encode(Hidden()) as Bytes
    }

    @Test func aClassOutsideTheStaticTypeIsRejected() throws {
        final class Other: GCodable {
            init() {}
            init(from decoder: GDecoder) throws {}
            func encode(to encoder: GEncoder) throws {}
        }
        let data = try GraphEncoder().encode([B()]) as Bytes
        #expect(throws: GCodableError.self) { try GraphDecoder().decode([Versioned].self, from: data) }
        _ = Other()
    }
}
