import Foundation
import SeededRandom
import Testing

@testable import GraphCodable

/// BinaryIO buffers: layouts, versions, and reads that throw instead of trapping.
@Suite struct BinaryIOTests {
    static func written(_ body: (inout BinaryWriteBuffer) throws -> Void) rethrows -> [UInt8] {
        var buffer = BinaryWriteBuffer()
        try body(&buffer)
        return buffer.bytes
    }

    @Test func variableLengthIntegersUseTheDocumentedLayout() throws {
        #expect(Self.written { $0.writeVarUInt(0) } == [0])
        #expect(Self.written { $0.writeVarUInt(127) } == [0x7F])
        #expect(Self.written { $0.writeVarUInt(128) } == [0x80, 0x01])
        #expect(Self.written { $0.writeVarUInt(300) } == [0xAC, 0x02])
        #expect(Self.written { $0.writeVarUInt(.max) } == Array(repeating: 0xFF, count: 9) + [0x01])
        #expect(Self.written { $0.writeVarInt(0) } == [0])
        #expect(Self.written { $0.writeVarInt(-1) } == [1])
        #expect(Self.written { $0.writeVarInt(1) } == [2])
        #expect(Self.written { $0.writeVarInt(-64) } == [0x7F])
        #expect(Self.written { $0.writeVarInt(.min) } == Array(repeating: 0xFF, count: 9) + [0x01])
        #expect(try Self.written { try Int8(-1).write(to: &$0) } == [0xFF])
        #expect(try Self.written { try 1.5.write(to: &$0) } == [0, 0, 0, 0, 0, 0, 0xF8, 0x3F])
        #expect(try Self.written { try "é".write(to: &$0) } == [2, 0xC3, 0xA9])
        #expect(try Self.written { try Optional<Int>.none.write(to: &$0) } == [0])
        #expect(try Self.written { try [1, 2].write(to: &$0) } == [2, 2, 4])
    }

    /// The ASCII check finds a byte of 0x80 or more at every place of every length up to
    /// 40, the lengths under eight words and the words that overlap the last eight.
    @Test func theASCIICheckSeesEveryByte() {
        let isASCII = { (bytes: [UInt8]) in bytes.withUnsafeBytes { $0.isASCII } }
        for length in 0 ... 40 {
            let ascii = (0 ..< length).map { UInt8(0x20 + $0 % 0x5F) }
            #expect(isASCII(ascii), "length \(length)")
            for place in 0 ..< length {
                for high: UInt8 in [0x80, 0xC3, 0xFF] {
                    var bytes = ascii
                    bytes[place] = high
                    #expect(!isASCII(bytes), "length \(length), 0x\(String(high, radix: 16)) at \(place)")
                }
            }
        }
    }

