import Foundation
import GraphCodable
import Testing

// The "new" program of the evolution tests: newer definitions of the types whose first
// definitions (same module, same type names) wrote the archives in Tests/Fixtures/Evolution
// (see Scripts/make-evolution-fixtures.sh).

/// The guide's versioned class: version 1 stores a string, and reads version 0's number.
enum Versioning {
    final class MyData: GCodable, CustomStringConvertible {
        static var typeVersion: UInt32 { 1 }
        let string: String
        init(string: String) { self.string = string }
        private enum OldKey: String { case number }
        private enum Key: String { case string }
        init(from decoder: GDecoder) throws {
            switch try decoder.encodedTypeVersion {
            case 0: string = String(try decoder.decode(for: OldKey.number) as Int)
            default: string = try decoder.decode(for: Key.string)
            }
        }
        func encode(to encoder: GEncoder) throws { try encoder.encode(string, for: Key.string) }
        var description: String { "MyData(string: \"\(string)\")" }
    }
}

/// A value type whose version 1 stores real coordinates, and reads version 0's integers.
enum ValueVersioning {
    struct Point: GCodable, Equatable {
        static var typeVersion: UInt32 { 1 }
        let x: Double, y: Double
        init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
        init(from decoder: GDecoder) throws {
            switch try decoder.encodedTypeVersion {
            case 0:
                x = Double(try decoder.decode() as Int)
                y = Double(try decoder.decode() as Int)
            default:
                x = try decoder.decode()
                y = try decoder.decode()
            }
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(x)
            try encoder.encode(y)
        }
    }
}

/// The guide's obsolete class, replaced by `MyNewData`.
enum Obsoleting {
    final class MyData: GObsolete {
        static var replacementType: GDecodable.Type { MyNewData.replacementType }
    }

    final class MyNewData: GCodable, CustomStringConvertible {
        let string: String
        let replaced: String?
        init(string: String) {
            self.string = string
            replaced = nil
        }
        private enum OldKey: String { case number, text }
        private enum Key: String { case string }
        init(from decoder: GDecoder) throws {
            if let replacedType = try decoder.replacedType {
                replaced = "\(replacedType)"
                if replacedType is MyText.Type {
                    string = try decoder.decode(for: OldKey.text)
                } else {
                    string = String(try decoder.decode(for: OldKey.number) as Int)
                }
            } else {
                replaced = nil
                string = try decoder.decode(for: Key.string)
            }
        }
        func encode(to encoder: GEncoder) throws { try encoder.encode(string, for: Key.string) }
        var description: String { "MyNewData(string: \(string))" }
    }

    /// A second obsolete class, replaced by the same class.
    final class MyText: GObsolete {
        static var replacementType: GDecodable.Type { MyNewData.replacementType }
    }

    struct Both: GCodable {
        let first: MyNewData
        let second: MyNewData
        init(from decoder: GDecoder) throws {
            first = try decoder.decode()
            second = try decoder.decode()
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(first)
            try encoder.encode(second)
        }
    }

    /// Decodes the old `MyData` by name, through `setClass`.
    final class RenamedData: GCodable {
        let string: String
        private enum OldKey: String { case number }
        init(from decoder: GDecoder) throws { string = String(try decoder.decode(for: OldKey.number) as Int) }
        func encode(to encoder: GEncoder) throws {}
    }
}

/// The guide's generic classes after `Pair` became `Couple`.
enum Generics {
    final class Pair<T: GCodable, Q: GCodable>: GObsolete {
        static var replacementType: GDecodable.Type { Couple<T, Q>.replacementType }
    }

    final class Couple<T: GDecodable, Q: GDecodable>: GDecodable, CustomStringConvertible {
        let lhs: T
        let rhs: Q
        init(_ lhs: T, _ rhs: Q) {
            self.lhs = lhs
            self.rhs = rhs
        }
        init(from decoder: GDecoder) throws {
            lhs = try decoder.decode()
            rhs = try decoder.decode()
        }
        var description: String { "(\(lhs) <-> \(rhs))" }
        static var replacementType: GDecodable.Type {
            func buildSelf<NewT: GDecodable, NewQ: GDecodable>(_: NewT.Type, _: NewQ.Type) -> GDecodable.Type {
                Couple<NewT, NewQ>.self
            }
            let typeT = T.replacementType
            let typeQ = Q.replacementType
            return buildSelf(typeT, typeQ)
        }
    }

