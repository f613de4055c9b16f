import Foundation
import SeededRandom
import Testing

@testable import GraphHTTP

/// One row of the Accept-Encoding decision table: the field lines of a request (none: no
/// field) and the coding it must be answered with.
struct AcceptEncodingCase: Sendable, CustomTestStringConvertible {
    let lines: [String]
    let expected: ContentCoding

    init(_ lines: [String], _ expected: ContentCoding) {
        (self.lines, self.expected) = (lines, expected)
    }

    init(_ line: String, _ expected: ContentCoding) {
        self.init([line], expected)
    }

    var testDescription: String { lines.isEmpty ? "no field" : lines.map(\.debugDescription).joined(separator: " + ") }
}

/// Gzip output is checked by the system's `gzip -dc`, byte for byte, for random and
/// compressible bodies given whole or in pieces; the Accept-Encoding decision by a table.
@Suite struct GzipTests {
    // MARK: Compression

    @Test func randomBytesInOnePieceRoundTrip() throws {
        var generator = SplitMix64(seed: 1)
        let bytes = Self.randomBytes(count: 1 << 20, using: &generator)
        let gzipped = try GzipStream.gzip(bytes)
        try Self.expectGzip(gzipped, decompressesTo: bytes)
    }

    @Test func randomBytesInRandomPiecesRoundTrip() throws {
        var generator = SplitMix64(seed: 2)
        let bytes = Self.randomBytes(count: 1 << 20, using: &generator)
        let pieces = Split.random(bytes, maximumSize: 100_000, using: &generator)
        try Self.expectGzip(Self.compress(pieces), decompressesTo: bytes)
    }

    @Test func emptyInputIsAnEmptyGzipMember() throws {
        let gzipped = try GzipStream.gzip([UInt8]())
        try Self.expectGzip(gzipped, decompressesTo: [])

        let stream = try GzipStream()
        #expect(try stream.compress([UInt8]()) == [])
        #expect(try stream.finish() == gzipped)
    }

    @Test func fiveMegabytesOfTextInOnePieceShrinkAndRoundTrip() throws {
        let text = Self.sampleText
        let gzipped = try GzipStream.gzip(text)
        #expect(gzipped.count < text.count / 3)
        try Self.expectGzip(gzipped, decompressesTo: text)
    }

    @Test func fiveMegabytesOfTextInRandomPiecesStreamAndRoundTrip() throws {
        var generator = SplitMix64(seed: 3)
        let text = Self.sampleText
        let stream = try GzipStream()
        var gzipped: [UInt8] = []
        for piece in Split.random(text, maximumSize: 64 * 1024, using: &generator) {
            gzipped += try stream.compress(piece)
            gzipped += try stream.compress(piece[piece.startIndex ..< piece.startIndex])
        }
        let outputBeforeFinish = gzipped.count
        gzipped += try stream.finish()
        #expect(outputBeforeFinish > gzipped.count / 2, "compressed bytes come out as the input goes in, not all at the end")
        try Self.expectGzip(gzipped, decompressesTo: text)
    }

    @Test func inputLargerThanOneZlibCallIsFedInPieces() throws {
        let text = Self.sampleText(count: 100_000)
        let stream = try GzipStream(largestInputPiece: 7)
        let gzipped = try stream.compress(text) + stream.finish()
        try Self.expectGzip(gzipped, decompressesTo: text)
    }

    @Test func nonContiguousAndRawInputsRoundTrip() throws {
        let text = Self.sampleText(count: 50_000)
        let stream = try GzipStream()
        var gzipped = try stream.compress(text[..<20_000].lazy.map { $0 })
        gzipped += try text[20_000...].withUnsafeBytes { buffer in try stream.compress(buffer) }
        gzipped += try stream.finish()
        try Self.expectGzip(gzipped, decompressesTo: text)
    }

    @Test(arguments: [0, 1, 9]) func everyLevelRoundTrips(level: Int) throws {
        let text = Self.sampleText(count: 200_000)
        let gzipped = try GzipStream.gzip(text, level: level)
        #expect(level == 0 ? gzipped.count > text.count : gzipped.count < text.count / 3)
        try Self.expectGzip(gzipped, decompressesTo: text)
    }

