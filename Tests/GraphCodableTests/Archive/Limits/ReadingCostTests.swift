import Foundation
import SeededRandom
import Testing

@testable import GraphCodable

/// The encoder counts what decoding its archive will charge to the reader's memory budget
/// (`ReadingCost`), and refuses an archive that readers under its `limits` would refuse for
/// its memory: what it writes reads back.
@Suite struct ReadingCostTests {
    /// What encoding `value` counts, what decoding its archive charges, and the most the
    /// count may exceed the charge by: each pointer counted as if it came before its
    /// definition. (The encoder counts a whole stretch of nodes more than its nodes, the
    /// most the parser's stretches may charge beyond them; the count returned has instead
    /// the stretches the parser charged, so that a byte left out shows.)
    static func costs<T: GCodable>(of value: T, options: GraphEncoder.Options) throws -> (counted: Int, charged: Int, margin: Int) {
        try costs(of: T.self, options: options, writing: { try $0.encodeNode(value, keyID: 0) }, reading: { _ = try $0.decodeRoot(T.self) })
    }

    /// The same for a Codable value, through the bridge.
    static func costs<T: Codable>(ofCodable value: T, options: GraphEncoder.Options) throws -> (counted: Int, charged: Int, margin: Int) {
        try costs(
            of: T.self, options: options, writing: { try $0.encodeCodable(value, keyID: 0) },
            reading: { _ = try $0.decodeCodableRoot(T.self) })
    }

    private static func costs(
        of type: Any.Type, options: GraphEncoder.Options, writing write: (EncodingSession) throws -> Void,
        reading read: (DecodingSession) throws -> Void
    ) throws -> (counted: Int, charged: Int, margin: Int) {
        let session = EncodingSession(options: options, limits: ArchiveLimits(), userInfo: [:], binaryIOVersion: 0, describingValues: false)
        let archive = try ParsedArchive(bytes: try session.archive(of: type) { try write(session) })
        try read(DecodingSession(archive: archive, userInfo: [:], classLookup: ClassLookup()))
        let stretch = ReadingCost.nodesPerCharge * ReadingCost.node
        let stretches = (archive.nodes.count + ReadingCost.nodesPerCharge - 1) / ReadingCost.nodesPerCharge
        let counted = session.extent.readingCost - stretch - archive.nodes.count * ReadingCost.node + stretches * stretch
        let pointers = archive.nodes.count { $0.kind == .pts }
        return (counted, archive.budget.total - archive.budget.remaining, pointers * ReadingCost.earlyPointer)
    }

    /// For values of every shape the encoder counts at least what decoding charges (so an
    /// archive it accepts reads back), and no more but for pointers (so it refuses no more
    /// than it must).
    @Test(arguments: 1 ... 3 as ClosedRange<UInt64>)
    func encodersCountWhatDecodingCharges(seed: UInt64) throws {
        for sample in ReadingCostSamples.samples(seed: seed) {
            let (counted, charged, margin) = try Self.costs(of: sample.value, options: sample.options)
            #expect(charged <= counted, "\(sample.name)")
            #expect(counted <= charged + margin, "\(sample.name): \(counted) counted, \(charged) charged")
        }
    }

    /// Codable values through the bridge: the encoder counts what their decoding charges.
    @Test func codableEncodersCountWhatDecodingCharges() throws {
        var generator = SplitMix64(seed: 11)
        let drawings = (0 ..< 20).map { _ in CodableRoundTripTests.drawing(&generator) }
        for options: GraphEncoder.Options in [[], .deterministic, .disableIdentity] {
            for (name, costs) in [
                ("zoo", try Self.costs(ofCodable: CodableZoo.sample(), options: options)),
                ("drawings", try Self.costs(ofCodable: drawings, options: options)),
                ("containers", try Self.costs(ofCodable: CodableContainerTests.Everything(), options: options)),
            ] {
                #expect(costs.charged <= costs.counted, "\(name)")
                #expect(costs.counted <= costs.charged + costs.margin, "\(name): \(costs.counted) counted, \(costs.charged) charged")
            }
        }
    }

    /// An array of nil `SIMD64<Double>?` takes a byte of archive and 513 bytes of memory per
    /// element, beyond what default readers allow (128 per byte): the encoder refuses it,
    /// and writes it for readers whose limits allow it, which read it back equal.
    @Test func archivesReadersWouldRefuseAreRefusedWhenWritten() throws {
        let sparse = [SIMD64<Double>?](repeating: nil, count: 20_000) + [SIMD64(repeating: 1.5)]
        do {
            _ = try GraphEncoder().encode(sparse) as Bytes
            Issue.record("an archive that default readers refuse was written")
        } catch GCodableError.cannotEncode(_, let context) {
            #expect(context.debugDescription.contains("ArchiveLimits.maximumMemoryBytesPerArchiveByte"))
        }
        var roomy = ArchiveLimits()
        roomy.maximumMemoryBytesPerArchiveByte = 1024
        let encoder = GraphEncoder()
        encoder.limits = roomy
        let archive = try encoder.encode(sparse) as Bytes
        #expect(throws: GCodableError.self) { try GraphDecoder().decode([SIMD64<Double>?].self, from: archive) }
        let decoder = GraphDecoder()
        decoder.limits = roomy
        #expect(try decoder.decode([SIMD64<Double>?].self, from: archive) == sparse)
    }
}
