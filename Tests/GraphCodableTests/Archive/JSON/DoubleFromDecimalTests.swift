import SeededRandom
import Testing

@testable import GraphCodable

/// Decimal numbers read with integer arithmetic give exactly the `Double` that Swift's
/// correctly rounded reader gives, on every kind of text the fast path takes or leaves.
@Suite struct DoubleFromDecimalTests {
    static func read(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { DoubleFromDecimal.nearestDouble($0) }
    }

    static func expectSame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let value = read(text) else { return }
        #expect(value.bitPattern == Double(text)!.bitPattern, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func edgesAndTies() {
        for text in [
            "0", "-0", "0.0", "-0.000", "1", "-1", "0.1", "0.2", "0.3", "1e19", "9999999999999999999", "1e-19",
            "9999999999999999999e19", "9999999999999999999e-19", "1000000000000000000e-19",
            "9007199254740993", "9007199254740995", "9007199254740997", "18014398509481987", "18014398509481989",
            "4503599627370497.5", "4503599627370496.5", "0.30000000000000004", "2.2250738585072014",
            "123456789012345678e-18", "1.7976931348623157", "5e-5", "7.8125e-3", "98765432109876543.21e-15",
        ] {
            Self.expectSame(text)
        }
        // Ties between two doubles, in integers: round to the even one.
        for base in [UInt64(1) << 53, UInt64(1) << 54, UInt64(1) << 60, UInt64(1) << 63] {
            for odd in stride(from: UInt64(1), to: 200, by: 2) {
                let tie = String(base + odd * (base >> 53))
                #expect(Self.read(tie) != nil)
                Self.expectSame(tie)
                Self.expectSame(String(base + odd))
            }
        }
        #expect(Self.read("12345678901234567890") == nil) // 20 significant digits
        #expect(Self.read("1e20") == nil)
        #expect(Self.read("1e-20") == nil)
        #expect(Self.read("1e400") == nil)
        #expect(Self.read("0.00000000000000000000000000001") == nil)
    }

    /// The texts Swift prints for random doubles (17 digits at most), and random decimals of
    /// up to 19 digits with the point anywhere and an exponent: half a million of them.
    @Test func randomNumbersReadAsSwiftReadsThem() {
        var generator = SplitMix64(seed: 2026)
        var taken = 0
        for round in 0 ..< 250_000 {
            let double: Double
            switch round % 3 {
            case 0: double = Double.random(in: 0 ... 1_000, using: &generator)
            case 1: double = Double(bitPattern: generator.next() & 0x800F_FFFF_FFFF_FFFF | (0x3C0 + generator.next() % 0x80) << 52)
            default: double = Double(Int64(bitPattern: generator.next()) >> (generator.next() % 64))
            }
            Self.expectSame(double.description)
            let digits = String(generator.next() % 10_000_000_000_000_000_000)
            let point = Int(generator.next() % UInt64(digits.count + 1))
            var text = String(digits.prefix(point)) + (point < digits.count ? "." + digits.dropFirst(point) : "")
            if text.hasPrefix(".") { text = "0" + text }
            if generator.next() % 2 == 0 { text += "e\(Int(generator.next() % 40) - 20)" }
            if generator.next() % 2 == 0 { text = "-" + text }
            Self.expectSame(text)
            if Self.read(text) != nil { taken += 1 }
        }
        #expect(taken > 100_000)
    }
}
