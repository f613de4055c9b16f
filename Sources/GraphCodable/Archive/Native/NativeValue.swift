import Foundation

/// A native value read from a `BIV` payload without any Swift type but its layout. Only
/// the cases that hold a single value are boxed, so that scalars allocate nothing.
enum NativeValue: Equatable {
    case bool(Bool)
    case signed(Int64)
    case unsigned(UInt64)
    case signed128(Int128)
    case unsigned128(UInt128)
    /// The bit pattern of a `Float16` (readable on every platform, even without the type).
    case float16(UInt16)
    case float(Float)
    case double(Double)
    /// A `String`, `Character` or `Decimal` (as its exact text).
    case text(String)
    case data([UInt8])
    /// Seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)
    case uuid(UUID)
    case url(relative: String, base: String?)
    /// The components of a `CGPoint`, `CGSize` or `CGRect`.
    case geometry([Double])
    /// The elements of an array or a set, or the lanes of a SIMD vector.
    case sequence([NativeValue])
    case dictionary([(key: NativeValue, value: NativeValue)])
    indirect case optional(NativeValue?)
    indirect case bounds(NativeValue, NativeValue)

    static func == (lhs: NativeValue, rhs: NativeValue) -> Bool {
        switch (lhs, rhs) {
        case (.bool(let a), .bool(let b)): return a == b
        case (.signed(let a), .signed(let b)): return a == b
        case (.unsigned(let a), .unsigned(let b)): return a == b
        case (.signed128(let a), .signed128(let b)): return a == b
        case (.unsigned128(let a), .unsigned128(let b)): return a == b
        case (.float16(let a), .float16(let b)): return a == b
        case (.float(let a), .float(let b)): return a.bitPattern == b.bitPattern
        case (.double(let a), .double(let b)), (.date(let a), .date(let b)): return a.bitPattern == b.bitPattern
        case (.text(let a), .text(let b)): return a == b
        case (.data(let a), .data(let b)): return a == b
        case (.uuid(let a), .uuid(let b)): return a == b
        case (.url(let a, let x), .url(let b, let y)): return a == b && x == y
        case (.geometry(let a), .geometry(let b)): return a.map(\.bitPattern) == b.map(\.bitPattern)
        case (.sequence(let a), .sequence(let b)): return a == b
        case (.dictionary(let a), .dictionary(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.optional(let a), .optional(let b)): return a == b
        case (.bounds(let a, let x), .bounds(let b, let y)): return a == b && x == y
        default: return false
        }
    }
}

extension BinaryReadBuffer {
    /// Reads a string no longer than `maximumLength` bytes.
    mutating func readString(maximumLength: Int) throws -> String {
        let start = offset
        let length = try readLength(maximumLength: maximumLength)
        let string = try withBytes(count: length) { String(checkedUTF8: $0) }
        guard let string else { throw GCodableError.corrupted("invalid UTF-8 in a string", rule: .stringUTF8, at: start) }
        return string
    }

    /// Reads the byte length of a string, data or opaque payload, which must not exceed
    /// `maximumLength` (nor the bytes that remain).
    mutating func readLength(maximumLength: Int) throws -> Int {
        let start = offset
        let length = try readCount()
        guard length <= maximumLength else {
            throw GCodableError.limit("a length of \(length) bytes exceeds the limit of \(maximumLength)", at: start)
        }
        return length
    }
}

extension NativeValue {
    /// The `Float` equal to the half-precision number with bit pattern `bits`.
    static func halfToFloat(_ bits: UInt16) -> Float {
        let sign: FloatingPointSign = bits & 0x8000 == 0 ? .plus : .minus
        let exponent = Int(bits >> 10 & 0x1F)
        let fraction = Float(bits & 0x3FF)
        switch exponent {
        case 0: return Float(sign: sign, exponent: -24, significand: fraction)
        case 0x1F: return fraction == 0 ? (sign == .plus ? .infinity : -.infinity) : .nan
        default: return Float(sign: sign, exponent: exponent - 15, significand: 1 + fraction / 1024)
        }
    }
}

extension NativeTypeCode {
    /// The payload size of the scalars whose size never varies under an internal BinaryIO
    /// version (integers have one only under ``BinaryIOInternalVersion/fixedWidthIntegers``).
    func fixedSize(internalVersion: UInt16) -> Int? {
        let fixedWidth = internalVersion >= BinaryIOInternalVersion.fixedWidthIntegers
        switch self {
        case .bool, .int8, .uint8: return 1
        case .float16: return 2
        case .float: return 4
        case .double, .cgFloat, .date: return 8
        case .uuid, .cgPoint, .cgSize, .int128, .uint128: return 16
        case .cgRect: return 32
        case .int16, .uint16: return fixedWidth ? 2 : nil
        case .int32, .uint32: return fixedWidth ? 4 : nil
        case .int64, .int, .uint64, .uint: return fixedWidth ? 8 : nil
        default: return nil
        }
    }

