import Foundation
import GraphCodable
import Testing

/// Every supported type comes back exactly, for thousands of seeded random values and its
/// edge cases, through the typed decoder and through the JSON form.
@Suite struct ExactRoundTripTests {
    typealias Sources = ScalarSources

    /// Integers take fewer values per width: their layouts are few and simple.
    @Test func integers() throws {
        try ExactRoundTrip.check(Sources.integers(Int.self), seed: 1, count: ExactRoundTrip.count / 4)
        try ExactRoundTrip.check(Sources.integers(Int8.self), seed: 2, count: ExactRoundTrip.count / 4)
        try ExactRoundTrip.check(Sources.integers(Int16.self), seed: 3, count: ExactRoundTrip.count / 4)
        try ExactRoundTrip.check(Sources.integers(Int32.self), seed: 4, count: ExactRoundTrip.count / 4)
        try ExactRoundTrip.check(Sources.integers(Int64.self), seed: 5, count: ExactRoundTrip.count / 4)
        try ExactRoundTrip.check(Sources.integers(UInt.self), seed: 6, count: ExactRoundTrip.count / 4)
        try ExactRoundTrip.check(Sources.integers(UInt8.self), seed: 7, count: ExactRoundTrip.count / 4)
        try ExactRoundTrip.check(Sources.integers(UInt16.self), seed: 8, count: ExactRoundTrip.count / 4)
        try ExactRoundTrip.check(Sources.integers(UInt32.self), seed: 9, count: ExactRoundTrip.count / 4)
        try ExactRoundTrip.check(Sources.integers(UInt64.self), seed: 10, count: ExactRoundTrip.count / 4)
        try ExactRoundTrip.check(Sources.integers(Int128.self), seed: 11, count: ExactRoundTrip.count / 4)
        try ExactRoundTrip.check(Sources.integers(UInt128.self), seed: 12, count: ExactRoundTrip.count / 4)
        try ExactRoundTrip.check(ValueSource(edgeCases: [true, false]) { $0.chance(50) }, seed: 13, count: 10)
    }

    @Test func floatingPoint() throws {
        try ExactRoundTrip.check(Sources.doubles, seed: 20)
        try ExactRoundTrip.check(Sources.floats, seed: 21)
        try ExactRoundTrip.check(Sources.cgFloats, seed: 22)
        #if !(os(macOS) && arch(x86_64))
        try ExactRoundTrip.check(Sources.halves, seed: 23)
        try ExactRoundTrip.check(Sources.halfArrays, seed: 24, count: ExactRoundTrip.count / 20)
        #endif
    }

    @Test func textAndBytes() throws {
        try ExactRoundTrip.check(Sources.strings, seed: 30)
        try ExactRoundTrip.check(Sources.characters, seed: 31)
        try ExactRoundTrip.check(Sources.data, seed: 32)
    }

    @Test func foundationScalars() throws {
        try ExactRoundTrip.check(Sources.dates, seed: 40)
        try ExactRoundTrip.check(Sources.uuids, seed: 41)
        try ExactRoundTrip.check(Sources.decimals, seed: 42)
        try ExactRoundTrip.check(FoundationSources.urls, seed: 43)
        try ExactRoundTrip.check(Sources.rects, seed: 44)
        try ExactRoundTrip.check(ValueSource { CGPoint(x: Sources.doubles.random(&$0), y: Sources.doubles.random(&$0)) }, seed: 45)
        try ExactRoundTrip.check(ValueSource { CGSize(width: Sources.doubles.random(&$0), height: Sources.doubles.random(&$0)) }, seed: 46)
    }

    @Test func simdVectors() throws {
        try ExactRoundTrip.check(
            ValueSource { generator in SIMD4<Float>((0 ..< 4).map { _ in Sources.floats.random(&generator) }) }, seed: 50)
        try ExactRoundTrip.check(
            ValueSource { SIMD2<Int8>(.random(in: .min ... .max, using: &$0), .random(in: .min ... .max, using: &$0)) }, seed: 51)
        try ExactRoundTrip.check(
            ValueSource { generator in SIMD64<UInt8>((0 ..< 64).map { _ in .random(in: 0 ... 255, using: &generator) }) }, seed: 52,
            count: ExactRoundTrip.count / 10)
    }

