import Foundation
import Testing

@testable import GraphCodable

/// The encoder refuses an archive that readers under its `limits` would refuse, and no
/// other: it measures the archive's nodes, tables and lengths as its readers count them.
@Suite struct EncoderLimitsTests {
    /// For values of every shape, readers whose limit is what the encoder measured read the
    /// archive, and an encoder for them writes it; readers whose limit is one less refuse
    /// it, and an encoder for them refuses to write it, naming the limit. (A value without
    /// strings, data or payloads measures its longest length as -1.)
    @Test(arguments: 1 ... 3 as ClosedRange<UInt64>)
    func encodersMeasureWhatReadersBound(seed: UInt64) throws {
        for sample in ReadingCostSamples.samples(seed: seed) {
            try Self.checkMeasures(of: sample.value, options: sample.options, sample.name)
        }
    }

    private static func checkMeasures<T: GCodable>(of value: T, options: GraphEncoder.Options, _ name: String) throws {
        let session = EncodingSession(options: options, limits: ArchiveLimits(), userInfo: [:], binaryIOVersion: 0, describingValues: false)
        let archive = try session.archive(of: T.self) { try session.encodeNode(value, keyID: 0) }
        let extent = session.extent
        let measured: [(limit: WritableKeyPath<ArchiveLimits, Int>, name: String, measure: Int)] = [
            (\.maximumNodeCount, "maximumNodeCount", extent.nodeCount),
            (\.maximumTableCount, "maximumTableCount", extent.tableCount),
            (\.maximumLength, "maximumLength", extent.longestLength),
        ]
        for (limit, limitName, measure) in measured {
            var limits = ArchiveLimits()
            limits[keyPath: limit] = measure
            let decoder = GraphDecoder()
            decoder.limits = limits
            #expect(throws: Never.self, "\(name): \(limitName) \(measure)") { _ = try decoder.decode(T.self, from: archive) }
            let encoder = GraphEncoder(options)
            encoder.limits = limits
            #expect(throws: Never.self, "\(name): \(limitName) \(measure)") { _ = try encoder.encode(value) as Bytes }
            guard measure >= 0 else { continue }
            limits[keyPath: limit] = measure - 1
            decoder.limits = limits
            #expect(throws: GCodableError.self, "\(name): \(limitName) \(measure - 1)") { _ = try decoder.decode(T.self, from: archive) }
            encoder.limits = limits
            do {
                _ = try encoder.encode(value) as Bytes
                Issue.record("\(name): written for readers with \(limitName) \(measure - 1)")
            } catch GCodableError.cannotEncode(_, let context) {
                #expect(context.debugDescription.contains("ArchiveLimits.\(limitName)"), "\(name): \(context.debugDescription)")
            }
        }
    }

    /// Readers with tighter bounds than the defaults, as graph-server's are: an encoder for
    /// them writes what they read, up to each bound, and refuses what they would refuse.
    @Test func anEncoderForTighterReadersRefusesWhatTheyRefuse() throws {
        let encoder = GraphEncoder()
        encoder.limits.maximumNodeCount = 1_000
        encoder.limits.maximumTableCount = 10
        encoder.limits.maximumLength = 1_000
        #expect(throws: Never.self) { _ = try encoder.encode(String(repeating: "s", count: 1_000)) as Bytes }
        #expect(throws: GCodableError.self) { _ = try encoder.encode(String(repeating: "s", count: 1_001)) as Bytes }
        #expect(throws: GCodableError.self) { _ = try encoder.encode([Data(count: 1_001)]) as Bytes }
        // An array's node and a NIL node for each element.
        #expect(throws: Never.self) { _ = try encoder.encode([String?](repeating: nil, count: 999)) as Bytes }
        #expect(throws: GCodableError.self) { _ = try encoder.encode([String?](repeating: nil, count: 1_000)) as Bytes }
        // A key for the count, and one for each value.
        #expect(throws: Never.self) { _ = try encoder.encode(ReadingCostSamples.Fields(values: Array(0 ..< 9))) as Bytes }
        #expect(throws: GCodableError.self) { _ = try encoder.encode(ReadingCostSamples.Fields(values: Array(0 ..< 10))) as Bytes }
    }

    /// The encoder refuses archives larger, or values nested deeper, than its limits' readers
    /// take.
    @Test func theEncodersLimitsBoundSizeAndNesting() throws {
        let encoder = GraphEncoder()
        encoder.limits.maximumArchiveSize = 200
        #expect(throws: Never.self) { try encoder.encode(String(repeating: "x", count: 100)) as Bytes }
        #expect(throws: GCodableError.self) { try encoder.encode(String(repeating: "x", count: 200)) as Bytes }
        encoder.limits.maximumDepth = 3
        #expect(throws: Never.self) { try encoder.encode([[["deep"]]]) as Bytes }
        #expect(throws: GCodableError.self) { try encoder.encode([[[["deep"]]]]) as Bytes }
    }
}
