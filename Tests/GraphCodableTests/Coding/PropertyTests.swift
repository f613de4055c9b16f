import Foundation
import GraphCodable
import SeededRandom
import Testing

/// Random nested values of native types round-trip equal.
@Suite struct PropertyTests {
    @Test func randomNestedNativeValuesRoundTrip() throws {
        var generator = SplitMix64(seed: 2026)
        for index in 0 ..< 3000 {
            let sample = Sample.random(depth: 4, using: &generator)
            let encoder = GraphEncoder(index.isMultiple(of: 2) ? [] : .omitChecksum)
            let data = try encoder.encode(sample) as Bytes
            let decoded = try GraphDecoder().decode(Sample.self, from: data)
            #expect(decoded == sample, "case \(index)")
            #expect(try GraphDecoder().dump(from: data, options: .fullInfo).contains("= BODY ="))
        }
    }
}
