import Foundation
import SeededRandom
import Testing

@testable import GraphCodable

/// Native payloads read into values without Swift types, and write back to the same bytes.
@Suite struct NativeValueTests {
    @Test func everyNativePayloadWritesBackIdentically() throws {
        var generator = SplitMix64(seed: 123)
        var payloads = 0
        for _ in 0 ..< 500 {
            let sample = Sample.random(depth: 3, using: &generator)
            let archive = try ParsedArchive(bytes: try GraphEncoder().encode(sample) as Bytes)
            for node in archive.nodes where node.kind == .biv {
                guard case .native(let layout)? = archive.types.resolve(node.typeReference) else { continue }
                var reader = archive.payloadReader(of: node)
                let value = try layout.read(&reader)
                #expect(reader.isAtEnd)
                var buffer = BinaryWriteBuffer()
                try layout.write(value, to: &buffer)
                #expect(buffer.bytes == Array(archive.bytes[node.payload]), "\(layout): \(value)")
                payloads += 1
            }
        }
        #expect(payloads > 1000)
    }

    /// Dumps show packed arrays as Swift prints them, cut after 64 characters unless asked.
    @Test func dumpsShowArraysCutAtTheirLimit() throws {
        let numbers = Array(0 ..< 100)
        let whole = "[" + numbers.map(String.init).joined(separator: ", ") + "]"
        #expect(try GraphEncoder().dump(numbers, options: .readable).contains("BIV \(whole.prefix(64))…\n"))
        #expect(try GraphEncoder().dump(numbers, options: [.readable, .noTruncation]).contains("BIV \(whole)\n"))
        let readings = [1.5, -0.0, .infinity, .nan]
        #expect(try GraphEncoder().dump(readings, options: .readable).contains("BIV [1.5, -0.0, inf, nan]\n"))
        #expect(try GraphEncoder().dump([Int](), options: .readable).contains("BIV []\n"))
        // A payload unreadable just past the limit shows as unreadable, not cut.
        var bools =
            try GraphEncoder(.omitChecksum).encode(Array(repeating: true, count: 6) + Array(repeating: false, count: 4) + [true]) as Bytes
        let values: [UInt8] = [1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1]
        bools[try #require(bools.firstRange(of: values)).upperBound - 1] = 2
        #expect(try GraphDecoder().dump(from: bools, options: .readable).contains("<unreadable Array<Bool>>"))
        // Dictionaries of scalars packed in one payload, as Swift prints them, and as JSON.
        for (value, shown) in [("[]", "[:]"), (#"[["a'", -1], ["b", 2]]"#, #"["a\'": -1, "b": 2]"#)] {
            let dictionary = try EditedArchive.archive(types: #"{"dictionary":[15,10]}"#, value: value)
            #expect(try GraphDecoder().dump(from: dictionary, options: .readable).contains("BIV \(shown)\n"))
            let json = String(decoding: try GraphArchive(bytes: dictionary).jsonData(indented: false), as: UTF8.self)
            #expect(json.contains(#""value":\#(value.replacingOccurrences(of: " ", with: ""))"#))
        }
        // Strings print as String(reflecting:) prints them, apostrophes escaped.
        for text in ["it's", "plain", "a\"b", "tab\there", "é"] {
            #expect(try GraphEncoder().dump(text, options: .readable).contains("BIV \(String(reflecting: text))"))
        }
        // Quotes count: 62 characters and their quotes fill the 64, one more is cut; the
        // same alone, in a packed array, and after a non-ASCII string.
        for length in [61, 62, 63] {
            let plain = String(repeating: "x", count: length)
            let arrays = [#"["\#(plain)"]"#, #"["é", "\#(plain)"]"#].map { try! EditedArchive.archive(types: #"{"array":15}"#, value: $0) }
            let dumps =
                [try GraphEncoder().dump(plain, options: .readable)]
                + (try arrays.map { try GraphDecoder().dump(from: $0, options: .readable) })
            for (dump, shown) in zip(dumps, ["\"\(plain)\"", "[\"\(plain)\"]", "[\"é\", \"\(plain)\"]"]) {
                #expect(dump.contains("BIV \(shown.count > 64 ? shown.prefix(64) + "…" : shown)\n"), "\(length): \(dump)")
            }
        }
        // The limit counts characters piece by piece: a URL that is a lone combining mark
        // joins the separator before it in the text, but counts as one character.
        let marks = Array(repeating: "\"\u{301}\"", count: 22).joined(separator: ",")
        let urls = try EditedArchive.archive(types: #"{"array":20}"#, value: "[\(marks)]")
        var text = "["
        for index in 0 ..< 22 { text += (index > 0 ? ", " : "") + "\u{301}" }
        #expect(try GraphDecoder().dump(from: urls, options: .readable).contains("BIV \(text.prefix(64))…\n"))
    }

    @Test func valuesThatDoNotFitTheirLayoutAreRejected() throws {
        var buffer = BinaryWriteBuffer()
        #expect(throws: GCodableError.self) { try NativeDescriptor.scalar(.int8).write(.signed(300), to: &buffer) }
        #expect(throws: GCodableError.self) { try NativeDescriptor.scalar(.string).write(.signed(1), to: &buffer) }
        #expect(throws: GCodableError.self) { try NativeDescriptor.scalar(.character).write(.text("ab"), to: &buffer) }
        #expect(throws: GCodableError.self) {
            try NativeDescriptor.simd(lanes: 3, .scalar(.float)).write(.sequence([.float(1)]), to: &buffer)
        }
    }
}
