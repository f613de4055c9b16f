import Foundation
import Testing

@testable import GraphCodable

/// Archives crafted to exceed each limit get the matching error.
@Suite struct LimitsTests {
    struct Wide: GCodable {
        private enum Key: String, CaseIterable { case a, b, c, d, e }
        init() {}
        init(from decoder: GDecoder) throws {}
        func encode(to encoder: GEncoder) throws {
            for key in Key.allCases { try encoder.encode(1, for: key) }
        }
    }

    /// Decodes `value`'s archive with `limits` adjusted by `adjust`; returns the error's
    /// description if decoding and dumping both fail with `limitExceeded`.
    static func limitError<T: GCodable>(_ value: T, _ adjust: (inout ArchiveLimits) -> Void) throws -> String? {
        let data = try GraphEncoder().encode(value) as Bytes
        let decoder = GraphDecoder()
        #expect(throws: Never.self) { try decoder.decode(T.self, from: data) }
        adjust(&decoder.limits)
        #expect(throws: GCodableError.self) { try decoder.dump(from: data) }
        do {
            _ = try decoder.decode(T.self, from: data)
            return nil
        } catch GCodableError.limitExceeded(let context) {
            #expect(context.byteOffset != nil)
            return context.debugDescription
        }
    }

    @Test func archiveSize() throws {
        let message = try Self.limitError(Array(repeating: 1.5, count: 100)) { $0.maximumArchiveSize = 200 }
        #expect(message?.contains("the limit is 200") == true)
    }

    @Test func nodeCount() throws {
        let message = try Self.limitError(Array(repeating: "s", count: 10)) { $0.maximumNodeCount = 5 }
        #expect(message == "more than 5 nodes")
    }

    /// What the library writes within the size limit reads back with the default limits,
    /// however many nodes it has; the server keeps its own bound.
    @Test func nodeCountsScaleWithTheArchiveByDefault() throws {
        // [String?] of 4,100,000 nils, one NIL byte each: the archive of two, widened.
        let two = try GraphEncoder(.omitChecksum).encode([nil, nil] as [String?]) as Bytes
        let bodyLength = two[24 ..< 32].reversed().reduce(0) { $0 << 8 | Int($1) }
        let extra = 4_099_998
        var many =
            Array(two[..<(40 + bodyLength - 1)]) + Array(repeating: two[40 + bodyLength - 2], count: extra) + two[(40 + bodyLength - 1)...]
        withUnsafeBytes(of: UInt64(bodyLength + extra).littleEndian) { many.replaceSubrange(24 ..< 32, with: $0) }
        // Every reading operation parses the body with the same node limit.
        let report = GraphDecoder().validate(many)
        #expect(report.isValid, "\(report)")
        #expect(report.nodeCounts["NIL"] == 4_100_000)
    }

    /// The type and key tables too: an entry takes at least a byte, and its memory is
    /// charged to the budget, so keys made at run time (as many as a program likes) read back.
    @Test func tableSizesScaleWithTheArchiveByDefault() throws {
        // The archive of a root Int, its empty key table widened to 1,000,001 keys of 8
        // bytes ("k0000000"…), each after its length.
        let root = try GraphEncoder(.omitChecksum).encode(7) as Bytes
        #expect(root.suffix(2) == [0, 0], "no types, no keys")
        let count = 1_000_001
        var keyTable = BinaryWriteBuffer()
        keyTable.writeCount(count)
        var keys = [UInt8](repeating: UInt8(ascii: "0"), count: 9 * count)
        for number in 0 ..< count {
            keys[9 * number] = 8
            keys[9 * number + 1] = UInt8(ascii: "k")
            var rest = number
            for digit in stride(from: 9 * number + 8, to: 9 * number + 1, by: -1) {
                keys[digit] += UInt8(rest % 10)
                rest /= 10
            }
        }
        var archive = Array(root.dropLast()) + keyTable.bytes + keys
        withUnsafeBytes(of: UInt64(1 + keyTable.bytes.count + keys.count).littleEndian) { archive.replaceSubrange(32 ..< 40, with: $0) }
        #expect(try GraphDecoder().decode(Int.self, from: archive) == 7)
        let report = GraphDecoder().validate(archive)
        #expect(report.isValid, "\(report)")
        let server = GraphDecoder()
        server.limits.maximumTableCount = 1_000_000
        #expect(throws: GCodableError.self) { try server.decode(Int.self, from: archive) }
    }

    /// Type entries cost more memory than the budget gives a byte of archive: a type table
    /// of one-byte entries is refused at its count, before any entry is read.
    @Test func typeTablesBeyondTheBudgetAreRefusedAtTheirCount() throws {
        let root = try GraphEncoder(.omitChecksum).encode(7) as Bytes
        var tables = BinaryWriteBuffer()
        tables.writeCount(20_000)
        let typeTable = tables.bytes + [UInt8](repeating: 1, count: 20_000)
        var archive = Array(root.dropLast(2)) + typeTable + [0]
        withUnsafeBytes(of: UInt64(typeTable.count + 1).littleEndian) { archive.replaceSubrange(32 ..< 40, with: $0) }
        do {
            _ = try GraphDecoder().decode(Int.self, from: archive)
            Issue.record("a type table beyond the budget was read")
        } catch GCodableError.limitExceeded(let context) {
            #expect(context.debugDescription.contains("ArchiveLimits.maximumMemoryBytesPerArchiveByte"))
            #expect(context.byteOffset == root.count - 2)
        }
    }

    /// No reader takes an archive beyond 4 GiB, so the encoder refuses to write one, however
    /// large the archives its readers take.
    @Test func archivesBeyondWhatReadersTakeAreRefusedWhenWritten() {
        var unbounded = ArchiveLimits()
        unbounded.maximumArchiveSize = .max
        #expect(throws: Never.self) { try ArchiveExtent(size: Int(UInt32.max)).checkReadable(under: unbounded, of: Data.self) }
        #expect(throws: GCodableError.self) { try ArchiveExtent(size: Int(UInt32.max) + 1).checkReadable(under: unbounded, of: Data.self) }
    }

    @Test func depth() throws {
        let nested = [[[[["deep"]]]]]
        let message = try Self.limitError(nested) { $0.maximumDepth = 3 }
        #expect(message == "nesting deeper than 3 levels")
    }

    @Test func stringDataAndPayloadLengths() throws {
        let message = try Self.limitError(String(repeating: "x", count: 1000)) { $0.maximumLength = 999 }
        #expect(message == "a length of 1000 bytes exceeds the limit of 999")
        #expect(try Self.limitError(Data(count: 64)) { $0.maximumLength = 63 } != nil)
        #expect(try Self.limitError([URL(string: "https://example.com/long/path")!]) { $0.maximumLength = 10 } != nil)
        #expect(try Self.limitError(ReadingCostSamples.Blob(bytes: Array(repeating: 7, count: 95))) { $0.maximumLength = 95 } != nil)
        // A limit below zero refuses every length, an empty one too, and traps nowhere.
        let negative = try Self.limitError("") { $0.maximumLength = -1 }
        #expect(negative == "a length of 0 bytes exceeds the limit of -1")
    }

    @Test func tableSizes() throws {
        let keys = try Self.limitError(Wide()) { $0.maximumTableCount = 4 }
        #expect(keys == "key table has 5 keys, the limit is 4")
        let types = try Self.limitError([[1.5]: [2]] as [[Double]: [Int]]) { $0.maximumTableCount = 1 }
        #expect(types?.hasPrefix("type table has") == true)
    }
}
