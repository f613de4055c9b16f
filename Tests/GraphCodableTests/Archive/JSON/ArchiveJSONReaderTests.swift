import Foundation
import SeededRandom
import Testing

@testable import GraphCodable

/// The JSON form read straight into archive bytes (`GraphArchive.bytes(fromJSON:)`): any
/// member order, escapes anywhere, every malformed text refused with its offset, every
/// broken rule with its JSON path.
@Suite struct ArchiveJSONReaderTests {
    /// `json` rewritten with the members of every object in an order that `generator` picks
    /// (values copied as written, so nothing is rounded).
    static func shuffled(_ json: [UInt8], using generator: inout SplitMix64) throws -> [UInt8] {
        try JSONText.withChecked(json, maximumDepth: 100_000, budget: MemoryBudget(.max)) { text in
            var output: [UInt8] = []
            func write(_ position: JSONPosition) {
                switch text.first(position) {
                case UInt8(ascii: "{"):
                    var members: [(Range<Int>, JSONPosition)] = []
                    text.forEachMember(of: position) { members.append(($0, $1)) }
                    members.shuffle(using: &generator)
                    output.append(UInt8(ascii: "{"))
                    for (index, (name, value)) in members.enumerated() {
                        if index > 0 { output.append(UInt8(ascii: ",")) }
                        output += [UInt8(ascii: "\"")] + text.bytes[name] + [UInt8(ascii: "\""), UInt8(ascii: ":")]
                        write(value)
                    }
                    output.append(UInt8(ascii: "}"))
                case UInt8(ascii: "["):
                    output.append(UInt8(ascii: "["))
                    text.forEachElement(of: position) { element, index in
                        if index > 0 { output.append(UInt8(ascii: ",")) }
                        write(element)
                    }
                    output.append(UInt8(ascii: "]"))
                default:
                    output += text.bytes[position.offset ..< text.end(of: position).offset]
                }
            }
            write(text.root)
            return output
        }
    }

    @Test func membersInAnyOrderGiveTheSameArchive() throws {
        var generator = SplitMix64(seed: 21)
        for bytes in try ArchiveSamples.everyShape() {
            let json = [UInt8](try GraphArchive(bytes: bytes).jsonData(indented: false))
            let reordered = try Self.shuffled(json, using: &generator)
            #expect(reordered != json || json.count < 200)
            #expect(try GraphArchive.bytes(fromJSON: reordered) == bytes)
        }
    }

