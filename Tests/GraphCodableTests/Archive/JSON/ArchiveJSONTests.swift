import Foundation
import GraphCodable
import Testing

/// The lossless JSON form: archive → JSON → archive gives the same bytes, and edited JSON
/// becomes an archive the Swift types decode.
@Suite struct ArchiveJSONTests {
    /// Values at the edges of what JSON can hold exactly.
    struct Edges: GCodable {
        private enum Key: String { case doubles, floats, integers, unsigned, wide, text, data, url, nested, decimal, date }
        init() {}
        init(from decoder: GDecoder) throws {}
        func encode(to encoder: GEncoder) throws {
            let payloadNaN = Double(bitPattern: 0x7FF8_0000_0000_0001)
            try encoder.encode(
                [0.1, -0.0, .infinity, -.infinity, .nan, -Double.nan, payloadNaN, .leastNonzeroMagnitude, 1e300],
                for: Key.doubles)
            try encoder.encode([Float(0.1), -0.0, .nan, Float(bitPattern: 0x7FC0_0001), .greatestFiniteMagnitude], for: Key.floats)
            try encoder.encode([Int.min, -(1 << 53) - 1, -(1 << 53), 0, 1 << 53, (1 << 53) + 1, Int.max], for: Key.integers)
            try encoder.encode([UInt64.max, 0, 1 << 53], for: Key.unsigned)
            try encoder.encode([Int128.min, Int128.max], for: Key.wide)
            try encoder.encode(["", "quote \" backslash \\ tab \t nul \0 é 🎉"], for: Key.text)
            try encoder.encode(Data([0, 1, 254, 255]), for: Key.data)
            try encoder.encode(URL(string: "a/b", relativeTo: URL(string: "https://example.com/")), for: Key.url)
            try encoder.encode([Int??.some(nil), nil, 3], for: Key.nested)
            try encoder.encode(Decimal(string: "-12.345")!, for: Key.decimal)
            try encoder.encode(Date(timeIntervalSinceReferenceDate: -1.5), for: Key.date)
        }
    }

    static func roundTrip(_ bytes: Bytes) throws -> Bytes {
        try GraphArchive(json: try GraphArchive(bytes: bytes).jsonData()).bytes()
    }

    @Test func archiveToJSONToArchiveIsByteIdentical() throws {
        var archives = try ArchiveSamples.everyShape()
        archives.append(try GraphEncoder().encode(Edges()) as Bytes)
        #if !(os(macOS) && arch(x86_64))
        archives.append(try GraphEncoder().encode([Float16(1.5), -.nan, .infinity]) as Bytes)
        #endif
        for bytes in archives {
            #expect(try Self.roundTrip(bytes) == bytes)
        }
    }

    @Test func theJSONShowsEveryPartExplicitly() throws {
        let json = String(decoding: try GraphArchive(bytes: try GraphEncoder().encode(Edges()) as Bytes).jsonData(), as: UTF8.self)
        for fragment in [
            "\"format\": \"graphcodable-archive\"", "\"kind\": \"VAL\"", "\"key\": \"doubles\"", "\"-0\"", "\"inf\"",
            "\"nan:0x7ff8000000000001\"", "\"-9223372036854775808\"", "9007199254740992", "\"18446744073709551615\"",
            "\"AAH+/w==\"", "\"relative\": \"a/b\"", "\"some\": null", "\"-12.345\"",
        ] {
            #expect(json.contains(fragment), "\(fragment)")
        }
    }

    @Test func editedJSONDecodesWithTheSwiftTypes() throws {
        typealias Example = KeyedExamples.KeyedExample
        let data = try GraphEncoder().encode(Example(name: "root", examples: [Example(name: "child")])) as Bytes
        var json = String(decoding: try GraphArchive(bytes: data).jsonData(), as: UTF8.self)
        json = json.replacingOccurrences(of: "\"value\": \"child\"", with: "\"value\": \"edited\"")
        let edited = try GraphDecoder().decode(Example.self, from: try GraphArchive(json: Data(json.utf8)).bytes())
        #expect(edited.examples.map(\.name) == ["edited"])

        // Add an element to a packed array.
        let numbers = try GraphEncoder().encode([1, 2]) as Bytes
        var numbersJSON = String(decoding: try GraphArchive(bytes: numbers).jsonData(), as: UTF8.self)
        numbersJSON = numbersJSON.replacingOccurrences(of: "[1, 2]", with: "[1, 2, 3]")
        #expect(try GraphDecoder().decode([Int].self, from: try GraphArchive(json: Data(numbersJSON.utf8)).bytes()) == [1, 2, 3])
    }

