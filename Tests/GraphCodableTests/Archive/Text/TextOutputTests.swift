import SeededRandom
import Testing

@testable import GraphCodable

/// The output of dumps and JSON forms: every byte handed out once, in order, in chunks of at
/// most 64 KiB, whatever the sizes of the pieces, numbers as Swift prints them, and nothing
/// past the limit.
@Suite struct TextOutputTests {
    @Test func piecesOfEverySizeComeOutInOrder() throws {
        var generator = SplitMix64(seed: 77)
        var written: [UInt8] = []
        var chunks: [[UInt8]] = []
        var output = TextOutput({ chunks.append($0) })
        for round in 0 ..< 2_000 {
            let size = round.isMultiple(of: 100) ? Int(generator.next() % 200_000) : Int(generator.next() % 40)
            let piece = (0 ..< size).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            switch generator.next() % 4 {
            case 0 where !piece.isEmpty:
                for byte in piece { try output.write(byte: byte) }
            case 1:
                let value = generator.next() >> (generator.next() % 64)
                try output.write(decimal: value)
                written += Array(String(value).utf8)
                continue
            case 2:
                let value = Int64(bitPattern: generator.next()) >> (generator.next() % 64)
                try output.write(decimal: value)
                written += Array(String(value).utf8)
                continue
            default:
                try output.write(piece)
            }
            written += piece
        }
        try output.flush()
        #expect(chunks.allSatisfy { !$0.isEmpty && $0.count <= TextOutput.chunkSize })
        #expect(Array(chunks.joined()) == written)
    }

    /// Integers padded with zeros to a width, into buffers of every size, the smallest
    /// taking one byte.
    @Test func paddedIntegersAreTheirDigitsAfterZeros() throws {
        var generator = SplitMix64(seed: 79)
        for capacity in [1, 3, 20, 64, TextOutput.chunkSize] {
            var written: [UInt8] = []
            var chunks: [[UInt8]] = []
            var output = TextOutput({ chunks.append($0) }, capacity: capacity)
            for value in [0, 9, 10, 99_999, .max] + (0 ..< 2_000).map({ _ in generator.next() >> (generator.next() % 64) }) {
                let width = Int(generator.next() % 24)
                try output.write(decimal: value, minimumDigits: width)
                let digits = String(value)
                written += Array((String(repeating: "0", count: max(0, min(width, 20) - digits.count)) + digits).utf8)
            }
            try output.flush()
            #expect(Array(chunks.joined()) == written, "capacity \(capacity)")
        }
    }

    /// Numbers are written as `description` makes them, whatever their bits: random bit
    /// patterns (subnormals, NaNs with payloads and signs, infinities) and edge cases.
    @Test func floatingPointNumbersAreWrittenAsTheirDescription() throws {
        var generator = SplitMix64(seed: 78)
        let edges: [Double] = [
            0, -0.0, 1, -1, 0.1, 1e-5, 1e16, 1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity, -.infinity, .nan, -.nan,
            .signalingNaN,
        ]
        let doubles =
            edges + (0 ..< 20_000).map { _ in Double(bitPattern: generator.next()) }
            + (0 ..< 20_000).map { _ in Double.random(in: -1e6 ... 1e6, using: &generator) }
        for value in doubles {
            let text = try TextOutput.collecting(limit: .max) { try $0.write(float: value) }
            #expect(text == Array(value.description.utf8), "\(value.bitPattern)")
        }
        let floats = edges.map(Float.init) + (0 ..< 20_000).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: generator.next())) }
        for value in floats {
            var text: [UInt8] = []
            text.appendFloat(value)
            #expect(text == Array(value.description.utf8), "\(value.bitPattern)")
        }
    }

    @Test func nothingPassesTheLimit() throws {
        var handed = 0
        var output = TextOutput({ handed += $0.count }, limit: 100_000)
        #expect(throws: GCodableError.self) {
            for _ in 0 ..< 1_000 { try output.write(Array(repeating: UInt8(ascii: "x"), count: 999)) }
        }
        #expect(throws: GCodableError.self) { try output.write(Array(repeating: 0, count: 101)) }
        try output.write(Array(repeating: 0, count: 100))
        #expect(throws: GCodableError.self) { try output.write(byte: 0) }
        try output.flush()
        #expect(handed == 100_000)
    }
}
