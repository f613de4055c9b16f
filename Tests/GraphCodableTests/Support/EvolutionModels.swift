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
