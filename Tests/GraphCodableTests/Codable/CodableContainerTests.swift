import Foundation
import GraphCodable
import Testing

/// Every container kind and every coding method of the bridge, each read back as written.
@Suite struct CodableContainerTests {
    /// Every scalar the containers have a method for.
    struct Scalars: Codable, Equatable {
        var bool = true
        var string = "ß→日本"
        var double = -0.0
        var float: Float = .infinity
        var int = Int.min
        var int8 = Int8.min
        var int16 = Int16.max
        var int32 = Int32.min
        var int64 = Int64.max
        var uint = UInt.max
        var uint8 = UInt8.max
        var uint16 = UInt16.max
        var uint32 = UInt32.max
        var uint64 = UInt64.max

        enum CodingKeys: String, CodingKey {
            case bool, string, double, float, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64
        }
    }

    /// A value coded by hand through every method of the keyed, unkeyed and single-value
    /// containers, nested containers and `superEncoder(forKey:)` included.
    struct Everything: Codable, Equatable {
        var keyed = Scalars()
        var unkeyed = Scalars()
        var single = Scalars()
        var present: Int? = 7
        var absent: Int? = nil
        var nothing: String? = nil
        var point = (x: 1.5, y: -2.5)
        var rows: [[Int]] = [[1, 2], [], [3]]
        var inner = "inner"
        var unkeyedNils = 2

        enum Key: String, CodingKey { case keyed, unkeyed, single, present, absent, nothing, point, rows, inner, nils }
        enum PointKey: String, CodingKey { case x, y }

        static func == (a: Self, b: Self) -> Bool {
            a.keyed == b.keyed && a.unkeyed == b.unkeyed && a.single == b.single && a.present == b.present && a.absent == b.absent
                && a.nothing == b.nothing && a.point == b.point && a.rows == b.rows && a.inner == b.inner
                && a.unkeyedNils == b.unkeyedNils
        }

