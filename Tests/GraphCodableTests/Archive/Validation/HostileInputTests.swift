import Foundation
import GraphCodable
import SeededRandom
import Testing

/// Truncated and corrupted archives make `decode` and `dump(from:)` throw or succeed, never
/// crash or hang.
@Suite struct HostileInputTests {
    /// Decodes and dumps `bytes`; returns whether decoding succeeded.
    @discardableResult
    static func attempt(_ bytes: Bytes) -> Bool {
        _ = try? GraphDecoder().dump(from: bytes, options: .fullInfo)
        return (try? GraphDecoder().decode(Sample.self, from: bytes)) != nil
    }

    @Test func everyPrefixThrows() throws {
        for (bytes, _) in ArchiveSamples.checksummedOrNot.prefix(8) {
            for length in 0 ..< bytes.count {
                let prefix = Array(bytes[..<length])
                #expect(throws: GCodableError.self) { try GraphDecoder().decode(Sample.self, from: prefix) }
                #expect(throws: GCodableError.self) { try GraphDecoder().dump(from: prefix) }
            }
        }
    }

    @Test func byteFlipsInChecksummedArchivesAreAlwaysDetected() throws {
        var generator = SplitMix64(seed: 5)
        for round in 0 ..< 3000 {
            let archives = ArchiveSamples.checksummedOrNot.filter(\.checksummed)
            var bytes = archives[round % archives.count].bytes
            let position = Int.random(in: 0 ..< bytes.count, using: &generator)
            bytes[position] ^= UInt8.random(in: 1 ... 255, using: &generator)
            #expect(throws: GCodableError.self, "flip at \(position)") { try GraphDecoder().decode(Sample.self, from: bytes) }
            #expect(throws: GCodableError.self) { try GraphDecoder().dump(from: bytes) }
        }
    }

    @Test func byteFlipsWithoutChecksumNeverCrash() throws {
        var generator = SplitMix64(seed: 6)
        var decoded = 0
        for round in 0 ..< 3000 {
            let archives = ArchiveSamples.checksummedOrNot.filter { !$0.checksummed }
            var bytes = archives[round % archives.count].bytes
            for _ in 0 ..< Int.random(in: 1 ... 3, using: &generator) {
                let position = Int.random(in: 16 ..< bytes.count, using: &generator)
                bytes[position] = UInt8.random(in: 0 ... 255, using: &generator)
            }
            if Self.attempt(bytes) { decoded += 1 }
        }
        // Some mutations still form valid archives (a changed digit, a changed string byte):
        // that is expected without a checksum; the point is that none crashed.
        #expect(decoded < 3000)
    }

    @Test func truncatedAndExtendedArchivesReportWhere() throws {
        let bytes = try GraphEncoder().encode([1, 2, 3]) as Bytes
        do {
            _ = try GraphDecoder().decode([Int].self, from: Array(bytes.dropLast()))
            Issue.record("a truncated archive decoded")
        } catch let error as GCodableError {
            guard case .invalidArchive(let context) = error else { throw error }
            #expect(context.debugDescription.contains("truncated"))
            #expect(context.byteOffset == bytes.count - 1)
        }
        #expect(throws: GCodableError.self) { try GraphDecoder().decode([Int].self, from: bytes + [0]) }
        #expect(throws: GCodableError.self) { try GraphDecoder().decode([Int].self, from: Bytes()) }
        #expect(throws: GCodableError.self) { try GraphDecoder().decode([Int].self, from: Array("not an archive at all, no".utf8)) }
    }
}