    final class Model<S: GDecodable>: GDecodable, CustomStringConvertible {
        let value: Couple<Couple<S, Int>, String>
        init(integer: Int, string: String, value: S) { self.value = Couple(Couple(value, integer), string) }
        init(from decoder: GDecoder) throws { value = try decoder.decode() }
        var description: String { "\(Self.self) = { value = \(value) }" }
        static var replacementType: GDecodable.Type {
            func buildSelf<NewS: GDecodable>(_: NewS.Type) -> GDecodable.Type { Model<NewS>.self }
            let typeS = S.replacementType
            return buildSelf(typeS)
        }
    }
}

extension Generics.Couple: GEncodable where T: GEncodable, Q: GEncodable {
    func encode(to encoder: GEncoder) throws {
        try encoder.encode(lhs)
        try encoder.encode(rhs)
    }
}

extension Generics.Model: GEncodable where S: GEncodable {
    func encode(to encoder: GEncoder) throws { try encoder.encode(value) }
}

/// The guide's NumericData with the flag of BinaryIO version 1.
enum Binary {
    enum Version: UInt16 { case initial, withFlag }

    struct NumericData: GPackCodable, Equatable {
        let vector: SIMD3<Double>
        let flag: Bool
        init(vector: SIMD3<Double>, flag: Bool) {
            self.vector = vector
            self.flag = flag
        }
        init(from rbuffer: inout BinaryReadBuffer) throws {
            vector = try SIMD3<Double>(from: &rbuffer)
            flag = rbuffer.version >= Version.withFlag.rawValue ? try Bool(from: &rbuffer) : false
        }
        func write(to wbuffer: inout BinaryWriteBuffer) throws {
            try vector.write(to: &wbuffer)
            if wbuffer.version >= Version.withFlag.rawValue { try flag.write(to: &wbuffer) }
        }
    }
}

/// Three versions of a struct and of a class, each built from the one before.
enum Migration {
    struct PersonV1: GMigratable {
        typealias PreviousVersion = NothingEarlier
        static var typeVersion: UInt32 { 1 }
        let fullName: String
        private enum Key: String { case fullName }
        init(from decoder: GDecoder) throws { fullName = try decoder.decode(for: Key.fullName) }
        init(migratingFrom previous: NothingEarlier) throws { switch previous {} }
    }

    struct PersonV2: GCodable, GMigratable {
        typealias PreviousVersion = PersonV1
        static var typeVersion: UInt32 { 2 }
        let givenName: String
        let familyName: String
        init(givenName: String, familyName: String) {
            self.givenName = givenName
            self.familyName = familyName
        }
        private enum Key: String { case givenName, familyName }
        init(from decoder: GDecoder) throws {
            givenName = try decoder.decode(for: Key.givenName)
            familyName = try decoder.decode(for: Key.familyName)
        }
        init(migratingFrom previous: PersonV1) throws {
            let parts = previous.fullName.split(separator: " ", maxSplits: 1).map(String.init)
            givenName = parts.first ?? ""
            familyName = parts.count > 1 ? parts[1] : ""
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(givenName, for: Key.givenName)
            try encoder.encode(familyName, for: Key.familyName)
        }
    }

    struct Person: GCodable, GMigratable, Equatable {
        typealias PreviousVersion = PersonV2
        static var typeVersion: UInt32 { 3 }
        var name: PersonNameComponents
        init(name: PersonNameComponents) { self.name = name }
        private enum Key: String { case name }
        init(from decoder: GDecoder) throws { name = try decoder.decode(for: Key.name) }
        init(migratingFrom previous: PersonV2) throws {
            name = PersonNameComponents()
            name.givenName = previous.givenName
            name.familyName = previous.familyName
        }
        func encode(to encoder: GEncoder) throws { try encoder.encode(name, for: Key.name) }
    }

    /// Person as no chain knows it.
    struct PersonV9: GEncodable {
        static var typeVersion: UInt32 { 9 }
        func encode(to encoder: GEncoder) throws {}
    }

    struct AccountV1: GMigratable {
        typealias PreviousVersion = NothingEarlier
        static var typeVersion: UInt32 { 1 }
        let cents: Int
        private enum Key: String { case cents }
        init(from decoder: GDecoder) throws { cents = try decoder.decode(for: Key.cents) }
        init(migratingFrom previous: NothingEarlier) throws { switch previous {} }
    }

    struct AccountV2: GMigratable {
        typealias PreviousVersion = AccountV1
        static var typeVersion: UInt32 { 2 }
        let amount: Decimal
        private enum Key: String { case amount }
        init(from decoder: GDecoder) throws { amount = try decoder.decode(for: Key.amount) }
        init(migratingFrom previous: AccountV1) throws { amount = Decimal(previous.cents) / 100 }
    }

