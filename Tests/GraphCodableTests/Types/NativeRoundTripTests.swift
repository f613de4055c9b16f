import Foundation
import GraphCodable
import Testing

/// Every native type round-trips at its edge values, with no user code.
@Suite struct NativeRoundTripTests {
    /// Encodes and decodes `value` (and dumps its archive, which must not fail).
    static func roundTrip<T: GCodable>(_ value: T, checksummed: Bool = true) throws -> T {
        let data = try GraphEncoder(checksummed ? [] : .omitChecksum).encode(value) as Data
        _ = try GraphDecoder().dump(from: data, options: .fullInfo)
        return try GraphDecoder().decode(T.self, from: data)
    }

    /// Expects `value` to round-trip equal, with and without a checksum.
    static func expectRoundTrip<T: GCodable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try roundTrip(value) == value, sourceLocation: sourceLocation)
        #expect(try roundTrip(value, checksummed: false) == value, sourceLocation: sourceLocation)
    }

    @Test func integers() throws {
        for value in [Int.min, -1, 0, 1, 127, 128, 300, Int.max] { try Self.expectRoundTrip(value) }
        for value in [Int8.min, -1, 0, Int8.max] { try Self.expectRoundTrip(value) }
        for value in [Int16.min, 0, Int16.max] { try Self.expectRoundTrip(value) }
        for value in [Int32.min, 0, Int32.max] { try Self.expectRoundTrip(value) }
        for value in [Int64.min, 0, Int64.max] { try Self.expectRoundTrip(value) }
        for value in [UInt.min, 1, UInt.max] { try Self.expectRoundTrip(value) }
        for value in [UInt8.min, UInt8.max] { try Self.expectRoundTrip(value) }
        for value in [UInt16.min, UInt16.max] { try Self.expectRoundTrip(value) }
        for value in [UInt32.min, UInt32.max] { try Self.expectRoundTrip(value) }
        for value in [UInt64.min, UInt64.max] { try Self.expectRoundTrip(value) }
        for value in [Int128.min, -1, 0, Int128.max] { try Self.expectRoundTrip(value) }
        for value in [UInt128.min, UInt128.max] { try Self.expectRoundTrip(value) }
        #expect(
            try GraphEncoder().dump([Int128.min, Int128.max], options: [.readable, .noTruncation]).contains(
                "BIV [\(Int128.min), \(Int128.max)]"))
    }

    @Test func floatingPointKeepsEveryBit() throws {
        let doubles: [Double] = [
            0, -0.0, .infinity, -.infinity, .nan, -.nan, .signalingNaN, .greatestFiniteMagnitude,
            .leastNonzeroMagnitude, .leastNormalMagnitude, .pi, -1e-300,
        ]
        for value in doubles {
            #expect(try Self.roundTrip(value).bitPattern == value.bitPattern)
            #expect(try Self.roundTrip(CGFloat(value)).native.bitPattern == value.bitPattern)
        }
        let floats: [Float] = [0, -0.0, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
        for value in floats { #expect(try Self.roundTrip(value).bitPattern == value.bitPattern) }
        #if !(os(macOS) && arch(x86_64))
        let halves: [Float16] = [0, -0.0, 1.5, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
        for value in halves { #expect(try Self.roundTrip(value).bitPattern == value.bitPattern) }
        #expect(try Self.roundTrip(halves).map(\.bitPattern) == halves.map(\.bitPattern))
        #expect(try GraphEncoder().dump(halves).contains("BIV [0.0, -0.0, 1.5, inf, -inf, nan, 65504.0, 5.9604645e-08]"))
        #endif
        #expect(try Self.roundTrip(doubles).map(\.bitPattern) == doubles.map(\.bitPattern))
        #expect(try Self.roundTrip(floats).map(\.bitPattern) == floats.map(\.bitPattern))
    }

    @Test func textAndBytes() throws {
        for value in ["", "a", "héllo wörld", "👨‍👩‍👧 family", "nul\0inside", String(repeating: "long ", count: 1000)] {
            try Self.expectRoundTrip(value)
        }
        for value: Character in ["a", "é", "👨‍👩‍👧", "\u{0301}"] { try Self.expectRoundTrip(value) }
        try Self.expectRoundTrip(Data())
        try Self.expectRoundTrip(Data(0 ... 255))
        try Self.expectRoundTrip(true)
        try Self.expectRoundTrip(false)
    }

    @Test func foundationScalars() throws {
        for value in [Date.distantPast, .distantFuture, Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSince1970: 1.5)] {
            try Self.expectRoundTrip(value)
        }
        try Self.expectRoundTrip(UUID())
        try Self.expectRoundTrip(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        for value in ["https://example.com/a%20b?q=1&r=%C3%A9#frag", "file:///tmp/x.txt", "mailto:a@b.c"] {
            try Self.expectRoundTrip(URL(string: value)!)
        }
        try Self.expectRoundTrip(URL(string: "sub/page.html", relativeTo: URL(string: "https://example.com/base/"))!)
        for value in [Decimal(0), Decimal(string: "3.14159")!, Decimal(string: "-1e-30")!, .greatestFiniteMagnitude, .leastFiniteMagnitude]
        {
            try Self.expectRoundTrip(value)
        }
        #expect(try Self.roundTrip(Decimal.nan).isNaN)
    }

    @Test func geometryAndSIMD() throws {
        try Self.expectRoundTrip(CGPoint(x: -1.5, y: .greatestFiniteMagnitude))
        try Self.expectRoundTrip(CGSize(width: 0, height: -0.25))
        try Self.expectRoundTrip(CGRect(x: 1, y: 2, width: 3, height: 4))
        try Self.expectRoundTrip(SIMD2<Int8>(.min, .max))
        try Self.expectRoundTrip(SIMD3<Double>(1, -2, 3.5))
        try Self.expectRoundTrip(SIMD4<Float>(1, 2, 3, 4))
        try Self.expectRoundTrip(SIMD8<Int>((0 ..< 8).map { Int.max / 8 * $0 }))
        try Self.expectRoundTrip(SIMD16<UInt16>(repeating: .max))
        try Self.expectRoundTrip(SIMD32<Int32>((0 ..< 32).map { Int32($0) - 16 }))
        try Self.expectRoundTrip(SIMD64<UInt8>((0 ..< 64).map { UInt8($0 * 4) }))
    }

    @Test func optionals() throws {
        try Self.expectRoundTrip(Int?.none)
        try Self.expectRoundTrip(Int?.some(5))
        try Self.expectRoundTrip(Int??.some(.none))
        try Self.expectRoundTrip(Int??.none)
        try Self.expectRoundTrip(Int??.some(.some(7)))
        try Self.expectRoundTrip(String??.some(.none))
        try Self.expectRoundTrip(String??.none)
        try Self.expectRoundTrip(String???.some(.some(.none)))
        try Self.expectRoundTrip(String??.some("deep"))
        try Self.expectRoundTrip([String??.some(nil), nil, "x"])
        try Self.expectRoundTrip([Int??.some(nil), nil, 3])
    }

    @Test func collections() throws {
        try Self.expectRoundTrip([Int]())
        try Self.expectRoundTrip([String]())
        try Self.expectRoundTrip([Int.min, 0, Int.max])
        try Self.expectRoundTrip(ContiguousArray([1.5, 2.5]))
        try Self.expectRoundTrip(ContiguousArray(["a", "b"]))
        try Self.expectRoundTrip(Set<Int>())
        try Self.expectRoundTrip(Set([1, 2, 3]))
        try Self.expectRoundTrip(Set(["x", "y"]))
        try Self.expectRoundTrip([String: Int]())
        try Self.expectRoundTrip([1: 2.5, 3: 4.5])
        try Self.expectRoundTrip(["a": [1, 2], "b": []])
        try Self.expectRoundTrip([[["deep"]], [], [[]]])
        try Self.expectRoundTrip(0 ..< 10)
        try Self.expectRoundTrip(-5 ... 5)
        try Self.expectRoundTrip(1.5 ..< 2.5)
        try Self.expectRoundTrip("a" ..< "b")
        try Self.expectRoundTrip("a" ... "a")
        try Self.expectRoundTrip([0 ..< 1, 2 ..< 3])
    }

    @Test func foundationValues() throws {
        var name = PersonNameComponents()
        name.namePrefix = "Dr."
        name.givenName = "Grace"
        name.middleName = "Brewster"
        name.familyName = "Hopper"
        name.nickname = "Amazing Grace"
        try Self.expectRoundTrip(name)
        try Self.expectRoundTrip(PersonNameComponents())

        var indexes = IndexSet()
        indexes.insert(integersIn: 3 ..< 7)
        indexes.insert(42)
        try Self.expectRoundTrip(indexes)
        try Self.expectRoundTrip(IndexSet())
        try Self.expectRoundTrip(IndexPath(indexes: [1, 4, 9]))
        try Self.expectRoundTrip(IndexPath())

        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "Europe/Rome")
        components.year = 2026
        components.month = 11
        components.day = 22
        components.nanosecond = 5
        try Self.expectRoundTrip(components)
        try Self.expectRoundTrip(DateComponents())

        try Self.expectRoundTrip(TimeZone(identifier: "America/New_York")!)
        try Self.expectRoundTrip(TimeZone(secondsFromGMT: 3600)!)
        try Self.expectRoundTrip(Locale(identifier: "it_IT"))
        try Self.expectRoundTrip(CharacterSet.alphanumerics)
        try Self.expectRoundTrip(CharacterSet(charactersIn: "aeiou"))
        try Self.expectRoundTrip(Measurement(value: 12.5, unit: UnitLength.kilometers))
        try Self.expectRoundTrip(Measurement(value: -40, unit: UnitTemperature.celsius))
        let mile = Measurement(value: 1, unit: UnitLength.miles)
        #expect(try Self.roundTrip(mile).converted(to: .meters) == mile.converted(to: .meters))
        try Self.expectRoundTrip(URLComponents(string: "https://user@example.com:8080/p/a?x=1#f")!)
    }

    @Test func theGuidesFirstExampleKeepsNilDistinctFromAbsent() throws {
        let value: [[String: Double?]?] = [["a": 1.5, "b": 2.0], nil, ["c": 2.5, "d": 3.0, "e": nil]]
        let decoded = try Self.roundTrip(value)
        #expect(decoded == value)
        #expect(decoded[2]?.keys.contains("e") == true)
    }
}