        init() {}

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var keyed = container.nestedContainer(keyedBy: Scalars.CodingKeys.self, forKey: .keyed)
            try Self.encode(self.keyed, to: &keyed)
            var unkeyed = container.nestedUnkeyedContainer(forKey: .unkeyed)
            try Self.encode(self.unkeyed, to: &unkeyed)
            #expect(unkeyed.count == 14)
            try container.encode(SingleValues(single), forKey: .single)
            try container.encodeIfPresent(present, forKey: .present)
            try container.encodeIfPresent(absent, forKey: .absent)
            try container.encodeNil(forKey: .nothing)
            var point = container.nestedContainer(keyedBy: PointKey.self, forKey: .point)
            try point.encode(self.point.x, forKey: .x)
            try point.encode(self.point.y, forKey: .y)
            var rows = container.nestedUnkeyedContainer(forKey: .rows)
            for row in self.rows {
                var nested = rows.nestedUnkeyedContainer()
                for value in row { try nested.encode(value) }
            }
            try inner.encode(to: container.superEncoder(forKey: .inner))
            var nils = container.nestedUnkeyedContainer(forKey: .nils)
            for _ in 0 ..< unkeyedNils { try nils.encodeNil() }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            #expect(
                Set(container.allKeys.map(\.stringValue)) == [
                    "keyed", "unkeyed", "single", "present", "nothing", "point", "rows", "inner", "nils",
                ])
            #expect(container.contains(.present) && !container.contains(.absent))
            keyed = try Self.decode(from: container.nestedContainer(keyedBy: Scalars.CodingKeys.self, forKey: .keyed))
            var unkeyed = try container.nestedUnkeyedContainer(forKey: .unkeyed)
            #expect(unkeyed.count == 14)
            self.unkeyed = try Self.decode(from: &unkeyed)
            #expect(unkeyed.isAtEnd && unkeyed.currentIndex == 14)
            single = try container.decode(SingleValues.self, forKey: .single).scalars
            present = try container.decodeIfPresent(Int.self, forKey: .present)
            absent = try container.decodeIfPresent(Int.self, forKey: .absent)
            #expect(try container.decodeNil(forKey: .nothing))
            nothing = try container.decodeIfPresent(String.self, forKey: .nothing)
            let point = try container.nestedContainer(keyedBy: PointKey.self, forKey: .point)
            self.point = (try point.decode(Double.self, forKey: .x), try point.decode(Double.self, forKey: .y))
            var rows = try container.nestedUnkeyedContainer(forKey: .rows)
            self.rows = []
            while !rows.isAtEnd {
                var nested = try rows.nestedUnkeyedContainer()
                var row: [Int] = []
                while !nested.isAtEnd { row.append(try nested.decode(Int.self)) }
                self.rows.append(row)
            }
            inner = try String(from: container.superDecoder(forKey: .inner))
            var nils = try container.nestedUnkeyedContainer(forKey: .nils)
            unkeyedNils = 0
            while try !nils.isAtEnd && nils.decodeNil() { unkeyedNils += 1 }
        }

        static func encode(_ s: Scalars, to c: inout KeyedEncodingContainer<Scalars.CodingKeys>) throws {
            try c.encode(s.bool, forKey: .bool)
            try c.encode(s.string, forKey: .string)
            try c.encode(s.double, forKey: .double)
            try c.encode(s.float, forKey: .float)
            try c.encode(s.int, forKey: .int)
            try c.encode(s.int8, forKey: .int8)
            try c.encode(s.int16, forKey: .int16)
            try c.encode(s.int32, forKey: .int32)
            try c.encode(s.int64, forKey: .int64)
            try c.encode(s.uint, forKey: .uint)
            try c.encode(s.uint8, forKey: .uint8)
            try c.encode(s.uint16, forKey: .uint16)
            try c.encode(s.uint32, forKey: .uint32)
            try c.encode(s.uint64, forKey: .uint64)
        }

        static func decode(from c: KeyedDecodingContainer<Scalars.CodingKeys>) throws -> Scalars {
            var s = Scalars()
            s.bool = try c.decode(Bool.self, forKey: .bool)
            s.string = try c.decode(String.self, forKey: .string)
            s.double = try c.decode(Double.self, forKey: .double)
            s.float = try c.decode(Float.self, forKey: .float)
            s.int = try c.decode(Int.self, forKey: .int)
            s.int8 = try c.decode(Int8.self, forKey: .int8)
            s.int16 = try c.decode(Int16.self, forKey: .int16)
            s.int32 = try c.decode(Int32.self, forKey: .int32)
            s.int64 = try c.decode(Int64.self, forKey: .int64)
            s.uint = try c.decode(UInt.self, forKey: .uint)
            s.uint8 = try c.decode(UInt8.self, forKey: .uint8)
            s.uint16 = try c.decode(UInt16.self, forKey: .uint16)
            s.uint32 = try c.decode(UInt32.self, forKey: .uint32)
            s.uint64 = try c.decode(UInt64.self, forKey: .uint64)
            return s
        }

        static func encode(_ s: Scalars, to c: inout any UnkeyedEncodingContainer) throws {
            try c.encode(s.bool)
            try c.encode(s.string)
            try c.encode(s.double)
            try c.encode(s.float)
            try c.encode(s.int)
            try c.encode(s.int8)
            try c.encode(s.int16)
            try c.encode(s.int32)
            try c.encode(s.int64)
            try c.encode(s.uint)
            try c.encode(s.uint8)
            try c.encode(s.uint16)
            try c.encode(s.uint32)
            try c.encode(s.uint64)
        }

        static func decode(from c: inout any UnkeyedDecodingContainer) throws -> Scalars {
            var s = Scalars()
            s.bool = try c.decode(Bool.self)
            s.string = try c.decode(String.self)
            s.double = try c.decode(Double.self)
            s.float = try c.decode(Float.self)
            s.int = try c.decode(Int.self)
            s.int8 = try c.decode(Int8.self)
            s.int16 = try c.decode(Int16.self)
            s.int32 = try c.decode(Int32.self)
            s.int64 = try c.decode(Int64.self)
            s.uint = try c.decode(UInt.self)
            s.uint8 = try c.decode(UInt8.self)
            s.uint16 = try c.decode(UInt16.self)
            s.uint32 = try c.decode(UInt32.self)
            s.uint64 = try c.decode(UInt64.self)
            return s
        }
    }

    /// Each scalar in a single-value container of its own.
    struct SingleValues: Codable {
        var scalars: Scalars
        init(_ scalars: Scalars) { self.scalars = scalars }

        struct One<T: Codable>: Codable {
            var value: T
            init(_ value: T) { self.value = value }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(value)
                #expect(throws: EncodingError.self) { try container.encode(value) }
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                #expect(!container.decodeNil())
                value = try container.decode(T.self)
            }
        }

        func encode(to encoder: any Encoder) throws {
            let s = scalars
            var c = encoder.unkeyedContainer()
            try c.encode(One(s.bool))
            try c.encode(One(s.string))
            try c.encode(One(s.double))
            try c.encode(One(s.float))
            try c.encode(One(s.int))
            try c.encode(One(s.int8))
            try c.encode(One(s.int16))
            try c.encode(One(s.int32))
            try c.encode(One(s.int64))
            try c.encode(One(s.uint))
            try c.encode(One(s.uint8))
            try c.encode(One(s.uint16))
            try c.encode(One(s.uint32))
            try c.encode(One(s.uint64))
        }

        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            var s = Scalars()
            s.bool = try c.decode(One<Bool>.self).value
            s.string = try c.decode(One<String>.self).value
            s.double = try c.decode(One<Double>.self).value
            s.float = try c.decode(One<Float>.self).value
            s.int = try c.decode(One<Int>.self).value
            s.int8 = try c.decode(One<Int8>.self).value
            s.int16 = try c.decode(One<Int16>.self).value
            s.int32 = try c.decode(One<Int32>.self).value
            s.int64 = try c.decode(One<Int64>.self).value
            s.uint = try c.decode(One<UInt>.self).value
            s.uint8 = try c.decode(One<UInt8>.self).value
            s.uint16 = try c.decode(One<UInt16>.self).value
            s.uint32 = try c.decode(One<UInt32>.self).value
            s.uint64 = try c.decode(One<UInt64>.self).value
            scalars = s
        }
    }

    @Test func everyMethodReadsBackWhatItWrote() throws {
        var value = Everything()
        value.keyed = Scalars(bool: false, string: "", double: .leastNonzeroMagnitude, float: -0.0, int: 0)
        let bytes = try GraphEncoder().encode(value) as Bytes
        let back = try GraphDecoder().decode(Everything.self, from: bytes)
        #expect(back == value)
        #expect(back.single.double.sign == .minus && back.keyed.float.sign == .minus)
        #expect(GraphDecoder().validate(bytes).isValid)
    }

    /// A single-value container holding `nil`, and one never written to, decode `nil`.
    @Test func singleValueNil() throws {
        struct Nothing: Codable, Equatable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            }
            init() {}
            init(from decoder: any Decoder) throws {
                #expect(try decoder.singleValueContainer().decodeNil())
            }
        }
        #expect(try GraphDecoder().decode(Nothing.self, from: try GraphEncoder().encode(Nothing()) as Bytes) == Nothing())
    }

    /// A value whose encoding records the coding paths and user info its encoder and decoder show.
    final class Recorder: @unchecked Sendable {
        var paths: [[String]] = []
    }

    struct Leaf: Codable {
        var value = 1
        func encode(to encoder: any Encoder) throws {
            (encoder.userInfo[Self.recorderKey] as? Recorder)?.paths.append(encoder.codingPath.map(\.stringValue))
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
        init() {}
        init(from decoder: any Decoder) throws {
            (decoder.userInfo[Self.recorderKey] as? Recorder)?.paths.append(decoder.codingPath.map(\.stringValue))
            value = try decoder.singleValueContainer().decode(Int.self)
        }
        static let recorderKey = CodingUserInfoKey(rawValue: "recorder")!
    }

    struct Tree: Codable {
        var leaves = [Leaf(), Leaf()]
        var named = ["a": Leaf()]
    }

    @Test func codingPathsAndUserInfo() throws {
        let recorder = Recorder()
        let encoder = GraphEncoder()
        encoder.userInfo[Leaf.recorderKey] = recorder
        let bytes = try encoder.encode(Tree()) as Bytes
        #expect(recorder.paths == [["leaves", "Index 0"], ["leaves", "Index 1"], ["named", "Index 1"]])
        let decoding = Recorder()
        let decoder = GraphDecoder()
        decoder.userInfo[Leaf.recorderKey] = decoding
        _ = try decoder.decode(Tree.self, from: bytes)
        #expect(decoding.paths == recorder.paths)
    }

    /// A nested container is closed when a container around it writes again: writing to it
    /// then is an error, not a misplaced field.
    @Test func closedContainerRefuses() throws {
        struct Misordered: Encodable {
            enum Key: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                var nested = container.nestedUnkeyedContainer(forKey: .a)
                try nested.encode(1)
                try container.encode(2, forKey: .b)
                try nested.encode(3)
            }
        }
        #expect {
            _ = try GraphEncoder().encode(Misordered()) as Bytes
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.debugDescription.contains("closed")
        }
    }
}
