import Foundation
import GraphCodable
import Testing

/// The rules inside native payloads (unique dictionary keys and set elements, ordered range
/// bounds, valid decimals), compared as Swift compares values: validation reports exactly
/// what typed decoding refuses, so that "valid" means "decodes".
@Suite struct PayloadRuleTests {
    @Test func dictionaryKeysAreUnique() throws {
        let twice = try EditedArchive.archive(of: [1: 10, 2: 20], replacing: [4, 40], with: [2, 40]) // zig-zag 2 → 1
        ReaderAgreement.expectRefused(twice, as: [Int: Int].self, "duplicate Dictionary key")
        // -0.0 equals 0.0; NaN equals nothing, so two NaN keys are two keys.
        let zeros = try EditedArchive.archive(of: [0.0: 1, 1.5: 2], replacing: RawArchive.bits(1.5), with: RawArchive.bits(-0.0))
        ReaderAgreement.expectRefused(zeros, as: [Double: Int].self, "duplicate Dictionary key")
        let nans = try EditedArchive.archive(of: [0.5: 1, 1.5: 2], replacing: RawArchive.bits(1.5), with: RawArchive.bits(.nan))
        let nanTwice = try EditedArchive.archive(
            of: try GraphDecoder().decode([Double: Int].self, from: nans), replacing: RawArchive.bits(0.5), with: RawArchive.bits(.nan))
        ReaderAgreement.expectAccepted(nanTwice, as: [Double: Int].self)
    }

    /// Dictionaries and sets of elements that are not packed are stored node by node: their
    /// keys are still compared where they are native payloads.
    @Test func keysStoredNodeByNodeAreUniqueToo() throws {
        let twice = try EditedArchive.archive(of: ["a": 1, "b": 2], replacing: Array("\u{1}b".utf8), with: Array("\u{1}a".utf8))
        ReaderAgreement.expectRefused(twice, as: [String: Int].self, "duplicate Dictionary key")
        // Canonically equivalent strings are one key to Swift: the Angstrom sign and A with a ring.
        let equivalent = try EditedArchive.archive(
            of: ["\u{212B}": 1, "xyz": 2], replacing: Array("xyz".utf8), with: Array("A\u{30A}".utf8))
        ReaderAgreement.expectRefused(equivalent, as: [String: Int].self, "duplicate Dictionary key")
        // ASCII keys are compared by their bytes, but an ASCII key may equal one that is not:
        // the Kelvin sign is K to Swift.
        let kelvin = try EditedArchive.archive(of: ["\u{212A}": 1, "x": 2], replacing: Array("\u{1}x".utf8), with: Array("\u{1}K".utf8))
        ReaderAgreement.expectRefused(kelvin, as: [String: Int].self, "duplicate Dictionary key")
        let members = try EditedArchive.archive(of: Set(["a", "b"]), replacing: Array("\u{1}b".utf8), with: Array("\u{1}a".utf8))
        ReaderAgreement.expectRefused(members, as: Set<String>.self, "duplicate Set element")
        let sets = try EditedArchive.archive(of: Set([[1, 2], [1, 3]]), replacing: [2, 2, 6], with: [2, 2, 4])
        ReaderAgreement.expectRefused(sets, as: Set<[Int]>.self, "duplicate Set element")
    }

    /// A value holding a NaN equals nothing, so it is never a duplicate and validation does
    /// not keep it to compare: every NaN hashes alike, and comparing each with all the
    /// earlier ones would take quadratic time.
    @Test(.timeLimit(.minutes(1))) func valuesHoldingNaNAreNotComparedWithEachOther() throws {
        let arrays = Array(repeating: "[1,\"nan\"]", count: 100_000).joined(separator: ",")
        #expect(GraphDecoder().validate(try EditedArchive.archive(types: #"{"array":13},{"set":64}"#, value: "[\(arrays)]")).isValid)
    }

