import Foundation
import SeededRandom
import Testing

@testable import GraphCodable

/// The Foundation values most easily lost on Linux come back exactly, and what cannot be
/// archived faithfully throws when encoded, never later when decoded.
@Suite struct FoundationExactnessTests {
    static func expectExact<Value: GCodable & ExactlyEqual>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let problem = try ExactRoundTrip.problem(with: value)
        #expect(problem == nil, sourceLocation: sourceLocation)
    }

    static func expectRefused<Value: GEncodable>(_ value: Value, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) { _ = try GraphEncoder().encode(value) as Bytes } throws: { error in
            guard case GCodableError.cannotEncode = error else { return false }
            return "\(error)".contains(message)
        }
    }

    /// A value encoded as raw fields, to put in an archive what our encoders never write.
    struct Raw<Field: GCodable>: GCodable {
        var fields: [(String, Field)]
        init(_ fields: [(String, Field)]) { self.fields = fields }
        init(from decoder: GDecoder) throws { fields = [] }
        func encode(to encoder: GEncoder) throws {
            for (key, value) in fields { try encoder.encode(value, for: RawKey(rawValue: key)) }
        }
        struct RawKey: RawRepresentable { var rawValue: String }
    }

    @Test func characterSetsOfManyScalarsRoundTrip() throws {
        try Self.expectExact(FoundationSources.randomScalars(50_000, seed: 7))
        var basicPlane = CharacterSet()
        var generator = SplitMix64(seed: 5)
        for _ in 0 ..< 5000 { basicPlane.insert(Unicode.Scalar(UInt8.random(in: 0 ... 255, using: &generator))) }
        for _ in 0 ..< 5000 {
            if let scalar = Unicode.Scalar(UInt32.random(in: 0 ... 0xFFFF, using: &generator)) { basicPlane.insert(scalar) }
        }
        try Self.expectExact(basicPlane)
    }

    /// Linux's `bitmapRepresentation` writes plane 15 twice for this set (found by a long
    /// sweep): it is archived from its members instead.
    @Test func aSetWhoseBitmapRepeatsAPlane() throws {
        let set = FoundationSources.characterSets.values(count: 925, seed: 110)[924]
        try Self.expectExact(set)
    }

    /// Crafted bitmaps go through every path, and none reaches Foundation's
    /// `init(bitmapRepresentation:)` (which crashes on many of them): the decoded set holds
    /// exactly the bitmap's code points, or the archive is refused.
    @Test func craftedBitmapsDecodeExactlyOrFail() throws {
        var generator = SplitMix64(seed: 99)
        var decodedCount = 0
        for index in 0 ..< 100 {
            let planes = (1 ... 16).filter { _ in generator.chance(15) }
            var bitmap = Data((0 ..< 8192).map { _ in Self.craftedByte(&generator) })
            for plane in planes {
                bitmap.append(UInt8(plane))
                bitmap.append(contentsOf: (0 ..< 8192).map { _ in Self.craftedByte(&generator) })
            }
            // The surrogates all in or all out, but in one bitmap of ten, where runs start inside them.
            let surrogates = 0xD800 / 8 ..< 0xE000 / 8
            bitmap.replaceSubrange(surrogates, with: repeatElement(generator.chance(50) ? 0 : 0xFF, count: surrogates.count))
            if index.isMultiple(of: 10) { bitmap[surrogates.lowerBound + 1] = 0b0101_0101 }
            let archive = try GraphEncoder().encode(Raw([("bitmap", bitmap)])) as Bytes
            let asCharacterSet = try Self.retyped(archive, as: .characterSet)
            _ = try GraphDecoder().dump(from: asCharacterSet, options: .fullInfo)
            var json: [UInt8] = []
            try GraphDecoder().writeJSON(from: asCharacterSet) { json += $0 }
            #expect(try GraphArchive.bytes(fromJSON: json) == asCharacterSet)
            let isValid = GraphDecoder().validate(asCharacterSet).isValid
            do {
                let set = try GraphDecoder(registry: GTypeRegistry()).decode(CharacterSet.self, from: asCharacterSet)
                #expect(set.bitmapRepresentation == Self.normalized(bitmap), "bitmap \(index)")
                #expect(isValid)
                _ = try GraphArchive(bytes: asCharacterSet).converted(internalBinaryIOVersion: 2)
                decodedCount += 1
            } catch let error as GCodableError {
                #expect("\(error)".contains("surrogates") || "\(error)".contains("cannot hold exactly"), "bitmap \(index): \(error)")
                #expect(!isValid)
                #expect(throws: GCodableError.self) { try GraphArchive(bytes: asCharacterSet) }
            }
        }
        #expect(decodedCount >= 70)
    }

    private static func craftedByte(_ generator: inout SplitMix64) -> UInt8 {
        generator.pick([0, 0, 0xFF, 0xFF, UInt8.random(in: 0 ... 255, using: &generator)])
    }

    /// The bitmap as Foundation writes it: planes that hold nothing left out.
    private static func normalized(_ bitmap: Data) -> Data {
        var result = bitmap.prefix(8192)
        var start = 8192
        while start < bitmap.count {
            let plane = bitmap[start ..< start + 8193]
            if plane.dropFirst().contains(where: { $0 != 0 }) { result.append(plane) }
            start += 8193
        }
        return result
    }

    /// `archive`, whose root is a keyed value with one `Data` field, with the root's type
    /// made the native `code`: a Foundation value whose fields are whatever the test wrote.
    static func retyped(_ archive: Bytes, as code: NativeTypeCodeForTests) throws -> Bytes {
        var model = try GraphArchive(bytes: archive)
        model.body[0].type = UInt32(code.rawValue)
        model.body[0].fields = model.body[0].fields.map { field in
            var field = field
            field.key = 0
            return field
        }
        return try model.bytes(checkingPayloads: false)
    }

    enum NativeTypeCodeForTests: UInt8 { case characterSet = 49, urlComponents = 52 }

    @Test func indexSetsAtTheEdgesRoundTripOrAreRefused() throws {
        try Self.expectExact(IndexSet(integer: Int.max - 1))
        try Self.expectExact(IndexSet(integersIn: 0 ..< Int.max))
        try Self.expectExact(IndexSet([0, 5, 7, Int.max - 2]))
        Self.expectRefused(IndexSet(integer: -5), "negative index -5")
        Self.expectRefused(IndexSet(integer: Int.max), "Int.max")
    }

    @Test func timeZonesKeepOffsetsWithSeconds() throws {
        for seconds in [3661, 1, -1, 59, -3601, 64800] {
            let zone = try #require(TimeZone(secondsFromGMT: seconds))
            try Self.expectExact(zone)
            let decoded = try GraphDecoder().decode(TimeZone.self, from: GraphEncoder().encode(zone) as Bytes)
            #expect(decoded.secondsFromGMT() == seconds)
        }
    }

    /// The system's values come back as the reader's system values (see `SystemCurrent`).
    @Test func systemValuesComeBackAsSystemValues() throws {
        try Self.expectExact(TimeZone.autoupdatingCurrent)
        try Self.expectExact(Locale.autoupdatingCurrent)
        try Self.expectExact(Locale.current)
        try Self.expectExact(Calendar.autoupdatingCurrent)
        try Self.expectExact(Calendar.current)
        try Self.expectExact(TimeZone.current)
        let autoupdating = try GraphDecoder().decode(TimeZone.self, from: GraphEncoder().encode(TimeZone.autoupdatingCurrent) as Bytes)
        #expect(autoupdating == .autoupdatingCurrent)
    }

    @Test func dateComponentsKeepEveryFieldAndCalendar() throws {
        let date = Date(timeIntervalSinceReferenceDate: 812_345_678.25)
        for identifier in FoundationSources.calendarIdentifiers {
            var calendar = Calendar(identifier: identifier)
            calendar.locale = Locale(identifier: "it_IT")
            calendar.firstWeekday = 5
            calendar.minimumDaysInFirstWeek = 3
            let components = calendar.dateComponents(in: TimeZone(secondsFromGMT: 3661)!, from: date)
            #expect(components.dayOfYear != nil)
            try Self.expectExact(components)
            try Self.expectExact(calendar)
        }
        #expect(FoundationSources.calendarIdentifiers.count >= 16)
    }

    @Test func urlsThatFoundationBuildsRoundTrip() throws {
        let base = URL(string: "http://h/")
        for text in ["1a:b", "a%20b:c", "a^:b", "a b", "%zz", "\\a&~%1a"] {
            try Self.expectExact(try #require(URL(dataRepresentation: Data(text.utf8), relativeTo: base)))
        }
        try Self.expectExact(URL(fileURLWithPath: "relative/dir", isDirectory: true))
    }

    @Test func urlComponentsKeepTheirComponents() throws {
        var userWithColon = URLComponents()
        userWithColon.user = "a:b"
        try Self.expectExact(userWithColon)
        var hostWithSpace = URLComponents()
        hostWithSpace.scheme = "https"
        hostWithSpace.host = "a b"
        #expect(hostWithSpace.string == nil)
        try Self.expectExact(hostWithSpace)
        var internationalHost = URLComponents()
        internationalHost.host = "bücher.example"
        internationalHost.port = 0
        try Self.expectExact(internationalHost)
    }

    /// Components Foundation's setters would trap on are refused as corrupt data.
    @Test func hostileURLComponentsAreRefusedNotTrapped() throws {
        let hostile: [(String, String)] = [
            ("host", "a b"), ("host", "a%zz"), ("host", "[::1"), ("host", "[fe80::1%en0]"), ("user", "a b"), ("user", "%"),
            ("path", "a b"), ("query", "a#b"), ("fragment", "é"), ("scheme", "1abc"), ("scheme", ""), ("password", "a@b"),
        ]
        for (key, value) in hostile {
            #expect(throws: GCodableError.self, "\(key) \(value)") { try Self.decodeComponents(key, value) }
        }
        #expect(try Self.decodeComponents("host", "example.com").host == "example.com")
    }

    /// A host in brackets is an RFC 3986 IP literal: an IPv6 address (with an RFC 6874 zone
    /// identifier after `%25`, as Foundation writes one) or an `IPvFuture`.
    @Test func bracketedHostsAreIPLiterals() throws {
        let literals = [
            "[::1]", "[::]", "[1::]", "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6::8]", "[::ffff:1.2.3.4]",
            "[1:2:3:4:5:6:1.2.3.4]", "[FE80::a%25en0]", "[fe80::1%25%41]", "[v1.x]", "[VfF.a:b!]",
        ]
        for host in literals {
            #expect(try Self.decodeComponents("host", host).encodedHost == host)
        }
        let notLiterals = [
            "[zz]", "[]", "[1:2]", "[1:2:3:4:5:6:7:8:9]", "[1:2:3:4:5:6:7::8]", "[::1::2]", "[:::]", "[:1::]",
            "[1::2:]", "[12345::]", "[1.2.3.4]", "[::256.1.1.1]", "[::01.1.1.1]", "[::1.2.3]", "[1:2:3:4:5:6:7:1.2.3.4]",
            "[fe80::1%25]", "[fe80::1%en0]", "[fe80::1%25a b]", "[v.x]", "[v1.]", "[vg.x]",
        ]
        for host in notLiterals {
            #expect(throws: GCodableError.self, "\(host)") { try Self.decodeComponents("host", host) }
        }
        var components = URLComponents()
        components.encodedHost = "[zz]"
        #expect(throws: GCodableError.self) { try GraphEncoder().encode(components) as Bytes }
    }

    private static func decodeComponents(_ key: String, _ value: String) throws -> URLComponents {
        var model = try GraphArchive(bytes: GraphEncoder().encode(Raw([(key, value), ("path", "")])) as Bytes)
        model.body[0].type = UInt32(NativeTypeCodeForTests.urlComponents.rawValue)
        return try GraphDecoder().decode(URLComponents.self, from: model.bytes(checkingPayloads: false))
    }

    @Test func measurementsKeepTheirUnitClassAndConverter() throws {
        for unit in [UnitFuelEfficiency.milesPerGallon, .milesPerImperialGallon, .litersPer100Kilometers] {
            try Self.expectExact(Measurement(value: 31.5, unit: unit))
        }
        let length = Measurement<Dimension>(value: 1, unit: UnitLength.kilometers)
        try Self.expectExact(length)
        let decoded = try GraphDecoder().decode(Measurement<Dimension>.self, from: GraphEncoder().encode(length) as Bytes)
        #expect(decoded.unit is UnitLength)
        #expect(decoded == Measurement(value: 1000, unit: UnitLength.meters))
        try Self.expectExact(Measurement<Unit>(value: 2, unit: UnitMass.grams))
        #expect(throws: GCodableError.self) {
            try GraphDecoder().decode(Measurement<UnitMass>.self, from: GraphEncoder().encode(length) as Bytes)
        }
    }

    final class UnitOfBananas: Dimension, @unchecked Sendable {}
    final class HalvingConverter: UnitConverter, @unchecked Sendable {
        override func baseUnitValue(fromValue value: Double) -> Double { value / 2 }
        override func value(fromBaseUnitValue baseUnitValue: Double) -> Double { baseUnitValue * 2 }
    }

    @Test func unitsFoundationCannotRebuildAreRefused() {
        Self.expectRefused(
            Measurement(value: 1, unit: Dimension(symbol: "d", converter: UnitConverterLinear(coefficient: 2))),
            "is not one of Foundation's")
        Self.expectRefused(
            Measurement(value: 1, unit: UnitOfBananas(symbol: "🍌", converter: UnitConverterLinear(coefficient: 1))),
            "is not one of Foundation's")
        Self.expectRefused(
            Measurement(value: 1, unit: UnitLength(symbol: "half", converter: HalvingConverter())), "neither linear nor one of Foundation's"
        )
    }

    /// NaN bounds break Swift's rule for ranges (only an optimized build can make them):
    /// refused when encoded, instead of an archive that cannot be decoded.
    @Test func rangesThatBreakTheirRuleAreRefused() {
        let nanRange = unsafeBitCast((Double.nan, 1.0), to: Range<Double>.self)
        Self.expectRefused(nanRange, "lowerBound <= upperBound")
        Self.expectRefused([nanRange], "lowerBound <= upperBound")
        Self.expectRefused(unsafeBitCast((2.0, 1.0), to: ClosedRange<Double>.self), "lowerBound <= upperBound")
        Self.expectRefused(unsafeBitCast(("b", "a"), to: Range<String>.self), "lowerBound <= upperBound")
    }

    @Test func decimalZerosKeepTheirExponent() throws {
        for text in ["0e-5", "0.000", "0e7", "1.00", "-12.5e-3"] {
            try Self.expectExact(try #require(Decimal(string: text)))
        }
    }

    /// Dumps show dates without Foundation's `Date.description`, which traps on NaN.
    @Test func datesDumpWithoutFoundation() throws {
        let dump = try GraphEncoder().dump(
            [Date(timeIntervalSinceReferenceDate: .nan), Date(timeIntervalSinceReferenceDate: 0)], options: [.readable, .noTruncation])
        #expect(dump.contains("nan s from 2001-01-01 00:00:00 +0000"))
        #expect(dump.contains("2001-01-01 00:00:00 +0000"))
        var generator = SplitMix64(seed: 12)
        for _ in 0 ..< 2000 {
            // Whole seconds: Foundation truncates fractions toward zero (before 2001 the dump,
            // which rounds down, is a second earlier); and Foundation describes years 1…4000 only.
            let date = Date(timeIntervalSinceReferenceDate: Double.random(in: -6e10 ... 6e10, using: &generator).rounded())
            let dumped = try GraphEncoder().dump(date, options: [.readable, .noTruncation])
            #expect(dumped.contains(date.description), "\(date.timeIntervalSinceReferenceDate)")
        }
    }

    /// With `.tryHashableIdentityAtFirst`, values that are `==` are one value, the first
    /// encoded, as the option says: canonically equivalent strings, 0.0 and -0.0, 1 km and
    /// 1000 m. Without the option, each keeps its own form.
    @Test func hashableIdentityMergesEqualValues() throws {
        let strings = ["é", "e\u{301}"]
        let merged = try GraphDecoder().decode([String].self, from: GraphEncoder(.tryHashableIdentityAtFirst).encode(strings) as Bytes)
        #expect(merged == strings)
        #expect(merged[1].unicodeScalars.count == 1)
        try Self.expectExact(strings)
        try Self.expectExact([[0.0], [-0.0]])
    }
}
