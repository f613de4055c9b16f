import Foundation
import GraphCodable
import SeededRandom

/// A random tree of native values, for property and fuzz tests.
indirect enum Sample: GCodable, Equatable {
    case int(Int), int8(Int8), uint16(UInt16), uint64(UInt64), double(Double), float(Float), bool(Bool)
    case string(String), character(Character), data(Data), date(Date), uuid(UUID), url(URL), decimal(Decimal)
    case point(CGPoint), rect(CGRect), vector(SIMD4<Float>)
    case ints([Int]), doubles([Double]), optionalInts([Int?]), strings(Set<String>), counts([String: Int])
    case weights([Int: Double]), range(ClosedRange<Int>), maybeInt(Int??), maybeString(String??)
    case list([Sample]), map([String: Sample]), optional(Sample?), contiguous(ContiguousArray<Sample>)

    private enum Key: String { case tag, value }

    func encode(to encoder: GEncoder) throws {
        switch self {
        case .int(let v): try encode(0, v, to: encoder)
        case .int8(let v): try encode(1, v, to: encoder)
        case .uint16(let v): try encode(2, v, to: encoder)
        case .uint64(let v): try encode(3, v, to: encoder)
        case .double(let v): try encode(4, v, to: encoder)
        case .float(let v): try encode(5, v, to: encoder)
        case .bool(let v): try encode(6, v, to: encoder)
        case .string(let v): try encode(7, v, to: encoder)
        case .character(let v): try encode(8, v, to: encoder)
        case .data(let v): try encode(9, v, to: encoder)
        case .date(let v): try encode(10, v, to: encoder)
        case .uuid(let v): try encode(11, v, to: encoder)
        case .url(let v): try encode(12, v, to: encoder)
        case .decimal(let v): try encode(13, v, to: encoder)
        case .point(let v): try encode(14, v, to: encoder)
        case .rect(let v): try encode(15, v, to: encoder)
        case .vector(let v): try encode(16, v, to: encoder)
        case .ints(let v): try encode(17, v, to: encoder)
        case .doubles(let v): try encode(18, v, to: encoder)
        case .optionalInts(let v): try encode(19, v, to: encoder)
        case .strings(let v): try encode(20, v, to: encoder)
        case .counts(let v): try encode(21, v, to: encoder)
        case .weights(let v): try encode(22, v, to: encoder)
        case .range(let v): try encode(23, v, to: encoder)
        case .maybeInt(let v): try encode(24, v, to: encoder)
        case .maybeString(let v): try encode(25, v, to: encoder)
        case .list(let v): try encode(26, v, to: encoder)
        case .map(let v): try encode(27, v, to: encoder)
        case .optional(let v): try encode(28, v, to: encoder)
        case .contiguous(let v): try encode(29, v, to: encoder)
        }
    }

    private func encode<T: GEncodable>(_ tag: Int, _ value: T, to encoder: GEncoder) throws {
        try encoder.encode(tag, for: Key.tag)
        try encoder.encode(value, for: Key.value)
    }

    init(from decoder: GDecoder) throws {
        func value<T: GDecodable>() throws -> T { try decoder.decode(for: Key.value) }
        let tag: Int = try decoder.decode(for: Key.tag)
        switch tag {
        case 0: self = .int(try value())
        case 1: self = .int8(try value())
        case 2: self = .uint16(try value())
        case 3: self = .uint64(try value())
        case 4: self = .double(try value())
        case 5: self = .float(try value())
        case 6: self = .bool(try value())
        case 7: self = .string(try value())
        case 8: self = .character(try value())
        case 9: self = .data(try value())
        case 10: self = .date(try value())
        case 11: self = .uuid(try value())
        case 12: self = .url(try value())
        case 13: self = .decimal(try value())
        case 14: self = .point(try value())
        case 15: self = .rect(try value())
        case 16: self = .vector(try value())
        case 17: self = .ints(try value())
        case 18: self = .doubles(try value())
        case 19: self = .optionalInts(try value())
        case 20: self = .strings(try value())
        case 21: self = .counts(try value())
        case 22: self = .weights(try value())
        case 23: self = .range(try value())
        case 24: self = .maybeInt(try value())
        case 25: self = .maybeString(try value())
        case 26: self = .list(try value())
        case 27: self = .map(try value())
        case 28: self = .optional(try value())
        case 29: self = .contiguous(try value())
        default: throw GCodableError.dataCorrupted(.init(debugDescription: "unknown sample tag \(tag)"))
        }
    }

    /// A random sample nested at most `depth` levels.
    static func random(depth: Int, using generator: inout SplitMix64) -> Sample {
        func text() -> String {
            let alphabet = Array("abcxyz é日本🎉\0\n\"")
            return String((0 ..< Int.random(in: 0 ... 8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        func number() -> Double { Double.random(in: -1e6 ... 1e6, using: &generator) }
        func integer() -> Int {
            [Int.random(in: -300 ... 300, using: &generator), Int.random(in: .min ... .max, using: &generator)]
                .randomElement(using: &generator)!
        }
        func count() -> Int { Int.random(in: 0 ... 5, using: &generator) }
        let leafCases = 26
        let choice = Int.random(in: 0 ..< (depth > 0 ? leafCases + 4 : leafCases), using: &generator)
        switch choice {
        case 0: return .int(integer())
        case 1: return .int8(Int8.random(in: .min ... .max, using: &generator))
        case 2: return .uint16(UInt16.random(in: .min ... .max, using: &generator))
        case 3: return .uint64(UInt64.random(in: .min ... .max, using: &generator))
        case 4: return .double([number(), -0.0, .infinity, -.infinity, .ulpOfOne].randomElement(using: &generator)!)
        case 5: return .float(Float(number()))
        case 6: return .bool(Bool.random(using: &generator))
        case 7: return .string(text())
        case 8: return .character(["a", "é", "🎉", "👨‍👩‍👧"].randomElement(using: &generator)!)
        case 9: return .data(Data((0 ..< count()).map { _ in UInt8.random(in: 0 ... 255, using: &generator) }))
        case 10: return .date(Date(timeIntervalSinceReferenceDate: number()))
        case 11: return .uuid(UUID())
        case 12: return .url(URL(string: "https://example.com/\(Int.random(in: 0 ... 99, using: &generator))?q=\(count())")!)
        case 13: return .decimal(Decimal(integer()) / 1000)
        case 14: return .point(CGPoint(x: number(), y: number()))
        case 15: return .rect(CGRect(x: number(), y: number(), width: number(), height: number()))
        case 16: return .vector(SIMD4<Float>(Float(number()), 0, -1, Float(number())))
        case 17: return .ints((0 ..< count()).map { _ in integer() })
        case 18: return .doubles((0 ..< count()).map { _ in number() })
        case 19: return .optionalInts((0 ..< count()).map { _ in Bool.random(using: &generator) ? integer() : nil })
        case 20: return .strings(Set((0 ..< count()).map { _ in text() }))
        case 21: return .counts(Dictionary((0 ..< count()).map { _ in (text(), integer()) }, uniquingKeysWith: { a, _ in a }))
        case 22: return .weights(Dictionary((0 ..< count()).map { _ in (integer(), number()) }, uniquingKeysWith: { a, _ in a }))
        case 23:
            let bounds = [integer(), integer()].sorted()
            return .range(bounds[0] ... bounds[1])
        case 24: return .maybeInt([nil, .some(nil), .some(integer())].randomElement(using: &generator)!)
        case 25: return .maybeString([nil, .some(nil), .some(text())].randomElement(using: &generator)!)
        case 26: return .list((0 ..< count()).map { _ in random(depth: depth - 1, using: &generator) })
        case 27:
            return .map(
                Dictionary(
                    (0 ..< count()).map { _ in (text(), random(depth: depth - 1, using: &generator)) },
                    uniquingKeysWith: { a, _ in a }))
        case 28: return .optional(Bool.random(using: &generator) ? random(depth: depth - 1, using: &generator) : nil)
        default: return .contiguous(ContiguousArray((0 ..< count()).map { _ in random(depth: depth - 1, using: &generator) }))
        }
    }
}