    /// Moves `reader` past one payload of this scalar, checking lengths (against
    /// `maximumLength` too) but not contents.
    @inline(__always)
    func skip(_ reader: inout BinaryReadBuffer, maximumLength: Int) throws {
        if let size = fixedSize(internalVersion: reader.internalVersion) {
            return try reader.skip(count: size)
        }
        switch self {
        case _ where isLengthPrefixed:
            try reader.skip(count: try reader.readLength(maximumLength: maximumLength))
        case .url:
            try NativeTypeCode.string.skip(&reader, maximumLength: maximumLength)
            try NativeDescriptor.optional(.scalar(.string)).skip(&reader, maximumLength: maximumLength)
        case _ where isWideInteger:
            _ = try reader.readVarUInt()
        default:
            throw GCodableError.invalid("\(name) is not a scalar layout", at: reader.offset)
        }
    }

    /// Whether a payload is its length in bytes, then those bytes: strings, characters,
    /// decimals and data.
    var isLengthPrefixed: Bool {
        switch self {
        case .string, .character, .decimal, .data: return true
        default: return false
        }
    }

    /// Whether this is an integer wider than a byte: a varint under internal version 1.
    var isWideInteger: Bool {
        switch self {
        case .int16, .int32, .int64, .int, .uint16, .uint32, .uint64, .uint: return true
        default: return false
        }
    }
}

extension NativeDescriptor {
    /// The payload size when it is the same for every value, such as 8 for a `Double`.
    func fixedSize(internalVersion: UInt16) -> Int? {
        switch self {
        case .scalar(let code): return code.fixedSize(internalVersion: internalVersion)
        case .simd(let lanes, let scalar):
            return scalar.fixedSize(internalVersion: internalVersion).flatMap { Self.product($0, lanes) }
        case .range(let bound), .closedRange(let bound):
            return bound.fixedSize(internalVersion: internalVersion).flatMap { Self.product($0, 2) }
        default: return nil
        }
    }

    /// `size × count`, or `nil` when it overflows (such a payload never fits an archive).
    private static func product(_ size: Int, _ count: Int) -> Int? {
        let (product, overflow) = size.multipliedReportingOverflow(by: count)
        return overflow ? nil : product
    }