    /// The UTF-8 check, and the strings made from checked bytes, agree with the standard
    /// library's generic validation on the edges of the encoding (overlong forms, surrogates,
    /// code points past U+10FFFF, truncated sequences), on every pair of bytes, on every lead
    /// byte of three and four with every second byte and the edges of the continuations after
    /// it, and on seeded random bytes drawn mostly from lead and continuation bytes.
    @Test func theUTF8CheckAgreesWithTheStandardLibrary() {
        func expectAgreement(_ bytes: [UInt8]) {
            let reference = String(validating: bytes, as: UTF8.self)
            bytes.withUnsafeBytes { raw in
                #expect(raw.isUTF8 == (reference != nil), "\(bytes)")
                #expect(String(checkedUTF8: raw) == reference, "\(bytes)")
            }
        }
        let edges: [[UInt8]] = [
            [], [0x41], [0xC3, 0xA9], [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xE0, 0x80, 0x80], [0xE0, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xEF, 0xBF, 0xBD], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xFF], [0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98], Array("Zürich 東京 👍🏽".utf8), Array("Zürich 東京 👍🏽".utf8.dropLast()),
        ]
        for bytes in edges { expectAgreement(bytes) }
        for first in UInt8.min ... UInt8.max {
            for second in UInt8.min ... UInt8.max {
                expectAgreement([first, second])
                guard first >= 0xE0 else { continue }
                let continuations: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC0]
                for third in continuations {
                    expectAgreement([first, second, third])
                    if first >= 0xF0 { for fourth in continuations { expectAgreement([first, second, third, fourth]) } }
                }
            }
        }
        let pool: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
            0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFE, 0xFF,
        ]
        var generator = SplitMix64(seed: 8)
        for _ in 0 ..< 20_000 {
            let length = Int.random(in: 0 ... 24, using: &generator)
            expectAgreement((0 ..< length).map { _ in pool.randomElement(using: &generator)! })
        }
    }

    /// A large write leaves room for the small writes after it: none of them moves the bytes,
    /// so the buffer never holds an old and a new array at once for them.
    @Test func aLargeWriteLeavesRoomForTheWritesAfterIt() {
        var buffer = BinaryWriteBuffer()
        var starts: [UnsafeMutableRawPointer] = []
        for room in [5_000_000, 1, 9, 100, 4_096, 70_000] {
            let written = buffer.count
            buffer.appendInPlace(upTo: room) { address in
                starts.append(address - written)
                return room
            }
        }
        #expect(buffer.count == 5_074_206)
        #expect(Set(starts).count == 1)
    }

    /// Random writes, from an almost empty buffer that must grow many times, give the bytes
    /// a plain array built by hand gives; length prefixes that need more than one byte move
    /// what follows them.
    @Test func writesGiveTheBytesOfAPlainModel() {
        var generator = SplitMix64(seed: 77)
        func varUInt(_ value: UInt64) -> [UInt8] {
            var rest = value, bytes: [UInt8] = []
            while rest >= 0x80 {
                bytes.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            return bytes + [UInt8(rest)]
        }
        func write(_ buffer: inout BinaryWriteBuffer, _ model: inout [UInt8], after base: Int, depth: Int) {
            for _ in 0 ..< Int.random(in: 1 ... 12, using: &generator) {
                let length = [0, 1, 7, 127, 128, 300, 16_383, 16_384, 20_000].randomElement(using: &generator)!
                let raw = (0 ..< length).map { _ in UInt8.random(in: 0 ... 255, using: &generator) }
                switch Int.random(in: 0 ... 7, using: &generator) {
                case 0:
                    buffer.writeByte(raw.first ?? 9)
                    model.append(raw.first ?? 9)
                case 1:
                    raw.withUnsafeBytes { buffer.writeBytes($0) }
                    model += raw
                case 2:
                    buffer.writeBytes(repeatElement(raw.last ?? 3, count: length % 50))
                    model += repeatElement(raw.last ?? 3, count: length % 50)
                case 3:
                    let value = generator.next() >> (generator.next() % 64)
                    buffer.writeVarUInt(value)
                    model += varUInt(value)
                case 4:
                    let value = UInt32(truncatingIfNeeded: generator.next())
                    buffer.writeFixedWidth(value)
                    model += withUnsafeBytes(of: value.littleEndian, Array.init)
                case 5:
                    let text = String(decoding: raw.map { $0 & 0x7F }, as: UTF8.self)
                    buffer.writeString(text)
                    model += varUInt(UInt64(text.utf8.count)) + Array(text.utf8)
                case 6 where depth < 2:
                    var inner: [UInt8] = []
                    let innerBase = buffer.count + 1
                    buffer.writeLengthPrefixed { write(&$0, &inner, after: innerBase, depth: depth + 1) }
                    model += varUInt(UInt64(inner.count)) + inner
                default:
                    guard !model.isEmpty else { continue }
                    let offset = Int.random(in: 0 ..< model.count, using: &generator)
                    let patch = Array(raw.prefix(model.count - offset))
                    patch.withUnsafeBytes { buffer.overwrite(at: base + offset, with: $0) }
                    model.replaceSubrange(offset ..< offset + patch.count, with: patch)
                }
                #expect(buffer.count == base + model.count)
            }
        }
        for _ in 0 ..< 20 {
            var buffer = BinaryWriteBuffer(version: 0, internalVersion: BinaryIOInternalVersion.current, reservingCapacity: 1)
            var model: [UInt8] = []
            write(&buffer, &model, after: 0, depth: 0)
            #expect(buffer.bytes == model)
            #expect(buffer.takeBytes() == model)
            #expect(buffer.count == 0 && buffer.bytes.isEmpty)
        }
    }

    /// Arrays of integers, written and read in one pass, have the layout of their count
    /// followed by each element, in both internal layouts.
    @Test func integerArraysMatchTheirElementsLayout() throws {
        var generator = SplitMix64(seed: 12)
        func check<T: FixedWidthInteger & BinaryIOType>(_: T.Type, internalVersion: UInt16) throws {
            let values =
                [T.min, T.max, 0, 1]
                + (0 ..< 500).map { _ in
                    T(truncatingIfNeeded: generator.next() >> (generator.next() % 64))
                }
            var whole = BinaryWriteBuffer(version: 0, internalVersion: internalVersion)
            try values.write(to: &whole)
            var elements = BinaryWriteBuffer(version: 0, internalVersion: internalVersion)
            elements.writeCount(values.count)
            for value in values { elements.writeInteger(value) }
            #expect(whole.bytes == elements.bytes, "\(T.self)")
            var reader = BinaryReadBuffer(bytes: whole.bytes, internalVersion: internalVersion)
            #expect(try [T](from: &reader) == values && reader.isAtEnd, "\(T.self)")
        }
        for version in BinaryIOInternalVersion.supported {
            try check(Int.self, internalVersion: version)
            try check(Int16.self, internalVersion: version)
            try check(Int32.self, internalVersion: version)
            try check(Int64.self, internalVersion: version)
            try check(UInt.self, internalVersion: version)
            try check(UInt16.self, internalVersion: version)
            try check(UInt32.self, internalVersion: version)
            try check(UInt64.self, internalVersion: version)
        }
    }

    @Test func valuesRoundTripThroughBuffersAlone() throws {
        var buffer = BinaryWriteBuffer(version: 3)
        #expect(buffer.version == 3)
        let values: ([Int], String, Set<UInt16>, [String: Double], ClosedRange<Int8>, SIMD3<Float>, Data) =
            ([Int.min, -1, 0, Int.max], "text", [1, 500], ["k": -0.5], -3 ... 3, SIMD3(1, 2, 3), Data([9, 8]))
        try values.0.write(to: &buffer)
        try values.1.write(to: &buffer)
        try values.2.write(to: &buffer)
        try values.3.write(to: &buffer)
        try values.4.write(to: &buffer)
        try values.5.write(to: &buffer)
        try values.6.write(to: &buffer)
        var reader = BinaryReadBuffer(bytes: buffer.bytes, version: 3)
        #expect(reader.version == 3)
        #expect(try [Int](from: &reader) == values.0)
        #expect(try String(from: &reader) == values.1)
        #expect(try Set<UInt16>(from: &reader) == values.2)
        #expect(try [String: Double](from: &reader) == values.3)
        #expect(try ClosedRange<Int8>(from: &reader) == values.4)
        #expect(try SIMD3<Float>(from: &reader) == values.5)
        #expect(try Data(from: &reader) == values.6)
        #expect(reader.isAtEnd)
    }

    /// Reads `T` from `bytes` and expects a `dataCorrupted` error.
    static func expectCorrupted<T: BinaryIType>(
        _: T.Type, _ bytes: [UInt8], _ reason: String, at offset: Int? = nil,
        internalVersion: UInt16 = BinaryIOInternalVersion.current, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var reader = BinaryReadBuffer(bytes: bytes, internalVersion: internalVersion)
        do {
            _ = try T(from: &reader)
            Issue.record("\(T.self) read from \(bytes)", sourceLocation: sourceLocation)
        } catch GCodableError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains(reason), "\(context)", sourceLocation: sourceLocation)
            #expect(context.byteOffset != nil, sourceLocation: sourceLocation)
            if let offset { #expect(context.byteOffset == offset, "\(context)", sourceLocation: sourceLocation) }
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    /// Variable-length integers of every length read back and stop at their last byte;
    /// overlong ones are refused.
    @Test func variableLengthIntegersReadBackAndRefuseOverlongOnes() throws {
        var generator = SplitMix64(seed: 31)
        for _ in 0 ..< 20_000 {
            let value = generator.next() >> (generator.next() % 64)
            let encoded = Self.written { $0.writeVarUInt(value) }
            for padding in [0, 1, 8] {
                var reader = BinaryReadBuffer(bytes: encoded + Array(repeating: 0xFF, count: padding))
                #expect(try reader.readVarUInt() == value)
                #expect(reader.offset == encoded.count)
            }
            guard encoded.count < 10 else { continue }
            var overlong = encoded
            overlong[overlong.count - 1] |= 0x80
            overlong.append(0)
            for padding in [0, 8] {
                Self.expectCorrupted(UInt64.self, overlong + Array(repeating: 0, count: padding), "overlong", at: 0)
            }
        }
    }

    /// Runs of variable-length integers, some overlong, overflowing or cut short, read one
    /// by one and skipped together as a byte-by-byte decoder reads them: the same values,
    /// ends and first error, wherever an integer lies against the eight-byte words.
    @Test func variableLengthIntegerRunsReadAsTheByteRuleSays() throws {
        var generator = SplitMix64(seed: 5)
        /// Values and their ends, then the first error's rule and offset.
        func reference(_ bytes: [UInt8]) -> (values: [UInt64], ends: [Int], error: (FormatRule, Int)?) {
            var values: [UInt64] = [], ends: [Int] = [], position = 0
            while position < bytes.count {
                let start = position
                var value: UInt64 = 0, shift: UInt64 = 0
                while true {
                    guard position < bytes.count else { return (values, ends, (.varuintEnd, start)) }
                    let byte = bytes[position]
                    position += 1
                    if shift == 63 && byte > 1 { return (values, ends, (.varuintOverflow, start)) }
                    value |= UInt64(byte & 0x7F) << shift
                    if byte < 0x80 {
                        if byte == 0 && shift > 0 { return (values, ends, (.varuintOverlong, start)) }
                        break
                    }
                    shift += 7
                }
                values.append(value)
                ends.append(position)
            }
            return (values, ends, nil)
        }
        for _ in 0 ..< 3_000 {
            var bytes: [UInt8] = []
            for _ in 0 ..< Int.random(in: 0 ... 12, using: &generator) {
                bytes += Self.written { $0.writeVarUInt(generator.next() >> (generator.next() % 64)) }
                switch generator.next() % 40 {
                case 0: bytes += [0x80, 0x00]
                case 1: bytes += Array(repeating: 0xFF, count: 9) + [0x02]
                case 2: bytes += Array(repeating: 0x80, count: Int(generator.next() % 12))
                default: break
                }
            }
            let expected = reference(bytes)
            var reader = BinaryReadBuffer(bytes: bytes)
            var values: [UInt64] = [], ends: [Int] = []
            var error: (FormatRule, Int)?
            while !reader.isAtEnd {
                do {
                    values.append(try reader.readVarUInt())
                    ends.append(reader.offset)
                } catch GCodableError.dataCorrupted(let context) {
                    error = (context.rule!, context.byteOffset!)
                    break
                }
            }
            #expect(values == expected.values && ends == expected.ends, "\(bytes)")
            #expect(error?.0 == expected.error?.0 && error?.1 == expected.error?.1, "\(bytes)")
            var skipper = BinaryReadBuffer(bytes: bytes)
            let count = expected.values.count + (expected.error == nil ? 0 : 1)
            do {
                try skipper.skipVarUInts(count)
                #expect(expected.error == nil && skipper.offset == bytes.count, "\(bytes)")
            } catch GCodableError.dataCorrupted(let context) {
                #expect(context.rule == expected.error?.0 && context.byteOffset == expected.error?.1, "\(bytes)")
            }
            let some = Int.random(in: 0 ... expected.values.count, using: &generator)
            var partial = BinaryReadBuffer(bytes: bytes)
            try partial.skipVarUInts(some)
            #expect(partial.offset == (some == 0 ? 0 : expected.ends[some - 1]), "\(bytes)")
        }
    }

    @Test func badBytesThrowPreciseErrors() {
        Self.expectCorrupted(Double.self, [1, 2, 3], "unexpected end")
        Self.expectCorrupted(Int.self, [], "unexpected end")
        Self.expectCorrupted(Int.self, [0x80, 0x80], "unexpected end")
        Self.expectCorrupted(Int.self, [0x80, 0x00], "overlong")
        Self.expectCorrupted(UInt64.self, Array(repeating: 0xFF, count: 9) + [0x02], "overflows")
        Self.expectCorrupted(Int8.self, [], "unexpected end")
        Self.expectCorrupted(Int16.self, [0x80, 0x80, 0x04], "out of range")
        Self.expectCorrupted(Bool.self, [2], "invalid Bool")
        Self.expectCorrupted(String.self, [5, 0x61], "exceeds")
        Self.expectCorrupted(String.self, [2, 0xC3, 0x28], "invalid UTF-8")
        Self.expectCorrupted(Character.self, [2, 0x61, 0x62], "exactly one grapheme")
        Self.expectCorrupted([Double].self, [0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0], "exceeds")
        Self.expectCorrupted([Int].self, [3, 2, 4], "exceeds")
        Self.expectCorrupted([Int].self, [3, 2, 4, 0x80], "unexpected end", at: 3)
        Self.expectCorrupted([Int].self, [2, 2, 0x80, 0x00], "overlong", at: 2)
        // A long run is checked whole before its memory is taken; the error is the same.
        Self.expectCorrupted([Int].self, [0x90, 0x4E] + Array(repeating: 2, count: 9_999) + [0x80], "unexpected end", at: 10_001)
        Self.expectCorrupted([Int16].self, [2, 2, 0x80, 0x80, 0x04], "out of range", at: 2)
        Self.expectCorrupted([UInt64].self, [1] + Array(repeating: 0xFF, count: 9) + [0x02], "overflows", at: 1)
        Self.expectCorrupted(
            [Int32].self, [2, 1, 0, 0, 0, 2, 0], "unexpected end", internalVersion: BinaryIOInternalVersion.fixedWidthIntegers)
        Self.expectCorrupted(Data.self, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F], "exceeds")
        Self.expectCorrupted(Set<Int>.self, [2, 2, 2], "duplicate Set")
        Self.expectCorrupted([Int: Int].self, [2, 2, 0, 2, 0], "duplicate Dictionary")
        Self.expectCorrupted(Range<Int>.self, [4, 2], "lower bound exceeds")
        Self.expectCorrupted(ClosedRange<Int>.self, [4, 2], "lower bound exceeds")
        Self.expectCorrupted(Int?.self, [7], "presence byte")
        Self.expectCorrupted(Decimal.self, [3, 0x61, 0x62, 0x63], "invalid Decimal")
        Self.expectCorrupted(URL.self, [0, 0], "invalid URL")
    }

    /// A name's BinaryIO keeps each component and its phonetic representation; a phonetic
    /// representation with one of its own is refused when written, and a cut name is an
    /// error when read.
    @Test func personNameComponentsRoundTrip() throws {
        var name = PersonNameComponents()
        name.givenName = "Ada"
        name.familyName = "Lovelace"
        name.nickname = ""
        var phonetic = PersonNameComponents()
        phonetic.givenName = "ˈeɪdə"
        var withPhonetic = name
        withPhonetic.phoneticRepresentation = phonetic
        for value in [PersonNameComponents(), name, withPhonetic] {
            var wbuffer = BinaryWriteBuffer()
            try value.write(to: &wbuffer)
            var rbuffer = BinaryReadBuffer(bytes: wbuffer.bytes)
            #expect(try PersonNameComponents(from: &rbuffer) == value)
            #expect(rbuffer.isAtEnd)
            var cut = BinaryReadBuffer(bytes: Array(wbuffer.bytes.dropLast()))
            #expect(throws: GCodableError.self) { try PersonNameComponents(from: &cut) }
        }
        var nested = withPhonetic
        nested.phoneticRepresentation?.phoneticRepresentation = phonetic
        var wbuffer = BinaryWriteBuffer()
        #expect(throws: GCodableError.self) { try nested.write(to: &wbuffer) }
    }

    @Test func checksumIsXXH64() {
        let vectors: [([UInt8], UInt64)] = [
            ([], 0xEF46_DB37_51D8_E999),
            (Array("a".utf8), 0xD24E_C4F1_A98C_6E5B),
            (Array("abc".utf8), 0x44BC_2CF5_AD77_0999),
            (Array(0 ..< 40), 0xF5DA_40F1_B117_41E9),
            (Array(repeating: Array(0 ... 255), count: 3).flatMap { $0 } + Array("xyz".utf8), 0xE921_A1B4_5BD7_79F8),
        ]
        for (bytes, expected) in vectors {
            #expect(bytes.withUnsafeBytes { Checksum.xxh64($0) } == expected)
        }
    }
}
