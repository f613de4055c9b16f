import Foundation
import SeededRandom
import Testing

@testable import GraphCodable
@testable import GraphHTTP

/// What `JSONWriter` writes by hand is what `JSONBody` writes through Foundation's encoder,
/// byte for byte: answers written either way read the same to every client.
@Suite struct JSONWriterTests {
    /// A string of `count` scalars drawn from every range that escaping treats apart.
    static func randomString(_ count: Int, _ generator: inout SplitMix64) -> String {
        let ranges: [ClosedRange<UInt32>] = [
            0 ... 0x1F, 0x20 ... 0x7F, 0x80 ... 0x7FF, 0x2000 ... 0x206F, 0xFEFF ... 0xFFFD, 0x1F600 ... 0x1F64F,
        ]
        var text = String.UnicodeScalarView()
        for _ in 0 ..< count {
            let range = ranges.randomElement(using: &generator)!
            text.append(Unicode.Scalar(UInt32.random(in: range, using: &generator))!)
        }
        return String(text)
    }

    /// Bytes, not strings, are compared: String's `==` would take canonically equivalent
    /// texts for equal.
    static func written(_ string: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.value(string)
        return writer.bytes
    }

    static func encoded(_ string: String) -> [UInt8] { JSONBody.encode(string) }

    @Test func stringsAreEscapedAsJSONBodyEscapesThem() {
        for scalar in 0 ..< 0x80 {
            let string = String(Unicode.Scalar(UInt8(scalar)))
            #expect(Self.written(string) == Self.encoded(string), "U+\(String(scalar, radix: 16))")
        }
        var generator = SplitMix64(seed: 0x150_7E57)
        for _ in 0 ..< 2_000 {
            let string = Self.randomString(Int.random(in: 0 ... 24, using: &generator), &generator)
            #expect(Self.written(string) == Self.encoded(string), "\(string.unicodeScalars.map(\.value))")
        }
    }

    /// Reports of valid and invalid archives, and reports whose every member was drawn at
    /// random (problems with and without offsets and rules, strange messages and paths).
    @Test func validationAnswersAreWhatJSONBodyWrites() throws {
        let valid = GraphDecoder().validate(try GraphEncoder().encode(["a": [1, 2], "b": [3]]) as [UInt8])
        var invalid = GraphDecoder().validate(Array("GraphCodable? no".utf8))
        #expect(valid.isValid && !invalid.isValid)
        var reports = [valid, invalid]
        var generator = SplitMix64(seed: 0xA_5E7)
        for _ in 0 ..< 300 {
            invalid.byteCount = Int.random(in: 0 ... Int.max, using: &generator)
            invalid.maximumDepth = Int.random(in: 0 ... 10_000, using: &generator)
            invalid.typeCount = Int.random(in: 0 ... 100, using: &generator)
            invalid.keyCount = Int.random(in: 0 ... 100, using: &generator)
            invalid.objectCount = Int.random(in: 0 ... 1_000_000, using: &generator)
            // Kinds beyond ASCII too, whose order by UTF-8 bytes differs from String's `<`.
            invalid.nodeCounts = Dictionary(
                uniqueKeysWithValues: ["VAL", "REF", "BIV", "NIL", "e\u{301}", "f", "\u{212B}", "\u{C6}", "\u{FFFD}", "\u{1F600}"]
                    .filter { _ in Bool.random(using: &generator) }.map { ($0, Int.random(in: 1 ... 1_000_000, using: &generator)) })
            invalid.problems = (0 ..< Int.random(in: 0 ... 4, using: &generator)).map { _ in
                GraphValidationReport.Problem(
                    message: Self.randomString(Int.random(in: 0 ... 30, using: &generator), &generator),
                    byteOffset: Bool.random(using: &generator) ? Int.random(in: 0 ... 1 << 40, using: &generator) : nil,
                    path: (0 ..< Int.random(in: 0 ... 3, using: &generator)).map { _ in
                        Bool.random(using: &generator)
                            ? .key(Self.randomString(3, &generator)) : .index(Int.random(in: 0 ... 99, using: &generator))
                    },
                    rule: Bool.random(using: &generator) ? FormatRule.allCases.randomElement(using: &generator) : nil)
            }
            reports.append(invalid)
        }
        for report in reports {
            let answer = ValidationAnswer(report)
            #expect(answer.json == JSONBody.encode(answer), "\(String(decoding: answer.json, as: UTF8.self))")
        }
    }