    /// Moves `reader` past one payload of this layout, checking lengths (against
    /// `maximumLength` too) but not contents.
    func skip(_ reader: inout BinaryReadBuffer, maximumLength: Int) throws {
        if let size = fixedSize(internalVersion: reader.internalVersion) {
            try reader.skip(count: size)
            return
        }
        switch self {
        case .scalar(let code):
            try code.skip(&reader, maximumLength: maximumLength)
        case .array(let element), .set(let element):
            let count = try reader.readCount()
            if let size = element.fixedSize(internalVersion: reader.internalVersion) {
                let total = count.multipliedReportingOverflow(by: size)
                guard !total.overflow else {
                    throw GCodableError.corrupted("element count overflows", rule: .countExceeds, at: reader.offset)
                }
                try reader.skip(count: total.partialValue)
            } else if case .scalar(let code) = element, code.isWideInteger {
                // Varints (their size is not fixed, so this is internal version 1).
                try reader.skipVarUInts(count)
            } else if case .scalar(let code) = element {
                for _ in 0 ..< count { try code.skip(&reader, maximumLength: maximumLength) }
            } else {
                for _ in 0 ..< count { try element.skip(&reader, maximumLength: maximumLength) }
            }
        case .dictionary(let key, let value):
            let count = try reader.readCount()
            for _ in 0 ..< count {
                try key.skip(&reader, maximumLength: maximumLength)
                try value.skip(&reader, maximumLength: maximumLength)
            }
        case .optional(let wrapped):
            if try Self.readPresence(&reader) { try wrapped.skip(&reader, maximumLength: maximumLength) }
        case .range(let bound), .closedRange(let bound):
            try bound.skip(&reader, maximumLength: maximumLength)
            try bound.skip(&reader, maximumLength: maximumLength)
        case .simd(let lanes, let scalar):
            for _ in 0 ..< lanes { try scalar.skip(&reader, maximumLength: maximumLength) }
        }
    }

    /// Writes `value` in this layout: the exact inverse of ``read(_:)``, so that reading
    /// and writing a payload gives back its bytes.
    func write(_ value: NativeValue, to buffer: inout BinaryWriteBuffer) throws {
        switch (self, value) {
        case (.scalar(let code), _):
            try Self.writeScalar(code, value, to: &buffer)
        case (.array(let element), .sequence(let elements)), (.set(let element), .sequence(let elements)):
            buffer.writeCount(elements.count)
            for item in elements { try element.write(item, to: &buffer) }
        case (.dictionary(let key, let valueLayout), .dictionary(let pairs)):
            buffer.writeCount(pairs.count)
            for pair in pairs {
                try key.write(pair.key, to: &buffer)
                try valueLayout.write(pair.value, to: &buffer)
            }
        case (.optional(let wrapped), .optional(let inner)):
            buffer.writeByte(inner == nil ? 0 : 1)
            if let inner { try wrapped.write(inner, to: &buffer) }
        case (.range(let bound), .bounds(let lower, let upper)), (.closedRange(let bound), .bounds(let lower, let upper)):
            try bound.write(lower, to: &buffer)
            try bound.write(upper, to: &buffer)
        case (.simd(let lanes, let scalar), .sequence(let lanesValues)) where lanesValues.count == lanes:
            for lane in lanesValues { try scalar.write(lane, to: &buffer) }
        default:
            throw Self.mismatch(value, self)
        }
    }

    private static func mismatch(_ value: NativeValue, _ layout: NativeDescriptor) -> GCodableError {
        .typeMismatch(NativeValue.self, .init(debugDescription: "\(value) does not fit the layout \(layout)"))
    }

    static func writeScalar(_ code: NativeTypeCode, _ value: NativeValue, to buffer: inout BinaryWriteBuffer) throws {
        switch (code, value) {
        case (.bool, .bool(let flag)): buffer.writeByte(flag ? 1 : 0)
        case (.int8, .signed(let integer)): buffer.writeInteger(try fitting(integer, Int8.self))
        case (.int16, .signed(let integer)): buffer.writeInteger(try fitting(integer, Int16.self))
        case (.int32, .signed(let integer)): buffer.writeInteger(try fitting(integer, Int32.self))
        case (.int64, .signed(let integer)), (.int, .signed(let integer)): buffer.writeInteger(integer)
        case (.uint8, .unsigned(let integer)): buffer.writeInteger(try fitting(integer, UInt8.self))
        case (.uint16, .unsigned(let integer)): buffer.writeInteger(try fitting(integer, UInt16.self))
        case (.uint32, .unsigned(let integer)): buffer.writeInteger(try fitting(integer, UInt32.self))
        case (.uint64, .unsigned(let integer)), (.uint, .unsigned(let integer)): buffer.writeInteger(integer)
        case (.int128, .signed128(let integer)): buffer.writeFixedWidth(integer)
        case (.uint128, .unsigned128(let integer)): buffer.writeFixedWidth(integer)
        case (.float16, .float16(let bits)): buffer.writeFixedWidth(bits)
        case (.float, .float(let number)): buffer.writeFixedWidth(number.bitPattern)
        case (.double, .double(let number)), (.cgFloat, .double(let number)), (.date, .date(let number)):
            buffer.writeFixedWidth(number.bitPattern)
        case (.string, .text(let text)), (.decimal, .text(let text)): buffer.writeString(text)
        case (.character, .text(let text)) where text.count == 1: buffer.writeString(text)
        case (.data, .data(let bytes)):
            buffer.writeLength(bytes.count)
            buffer.writeBytes(bytes)
        case (.uuid, .uuid(let uuid)): try uuid.write(to: &buffer)
        case (.url, .url(let relative, let base)):
            buffer.writeString(relative)
            try base.write(to: &buffer)
        case (.cgPoint, .geometry(let parts)) where parts.count == 2,
            (.cgSize, .geometry(let parts)) where parts.count == 2,
            (.cgRect, .geometry(let parts)) where parts.count == 4:
            for part in parts { buffer.writeFixedWidth(part.bitPattern) }
        default:
            throw mismatch(value, .scalar(code))
        }
    }