    /// Sets of sets are compared by numbering each value once from its elements' numbers,
    /// so the work is linear in the depth and no level keeps a copy of every scalar (as
    /// Swift's own sets of `AnyHashable` would, doubling the work at every level).
    @Test(.timeLimit(.minutes(1))) func nestedSetsAreComparedInLinearTime() throws {
        let depth = 250
        let types = [#"{"array":1}"#] + (0 ..< depth).map { #"{"set":\#(64 + $0)}"# }
        let leaves = "[" + Array(repeating: "true", count: 20_000).joined(separator: ",") + "]"
        let value = String(repeating: "[", count: depth) + leaves + String(repeating: "]", count: depth)
        #expect(GraphDecoder().validate(try EditedArchive.archive(types: types.joined(separator: ","), value: value)).isValid)
        // Two sets, equal in any order, three levels down.
        let twice = #"[[[[1,2],[3]],[[4]]],[[[4]],[[3],[2,1]]]]"#
        ReaderAgreement.expectRefused(
            try EditedArchive.archive(types: #"{"set":10},{"set":64},{"set":65},{"set":66}"#, value: twice),
            as: Set<Set<Set<Set<Int>>>>.self, "duplicate Set element")
    }

    /// Swift's own sets and dictionaries take quadratic time to hold keys unequal to
    /// themselves (NaN): one may hold at most 10,000, which writers refuse past, and readers
    /// and validation report.
    @Test func keysUnequalToThemselvesAreBounded() throws {
        let most = Set((0 ..< 10_000).map { _ in Double.nan })
        #expect(try GraphDecoder().decode(Set<Double>.self, from: GraphEncoder().encode(most) as Bytes).count == 10_000)
        #expect(throws: GCodableError.self) { try GraphEncoder().encode(most.union([-Double.nan])) as Bytes }
        #expect(throws: GCodableError.self) {
            try GraphEncoder().encode(Dictionary(uniqueKeysWithValues: (0 ... 10_000).map { (Double.nan, $0) })) as Bytes
        }
        let nans = Array(repeating: "\"nan\"", count: 10_001).joined(separator: ",")
        let keys = (0 ... 10_000).map { "[\"nan\",\($0)]" }.joined(separator: ",")
        ReaderAgreement.expectRefused(
            try EditedArchive.archive(types: #"{"set":13}"#, value: "[\(nans)]"), as: Set<Double>.self,
            "more than 10000 keys or elements that equal nothing (NaN)")
        ReaderAgreement.expectRefused(
            try EditedArchive.archive(types: #"{"dictionary":[13,10]}"#, value: "[\(keys)]"), as: [Double: Int].self,
            "more than 10000 keys or elements that equal nothing (NaN)")
        let optionals = Array(repeating: "\"nan\"", count: 10_001).joined(separator: ",")
        ReaderAgreement.expectRefused(
            try EditedArchive.archive(types: #"{"optional":13},{"set":64}"#, value: "[\(optionals)]"), as: Set<Double?>.self,
            "more than 10000 keys or elements that equal nothing (NaN)")
    }

    /// Payloads with nothing to compare are checked where they lie, building no value:
    /// what typed decoding refuses inside them, validation reports.
    @Test func scalarsInsidePayloadsAreChecked() throws {
        let text = try EditedArchive.archive(of: ["ab", "cd"], replacing: [2, 0x63, 0x64], with: [2, 0xC3, 0x28])
        ReaderAgreement.expectRefused(text, as: [String].self, "invalid UTF-8 in a string")
        let optional = try EditedArchive.archive(of: ["ab", nil, "cd"] as [String?], replacing: [2, 0x63, 0x64], with: [2, 0xC3, 0x28])
        ReaderAgreement.expectRefused(optional, as: [String?].self, "invalid UTF-8 in a string")
        // Zig-zag 20,000 becomes 80,000.
        let wide = try EditedArchive.archive(
            of: [1, 20_000] as [Int16], replacing: [2, 2, 0xC0, 0xB8, 0x02], with: [2, 2, 0x80, 0xE2, 0x09])
        ReaderAgreement.expectRefused(wide, as: [Int16].self, "integer out of range for Int16")
        let flag = try EditedArchive.archive(of: [true, false], replacing: [2, 1, 0], with: [2, 1, 2])
        ReaderAgreement.expectRefused(flag, as: [Bool].self, "invalid Bool byte 2")
        let accented = try EditedArchive.archive(of: ["ab", "cd"], replacing: [2, 0x63, 0x64], with: [2, 0xC3, 0xA9])
        ReaderAgreement.expectAccepted(accented, as: [String].self)
    }

    @Test func setElementsAreUnique() throws {
        let twice = try EditedArchive.archive(of: Set([3, 4]), replacing: [8], with: [6]) // zig-zag 4 → 3
        ReaderAgreement.expectRefused(twice, as: Set<Int>.self, "duplicate Set element")
        // Data is compared whole, not byte by byte, so that 64 MB of it compare quickly.
        ReaderAgreement.expectRefused(
            try EditedArchive.archive(types: #"{"set":17}"#, value: #"["AAEC","AAED","AAEC"]"#), as: Set<Data>.self, "duplicate Set element"
        )
        let blocks = (0 ..< 64).map { "\"" + Data(repeating: UInt8($0), count: 16 * 1024).base64EncodedString() + "\"" }
        #expect(
            GraphDecoder().validate(try EditedArchive.archive(types: #"{"set":17}"#, value: "[\(blocks.joined(separator: ","))]")).isValid)
    }

    @Test func rangeBoundsAreInOrder() throws {
        let reversed = try EditedArchive.archive(of: 3 ..< 9, replacing: [6, 18], with: [18, 6])
        ReaderAgreement.expectRefused(reversed, as: Range<Int>.self, "range lower bound exceeds upper bound")
        let nan = try EditedArchive.archive(of: 1.0 ... 2.0, replacing: RawArchive.bits(2.0), with: RawArchive.bits(.nan))
        ReaderAgreement.expectRefused(nan, as: ClosedRange<Double>.self, "range lower bound exceeds upper bound")
        let empty = try EditedArchive.archive(of: 3 ..< 9, replacing: [6, 18], with: [18, 18])
        ReaderAgreement.expectAccepted(empty, as: Range<Int>.self)
    }

    /// Rules apply at every depth: a range inside a dictionary inside an array.
    @Test func rulesApplyAtEveryDepth() throws {
        let value = [[7: 3 ..< 9]]
        let reversed = try EditedArchive.archive(of: value, replacing: [6, 18], with: [18, 6])
        ReaderAgreement.expectRefused(reversed, as: [[Int: Range<Int>]].self, "range lower bound exceeds upper bound")
        ReaderAgreement.expectAccepted(try GraphEncoder().encode(value) as Bytes, as: [[Int: Range<Int>]].self)
    }

    @Test func decimalsHaveTheirGrammar() throws {
        let junk = try EditedArchive.archive(of: Decimal(string: "12.5")!, replacing: Array("12.5".utf8), with: Array("12x5".utf8))
        ReaderAgreement.expectRefused(junk, as: Decimal.self, "invalid Decimal text \"12x5\"")
        // A long text is quoted in part: the report stays small.
        let long = String(repeating: "9", count: 100_000) + "x"
        let json = #"{"kind":"BIV","type":21,"value":"\#(long)"}"#
        let bytes = try EditedArchive.archive(body: json)
        ReaderAgreement.expectRefused(bytes, as: Decimal.self, "invalid Decimal text \"" + String(repeating: "9", count: 40) + "…\"")
    }

    /// A URL's relative string and base are not empty: Foundation makes no URL of them.
    @Test func urlsHaveStrings() throws {
        let noRelative = try EditedArchive.archive(body: #"{"kind":"BIV","type":20,"bytes":"\#(Data([0, 0]).base64EncodedString())"}"#)
        ReaderAgreement.expectRefused(noRelative, as: URL.self, "invalid URL \"\"")
        let emptyBase = try EditedArchive.archive(
            body: #"{"kind":"BIV","type":20,"bytes":"\#(Data([1, 0x62, 1, 0]).base64EncodedString())"}"#)
        ReaderAgreement.expectRefused(emptyBase, as: URL.self, "invalid base URL \"\"")
        #expect(GraphDecoder().validate(emptyBase).problems.first?.byteOffset == 44)
        let valid = try EditedArchive.archive(body: #"{"kind":"BIV","type":20,"bytes":"\#(Data([1, 0x62, 0]).base64EncodedString())"}"#)
        ReaderAgreement.expectAccepted(valid, as: URL.self)
    }

    /// A Decimal's text must be a number a Decimal holds exactly: Foundation's parser keeps
    /// 38 or so digits and drops the rest without a word.
    @Test func decimalsAreReadExactlyOrRefused() throws {
        func archive(_ text: String) throws -> [UInt8] { try EditedArchive.archive(body: #"{"kind":"BIV","type":21,"value":"\#(text)"}"#) }
        let digits39 = "1" + String(repeating: "2", count: 38)
        for text in [
            "0", "-0", "007.50", "0e5", "0.000", "1e127", "1e128", "100e-130", "1e-128", "12.5e-3", "1e0000000000", digits39,
            "1." + String(repeating: "0", count: 60), "NaN", "340282366920938463463374607431768211455e127",
            "3402823669209384634633746074317682114550e126",
        ] {
            ReaderAgreement.expectAccepted(try archive(text), as: Decimal.self)
        }
        #expect(try GraphDecoder().decode(Decimal.self, from: try archive("007.50")) == Decimal(string: "7.5"))
        #expect(try GraphDecoder().decode(Decimal.self, from: try archive("1e128")) == Decimal(string: "10e127"))
        #expect(try GraphDecoder().decode(Decimal.self, from: try archive("0.000")).exponent == -3)
        for text in [
            digits39 + "2222222", "340282366920938463463374607431768211456", "1e167", "1e-129", "0e128", "0.0e-128", "1e0000000001000",
            "+1", "1E5", ".5", "1.", "nan", "",
        ] {
            let bytes = try archive(text)
            #expect(!GraphDecoder().validate(bytes).isValid, "\(text)")
            #expect(throws: GCodableError.self, "\(text)") { try GraphDecoder().decode(Decimal.self, from: bytes) }
        }
    }
}