    @Test func optionalsAndContainers() throws {
        try ExactRoundTrip.check(Sources.optionals(of: Sources.optionals(of: Sources.optionals(of: Sources.integers(Int.self)))), seed: 60)
        try ExactRoundTrip.check(Sources.optionals(of: Sources.optionals(of: Sources.strings)), seed: 61)
        try ExactRoundTrip.check(Sources.arrays(of: Sources.doubles), seed: 62)
        try ExactRoundTrip.check(Sources.arrays(of: Sources.strings), seed: 63)
        try ExactRoundTrip.check(Sources.arrays(of: Sources.arrays(of: Sources.optionals(of: Sources.integers(Int.self)))), seed: 64)
        try ExactRoundTrip.check(ValueSource { ContiguousArray(Sources.arrays(of: Sources.strings).random(&$0)) }, seed: 65)
        try ExactRoundTrip.check(Sources.sets(of: Sources.doubles), seed: 66)
        try ExactRoundTrip.check(Sources.sets(of: Sources.strings), seed: 67)
        try ExactRoundTrip.check(Sources.dictionaries(Sources.doubles, Sources.strings), seed: 68)
        try ExactRoundTrip.check(Sources.dictionaries(Sources.strings, Sources.optionals(of: Sources.dates)), seed: 69)
        // Dictionaries of the scalars whose loops are specialized (stored node by node: their
        // keys or values are strings).
        try ExactRoundTrip.check(Sources.dictionaries(Sources.strings, Sources.doubles), seed: 160)
        try ExactRoundTrip.check(Sources.dictionaries(Sources.integers(Int.self), Sources.strings), seed: 161)
    }

    @Test func ranges() throws {
        try ExactRoundTrip.check(Sources.ranges(of: Sources.doubles), seed: 70)
        try ExactRoundTrip.check(Sources.closedRanges(of: Sources.doubles), seed: 71)
        try ExactRoundTrip.check(Sources.ranges(of: Sources.integers(Int.self)), seed: 72)
        try ExactRoundTrip.check(Sources.closedRanges(of: Sources.strings), seed: 73)
        try ExactRoundTrip.check(Sources.arrays(of: Sources.ranges(of: Sources.floats)), seed: 74)
    }

    @Test func foundationValues() throws {
        try ExactRoundTrip.check(FoundationSources.personNames, seed: 80)
        try ExactRoundTrip.check(FoundationSources.indexSets, seed: 81)
        try ExactRoundTrip.check(FoundationSources.indexPaths, seed: 82)
        try ExactRoundTrip.check(FoundationSources.urlComponents, seed: 83)
    }

    @Test func timeZonesAndLocales() throws {
        try ExactRoundTrip.check(FoundationSources.timeZones, seed: 90)
        try ExactRoundTrip.check(FoundationSources.locales, seed: 91)
    }

    @Test func calendarsAndDateComponents() throws {
        try ExactRoundTrip.check(FoundationSources.calendars, seed: 100)
        try ExactRoundTrip.check(FoundationSources.dateComponents, seed: 101)
    }

    @Test func characterSets() throws {
        // Sets are up to 139 KB each: fewer of them.
        try ExactRoundTrip.check(FoundationSources.characterSets, seed: 110, count: ExactRoundTrip.count / 4)
    }

    @Test func measurements() throws {
        try ExactRoundTrip.check(FoundationSources.measurements, seed: 120)
        let lengths = ValueSource { Measurement(value: Sources.doubles.random(&$0), unit: $0.pick([UnitLength.miles, .meters, .parsecs])) }
        try ExactRoundTrip.check(lengths, seed: 121)
        let dimensions = ValueSource {
            Measurement<Dimension>(
                value: Sources.doubles.random(&$0), unit: $0.pick([UnitLength.miles, UnitMass.grams, UnitFuelEfficiency.milesPerGallon]))
        }
        try ExactRoundTrip.check(dimensions, seed: 122)
    }
}
