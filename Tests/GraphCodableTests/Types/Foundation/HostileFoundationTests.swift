import Foundation
import Testing

@testable import GraphCodable

/// Archives whose Foundation values would make Foundation trap, leak or misbehave are
/// refused when decoded (and such values when encoded). Unrefused, each would crash the
/// process or take memory without end.
@Suite struct HostileFoundationTests {
    static func expectRefused<T: GDecodable>(_ type: T.Type, _ archive: Bytes, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: GCodableError.self, sourceLocation: sourceLocation) {
            try GraphDecoder(registry: GTypeRegistry()).decode(type, from: archive)
        }
    }

    @Test func fixedOffsetsOutsideEighteenHours() throws {
        let archive = try GraphEncoder().encode(TimeZone(secondsFromGMT: 3661)!) as Bytes
        for offset in [Int.min, Int.max, -64801, 70000] {
            Self.expectRefused(TimeZone.self, try EditedArchive.replacingPayload(in: archive, 3661, with: offset))
        }
    }

    struct Ranges: GCodable {
        var ranges: [Range<Int>]
        init(_ ranges: [Range<Int>]) { self.ranges = ranges }
        init(from decoder: GDecoder) throws { ranges = try decoder.decode() }
        func encode(to encoder: GEncoder) throws { try encoder.encode(ranges) }
    }

    /// Overlapping ranges make Foundation trap; descending ones take it quadratic time.
    @Test func indexSetsTakeOnlyTheirOwnForm() throws {
        for ranges in [
            [1 ..< 2, 3 ..< 4, 0 ..< Int.max], [10 ..< 20, 30 ..< 40, 0 ..< Int.max - 1], [5 ..< 6, 1 ..< 2], [1 ..< 1],
            [1 ..< 3, 3 ..< 5],
        ] {
            Self.expectRefused(IndexSet.self, try GraphEncoder().encode(Ranges(ranges)) as Bytes)
        }
        let descending = try GraphEncoder().encode(Ranges((0 ..< 200_000).reversed().map { $0 * 2 ..< $0 * 2 + 1 })) as Bytes
        let start = Date()
        Self.expectRefused(IndexSet.self, descending)
        #expect(Date().timeIntervalSince(start) < 5)
    }

    /// Foundation keeps every locale made for the life of the process, and some malformed
    /// identifiers crash ICU later.
    @Test func localesOutsideFoundationsListAreRefused() throws {
        let archive = try GraphEncoder().encode(Locale(identifier: "it_IT")) as Bytes
        for identifier in ["é", "ar-u-nu-xyz", "en@numbers=xyz", "en@calendar=" + String(repeating: "g", count: 300), "xx_YY_\(UUID())"] {
            Self.expectRefused(Locale.self, try EditedArchive.replacingPayload(in: archive, "it_IT", with: identifier))
            #expect(throws: GCodableError.self) { try GraphEncoder().encode(Locale(identifier: identifier)) as Bytes }
        }
        #expect(
            try GraphDecoder().decode(
                Locale.self, from: GraphEncoder().encode(Locale(identifier: "en-US@calendar=japanese;fw=mon")) as Bytes
            )
            .identifier == Locale(identifier: "en-US@calendar=japanese;fw=mon").identifier)
    }

    @Test func nestedPhoneticRepresentationsAreRefused() throws {
        var inner = PersonNameComponents()
        inner.givenName = "a"
        var middle = PersonNameComponents()
        middle.phoneticRepresentation = inner
        var outer = PersonNameComponents()
        outer.phoneticRepresentation = middle
        #expect(throws: GCodableError.self) { try GraphEncoder().encode(outer) as Bytes }
        struct Nested: GCodable {
            init() {}
            init(from decoder: GDecoder) throws {}
            func encode(to encoder: GEncoder) throws {
                var leaf = PersonNameComponents()
                leaf.givenName = "leaf"
                var middle = PersonNameComponents()
                middle.phoneticRepresentation = leaf
                try encoder.encode(middle, for: Key.phoneticRepresentation)
            }
            enum Key: String { case phoneticRepresentation }
        }
        var model = try GraphArchive(bytes: GraphEncoder().encode(Nested()) as Bytes)
        model.body[0].type = 50 // PersonNameComponents
        Self.expectRefused(PersonNameComponents.self, try model.bytes(checkingPayloads: false))
    }

    @Test func dateComponentsOfIntMinAreRefused() throws {
        var components = DateComponents()
        components.month = .min
        #expect(throws: GCodableError.self) { try GraphEncoder().encode(components) as Bytes }
        components.month = 7
        let archive = try EditedArchive.replacingPayload(in: GraphEncoder().encode(components) as Bytes, 7, with: Int.min)
        Self.expectRefused(DateComponents.self, archive)
    }

    /// Foundation's parser reads a prefix of the text and ignores the rest.
    @Test func decimalTextMustBeADecimalWhole() throws {
        for text in ["1.2.3", "e5", "-", "0x10", "1_000", "", "1.", ".5", "1e", "+1", " 1"] {
            Self.expectRefused(Decimal.self, RawArchive(body: [0x23, 0x15] + RawArchive.string(text)).bytes)
        }
    }
}