    final class Account: GCodable, GMigratable {
        typealias PreviousVersion = AccountV2
        static var typeVersion: UInt32 { 3 }
        let amount: Decimal
        let currency: String
        init(amount: Decimal, currency: String) {
            self.amount = amount
            self.currency = currency
        }
        private enum Key: String { case amount, currency }
        init(from decoder: GDecoder) throws {
            amount = try decoder.decode(for: Key.amount)
            currency = try decoder.decode(for: Key.currency)
        }
        init(migratingFrom previous: AccountV2) throws {
            amount = previous.amount
            currency = "EUR"
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(amount, for: Key.amount)
            try encoder.encode(currency, for: Key.currency)
        }
    }
}

/// Archives written by the old program decode with the new definitions.
@Suite struct EvolutionTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Repository.url("Tests/Fixtures/Evolution/\(name)"))
    }

    @Test func typeVersionsSelectTheLayout() throws {
        let old = try GraphDecoder().decode(Versioning.MyData.self, from: try Self.fixture("versioning.graph"))
        #expect("\(old)" == "MyData(string: \"3\")")
        let current = try GraphEncoder().encode(Versioning.MyData(string: "new")) as Bytes
        #expect(try GraphDecoder().decode(Versioning.MyData.self, from: current).string == "new")
        #expect(try GraphDecoder().dump(from: current, options: .showReferenceMap).contains("EncodedVersion = 1"))
    }

    @Test func anObsoleteClassIsReplacedByItsReplacementType() throws {
        let decoder = GraphDecoder()
        let data = try Self.fixture("obsoleting.graph")
        let outRoot = try decoder.decode(Obsoleting.MyNewData.self, from: data)
        #expect("\(outRoot)" == "MyNewData(string: 3)")
        #expect(outRoot.replaced == "MyData")
        #expect(decoder.decodingReport?.replacements == [.init(archived: "MyData", replacement: "MyNewData")])
        // The replacement still decodes its own archives without a replaced type.
        let own = try GraphDecoder().decode(Obsoleting.MyNewData.self, from: try GraphEncoder().encode(Obsoleting.MyNewData(string: "x")) as Bytes)
        #expect(own.string == "x" && own.replaced == nil)
    }

    @Test func valueTypesHaveVersionsToo() throws {
        let old = try GraphDecoder().decode([ValueVersioning.Point].self, from: try Self.fixture("point-v0.graph"))
        #expect(old == [ValueVersioning.Point(x: 1, y: -2)])
        let current = [ValueVersioning.Point(x: 0.5, y: 2)]
        #expect(try GraphDecoder().decode([ValueVersioning.Point].self, from: try GraphEncoder().encode(current) as Bytes) == current)
    }

    @Test func severalClassesCanBeReplacedByOne() throws {
        let decoder = GraphDecoder()
        let both = try decoder.decode(Obsoleting.Both.self, from: try Self.fixture("obsoleting-two.graph"))
        #expect(both.first.string == "7" && both.first.replaced == "MyData")
        #expect(both.second.string == "seven" && both.second.replaced == "MyText")
        #expect(decoder.decodingReport?.decodedClasses == ["MyNewData"])
        #expect(decoder.decodingReport?.replacements.map(\.archived) == ["MyData", "MyText"])
    }

    @Test func setClassMapsAnArchivedNameToAnotherClass() throws {
        let data = try Self.fixture("obsoleting.graph")
        let map = try GraphDecoder().dump(from: data, options: [.showReferenceMap, .showMangledNamesInReferenceMap])
        let mangled = try #require(map.split(separator: "\n").first { $0.contains("MangledName") }?.split(separator: "=").last)
            .trimmingCharacters(in: .whitespaces)
        #expect(mangled == _mangledTypeName(Obsoleting.MyData.self))

        let byMangledName = GraphDecoder()
        byMangledName.setClass(Obsoleting.RenamedData.self, for: .mangledName(mangled))
        #expect(try byMangledName.decode(Obsoleting.RenamedData.self, from: data).string == "3")

        let byQualifiedName = GraphDecoder()
        byQualifiedName.setClass(Obsoleting.RenamedData.self, for: .qualifiedName("GraphCodableTests.Obsoleting.MyData"))
        #expect(try byQualifiedName.decode(Obsoleting.RenamedData.self, from: data).string == "3")
        #expect(byQualifiedName.decodingReport?.replacements == [
            .init(archived: "GraphCodableTests.Obsoleting.MyData", replacement: "RenamedData"),
        ])
    }

    @Test func genericParametersAreReplacedRecursively() throws {
        let decoder = GraphDecoder()
        let outRoot = try decoder.decode(Generics.Model<Generics.Couple<Double, Int>>.self, from: try Self.fixture("generics.graph"))
        #expect("\(outRoot)" == "Model<Couple<Double, Int>> = { value = (((1.0 <-> 3) <-> 1) <-> P) }")
        #expect(decoder.decodingReport?.description == """
            Decoded Classes: --------------------------
            \t'Couple<Couple<Couple<Double, Int>, Int>, String>'
            \t'Couple<Couple<Double, Int>, Int>'
            \t'Couple<Double, Int>'
            \t'Model<Couple<Double, Int>>'
            where:
            \t'Model<Pair<Double, Int>>'
            \t\twas replaced by 'Model<Couple<Double, Int>>'
            \t'Pair<Double, Int>'
            \t\twas replaced by 'Couple<Double, Int>'
            \t'Pair<Pair<Double, Int>, Int>'
            \t\twas replaced by 'Couple<Couple<Double, Int>, Int>'
            \t'Pair<Pair<Pair<Double, Int>, Int>, String>'
            \t\twas replaced by 'Couple<Couple<Couple<Double, Int>, Int>, String>'
            """)

        // The new program's own archive decodes with no replacement.
        let current = try GraphEncoder().encode(Generics.Model(integer: 1, string: "P", value: Generics.Couple(1.0, 3))) as Bytes
        let again = try decoder.decode(Generics.Model<Generics.Couple<Double, Int>>.self, from: current)
        #expect("\(again)" == "\(outRoot)")
        #expect(decoder.decodingReport?.replacements.isEmpty == true)
        #expect(decoder.decodingReport?.decodedClasses.count == 4)
    }

    @Test func binaryIOVersionsReadOlderLayouts() throws {
        let old = try GraphDecoder().decode([Binary.NumericData].self, from: try Self.fixture("numeric-v0.graph"))
        #expect(old == [Binary.NumericData(vector: SIMD3(1, 2, 3), flag: false), Binary.NumericData(vector: SIMD3(-1, 0, 0.5), flag: false)])
        let values = [Binary.NumericData(vector: SIMD3(4, 5, 6), flag: true)]
        for version in [Binary.Version.initial, .withFlag] {
            let data = try GraphEncoder(binaryIOVersion: version.rawValue).encode(values) as Bytes
            let decoded = try GraphDecoder().decode([Binary.NumericData].self, from: data)
            #expect(decoded[0].flag == (version == .withFlag))
            #expect(decoded[0].vector == values[0].vector)
        }
    }

    @Test func aStructMigratesThroughItsChain() throws {
        let fromV1 = try GraphDecoder().decode([Migration.Person].self, from: try Self.fixture("person-v1.graph"))
        #expect(fromV1[0].name.givenName == "Ada" && fromV1[0].name.familyName == "Lovelace")

        let v2 = try GraphEncoder().encode([Migration.PersonV2(givenName: "Grace", familyName: "Hopper")]) as Bytes
        let fromV2 = try GraphDecoder().decode([Migration.Person].self, from: v2)
        #expect(fromV2[0].name.givenName == "Grace" && fromV2[0].name.familyName == "Hopper")

        let current = [Migration.Person(name: fromV2[0].name)]
        #expect(try GraphDecoder().decode([Migration.Person].self, from: try GraphEncoder().encode(current) as Bytes) == current)
    }

    @Test func aClassMigratesThroughItsChain() throws {
        let fromV1 = try GraphDecoder().decode([Migration.Account].self, from: try Self.fixture("account-v1.graph"))
        #expect(fromV1[0].amount == Decimal(string: "123.45"))
        #expect(fromV1[0].currency == "EUR")
        let current = try GraphEncoder().encode([Migration.Account(amount: 7, currency: "USD")]) as Bytes
        #expect(try GraphDecoder().decode([Migration.Account].self, from: current)[0].currency == "USD")
    }

    @Test func aVersionOutsideTheChainIsAnError() throws {
        let data = try GraphEncoder().encode(Migration.PersonV9()) as Bytes
        do {
            _ = try GraphDecoder().decode(Migration.Person.self, from: data)
            Issue.record("decoded an unknown version")
        } catch GCodableError.unsupportedVersion(let type, let context) {
            #expect(type is Migration.Person.Type)
            #expect(context.debugDescription.contains("version 9"))
            #expect(context.debugDescription.contains("versions 1, 2, 3"))
        }
    }
}
