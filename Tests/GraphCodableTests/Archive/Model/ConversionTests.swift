import Foundation
import GraphCodable
import SeededRandom
import Testing

/// Archives convert between internal BinaryIO layouts without Swift types, and decode the
/// same values in either.
@Suite struct ConversionTests {
    static let fixedWidth = BinaryIOInternalVersion.fixedWidthIntegers
    static let variableLength = BinaryIOInternalVersion.variableLengthIntegers

    @Test func nativeArchivesConvertBothWaysAndDecodeTheSame() throws {
        var generator = SplitMix64(seed: 55)
        for index in 0 ..< 300 {
            let sample = Sample.random(depth: 3, using: &generator)
            let options: GraphEncoder.Options = index.isMultiple(of: 2) ? [] : .omitChecksum
            let original = try GraphEncoder(options).encode(sample) as Bytes
            let model = try GraphArchive(bytes: original)
            #expect(try model.converted() == model)
            #expect(try model.converted(internalBinaryIOVersion: Self.variableLength).bytes() == original)

            let wide = try model.converted(internalBinaryIOVersion: Self.fixedWidth)
            #expect(wide.internalBinaryIOVersion == Self.fixedWidth)
            let wideBytes = try wide.bytes()
            #expect(try GraphDecoder().decode(Sample.self, from: wideBytes) == sample)
            #expect(GraphDecoder().validate(wideBytes).isValid)
            #expect(try wide.converted(internalBinaryIOVersion: Self.variableLength).bytes() == original)
            #expect(try GraphEncoder(options.union(.fixedWidthIntegers)).encode(sample) as Bytes == wideBytes)
        }
    }

    /// Arrays of integers written in full width are one copy each way: the same bytes as
    /// the conversion writes, the same values read back.
    @Test func integerArraysEncodeInFullWidth() throws {
        var generator = SplitMix64(seed: 7)
        func check<T: FixedWidthInteger & GCodable>(_: T.Type) throws {
            let values = [T.min, T.max, 0] + (0 ..< 1000).map { _ in T.random(in: .min ... .max, using: &generator) }
            let wide = try GraphEncoder(.fixedWidthIntegers).encode(values) as Bytes
            let narrow = try GraphEncoder().encode(values) as Bytes
            #expect(wide == (try GraphDecoder().convert(narrow, internalBinaryIOVersion: Self.fixedWidth)), "\(T.self)")
            #expect(narrow == (try GraphDecoder().convert(wide, internalBinaryIOVersion: Self.variableLength)), "\(T.self)")
            #expect(try GraphDecoder().decode([T].self, from: wide) == values, "\(T.self)")
            #expect(try GraphArchive(bytes: wide).internalBinaryIOVersion == Self.fixedWidth)
        }
        try check(Int.self)
        try check(Int16.self)
        try check(Int32.self)
        try check(Int64.self)
        try check(UInt.self)
        try check(UInt16.self)
        try check(UInt32.self)
        try check(UInt64.self)
        // A count whose elements run past the payload is refused, not copied.
        let three = try GraphEncoder([.fixedWidthIntegers, .omitChecksum]).encode([1, 2, 3]) as Bytes
        let elements: Bytes = [3, 1, 0, 0, 0, 0, 0, 0, 0, 2]
        let at = try #require((0 ..< three.count - elements.count).first { Array(three[$0 ..< $0 + elements.count]) == elements })
        for count: UInt8 in [4, 0x7F] {
            var long = three
            long[at] = count
            #expect(throws: GCodableError.self) { try GraphDecoder().decode([Int].self, from: long) }
        }
    }

    @Test func fixedWidthIntegersAreFullWidth() throws {
        let values = [Int.min, -1, 0, 300, Int.max]
        let model = try GraphArchive(bytes: try GraphEncoder().encode(values) as Bytes)
        let wide = try model.converted(internalBinaryIOVersion: Self.fixedWidth).bytes()
        #expect(try GraphDecoder().decode([Int].self, from: wide) == values)
        #expect(try GraphDecoder().dump(from: wide).contains("BIV [\(Int.min), -1, 0, 300, \(Int.max)]"))
        let scalar = try GraphArchive(
            bytes: try GraphEncoder().encode(
                KeyedExamples.Mixed(
                    title: "t", values: [1, 2], flag: true, note: nil)) as Bytes)
        let decoded = try GraphDecoder().decode(
            KeyedExamples.Mixed.self, from: try scalar.converted(internalBinaryIOVersion: Self.fixedWidth).bytes())
        #expect(decoded.values == [1, 2] && decoded.title == "t")
        // One Int: tag, type, then 8 bytes instead of 1.
        let one = try GraphArchive(bytes: try GraphEncoder().encode(5) as Bytes)
        #expect(try one.converted(internalBinaryIOVersion: Self.fixedWidth).bytes().count == one.bytes().count + 7)
    }

