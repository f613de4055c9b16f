import Foundation
import GraphCodable
import SeededRandom

/// Values of every shape whose reading cost the encoder counts: collections of every
/// kind, graphs, chains, opaque payloads, keys made at run time, under several options.
enum ReadingCostSamples {
    /// A value to encode, under `options`, as its own type.
    struct Sample {
        let name: String
        let value: any GCodable
        let options: GraphEncoder.Options
        init(_ name: String, _ value: some GCodable, options: GraphEncoder.Options = []) {
            self.name = name
            self.value = value
            self.options = options
        }
    }

    /// Booleans unkeyed, each a node of its own.
    struct Flags: GCodable {
        var bits: [Bool]
        init(bits: [Bool]) { self.bits = bits }
        init(from decoder: GDecoder) throws {
            bits = []
            while decoder.unkeyedCount > 0 { bits.append(try decoder.decode()) }
        }
        func encode(to encoder: GEncoder) throws { for bit in bits { try encoder.encode(bit) } }
    }

    /// Fields under keys made at run time, as many as it has.
    struct Fields: GCodable {
        var values: [Int]
        init(values: [Int]) { self.values = values }
        init(from decoder: GDecoder) throws {
            let count: Int = try decoder.decode(for: Key(rawValue: "count"))
            values = try (0 ..< count).map { try decoder.decode(for: Key(rawValue: "k\($0)")) }
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(values.count, for: Key(rawValue: "count"))
            for (index, value) in values.enumerated() { try encoder.encode(value, for: Key(rawValue: "k\(index)")) }
        }
        struct Key: RawRepresentable { var rawValue: String }
    }

    /// Bytes written as one opaque BinaryIO payload.
    struct Blob: GBinaryCodable {
        var bytes: [UInt8]
        init(bytes: [UInt8]) { self.bytes = bytes }
        init(from rbuffer: inout BinaryReadBuffer) throws { bytes = try rbuffer.readBytes(count: try rbuffer.readCount()) }
        func write(to wbuffer: inout BinaryWriteBuffer) throws {
            wbuffer.writeCount(bytes.count)
            wbuffer.writeBytes(bytes)
        }
    }

    /// Values of every shape, their sizes drawn from `seed`.
    static func samples(seed: UInt64) -> [Sample] {
        var generator = SplitMix64(seed: seed)
        func count() -> Int { Int.random(in: 0 ... 3_000, using: &generator) }
        let words = (0 ..< count()).map { "w\($0 * 7919 % 1000)" }
        let nils: [SIMD64<Double>?] = (0 ..< count()).map { $0 % 97 == 0 ? SIMD64(repeating: Double($0)) : nil }
        let boxes: [Int??] = (0 ..< count()).map { $0 % 3 == 0 ? .some(nil) : $0 % 3 == 1 ? .some($0) : nil }
        let table = Dictionary(uniqueKeysWithValues: words.enumerated().map { ("\($0.element)-\($0.offset)", [Double($0.offset), 0.5]) })
        let rows = (0 ..< count() / 10).map { row in (0 ..< row % 12).map { row &* $0 } }
        let graph = GraphNode.randomGraph(count: 1 + count(), extraEdges: count() / 2, seed: generator.next())
        let chain = Link.chain(300)
        return [
            Sample("[String]", words),
            Sample("Set<String>", Set(words)),
            Sample("[SIMD64<Double>?]", nils),
            Sample("[Int??]", boxes),
            Sample("[String: [Double]]", table),
            Sample("[[Int]]", rows),
            Sample("[[Int: String]]", rows.map { Dictionary(uniqueKeysWithValues: $0.map { ($0, "\($0)") }) }),
            Sample("[Set<Double>]", rows.map { Set($0.map(Double.init)) }),
            Sample("a graph with cycles", graph),
            Sample("a chain of 300 objects", chain),
            Sample("[Data]", words.indices.map { Data(repeating: 1, count: $0 % 61) }),
            Sample("[Blob]", words.indices.map { Blob(bytes: [UInt8](repeating: 2, count: $0 % 41)) }),
            Sample("keys made at run time", Fields(values: words.indices.map { $0 })),
            Sample("[Date?]", rows.map { $0.isEmpty ? nil : Date(timeIntervalSince1970: Double($0.count)) }),
            Sample("Bools, each a node", Flags(bits: words.map { $0.count % 2 == 0 })),
            Sample("[Bool: SIMD64<Double>?]", [true: SIMD64<Double>?.none, false: SIMD64(repeating: 2)]),
            Sample("[String], identified", words, options: .tryHashableIdentityAtFirst),
            Sample("[[Int]], identified", rows, options: .tryHashableIdentityAtLast),
            Sample("[[Double]] without identity", rows.map { $0.map(Double.init) }, options: .disableIdentity),
            Sample("[[Int]] of fixed width", rows, options: .fixedWidthIntegers),
        ]
    }
}