    @Test func escapesAreReadWhereverTheyStand() throws {
        let bytes = try GraphEncoder().encode(["key": "value é"]) as Bytes
        var json = String(decoding: try GraphArchive(bytes: bytes).jsonData(), as: UTF8.self)
        for (plain, escaped) in [
            ("\"kind\"", #""k\u0069nd""#), ("\"VAL\"", #""V\u0041L""#), ("\"BIV\"", #""\u0042IV""#),
            ("\"body\"", #""b\u006fdy""#), ("\"type\"", #""typ\u0065""#), ("value é", #"v\u0061lue \u00e9"#),
        ] {
            json = json.replacingOccurrences(of: plain, with: escaped)
        }
        #expect(try GraphArchive.bytes(fromJSON: Array(json.utf8)) == bytes)
    }

    @Test func theFirstOfTwoMembersOfOneNameCounts() throws {
        let json = EditedArchive.jsonForm(types: "", body: #"{"kind": "BIV", "type": 10, "value": 7, "value": "x", "type": 15}"#)
        #expect(try GraphDecoder().decode(Int.self, from: try GraphArchive.bytes(fromJSON: json)) == 7)
    }

    /// A key named in another Unicode normalization than the key table's is the same key,
    /// as the table's uniqueness rule holds it.
    @Test func keysAreFoundInAnyNormalization() throws {
        var model = try GraphArchive(bytes: try GraphEncoder().encode(KeyedExamples.KeyedExample(name: "a")) as Bytes)
        model.keys[0] = "caf\u{E9}"
        let bytes = try model.bytes()
        let json = String(decoding: try model.jsonData(), as: UTF8.self)
        let decomposed = json.replacingOccurrences(of: "\"key\": \"caf\u{E9}\"", with: "\"key\": \"cafe\u{301}\"")
        #expect(decomposed.utf8.count == json.utf8.count + 1)
        #expect(try GraphArchive.bytes(fromJSON: Array(decomposed.utf8)) == bytes)
    }

    /// Keys alike in length and in their first and last bytes (which the reader's first
    /// guess of a key's id goes by) each keep their own id.
    @Test func keysAlikeAtTheirEndsKeepTheirIDs() throws {
        var model = try GraphArchive(bytes: try GraphEncoder().encode(KeyedExamples.KeyedExample(name: "a")) as Bytes)
        let alike = (0 ..< 40).map { "k\($0 % 10)\($0 / 10)z" } + ["", "a", "é"]
        model.keys = alike
        model.body = [
            .init(
                kind: .val, type: 0,
                fields: alike.indices.reversed().map { index in
                    .init(kind: .nil, key: UInt32(index + 1))
                })
        ]
        let bytes = try model.bytes()
        #expect(try GraphArchive.bytes(fromJSON: Array(try model.jsonData())) == bytes)
    }

    /// Expects the JSON form `body` (the nodes of a document) to be refused with `message`.
    static func expectRefused(
        types: String = "", keys: String = "", body: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let json = String(decoding: EditedArchive.jsonForm(types: types, body: body), as: UTF8.self)
            .replacingOccurrences(of: "\"keys\": []", with: "\"keys\": [\(keys)]")
        do {
            _ = try GraphArchive.bytes(fromJSON: Array(json.utf8))
            Issue.record("accepted \(body)", sourceLocation: sourceLocation)
        } catch {
            #expect("\(error)".contains(message), "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func brokenRulesNameTheirJSONPath() {
        Self.expectRefused(
            body: #"{"kind": "VAL", "fields": [{"kind": "BIV", "type": 6, "value": 300}]}"#,
            "expected an integer within the type's range for UInt8 (at $.body[0].fields[0].value)")
        Self.expectRefused(body: #"{"kind": "BIV", "type": 10, "value": 1.0}"#, "expected an integer for Int (at $.body[0].value)")
        Self.expectRefused(body: #"{"kind": "VAL", "fields": {}}"#, "expected an array (at $.body[0].fields)")
        Self.expectRefused(body: #"{"kind": "VAL", "fields": [7]}"#, "a node must be an object (at $.body[0].fields[0])")
        Self.expectRefused(body: #"{"type": 10, "value": 1}"#, "expected a string (at $.body[0].kind)")
        Self.expectRefused(body: #"{"kind": 3}"#, "expected a string (at $.body[0].kind)")
        Self.expectRefused(
            body: #"{"kind": "BIV", "type": 25, "value": "0x+1"}"#, "expected \"0x\" and 16 bits for Float16 (at $.body[0].value)")
        Self.expectRefused(
            body: #"{"kind": "BIV", "type": 25, "value": "0x10000"}"#, "expected \"0x\" and 16 bits for Float16 (at $.body[0].value)")
        Self.expectRefused(body: #"{"kind": "VAL", "key": "missing"}"#, "key \"missing\" is not in keys (at $.body[0].key)")
        Self.expectRefused(body: #"{"kind": "BIV", "type": 15}"#, "a native value needs \"value\" or \"bytes\" (at $.body[0])")
        Self.expectRefused(body: #"{"kind": "BIV", "type": 10, "bytes": "AgI="}"#, "1 bytes are left after the Int (at $.body[0].bytes)")
        Self.expectRefused(body: #"{"kind": "BIV", "type": 10, "bytes": "*"}"#, "invalid base64 (at $.body[0].bytes)")
        Self.expectRefused(
            types: #"{"array": 13}"#, body: #"{"kind": "BIV", "type": 64, "value": [1, "x"]}"#,
            "expected a number, \"nan\", \"inf\", \"-inf\" or \"-0\" for Double (at $.body[0].value[1])")
        Self.expectRefused(
            types: #"{"dictionary": [15, 10]}"#, body: #"{"kind": "BIV", "type": 64, "value": [["a", 1], ["b"]]}"#,
            "expected a [key, value] pair (at $.body[0].value[1])")
        Self.expectRefused(
            types: #"{"simd": 2, "scalar": 13}"#, body: #"{"kind": "BIV", "type": 64, "value": [1, 2, 3]}"#,
            "expected 2 lanes for SIMD2<Double> (at $.body[0].value)")
        Self.expectRefused(
            body: #"{"kind": "BIV", "type": 16, "value": "ab"}"#, "expected one character for Character (at $.body[0].value)")
        Self.expectRefused(types: #"{"array": 77}"#, body: #"{"kind": "NIL"}"#, "77 is not an earlier native layout")
        Self.expectRefused(
            body: #"{"kind": "BIV", "type": 10, "value": 1}, {"kind": "BIV", "type": 10, "value": 2, "id": "x"}"#,
            "expected an integer (at $.body[1].id)")
    }

    /// A JSON form that makes an archive breaking the format's rules is refused naming the
    /// place in the JSON: the path of the node or table entry at fault and its byte offset
    /// in the text, never the offset in an archive the user never saw.
    @Test func archiveRulesNameTheirPlaceInTheJSON() throws {
        func refusal(types: String = "", keys: String = "", body: String) -> (error: GCodableError, json: String)? {
            let json = String(decoding: EditedArchive.jsonForm(types: types, body: body), as: UTF8.self)
                .replacingOccurrences(of: "\"keys\": []", with: "\"keys\": [\(keys)]")
            do {
                _ = try GraphArchive.bytes(fromJSON: Array(json.utf8))
                return nil
            } catch let error as GCodableError {
                return (error, json)
            } catch {
                return nil
            }
        }
        let pointer = try #require(
            refusal(body: #"{"kind": "VAL", "fields": [{"kind": "NIL"}, {"kind": "BIV", "type": 999, "bytes": "AA=="}]}"#))
        #expect(pointer.error.context.pathText == "$.body[0].fields[1]", "\(pointer.error)")
        #expect(pointer.error.context.rule == .nodeTypeReference)
        let node = try #require(pointer.json.range(of: #"{"kind": "BIV", "type": 999"#))
        #expect(pointer.error.context.byteOffset == pointer.json.utf8.distance(from: pointer.json.startIndex, to: node.lowerBound))
        let undefined = try #require(refusal(body: #"{"kind": "VAL", "fields": [{"kind": "PTS", "id": 7}]}"#))
        #expect(undefined.error.context.pathText == "$.body[0].fields[0]", "\(undefined.error)")
        let duplicate = try #require(refusal(keys: #""a", "a""#, body: #"{"kind": "NIL"}"#))
        #expect(duplicate.error.context.pathText == "$.keys[1]", "\(duplicate.error)")
        #expect(duplicate.error.context.rule == .keysDuplicate)
        let version = String(decoding: EditedArchive.jsonForm(types: "", body: #"{"kind": "NIL"}"#), as: UTF8.self)
            .replacingOccurrences(of: #""internalBinaryIOVersion": 1"#, with: #""internalBinaryIOVersion": 99"#)
        #expect(throws: (any Error).self) { try GraphArchive.bytes(fromJSON: Array(version.utf8)) }
        do {
            _ = try GraphArchive.bytes(fromJSON: Array(version.utf8))
        } catch let error as GCodableError {
            #expect(error.context.pathText == "$.internalBinaryIOVersion", "\(error)")
        }
    }

    /// Each malformed text is refused with what is wrong and its byte offset.
    @Test func malformedTextIsRefusedWithItsOffset() {
        let cases: [(String, String, Int)] = [
            ("", "unexpected end of text", 0),
            ("  ", "unexpected end of text", 2),
            ("[1,]", "expected a value", 3),
            ("{,}", "expected a member name", 1),
            ("{\"a\":1,}", "expected a member name", 7),
            ("{\"a\" 1}", "expected :", 5),
            ("[1 2]", "expected , or ]", 3),
            ("{\"a\":1 \"b\":2}", "expected , or }", 7),
            ("[01]", "invalid number", 1),
            ("[-]", "invalid number", 1),
            ("[1.]", "invalid number", 3),
            ("[1e+]", "invalid number", 4),
            ("[tru]", "expected true", 1),
            ("[\"a]", "unterminated string", 4),
            ("[\"a\u{1}\"]", "control character in a string", 3),
            (#"["\x"]"#, "invalid escape", 2),
            (#"["\u12G4"]"#, "invalid \\u escape", 2),
            (#"["\uDC00"]"#, "invalid \\u escape", 2),
            (#"["\uD800x"]"#, "unpaired surrogate", 8),
            (#"["\uD800\u0041"]"#, "unpaired surrogate", 8),
            ("[1] [2]", "unexpected text after the JSON value", 4),
            ("[[[", "unterminated array", 3),
            ("{\"a\":{", "unterminated object", 6),
        ]
        for (text, message, offset) in cases {
            Self.expectInvalid(Array(text.utf8), message, at: offset)
        }
        // Malformed UTF-8: an overlong form, an encoded surrogate, beyond U+10FFFF, a lone
        // continuation byte, a sequence cut short.
        for bytes: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82]] {
            Self.expectInvalid(
                [UInt8(ascii: "["), UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\""), UInt8(ascii: "]")],
                "invalid UTF-8 in a string", at: 2)
        }
        // Eight bytes at a time, then the byte in error.
        Self.expectInvalid(Array("[\"abcdefghijklmnop\u{7}\"]".utf8), "control character in a string", at: 18)
    }

    static func expectInvalid(_ json: [UInt8], _ message: String, at offset: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try GraphArchive.bytes(fromJSON: json)
            Issue.record("accepted \(json)", sourceLocation: sourceLocation)
        } catch GCodableError.dataCorrupted(let context) {
            #expect(context.debugDescription == "invalid JSON: \(message)", sourceLocation: sourceLocation)
            #expect(context.byteOffset == offset, "\(context)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }

    /// Numbers are read to the nearest value, as Swift reads their text, at every length.
    @Test func numbersReadAsSwiftReadsThem() throws {
        var generator = SplitMix64(seed: 5)
        var texts = [
            "0", "-0", "1e308", "1.7976931348623157e308", "2e308", "-2e308", "5e-324", "2e-324", "1e-400", "0.1",
            "123456789012345678901234567890", "9007199254740993", "1.00000000000000011102230246251565404236316680908203125",
        ]
        for _ in 0 ..< 3_000 {
            let exponent = generator.next() % 0x7FF
            texts.append(Double(bitPattern: generator.next() & 0x800F_FFFF_FFFF_FFFF | exponent << 52).description)
            texts.append("\(generator.next() % 1_000_000)e\(Int(generator.next() % 90) - 45)")
        }
        let values = texts.joined(separator: ",")
        func array(of code: Int) -> String {
            String(
                decoding: EditedArchive.jsonForm(
                    types: "{\"array\": \(code)}", body: #"{"kind": "BIV", "type": 64, "value": [\#(values)]}"#),
                as: UTF8.self)
        }
        let doubles = try GraphDecoder().decode([Double].self, from: try GraphArchive.bytes(fromJSON: Array(array(of: 13).utf8)))
        let floats = try GraphDecoder().decode([Float].self, from: try GraphArchive.bytes(fromJSON: Array(array(of: 12).utf8)))
        #expect(doubles.map(\.bitPattern) == texts.map { Double($0)!.bitPattern })
        #expect(floats.map(\.bitPattern) == texts.map { Float($0)!.bitPattern })
    }

    @Test func float16BitsMayHaveLeadingZeros() throws {
        let json = EditedArchive.jsonForm(types: "", body: #"{"kind": "BIV", "type": 25, "value": "0x03c00"}"#)
        #expect(try GraphArchive(bytes: try GraphArchive.bytes(fromJSON: json)).body[0].payload == [0x00, 0x3C])
    }

    /// Type and key tables are charged to the memory budget and bounded by
    /// `maximumTableCount` while they are read.
    @Test func tablesAreChargedAndBounded() throws {
        let types = Array(repeating: #"{"set": 1}"#, count: 200_000).joined(separator: ",")
        let json = EditedArchive.jsonForm(types: types, body: #"{"kind": "NIL"}"#)
        MemoryBudgetLimits.expectExceeded { _ = try GraphArchive.bytes(fromJSON: json, limits: MemoryBudgetLimits.limits(ratio: 4)) }
        var limits = ArchiveLimits()
        limits.maximumTableCount = 1_000
        do {
            _ = try GraphArchive.bytes(fromJSON: json, limits: limits)
            Issue.record("accepted")
        } catch GCodableError.limitExceeded(let context) {
            #expect(context.debugDescription.contains("more than 1000 table entries (ArchiveLimits.maximumTableCount) at $.types[1000]"))
        }
        // Within the limits, the table is refused for what it holds: the same layout 200,000 times.
        #expect(throws: GCodableError.self) { try GraphArchive.bytes(fromJSON: json) }
    }

    /// The index of the text's containers is charged to the memory budget as it is made.
    @Test func theIndexIsCharged() throws {
        let bytes = try GraphEncoder().encode([[Int]](repeating: [], count: 500_000)) as Bytes
        let json = try GraphArchive(bytes: bytes).jsonData(indented: false)
        MemoryBudgetLimits.expectExceeded { _ = try GraphArchive.bytes(fromJSON: json, limits: MemoryBudgetLimits.limits(ratio: 2)) }
        #expect(try GraphArchive.bytes(fromJSON: json) == bytes)
    }
}