    /// Payloads without wide integers are copied, not rewritten, but their scalars are still
    /// checked: conversion refuses what it cannot read.
    @Test func copiedPayloadsAreChecked() throws {
        let text = try EditedArchive.archive(of: ["ab", "cd"], replacing: [2, 0x63, 0x64], with: [2, 0xC3, 0x28])
        #expect(throws: GCodableError.self) { try GraphDecoder().convert(text, internalBinaryIOVersion: Self.fixedWidth) }
        let flags = try EditedArchive.archive(of: [[true], [false]], replacing: [1, 0], with: [1, 7])
        #expect(throws: GCodableError.self) { try GraphDecoder().convert(flags, internalBinaryIOVersion: Self.fixedWidth) }
        let readings = [1.5, -0.0, .infinity, .nan]
        let wide = try GraphDecoder().convert(try GraphEncoder().encode(readings) as Bytes, internalBinaryIOVersion: Self.fixedWidth)
        #expect(try GraphDecoder().decode([Double].self, from: wide).map(\.bitPattern) == readings.map(\.bitPattern))
    }

    @Test func userVersionsChangeFreelyWithoutOpaquePayloads() throws {
        let model = try GraphArchive(bytes: try GraphEncoder().encode(["a": [1.5]]) as Bytes)
        let relabeled = try model.converted(userBinaryIOVersion: 3)
        #expect(relabeled.userBinaryIOVersion == 3)
        #expect(try GraphDecoder().decode([String: [Double]].self, from: try relabeled.bytes()) == ["a": [1.5]])
    }

    /// A user BinaryIO type whose layout depends on the internal version (it writes an Int).
    struct Reading: GBinaryCodable, Equatable {
        var count: Int
        var value: Double
        init(count: Int, value: Double) {
            self.count = count
            self.value = value
        }
        init(from rbuffer: inout BinaryReadBuffer) throws {
            count = try Int(from: &rbuffer)
            value = try Double(from: &rbuffer)
        }
        func write(to wbuffer: inout BinaryWriteBuffer) throws {
            try count.write(to: &wbuffer)
            try value.write(to: &wbuffer)
        }
    }

    @Test func userBinaryTypesConvertThroughTheRegistry() throws {
        let readings = [Reading(count: 3, value: 0.5), Reading(count: -70_000, value: .infinity)]
        let original = try GraphEncoder().encode(readings) as Bytes
        let model = try GraphArchive(bytes: original)
        let registry = GTypeRegistry([Reading.self])
        let wide = try model.converted(internalBinaryIOVersion: Self.fixedWidth, registry: registry)
        let wideBytes = try wide.bytes()
        #expect(wideBytes.count == original.count + 2 * 7 - 2)
        #expect(try GraphDecoder().decode([Reading].self, from: wideBytes) == readings)
        #expect(try wide.converted(internalBinaryIOVersion: Self.variableLength, registry: registry).bytes() == original)
    }

    @Test func userVersionsConvertThroughTheRegistry() throws {
        let values = [Binary.NumericData(vector: SIMD3(1, 2, 3), flag: false), Binary.NumericData(vector: SIMD3(4, 5, 6), flag: false)]
        let initial = try GraphArchive(bytes: try GraphEncoder(binaryIOVersion: Binary.Version.initial.rawValue).encode(values) as Bytes)
        let registry = GTypeRegistry([[Binary.NumericData].self])
        let upgraded = try initial.converted(userBinaryIOVersion: Binary.Version.withFlag.rawValue, registry: registry)
        let upgradedBytes = try upgraded.bytes()
        #expect(upgraded.userBinaryIOVersion == Binary.Version.withFlag.rawValue)
        #expect(try GraphDecoder().decode([Binary.NumericData].self, from: upgradedBytes) == values)
        #expect(try GraphDecoder().dump(from: upgradedBytes).contains("BIV { \(1 + 2 * 25) bytes }"))
        #expect(try GraphDecoder().dump(from: try initial.bytes()).contains("BIV { \(1 + 2 * 24) bytes }"))
    }

    @Test func opaquePayloadsNeedTheirTypes() throws {
        let values = [Binary.NumericData(vector: SIMD3(1, 2, 3), flag: true)]
        let model = try GraphArchive(bytes: try GraphEncoder(binaryIOVersion: 1).encode(values) as Bytes)
        do {
            _ = try model.converted(internalBinaryIOVersion: Self.fixedWidth)
            Issue.record("converted opaque payloads without their types")
        } catch GCodableError.cannotEncode(_, let context) {
            #expect(context.debugDescription.contains("Array<GraphCodableTests.Binary.NumericData>"))
        }
        #expect(throws: GCodableError.self) { try model.converted(internalBinaryIOVersion: 9) }
    }
}
