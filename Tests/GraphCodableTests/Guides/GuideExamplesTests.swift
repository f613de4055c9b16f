import Foundation
import GraphCodable
import Testing

// The newest user guide's code examples (../shared/spec, "GraphCodable user guide, newest
// version"), section by section, and where each is tested:
//
// - Supported system types: GuideSupportedTypesTests (as printed).
// - Keyed and unkeyed coding: GuideKeyedUnkeyedTests.
// - Inheritance, Disable inheritance: GuideInheritanceTests.
// - Identity (reference types, value types, conditional encoding, DAG, weak variables,
//   a more general example, copy-on-write types): GuideIdentityTests.
// - Versioning, obsolete types (non-generic and generic), class name strings:
//   EvolutionTests, with archives written by the first versions of the types
//   (Tests/Fixtures/Evolution/OldProgram), and this file.
// - BinaryIO (BinaryIOType, GBinaryCodable, GPackCodable, BinaryIO versioning, with the
//   guide's `Flag`): GuideBinaryIOTests. Raw-value types: RawValueTests.
//
// The spec's README asks that the guides' API shapes match, so that their examples compile
// against this package, and that no text or code of theirs be pasted into the project. So
// each example's API forms (the protocols adopted, the requirements implemented and their
// signatures, the calls with their labels and options, `class var` overrides, non-final
// classes) are written in this project's own tests, in namespaces where examples share
// names, checking the behaviour the guide states. The forms that cannot be written as the
// guide prints them, and why:
//
// - Apple-only modules. `simd_double3x3` (sections "An example", BinaryIOType,
//   GBinaryCodable, GPackCodable, BinaryIO versioning): Linux has no `simd` module, so
//   `import simd` is left out and a stand-in `simd_double3x3` of the test module (three
//   `SIMD3<Double>` columns) takes the type's place. Combine and UniformTypeIdentifiers:
//   no example needs them.
// - Code that Swift 6 language mode refuses, which the package's tests compile in:
//   `private (set)` with a space (Conditional encoding, DAG, A more general example) is
//   written `private(set)`; a nested generic parameter that shadows the outer one
//   (`RefBox<Element>` inside `MyArray<Element>`, `buildSelf<T>` inside `Generic<T>`) is
//   renamed; the stray `]` after `print( dump )` (An example) is dropped.
// - System copy-on-write identity: `extension Array: GIdentifiable` and
//   `extension String: GIdentifiable` would give every array and every string of this test
//   module an identity, changing what every other test archives; the same identity is
//   tested through the encoder's `.tryHashableIdentityAtFirst` option (IdentityOptionsTests)
//   and a struct of the guide's shape (GuideIdentityTests). The printed `Array` extension
//   also lacks `public` on `gcodableID`, which a conformance of a public type to a public
//   protocol requires in any language mode.
// - Files in the Documents directory: the examples keep their archives in memory or read
//   them from Tests/Fixtures/Evolution.
// - The new `MyData` of "Reference types versioning" declares no `typeVersion`, so as
//   printed it would read its own archives as version 0; EvolutionTests gives it version 1,
//   which the section's text implies. Its printed result `MyData(string: "3")` is what its
//   `description` prints with quotes added, as the test's does.
// - `GraphCodableUti.checkEncoder` and `checkDecoder` are the guide author's own debug
//   helpers ("defined in GraphCodableUti.swift"), not part of the package: this file
//   defines them on top of `GraphDecoder.decodingReport`.
// - Declarations of the package's own API printed for explanation (`GEncodable`,
//   `GDecoder`, `GIdentifiable`, `GInheritance`, `BinaryIOType`, `GPackable`, the
//   conformances of `CGSize`, `String`, `Array` and `PersonNameComponents`) are the
//   package's sources, not examples.

/// The guide's debug helpers: an encoder and a decoder that print what they did.
enum GraphCodableUti {
    /// Encodes `root`, checking that the archive decodes to a value of the same type.
    static func checkEncoder<T: GCodable, Q: MutableDataProtocol>(root: T) throws -> Q {
        let data = try GraphEncoder().encode(root) as Q
        _ = try GraphDecoder().decode(T.self, from: data)
        return data
    }

    /// Decodes a `type` from `data`, printing the classes it decoded and replaced.
    static func checkDecoder<T: GDecodable>(type: T.Type, data: Data, qualifiedClassNames: Bool) throws -> T {
        let decoder = GraphDecoder()
        let root = try decoder.decode(type, from: data)
        if let report = decoder.decodingReport { print(report) }
        return root
    }
}

/// "Non generic references": an obsolete class written out by hand, before `GObsolete`.
enum HandObsoleting {
    class MyData: GCodable {
        class var replacementType: GDecodable.Type {
            return Obsoleting.MyNewData.replacementType
        }

        required init(from decoder: GDecoder) throws {
            preconditionFailure("Unreachable \(#function)")
        }

        func encode(to encoder: GEncoder) throws {
            preconditionFailure("Unreachable \(#function)")
        }
        // no other code
    }
}

/// "Generic references": a generic class whose parameter may be a renamed class.
enum GenericReferences {
    class Generic<T: GDecodable>: GDecodable {
        let data: T

        required init(from decoder: GDecoder) throws {
            self.data = try decoder.decode()
        }
    }
}

extension GenericReferences.Generic {
    class var replacementType: GDecodable.Type {
        func buildSelf<U>(_ typeT: U.Type) -> GDecodable.Type
        where U: GDecodable { GenericReferences.Generic<U>.self }

        let typeT = T.replacementType

        return buildSelf(typeT)
    }
}

/// The user guides' example programs, run as written: their models encode, decode back
/// equal, and print what the guides show.
@Suite struct GuideExamplesTests {
    /// The hand-written obsolete class replaces the archived `MyData` as `GObsolete` does.
    @Test func aHandWrittenObsoleteClassIsReplaced() throws {
        let decoder = GraphDecoder()
        decoder.setClass(HandObsoleting.MyData.self, for: .qualifiedName("GraphCodableTests.Obsoleting.MyData"))
        let outRoot = try decoder.decode(Obsoleting.MyNewData.self, from: try Repository.evolutionFixture("obsoleting.graph"))
        #expect("\(outRoot)" == "MyNewData(string: 3)")
        #expect(outRoot.replaced == "MyData")
    }

    /// A generic class's `replacementType` is the class of its parameters' replacements.
    @Test func aGenericClassReplacesItsParameters() {
        #expect(GenericReferences.Generic<Obsoleting.MyData>.replacementType == GenericReferences.Generic<Obsoleting.MyNewData>.self)
        #expect(GenericReferences.Generic<Int>.replacementType == GenericReferences.Generic<Int>.self)
    }

    /// The guide's helpers encode and decode its generic model.
    @Test func theGuideHelpersEncodeAndDecode() throws {
        typealias DataModel = Generics.Model<Generics.Couple<Double, Int>>
        let inRoot: DataModel = Generics.Model(integer: 1, string: "P", value: Generics.Couple(1.0, 3))
        let data = try GraphCodableUti.checkEncoder(root: inRoot) as Data
        let outRoot = try GraphCodableUti.checkDecoder(type: DataModel.self, data: data, qualifiedClassNames: false)
        #expect("\(outRoot)" == "\(inRoot)")
    }
}