    /// Expects `json` to be rejected with `message` at `path`.
    static func expectRejected(_ json: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try GraphArchive(json: Data(json.utf8))
            Issue.record("accepted \(json)", sourceLocation: sourceLocation)
        } catch {
            #expect("\(error)".contains(message), "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func malformedJSONIsRejectedWithWhere() throws {
        let valid = String(decoding: try GraphArchive(bytes: try GraphEncoder().encode(["a": 1]) as Bytes).jsonData(), as: UTF8.self)
        Self.expectRejected("{\"format\": ", "unexpected end of text")
        Self.expectRejected("[1, 2", "unterminated array")
        Self.expectRejected("{\"a\" 1}", "expected :")
        Self.expectRejected(valid + "x", "unexpected text after the JSON value")
        Self.expectRejected(
            valid.replacingOccurrences(of: "\"value\": 1", with: "\"value\": \"one\""),
            "expected an integer for Int (at $.body[0].fields[1].value)")
        Self.expectRejected(
            valid.replacingOccurrences(of: "\"kind\": \"BIV\"", with: "\"kind\": \"XYZ\""),
            "unknown node kind (at $.body[0].fields[0].kind)")
        // Type 99 names no native layout, so the node must hold opaque bytes.
        Self.expectRejected(
            valid.replacingOccurrences(of: "\"type\": 15", with: "\"type\": 99"),
            "expected a string (at $.body[0].fields[0].bytes)")
        Self.expectRejected(
            valid.replacingOccurrences(of: "\"graphcodable-archive\"", with: "\"other\""),
            "not the JSON form of a GraphCodable archive (at $.format)")
    }
}

/// Hostile JSON and hand-built models fail cleanly: without the check it exercises, each
/// of these would hang, crash or lose bytes.
@Suite struct HostileArchiveJSONTests {
    /// JSON nested past what any archive's JSON form needs is refused while it is read, so
    /// that three million levels overflow the stack neither in their parse nor on release.
    @Test func nestingIsBoundedByTheArchiveDepth() throws {
        let deep = String(repeating: "[", count: 3_000_000) + String(repeating: "]", count: 3_000_000)
        // On a stack with room for more (the server's workers have 512 MiB).
        let error = try StackSizedThread.run(stackSize: 512 << 20) { () -> String in
            do {
                _ = try GraphArchive(json: Data(deep.utf8))
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(error.contains("nesting deeper than 20300"), "\(error)")
    }

    /// Escapes are decoded in linear time: no escape copies the whole string decoded so far.
    @Test(.timeLimit(.minutes(1))) func escapesAreLinear() throws {
        let text = String(repeating: #"a\n"#, count: 3_000_000)
        let json = String(
            decoding: EditedArchive.jsonForm(types: "", body: #"{"kind": "BIV", "type": 15, "value": "\#(text)"}"#), as: UTF8.self)
        let archive = try GraphArchive(json: Data(json.utf8))
        #expect(try GraphDecoder().decode(String.self, from: try archive.bytes()) == String(repeating: "a\n", count: 3_000_000))
    }

    @Test func layoutsThatShareTheirPartsAreBounded() {
        let types = ["{\"dictionary\": [10, 10]}"] + (0 ..< 60).map { "{\"dictionary\": [\(64 + $0), \(64 + $0)]}" }
        let start = Date()
        #expect(throws: GCodableError.self) {
            try GraphArchive(
                json: EditedArchive.jsonForm(types: types.joined(separator: ","), body: "{\"kind\": \"BIV\", \"type\": 124, \"value\": 1}"))
        }
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func handBuiltModelsThatBreakTheRulesThrow() throws {
        var model = try GraphArchive(bytes: try GraphEncoder().encode([SIMD2<Double>(1, 2)]) as Bytes)
        model.types.append(.simd(lanes: -1, scalar: 13))
        #expect(throws: GCodableError.self) { try model.jsonData() }
        #expect(throws: GCodableError.self) { try model.bytes() }

        var bools = try GraphArchive(bytes: try GraphEncoder().encode(true) as Bytes)
        bools.body[0].payload = [1, 5]
        #expect(throws: GCodableError.self) { try bools.bytes() }
    }

    @Test func unreadableNativePayloadsKeepTheirBytes() throws {
        // A string whose UTF-8 is invalid: the format's lengths hold, its contents do not.
        let damaged = try EditedArchive.archive(of: "ab", replacing: [2, 0x61, 0x62], with: [2, 0xFF, 0x62])
        var json: [UInt8] = []
        try GraphDecoder().writeJSON(from: damaged) { json += $0 }
        #expect(String(decoding: json, as: UTF8.self).contains("\"bytes\": \"Av9i\""))
        #expect(try GraphArchive.bytes(fromJSON: json) == damaged)
        // A model holds only what validation calls valid.
        #expect(throws: GCodableError.self) { try GraphArchive(bytes: damaged) }
        #expect(throws: GCodableError.self) { try GraphArchive(json: json) }
    }

    @Test func membersInAnyOrderAndStrictIntegers() throws {
        let reordered = EditedArchive.jsonForm(
            types: "{\"version\": 0, \"mangledName\": \"\", \"valueType\": \"M.T\"}, {\"scalar\": 13, \"simd\": 2}",
            body: "{\"type\": 65, \"value\": [1, 2], \"kind\": \"BIV\"}")
        #expect(try GraphArchive(json: reordered).types.count == 2)
        #expect(throws: GCodableError.self) {
            try GraphArchive(json: EditedArchive.jsonForm(types: "", body: "{\"kind\": \"BIV\", \"type\": 10, \"value\": \"+5\"}"))
        }
        #expect(throws: GCodableError.self) {
            try GraphArchive(json: EditedArchive.jsonForm(types: "", body: "{\"kind\": \"BIV\", \"type\": 10, \"value\": 1e2}"))
        }
        #expect(throws: GCodableError.self) {
            try GraphArchive(json: EditedArchive.jsonForm(types: "", body: "{\"kind\": \"BIV\", \"type\": 15, \"value\": \"\\u+041\"}"))
        }
    }
}
