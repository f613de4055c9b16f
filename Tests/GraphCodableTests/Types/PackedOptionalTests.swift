import Foundation
import GraphCodable
import Testing

/// Optionals of packed types that are opaque to readers (user `GPackCodable` types): an
/// optional is written in place (`nil`, or its wrapped value's node) or as a block of its
/// own (with a presence byte), and every form reads back, through pointers too.
@Suite struct PackedOptionalTests {
    struct Pair: GPackCodable, Hashable {
        var a: Int32
        var b: UInt8
        init(a: Int32, b: UInt8) { (self.a, self.b) = (a, b) }
        init(from rbuffer: inout BinaryReadBuffer) throws { (a, b) = (try Int32(from: &rbuffer), try UInt8(from: &rbuffer)) }
        func write(to wbuffer: inout BinaryWriteBuffer) throws {
            try a.write(to: &wbuffer)
            try b.write(to: &wbuffer)
        }
    }

    final class Cell: GPackCodable {
        let value: UInt8
        init(_ value: UInt8) { self.value = value }
        init(from rbuffer: inout BinaryReadBuffer) throws { value = try UInt8(from: &rbuffer) }
        func write(to wbuffer: inout BinaryWriteBuffer) throws { try value.write(to: &wbuffer) }
    }

    /// Two optional fields, read in either order.
    struct Holder<Value: GCodable>: GCodable {
        var first: Value?
        var second: Value?
        static var readsSecondFirst: CodingUserInfoKey { CodingUserInfoKey(rawValue: "readsSecondFirst")! }
        private enum Key: String { case first, second }
        init(first: Value?, second: Value?) { (self.first, self.second) = (first, second) }
        init(from decoder: GDecoder) throws {
            if decoder.userInfo[Self.readsSecondFirst] != nil {
                second = try decoder.decodeIfPresent(for: Key.second)
                first = try decoder.decodeIfPresent(for: Key.first)
            } else {
                first = try decoder.decodeIfPresent(for: Key.first)
                second = try decoder.decodeIfPresent(for: Key.second)
            }
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encodeIfPresent(first, for: Key.first)
            try encoder.encodeIfPresent(second, for: Key.second)
        }
    }

    static func decoders() -> [GraphDecoder] {
        let reversed = GraphDecoder()
        reversed.userInfo[Holder<Pair>.readsSecondFirst] = true
        return [GraphDecoder(), reversed]
    }

    /// A class whose payload starts with 0, 1 or 7 reads back whatever the options: its
    /// first byte is never taken for a presence byte.
    @Test func classesInOptionalFields() throws {
        for options: GraphEncoder.Options in [[], .disableInheritance] {
            for value: UInt8 in [0, 1, 7] {
                let cell = Cell(value)
                for holder in [Holder(first: cell, second: nil), Holder(first: cell, second: cell)] {
                    let archive = try GraphEncoder(options).encode(holder) as Bytes
                    for decoder in Self.decoders() {
                        let decoded = try decoder.decode(Holder<Cell>.self, from: archive)
                        #expect(decoded.first?.value == value)
                        #expect(decoded.second?.value == holder.second?.value)
                        if holder.second != nil { #expect(decoded.first === decoded.second) }
                    }
                }
            }
            #expect(try GraphDecoder().decode(Cell?.self, from: try GraphEncoder(options).encode(Cell(0)) as Bytes)?.value == 0)
        }
    }

    /// Equal values stored once (hashable identity), `nil` and not, read in either order:
    /// a pointer is read as what it points to.
    @Test func sharedValuesThroughPointers() throws {
        for value in [Pair(a: 5, b: 6), nil] as [Pair?] {
            let archive = try GraphEncoder(.tryHashableIdentityAtFirst).encode(Holder(first: value, second: value)) as Bytes
            for decoder in Self.decoders() {
                let decoded = try decoder.decode(Holder<Pair>.self, from: archive)
                #expect(decoded.first == value && decoded.second == value)
            }
        }
        let root = try GraphDecoder().decode(Pair?.self, from: try GraphEncoder().encode(Pair(a: 1, b: 2)) as Bytes)
        #expect(root == Pair(a: 1, b: 2))
    }

    /// A field nested deep enough for the encoder to move its definition to the top level
    /// (the field is then a pointer).
    @Test func deepFieldsReadThroughTheirPointers() throws {
        indirect enum Chain: GCodable {
            case link(Chain), end(Cell?)
            init(from decoder: GDecoder) throws {
                self = try decoder.unkeyedCount == 2 ? .link(decoder.decode()) : .end(decoder.decodeIfPresent())
                if case .link = self { _ = try decoder.decode() as Int }
            }
            func encode(to encoder: GEncoder) throws {
                switch self {
                case .link(let next):
                    try encoder.encode(next)
                    try encoder.encode(0)
                case .end(let cell): try encoder.encodeIfPresent(cell)
                }
            }
            var cell: Cell? {
                switch self {
                case .link(let next): next.cell
                case .end(let cell): cell
                }
            }
        }
        var chain = Chain.end(Cell(3))
        for _ in 0 ..< 300 { chain = .link(chain) }
        let decoded = try GraphDecoder().decode(Chain.self, from: try GraphEncoder().encode(chain) as Bytes)
        #expect(decoded.cell?.value == 3)
    }
}
