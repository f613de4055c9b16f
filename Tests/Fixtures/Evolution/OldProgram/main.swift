// The "old" program of the evolution tests: the first definitions of types that the test
// suite (the "new" program, module GraphCodableTests too) defines again in newer forms.
// Scripts/make-evolution-fixtures.sh builds it in a module named GraphCodableTests and
// runs it to write the archives in Tests/Fixtures/Evolution.
import Foundation
import GraphCodable

/// The guide's versioned class: version 0 stores a number.
enum Versioning {
    final class MyData: GCodable {
        let number: Int
        init(number: Int) { self.number = number }
        private enum Key: String { case number }
        init(from decoder: GDecoder) throws { number = try decoder.decode(for: Key.number) }
        func encode(to encoder: GEncoder) throws { try encoder.encode(number, for: Key.number) }
    }
}

/// The guide's class that a later program makes obsolete, and another class that the
/// same replacement absorbs.
enum Obsoleting {
    final class MyData: GCodable {
        let number: Int
        init(number: Int) { self.number = number }
        private enum Key: String { case number }
        init(from decoder: GDecoder) throws { number = try decoder.decode(for: Key.number) }
        func encode(to encoder: GEncoder) throws { try encoder.encode(number, for: Key.number) }
    }

    final class MyText: GCodable {
        let text: String
        init(text: String) { self.text = text }
        private enum Key: String { case text }
        init(from decoder: GDecoder) throws { text = try decoder.decode(for: Key.text) }
        func encode(to encoder: GEncoder) throws { try encoder.encode(text, for: Key.text) }
    }

    struct Both: GCodable {
        let first: MyData
        let second: MyText
        init(first: MyData, second: MyText) {
            self.first = first
            self.second = second
        }
        init(from decoder: GDecoder) throws {
            first = try decoder.decode()
            second = try decoder.decode()
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(first)
            try encoder.encode(second)
        }
    }
}

/// A value type whose version 0 stores integer coordinates.
enum ValueVersioning {
    struct Point: GCodable {
        let x: Int, y: Int
        init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
        init(from decoder: GDecoder) throws {
            x = try decoder.decode()
            y = try decoder.decode()
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(x)
            try encoder.encode(y)
        }
    }
}

/// The guide's generic classes, before `Pair` is renamed `Couple`.
enum Generics {
    final class Pair<T: GDecodable, Q: GDecodable>: GDecodable {
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
    }

    final class Model<S: GDecodable>: GDecodable {
        let value: Pair<Pair<S, Int>, String>
        init(integer: Int, string: String, value: S) { self.value = Pair(Pair(value, integer), string) }
        init(from decoder: GDecoder) throws { value = try decoder.decode() }
    }
}

extension Generics.Pair: GEncodable where T: GEncodable, Q: GEncodable {
    func encode(to encoder: GEncoder) throws {
        try encoder.encode(lhs)
        try encoder.encode(rhs)
    }
}

extension Generics.Model: GEncodable where S: GEncodable {
    func encode(to encoder: GEncoder) throws { try encoder.encode(value) }
}

/// The guide's NumericData before BinaryIO version 1 added its flag.
enum Binary {
    struct NumericData: GPackCodable {
        let vector: SIMD3<Double>
        init(vector: SIMD3<Double>) { self.vector = vector }
        init(from rbuffer: inout BinaryReadBuffer) throws { vector = try SIMD3<Double>(from: &rbuffer) }
        func write(to wbuffer: inout BinaryWriteBuffer) throws { try vector.write(to: &wbuffer) }
    }
}

/// The first version of types that later versions migrate, step by step.
enum Migration {
    struct Person: GCodable {
        static var typeVersion: UInt32 { 1 }
        let fullName: String
        init(fullName: String) { self.fullName = fullName }
        private enum Key: String { case fullName }
        init(from decoder: GDecoder) throws { fullName = try decoder.decode(for: Key.fullName) }
        func encode(to encoder: GEncoder) throws { try encoder.encode(fullName, for: Key.fullName) }
    }

    final class Account: GCodable {
        class var typeVersion: UInt32 { 1 }
        let cents: Int
        init(cents: Int) { self.cents = cents }
        private enum Key: String { case cents }
        init(from decoder: GDecoder) throws { cents = try decoder.decode(for: Key.cents) }
        func encode(to encoder: GEncoder) throws { try encoder.encode(cents, for: Key.cents) }
    }
}

let directory = URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true)

func write<T: GEncodable>(_ value: T, to name: String, binaryIOVersion: UInt16 = 0) throws {
    let data = try GraphEncoder(binaryIOVersion: binaryIOVersion).encode(value) as Data
    try data.write(to: directory.appendingPathComponent(name))
    print("wrote \(name): \(data.count) bytes")
}

try write(Versioning.MyData(number: 3), to: "versioning.graph")
try write(Obsoleting.MyData(number: 3), to: "obsoleting.graph")
try write(Obsoleting.Both(first: Obsoleting.MyData(number: 7), second: Obsoleting.MyText(text: "seven")), to: "obsoleting-two.graph")
try write([ValueVersioning.Point(x: 1, y: -2)], to: "point-v0.graph")
try write(Generics.Model(integer: 1, string: "P", value: Generics.Pair(1.0, 3)), to: "generics.graph")
try write([Binary.NumericData(vector: SIMD3(1, 2, 3)), Binary.NumericData(vector: SIMD3(-1, 0, 0.5))], to: "numeric-v0.graph")
try write([Migration.Person(fullName: "Ada Lovelace")], to: "person-v1.graph")
try write([Migration.Account(cents: 12_345)], to: "account-v1.graph")
