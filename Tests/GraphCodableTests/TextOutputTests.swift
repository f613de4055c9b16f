import Testing
@testable import GraphCodable

/// The output of dumps and JSON forms: every byte handed out once, in order, in chunks of at
/// most 64 KiB, whatever the sizes of the pieces, and nothing past the limit.
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