    /// Problem objects drawn at random (members nested, names beyond ASCII, integers to
    /// their extremes), and a problem answer's body.
    @Test func problemsAreWhatJSONBodyWrites() {
        var generator = SplitMix64(seed: 0x9_0B1E)
        func member(depth: Int) -> ProblemMember {
            switch Int.random(in: depth < 3 ? 0 ... 3 : 0 ... 2, using: &generator) {
            case 0: return .string(Self.randomString(Int.random(in: 0 ... 20, using: &generator), &generator))
            case 1:
                return .integer(
                    [Int.min, Int.max, 0, -1, Int.random(in: .min ... .max, using: &generator)].randomElement(using: &generator)!)
            case 2: return .strings((0 ..< Int.random(in: 0 ... 3, using: &generator)).map { _ in Self.randomString(5, &generator) })
            default:
                let names =
                    ["type", "status", "detail", "e\u{301}", "\u{212B}", "\u{C6}", "\u{1F600}"]
                    + (0 ..< 2).map { _ in Self.randomString(4, &generator) }
                return .object(
                    Dictionary(
                        names.filter { _ in Bool.random(using: &generator) }.map { ($0, member(depth: depth + 1)) },
                        uniquingKeysWith: { first, _ in first }))
            }
        }
        for member in (0 ..< 500).map({ _ in member(depth: 0) }) {
            #expect(member.json == JSONBody.encode(member), "\(String(decoding: member.json, as: UTF8.self))")
        }
        let answer = Problem(.notFound, "no resource at /nope", members: ["byteOffset": .integer(7)]).response
        #expect(
            String(decoding: answer.body, as: UTF8.self)
                == #"{"byteOffset":7,"detail":"no resource at /nope","status":404,"title":"No such resource","type":"urn:graphcodable:problem:not-found"}"#
                + "\n")
    }

    /// Entries drawn at random, enough of them to be sent in several pieces: the pieces
    /// joined are `{"types":[…]}` around what `JSONBody` writes for each entry.
    @Test func typeMapsAreWhatJSONBodyWritesEntryByEntry() throws {
        var generator = SplitMix64(seed: 0x7_E9E5)
        let kinds: [GraphTypeMapEntry.Kind] = [.nativeLayout, .nativeValue, .valueType, .classType]
        let entries = (0 ..< 4_000).map { _ in
            GraphTypeMapEntry(
                reference: UInt32.random(in: 0 ... .max, using: &generator), kind: kinds.randomElement(using: &generator)!,
                qualifiedName: Self.randomString(Int.random(in: 0 ... 40, using: &generator), &generator),
                mangledName: Self.randomString(Int.random(in: 0 ... 20, using: &generator), &generator),
                version: UInt32.random(in: 0 ... .max, using: &generator), instances: Int.random(in: 0 ... .max, using: &generator),
                isResolvable: Bool.random(using: &generator))
        }
        var pieces: [[UInt8]] = []
        try TypeMapAnswer.write(entries, to: { pieces.append($0) })
        let expected =
            Array(#"{"types":["#.utf8)
            + Array(entries.map { JSONBody.encode(TypeMapAnswer.Entry($0)) }.joined(separator: [UInt8(ascii: ",")]))
            + Array("]}".utf8)
        #expect(pieces.count > 2)
        #expect(pieces.dropLast().allSatisfy { $0.count >= TypeMapAnswer.pieceSize })
        // A Bool: the expectation would print half a megabyte of each array.
        let joinedAreExpected = Array(pieces.joined()) == expected
        #expect(joinedAreExpected)
        var empty: [[UInt8]] = []
        try TypeMapAnswer.write([], to: { empty.append($0) })
        #expect(empty == [Array(#"{"types":[]}"#.utf8)])
    }
}
