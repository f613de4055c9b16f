import Foundation
import GraphCodable
import Testing

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
        var many = Array(two[..<(40 + bodyLength - 1)]) + Array(repeating: two[40 + bodyLength - 2], count: extra) + two[(40 + bodyLength - 1)...]
        withUnsafeBytes(of: UInt64(bodyLength + extra).littleEndian) { many.replaceSubrange(24 ..< 32, with: $0) }
        // Every reading operation parses the body with the same node limit.
        let report = GraphDecoder().validate(many)
        #expect(report.isValid, "\(report)")
        #expect(report.nodeCounts["NIL"] == 4_100_000)
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
        #expect(try Self.limitError(GBinaryCodableExample.NumericData(
            vector: .zero, matrix: .init(diagonal: .one))) { $0.maximumLength = 95 } != nil)
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