    private static func fitting<Source: BinaryInteger, Target: FixedWidthInteger>(_ value: Source, _: Target.Type) throws -> Target {
        guard let fitting = Target(exactly: value) else {
            throw GCodableError.typeMismatch(Target.self, .init(debugDescription: "\(value) does not fit in \(Target.self)"))
        }
        return fitting
    }

    static func readPresence(_ reader: inout BinaryReadBuffer) throws -> Bool {
        let offset = reader.offset
        switch try reader.readByte() {
        case 0: return false
        case 1: return true
        case let byte: throw GCodableError.corrupted("invalid Optional presence byte \(byte)", rule: .optionalByte, at: offset)
        }
    }

    static func readScalar(_ code: NativeTypeCode, _ reader: inout BinaryReadBuffer) throws -> NativeValue {
        switch code {
        case .bool: return .bool(try Bool(from: &reader))
        case .int8: return .signed(Int64(try reader.readInteger(Int8.self)))
        case .int16: return .signed(Int64(try reader.readInteger(Int16.self)))
        case .int32: return .signed(Int64(try reader.readInteger(Int32.self)))
        case .int64, .int: return .signed(try reader.readInteger(Int64.self))
        case .uint8: return .unsigned(UInt64(try reader.readInteger(UInt8.self)))
        case .uint16: return .unsigned(UInt64(try reader.readInteger(UInt16.self)))
        case .uint32: return .unsigned(UInt64(try reader.readInteger(UInt32.self)))
        case .uint64, .uint: return .unsigned(try reader.readInteger(UInt64.self))
        case .int128: return .signed128(try Int128(from: &reader))
        case .uint128: return .unsigned128(try UInt128(from: &reader))
        case .float16: return .float16(try reader.readFixedWidth())
        case .float: return .float(try Float(from: &reader))
        case .double, .cgFloat: return .double(try Double(from: &reader))
        case .string: return .text(try String(from: &reader))
        case .character: return .text(String(try Character(from: &reader)))
        case .decimal:
            let offset = reader.offset
            let text = try reader.readString()
            guard Decimal(archivedText: text) != nil else { throw Decimal.invalidText(text, at: offset) }
            return .text(text)
        case .data: return .data(try reader.readBytes(count: try reader.readCount()))
        case .date: return .date(try Double(from: &reader))
        case .uuid: return .uuid(try UUID(from: &reader))
        case .url:
            let (relative, base) = try URL.archivedStrings(from: &reader)
            return .url(relative: relative, base: base)
        case .cgPoint, .cgSize: return .geometry([try Double(from: &reader), try Double(from: &reader)])
        case .cgRect: return .geometry(try (0 ..< 4).map { _ in try Double(from: &reader) })
        default:
            throw GCodableError.invalid("\(code.name) is not a scalar layout", at: reader.offset)
        }
    }
}
