import Foundation
import GraphCodable
import SeededRandom

/// Values both GraphCodable and Foundation's coders can write: each is encoded and decoded
/// by GraphCodable, `JSONEncoder`/`JSONDecoder` and binary `PropertyListEncoder`/`Decoder`
/// (and, for packed arrays, compared with a copy of the same bytes into fresh memory).
enum CodableWorkload {
    static func runTrees(_ report: Report, _ generator: inout SplitMix64) throws {
        try measure(
            report, "tree: 13,700 nodes, each with children, a 7-character name and [Int] of 30",
            ArrayTreeNode.tree(count: 13_700, fanOut: 4, using: &generator))
        try measure(
            report, "tree: 14,000 nodes, each with children, a 7-character name and 30 keyed Int",
            KeyedTreeNode.tree(count: 14_000, fanOut: 4, using: &generator))
    }

    static func runScalars(_ report: Report, _ generator: inout SplitMix64) throws {
        let doubles = (0 ..< 1_000_000).map { _ in Double.random(in: -1 ... 1, using: &generator) }
        try measure(report, "scalars: 1,000,000 Double (packed)", doubles, memoryBytes: doubles.count * 8)
        let integers = (0 ..< 1_000_000).map { _ in Int.random(in: -1_000_000 ... 1_000_000, using: &generator) }
        try measure(report, "scalars: 1,000,000 Int (packed)", integers, memoryBytes: integers.count * 8)
        try measure(
            report, "scalars: 1,000,000 Int (packed, .fixedWidthIntegers)", integers, memoryBytes: integers.count * 8,
            options: .fixedWidthIntegers)
        let pieces = ["a", "z", "é", "ß", "ж", "λ", "日", "本", "한", "😀", "👍🏽", "ع", "ה", "7"]
        let strings = (0 ..< 100_000).map { _ in
            String((0 ..< Int.random(in: 3 ... 10, using: &generator)).map { _ in pieces.randomElement(using: &generator)!.first! })
        }
        try measure(report, "scalars: 100,000 short mixed-script String", strings)
        let dictionary = Dictionary(
            uniqueKeysWithValues: (0 ..< 100_000).map { ("key\($0)", Double.random(in: 0 ... 1, using: &generator)) })
        try measure(report, "scalars: [String: Double] of 100,000 entries", dictionary)
        try measure(report, "scalars: Set<String> of 100,000 elements", Set(dictionary.keys))
    }

    static func measure<Value: GCodable & Codable & Equatable>(
        _ report: Report, _ name: String, _ value: Value, memoryBytes: Int? = nil, options: GraphEncoder.Options = []
    ) throws {
        report.begin(name)
        let plistEncoder = PropertyListEncoder()
        plistEncoder.outputFormat = .binary
        let encoder = GraphEncoder(options)
        let unchecked = GraphEncoder(options.union(.omitChecksum))
        let deterministic = GraphEncoder(options.union(.deterministic))
        let archive = try encoder.encode(value) as Bytes
        let json = try JSONEncoder().encode(value)
        let plist = try plistEncoder.encode(value)
        guard try GraphDecoder().decode(Value.self, from: archive) == value else {
            throw BenchmarkFailure("\(name): decoded another value")
        }
        var encoders: [(coder: String, bytes: Int?, run: () throws -> Void)] = [
            ("GraphEncoder", archive.count, { _ = try encoder.encode(value) as Bytes }),
            ("GraphEncoder, no checksum", archive.count, { _ = try unchecked.encode(value) as Bytes }),
            ("GraphEncoder, deterministic", archive.count, { _ = try deterministic.encode(value) as Bytes }),
            ("JSONEncoder", json.count, { _ = try JSONEncoder().encode(value) }),
            ("PropertyListEncoder", plist.count, { _ = try plistEncoder.encode(value) }),
        ]
        var decoders: [(coder: String, bytes: Int?, run: () throws -> Void)] = [
            ("GraphDecoder", archive.count, { _ = try GraphDecoder().decode(Value.self, from: archive) }),
            ("JSONDecoder", json.count, { _ = try JSONDecoder().decode(Value.self, from: json) }),
            ("PropertyListDecoder", plist.count, { _ = try PropertyListDecoder().decode(Value.self, from: plist) }),
        ]
        if let memoryBytes {
            // The values' bytes in memory (8 per value, whatever the archive's layout makes
            // of them), copied into fresh memory.
            let source = [UInt8](repeating: 0x5A, count: memoryBytes)
            let copy = {
                _ = source.withUnsafeBytes { source in
                    [UInt8](unsafeUninitializedCapacity: memoryBytes) { buffer, count in
                        UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
                        count = memoryBytes
                    }
                }
            }
            encoders.append(("memcpy", memoryBytes, copy))
            let uncheckedArchive = try unchecked.encode(value) as Bytes
            decoders.insert(
                (
                    "GraphDecoder, no checksum", uncheckedArchive.count,
                    { _ = try GraphDecoder().decode(Value.self, from: uncheckedArchive) }
                ), at: 1)
            decoders.append(("memcpy", memoryBytes, copy))
        }
        try report.compare("encode", encoders)
        try report.compare("decode", decoders)
        report.note(String(format: "the archive is %.2f of the JSON's size", Double(archive.count) / Double(json.count)))
    }
}

/// A benchmark whose own check failed.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
