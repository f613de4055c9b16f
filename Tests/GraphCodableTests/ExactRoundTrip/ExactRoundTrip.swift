import Foundation
import GraphCodable
import SeededRandom
import Testing

/// Seeded values of one type for round-trip tests: its edge cases, then random values.
struct ValueSource<Value> {
    let edgeCases: () -> [Value]
    let random: (inout SplitMix64) -> Value

    init(edgeCases: @escaping @autoclosure () -> [Value] = [], random: @escaping (inout SplitMix64) -> Value) {
        self.edgeCases = edgeCases
        self.random = random
    }

    /// The edge cases, then `count` random values drawn with `seed`.
    func values(count: Int, seed: UInt64) -> [Value] {
        var generator = SplitMix64(seed: seed)
        return edgeCases() + (0 ..< count).map { _ in random(&generator) }
    }
}

/// Archives values and expects each back exactly, through the typed decoder (in secure
/// mode, with and without a checksum) and through the JSON form (archive → JSON → archive
/// gives the same bytes).
enum ExactRoundTrip {
    /// Random values per type: 2,000, times `GRAPHCODABLE_SWEEP` when it is set (a longer
    /// sweep by hand: `GRAPHCODABLE_SWEEP=50 swift test --filter ExactRoundTrip`).
    static var count: Int {
        2000 * (ProcessInfo.processInfo.environment["GRAPHCODABLE_SWEEP"].flatMap { Int($0) } ?? 1)
    }

    static func check<Value: GCodable & ExactlyEqual>(
        _ source: ValueSource<Value>, seed: UInt64, count: Int = count, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var failures = 0
        for (index, value) in source.values(count: count, seed: seed).enumerated() where failures < 5 {
            // Every other archive without a checksum, every third with full-width integers.
            var options: GraphEncoder.Options = index.isMultiple(of: 2) ? [] : .omitChecksum
            if index.isMultiple(of: 3) { options.insert(.fixedWidthIntegers) }
            let problem = try self.problem(with: value, options: options, dumped: index.isMultiple(of: 16))
            if let problem {
                failures += 1
                Issue.record("value \(index) (seed \(seed)): \(problem)", sourceLocation: sourceLocation)
            }
        }
    }

    /// What went wrong with `value`, or `nil` when it came back exactly (and, if `dumped`,
    /// its archive dumps without error).
    static func problem<Value: GCodable & ExactlyEqual>(
        with value: Value, options: GraphEncoder.Options = [], dumped: Bool = true
    ) throws -> String? {
        let bytes = try GraphEncoder(options).encode(value) as Bytes
        let decoded = try GraphDecoder(registry: GTypeRegistry()).decode(Value.self, from: bytes)
        guard decoded.isExactly(value) else { return "\(value) came back as \(decoded)" }
        let archive = try GraphArchive(bytes: bytes)
        if dumped { _ = try archive.dump(options: .fullInfo) }
        guard try GraphArchive(json: archive.jsonData()).bytes() == bytes else { return "\(value) changed through its JSON form" }
        return nil
    }
}