    @Test func compressingAfterFinishIsAProgrammingError() async {
        // Only the precondition may end the process: errors are swallowed, so the child
        // exits normally, failing the test, if zlib's own complaint is all that is left.
        await #expect(processExitsWith: .failure) {
            let stream = try? GzipStream()
            _ = try? stream?.finish()
            _ = try? stream?.compress([1, 2, 3])
        }
    }

    // MARK: Accept-Encoding

    static let acceptEncodingCases: [AcceptEncodingCase] = [
        AcceptEncodingCase([], .identity),
        AcceptEncodingCase("", .identity),
        AcceptEncodingCase("gzip", .gzip),
        AcceptEncodingCase("GZIP", .gzip),
        AcceptEncodingCase("x-gzip", .gzip),
        AcceptEncodingCase("gzip;q=0", .identity),
        AcceptEncodingCase("*", .gzip),
        AcceptEncodingCase("*;q=0", .identity),
        AcceptEncodingCase("identity, gzip;q=0.5", .identity),
        AcceptEncodingCase("gzip;q=0.5, identity;q=0.8", .identity),
        AcceptEncodingCase("gzip;q=0.8, identity;q=0.8", .gzip),
        AcceptEncodingCase("br, gzip;q=0.001", .gzip),
        AcceptEncodingCase("gzip;q=1.5", .identity),
        AcceptEncodingCase("deflate", .identity),
        AcceptEncodingCase("gzip;q=0, *", .identity),
        AcceptEncodingCase("*, identity;q=0", .gzip),
        AcceptEncodingCase("gzip;q=0.5, *", .identity),
        AcceptEncodingCase("deflate, gzip, br, zstd", .gzip),
        AcceptEncodingCase(" gzip ; Q=1.000 ", .gzip),
        AcceptEncodingCase("gzip;q=0.", .identity),
        AcceptEncodingCase("gzip;q=1.", .gzip),
        AcceptEncodingCase("gzip;q=1.001", .identity),
        AcceptEncodingCase("gzip;q=0.0001", .identity),
        AcceptEncodingCase("gzip;q=", .identity),
        AcceptEncodingCase("gzip;q = 1", .identity),
        AcceptEncodingCase("gzip;level=1", .identity),
        AcceptEncodingCase("gzip;q=0.5;x=1", .identity),
        AcceptEncodingCase("g zip", .identity),
        AcceptEncodingCase("gzip;q=0, x-gzip;q=0.3", .gzip),
        AcceptEncodingCase(",, gzip ,", .gzip),
        AcceptEncodingCase(["identity;q=0.5", "gzip"], .gzip),
        AcceptEncodingCase(["gzip", "gzip;q=0, identity"], .gzip),
        AcceptEncodingCase(["gzip;q=0.2", "identity;q=0.3"], .identity),
    ]

    @Test(arguments: acceptEncodingCases) func acceptEncodingDecidesTheCoding(_ row: AcceptEncodingCase) {
        #expect(ContentCoding.preferred(acceptEncoding: row.lines) == row.expected)
        var headers: HTTPHeaders = ["Host": "h", "accept": "*/*"]
        for line in row.lines { headers.add(name: "accept-encoding", value: line) }
        #expect(ContentCoding.preferred(for: headers) == row.expected)
    }

    static let textTypes: [(String, Bool)] = [
        ("application/json", true), ("application/problem+json", true), ("Application/JSON; charset=utf-8", true),
        ("text/plain", true), ("TEXT/HTML;charset=utf-8", true), (" \ttext/x-graph-dump ", true),
        ("application/yaml", true), ("application/openapi+YAML", true), ("application/json ; q=1", true),
        ("application/octet-stream", false), ("application/vnd.graphcodable", false), ("", false), (";text/plain", false),
        ("image/png; note=json", false), ("texts", false), ("text", false), ("application/jsonl", false),
    ]

    @Test(arguments: textTypes) func onlyTextTypesAreGzipped(_ contentType: String, _ isText: Bool) {
        #expect(ResponseCompression.isText(contentType) == isText)
    }

    // MARK: Helpers

    /// Expects `gzipped` to start with the gzip magic and deflate method and to
    /// decompress, with the system's gzip, to exactly `original`.
    static func expectGzip(
        _ gzipped: [UInt8], decompressesTo original: [UInt8],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(gzipped.prefix(3) == [0x1F, 0x8B, 0x08], "gzip magic and deflate method", sourceLocation: sourceLocation)
        let decompressed = try SystemGzip.decompress(gzipped)
        // Report where the bytes part, not megabytes of both arrays.
        if decompressed != original {
            let same = zip(decompressed, original).prefix { $0 == $1 }.count
            Issue.record(
                "decompressed \(decompressed.count) bytes, expected \(original.count); they differ from offset \(same)",
                sourceLocation: sourceLocation)
        }
    }

    /// `pieces` compressed one after another by one stream.
    static func compress(_ pieces: [ArraySlice<UInt8>]) throws -> [UInt8] {
        let stream = try GzipStream()
        var gzipped: [UInt8] = []
        for piece in pieces { gzipped += try stream.compress(piece) }
        return try gzipped + stream.finish()
    }

    /// `count` bytes from `generator`: incompressible.
    static func randomBytes(count: Int, using generator: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next()) { bytes += $0 }
        }
        return Array(bytes.prefix(count))
    }

    /// 5 MB of English-like text, made once for all tests: words of a small vocabulary
    /// in a seeded random order, so it compresses well but not trivially.
    static let sampleText = text(count: 5_000_000)

    /// The first `count` bytes of ``sampleText``.
    static func sampleText(count: Int) -> [UInt8] { Array(sampleText.prefix(count)) }

    /// `count` bytes of text as described for ``sampleText``.
    private static func text(count: Int) -> [UInt8] {
        let words = [
            "graph", "archive", "value", "reference", "the", "of", "and", "a", "decoder", "encoder", "type",
            "identity", "cycle", "server", "request", "response", "body", "gzip", "header", "field",
        ]
        .map { Array($0.utf8) }
        var generator = SplitMix64(seed: 42)
        var text: [UInt8] = []
        text.reserveCapacity(count + 16)
        while text.count < count {
            let random = generator.next()
            text += words[Int(random % UInt64(words.count))]
            text.append((random >> 32) % 12 == 0 ? ASCII.lf : ASCII.space)
        }
        return Array(text.prefix(count))
    }
}
