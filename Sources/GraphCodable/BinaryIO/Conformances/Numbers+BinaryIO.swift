import Foundation

// Integers use the library's integer layout (see `BinaryWriteBuffer.writeInteger(_:)`);
// floating-point numbers store their IEEE 754 bit pattern, little-endian.

extension BinaryOType where Self: FixedWidthInteger {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws { wbuffer.writeInteger(self) }
}

extension BinaryIType where Self: FixedWidthInteger {
    public init(from rbuffer: inout BinaryReadBuffer) throws { self = try rbuffer.readInteger() }
}

extension Int: BinaryIOType {}
extension Int8: BinaryIOType {}
extension Int16: BinaryIOType {}
extension Int32: BinaryIOType {}
extension Int64: BinaryIOType {}
extension UInt: BinaryIOType {}
extension UInt8: BinaryIOType {}
extension UInt16: BinaryIOType {}
extension UInt32: BinaryIOType {}
extension UInt64: BinaryIOType {}

// 128-bit integers are rare: they keep a fixed 16-byte layout.

extension Int128: BinaryIOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws { wbuffer.writeFixedWidth(self) }
    public init(from rbuffer: inout BinaryReadBuffer) throws { self = try rbuffer.readFixedWidth() }
}

extension UInt128: BinaryIOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws { wbuffer.writeFixedWidth(self) }
    public init(from rbuffer: inout BinaryReadBuffer) throws { self = try rbuffer.readFixedWidth() }
}

#if !(os(macOS) && arch(x86_64))
extension Float16: BinaryIOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws { wbuffer.writeFixedWidth(bitPattern) }
    public init(from rbuffer: inout BinaryReadBuffer) throws { self.init(bitPattern: try rbuffer.readFixedWidth()) }
}
#endif

extension Float: BinaryIOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws { wbuffer.writeFixedWidth(bitPattern) }
    public init(from rbuffer: inout BinaryReadBuffer) throws { self.init(bitPattern: try rbuffer.readFixedWidth()) }
}

extension Double: BinaryIOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws { wbuffer.writeFixedWidth(bitPattern) }
    public init(from rbuffer: inout BinaryReadBuffer) throws { self.init(bitPattern: try rbuffer.readFixedWidth()) }
}

extension CGFloat: BinaryIOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws { try Double(self).write(to: &wbuffer) }
    public init(from rbuffer: inout BinaryReadBuffer) throws { self.init(try Double(from: &rbuffer)) }
}

extension Bool: BinaryIOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws { wbuffer.writeByte(self ? 1 : 0) }
    public init(from rbuffer: inout BinaryReadBuffer) throws {
        let offset = rbuffer.offset
        switch try rbuffer.readByte() {
        case 0: self = false
        case 1: self = true
        case let byte: throw GCodableError.corrupted("invalid Bool byte \(byte)", at: offset)
        }
    }
}

extension Decimal: BinaryIOType {
    // Stored as its exact decimal text, which is portable and readable.
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        wbuffer.writeString(archivedText)
    }

    public init(from rbuffer: inout BinaryReadBuffer) throws {
        let offset = rbuffer.offset
        let text = try rbuffer.readString()
        guard let value = Self(archivedText: text) else { throw Self.invalidText(text, at: offset) }
        self = value
    }

    /// The error for archived text that is not a decimal, quoting at most its first 40
    /// characters (the text may be megabytes long).
    static func invalidText(_ text: String, at offset: Int) -> GCodableError {
        let quoted = text.prefix(41).count > 40 ? text.prefix(40) + "…" : Substring(text)
        return GCodableError.corrupted("invalid Decimal text \"\(quoted)\"", at: offset)
    }

    /// The decimal an archive's text stands for: "NaN", or `-? digits (. digits)? (e -? digits)?`.
    init?(archivedText text: String) {
        if text == "NaN" {
            self = .nan
        } else if let number = Self.number(in: text), let value = Decimal(string: text, locale: nil), !value.isNaN,
            Self.number(in: value.archivedText) == number
        {
            self = value
        } else {
            return nil
        }
    }

    /// The text a Decimal is archived as: "NaN", a zero with its exponent ("0e-3": the
    /// description would drop it), or the description.
    var archivedText: String {
        isNaN ? "NaN" : isZero && exponent != 0 ? "0e\(exponent)" : description
    }

    /// The number `text` writes, when it is `-? digits (. digits)? (e -? digits)?`, all of
    /// it, with a power of ten of at most nine digits: its sign, its significant digits (no leading or trailing zeros) and the power of
    /// ten they are multiplied by. Every zero is the same number. Comparing this number
    /// before and after Foundation's parser shows whether the parser rounded: it reads 38 or
    /// so digits and silently drops the rest.
    static func number(in text: String) -> DecimalNumberText? {
        var bytes = text.utf8[...]
        func digits() -> Substring.UTF8View? {
            let run = bytes.prefix { (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains($0) }
            bytes = bytes.dropFirst(run.count)
            return run.isEmpty ? nil : run
        }
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        guard let integer = digits() else { return nil }
        var fraction: [UInt8] = []
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard let run = digits() else { return nil }
            fraction = Array(run)
        }
        var exponent = 0
        if bytes.first == UInt8(ascii: "e") {
            bytes = bytes.dropFirst()
            let negativeExponent = bytes.first == UInt8(ascii: "-")
            if negativeExponent { bytes = bytes.dropFirst() }
            guard let run = digits() else { return nil }
            let significant = run.drop { $0 == UInt8(ascii: "0") }
            // Larger powers of ten are far outside what a Decimal holds.
            guard significant.count <= 9 else { return nil }
            exponent = significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } * (negativeExponent ? -1 : 1)
        }
        guard bytes.isEmpty else { return nil }
        let all = Array(integer) + fraction
        guard let first = all.firstIndex(where: { $0 != UInt8(ascii: "0") }) else { return .zero }
        let last = all.lastIndex { $0 != UInt8(ascii: "0") }!
        return .number(negative: negative, digits: Array(all[first ... last]), exponent: exponent - fraction.count + (all.count - 1 - last))
    }
}

/// A number written in decimal, as ``Foundation/Decimal/number(in:)`` reads it.
enum DecimalNumberText: Equatable {
    case zero
    case number(negative: Bool, digits: [UInt8], exponent: Int)
}
