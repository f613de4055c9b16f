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
        case let byte: throw GCodableError.corrupted("invalid Bool byte \(byte)", rule: .boolByte, at: offset)
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
        return GCodableError.corrupted("invalid Decimal text \"\(quoted)\"", rule: .decimalText, at: offset)
    }
}
