import SeededRandom
import Testing

@testable import GraphHTTP

/// Random multipart bodies, built from random parts whose contents are rich in CR, LF, `-`
/// and pieces of the boundary, parse into exactly the parts they were built from; cut or
/// damaged, they parse or fail, and never trap.
@Suite struct UploadMultipartRandomTests {
    /// The characters a boundary may hold.
    static let boundaryCharacters = Array("'()+_,-./:=?abcxyzABCXYZ0189 ".utf8)

    /// One random body and the parts it holds.
    struct RandomForm {
        var boundary: String
        var body: [UInt8] = []
        var parts: [UploadedPart] = []

        init(using generator: inout SplitMix64) {
            var boundaryBytes = (0 ..< Int.random(in: 1 ... 70, using: &generator)).map { _ in
                Self.pick(UploadMultipartRandomTests.boundaryCharacters, using: &generator)
            }
            if boundaryBytes.last == ASCII.space { boundaryBytes[boundaryBytes.count - 1] = UInt8(ascii: "z") }
            boundary = String(decoding: boundaryBytes, as: UTF8.self)
            let delimiter = Array("\r\n--\(boundary)".utf8)
            if Bool.random(using: &generator) {
                var preamble = randomBytes(maximumCount: 40, avoiding: delimiter, using: &generator)
                // A preamble that starts like the first delimiter would be one.
                if preamble.starts(with: delimiter.dropFirst(2)) { preamble.removeAll() }
                body += preamble + [ASCII.cr, ASCII.lf]
            }
            for number in 0 ..< Int.random(in: 1 ... 6, using: &generator) {
                let part = UploadedPart(
                    name: "field\(number)" + (Bool.random(using: &generator) ? " \"quoted\" \\ é" : ""),
                    filename: Bool.random(using: &generator) ? "file \(number).graph" : nil,
                    contentType: Bool.random(using: &generator) ? "application/octet-stream" : nil,
                    content: randomBytes(maximumCount: 300, avoiding: delimiter, using: &generator))
                parts.append(part)
                body += Array("--\(boundary)".utf8) + (Bool.random(using: &generator) ? Array(" \t ".utf8) : []) + [ASCII.cr, ASCII.lf]
                body += Array("Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\"".utf8)
                if let filename = part.filename { body += Array("; filename=\"\(filename)\"".utf8) }
                body += [ASCII.cr, ASCII.lf]
                if let type = part.contentType { body += Array("Content-Type: \(type)\r\n".utf8) }
                if Bool.random(using: &generator) { body += Array("X-Other: \(number)\r\n".utf8) }
                body += [ASCII.cr, ASCII.lf] + part.content + [ASCII.cr, ASCII.lf]
            }
            body += Array("--\(boundary)--".utf8) + randomBytes(maximumCount: 40, avoiding: [], using: &generator)
        }

        /// Up to `maximumCount` bytes, half of them CR, LF, `-` or boundary characters, often
        /// ending like the start of a delimiter, and never holding `delimiter`.
        func randomBytes(maximumCount: Int, avoiding delimiter: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
            let tricky = [ASCII.cr, ASCII.lf, UInt8(ascii: "-")] + Array(boundary.utf8)
            let endings = [
                "", "\r", "\r\n", "\r\n-", "\r\n--", "-", "--", "\r\n--\(boundary.dropLast())", "\n--\(boundary)", "\r--\(boundary)",
            ]
            while true {
                // One draw a byte, without the generic `random(in:using:)`, keeps debug builds quick.
                var bytes = (0 ..< Int(generator.next() % UInt64(maximumCount + 1))).map { _ in
                    let draw = generator.next()
                    return draw & 1 == 0 ? tricky[Int((draw >> 8) % UInt64(tricky.count))] : UInt8(truncatingIfNeeded: draw >> 32)
                }
                bytes += Array(Self.pick(endings, using: &generator).utf8)
                if delimiter.isEmpty || !Self.occurs(delimiter, in: bytes) { return bytes }
            }
        }

        /// Whether `needle` occurs in `haystack`, found the slow, obvious way.
        static func occurs(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
            guard haystack.count >= needle.count else { return false }
            return (0 ... haystack.count - needle.count).contains {
                haystack[$0] == needle.first && haystack[$0 ..< $0 + needle.count].elementsEqual(needle)
            }
        }

        /// `text` as the content of a quoted-string: `"` and `\` escaped.
        static func quoted(_ text: String) -> String {
            text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        }

        /// One of `elements`, chosen by `generator`.
        static func pick<Element>(_ elements: [Element], using generator: inout SplitMix64) -> Element {
            elements[Int.random(in: 0 ..< elements.count, using: &generator)]
        }
    }

    @Test(arguments: 1 ... 8 as ClosedRange<UInt64>)
    func randomBodiesParseIntoTheirParts(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        for _ in 0 ..< 60 {
            let form = RandomForm(using: &generator)
            #expect(try UploadedPart.parse(form.body, boundary: form.boundary) == form.parts, "boundary \(form.boundary.debugDescription)")
        }
    }

    @Test(arguments: 1 ... 4 as ClosedRange<UInt64>)
    func damagedBodiesParseOrFailWithoutTrapping(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0 ..< 30 {
            let form = RandomForm(using: &generator)
            for _ in 0 ..< 20 {
                var body = Array(form.body.prefix(Int.random(in: 0 ... form.body.count, using: &generator)))
                if !body.isEmpty, Bool.random(using: &generator) {
                    body[Int.random(in: 0 ..< body.count, using: &generator)] = RandomForm.pick(
                        [ASCII.cr, ASCII.lf, 0x2D, 0x22, 0x3B], using: &generator)
                }
                if let parsed = try? MultipartFormData(parsing: body, boundary: form.boundary) {
                    #expect(parsed.parts.allSatisfy { $0.content.upperBound <= body.count })
                }
            }
        }
    }
}
