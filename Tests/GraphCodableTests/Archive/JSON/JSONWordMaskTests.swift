import SeededRandom
import Testing

@testable import GraphCodable

/// The masks with which JSON text is scanned eight bytes at a time: the first byte each
/// marks is the first byte its rule names, in words of the bytes that matter most.
@Suite struct JSONWordMaskTests {
    /// Bytes around every boundary the masks draw, and a few ordinary ones.
    private static let interesting: [UInt8] = [
        0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F,
        0x30, 0x35, 0x39, 0x3A, 0x41, 0x5B, 0x5C, 0x5D, 0x5E, 0x65, 0x7C, 0x7D, 0x7E, 0x7F,
        0x80, 0x89, 0x8A, 0xA2, 0xAC, 0xC3, 0xDC, 0xEF, 0xFF,
    ]

    private static let rules: [(name: String, mask: @Sendable (UInt64) -> UInt64, matches: @Sendable (UInt8) -> Bool)] = [
        ("contentStops", JSONText.contentStops, { $0 == 0x22 || $0 == 0x5C }),
        ("escapeStops", JSONText.escapeStops, { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }),
        ("plainTextStops", JSONText.plainTextStops, { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 >= 0x80 }),
        ("nonDigits", JSONText.nonDigits, { !(0x30 ... 0x39).contains($0) }),
        ("scalarStops", JSONText.scalarStops, { $0 < 0x2D || $0 == 0x5D || $0 == 0x7D }),
    ]

    @Test func theFirstMarkedByteIsTheFirstMatch() {
        var generator = SplitMix64(seed: 0x3A5C)
        for _ in 0 ..< 200_000 {
            // Mostly bytes that do not match, so that matches fall at every place.
            let bytes = (0 ..< 8).map { _ in
                generator.next() % 4 == 0
                    ? Self.interesting.randomElement(using: &generator)! : UInt8(ascii: "a") + UInt8(generator.next() % 26)
            }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            for rule in Self.rules {
                let expected = bytes.firstIndex(where: rule.matches) ?? 8
                #expect(JSONText.firstMarked(rule.mask(word)) == expected, "\(rule.name) of \(bytes)")
            }
        }
    }

    @Test func everyByteAtEveryPlace() {
        for rule in Self.rules {
            for byte in 0 ... UInt8.max {
                for place in 0 ..< 8 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "5"), count: 8)
                    if rule.matches(bytes[0]) { bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8) }
                    bytes[place] = byte
                    let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
                    #expect(
                        JSONText.firstMarked(rule.mask(word)) == (rule.matches(byte) ? place : 8), "\(rule.name) of \(byte) at \(place)")
                }
            }
        }
    }

    /// Member names read as a word where they lie give the word their decoded bytes give,
    /// near the text's end too, escapes or not.
    @Test func shortNamesAreTheirDecodedBytes() throws {
        let names = ["", "a", "id", "key", "kind", "value", "fields", "1234567", "12345678", #"k\u0069nd"#, #"\"q"#, "é", #"a\nb"#]
        for name in names {
            for json in ["{\"\(name)\":1}", "{\"\(name)\":[1,2,3,4,5,6,7,8,9]}"] {
                try JSONText.withChecked(Array(json.utf8), maximumDepth: 10, budget: MemoryBudget(.max)) { text in
                    text.forEachMember(of: text.root) { range, _ in
                        var decoded: [UInt8] = []
                        text.decodeString(range, into: &decoded)
                        #expect(text.shortName(range) == JSONText.shortName(decoded), "\(json)")
                    }
                }
            }
        }
    }
}
