/// A cursor over bytes that BinaryIO types read themselves from.
///
/// Every read checks the bytes that remain first: a read past the end, an overlong
/// variable-length integer or a length larger than what remains **throws**
/// ``GCodableError/dataCorrupted(_:)``. It never traps and never reserves more memory
/// than the remaining bytes could fill.
public struct BinaryReadBuffer: Sendable {
    private let bytes: [UInt8]
    /// The offset of the next byte to read, counted from the start of the archive.
    public private(set) var offset: Int
    private let end: Int
    /// The user's BinaryIO version the bytes were written with.
    ///
    /// Switch on it in ``BinaryIType/init(from:)`` to read older layouts.
    public let version: UInt16
    /// The version of the library's own layouts the bytes were written with.
    public let internalVersion: UInt16
    /// Where the collections read are charged, when reading an archive.
    var budget: MemoryBudget?

    /// Creates a buffer that reads `bytes` from the start, written with the given versions.
    public init(
        bytes: [UInt8], version: UInt16 = 0,
        internalVersion: UInt16 = BinaryIOInternalVersion.current
    ) {
        self.init(bytes: bytes, range: 0 ..< bytes.count, version: version, internalVersion: internalVersion)
    }

    init(bytes: [UInt8], range: Range<Int>, version: UInt16, internalVersion: UInt16) {
        self.bytes = bytes
        self.offset = range.lowerBound
        self.end = range.upperBound
        self.version = version
        self.internalVersion = internalVersion
    }

    /// The number of bytes not read yet.
    public var remainingCount: Int { end - offset }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset == end }

    @inline(__always)
    private func require(_ count: Int) throws {
        guard count <= end - offset else {
            throw GCodableError.corrupted(
                "unexpected end of data: \(count) bytes needed, \(end - offset) remain", at: offset)
        }
    }

    /// Reads one byte.
    @inline(__always)
    public mutating func readByte() throws -> UInt8 {
        try require(1)
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Gives `body` the next `count` bytes, then moves past them.
    public mutating func withBytes<R>(count: Int, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        guard count >= 0 else { throw GCodableError.corrupted("negative byte count \(count)", at: offset) }
        try require(count)
        let start = offset
        offset += count
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start ..< start + count])) }
    }

    /// Reads the next `count` bytes.
    public mutating func readBytes(count: Int) throws -> [UInt8] {
        try withBytes(count: count) { [UInt8]($0) }
    }

    /// Reads an integer stored in its full width, little-endian.
    @inline(__always)
    public mutating func readFixedWidth<T: FixedWidthInteger>(_: T.Type = T.self) throws -> T {
        let size = MemoryLayout<T>.size
        try require(size)
        let start = offset
        offset += size
        return T(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: T.self) })
    }

    /// Reads a LEB128 variable-length unsigned integer, rejecting overlong encodings.
    @inline(__always)
    public mutating func readVarUInt() throws -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end else {
                throw GCodableError.corrupted("unexpected end of data inside a variable-length integer", at: start)
            }
            let byte = bytes[offset]
            offset += 1
            if shift == 63 && byte > 1 {
                throw GCodableError.corrupted("variable-length integer overflows 64 bits", at: start)
            }
            result |= UInt64(byte & 0x7F) &<< shift
            if byte < 0x80 {
                if byte == 0 && shift > 0 {
                    throw GCodableError.corrupted("overlong variable-length integer", at: start)
                }
                return result
            }
            shift += 7
        }
    }

    /// Reads a zig-zag LEB128 variable-length signed integer.
    @inline(__always)
    public mutating func readVarInt() throws -> Int64 {
        let raw = try readVarUInt()
        return Int64(bitPattern: (raw &>> 1) ^ (0 &- (raw & 1)))
    }

    /// Reads an element count or byte length, which must not exceed the bytes that remain.
    @inline(__always)
    public mutating func readCount() throws -> Int {
        let start = offset
        let raw = try readVarUInt()
        guard raw <= UInt64(end - offset) else {
            throw GCodableError.corrupted("count \(raw) exceeds the \(end - offset) bytes that remain", at: start)
        }
        return Int(raw)
    }

    /// Reads an integer in the library's layout (see ``BinaryWriteBuffer/writeInteger(_:)``),
    /// checking that it fits in `T`.
    @inline(__always)
    public mutating func readInteger<T: FixedWidthInteger>(_: T.Type = T.self) throws -> T {
        let start = offset
        if T.bitWidth == 8 {
            return T(truncatingIfNeeded: try readByte())
        }
        if internalVersion >= BinaryIOInternalVersion.fixedWidthIntegers {
            return try readFixedWidth()
        }
        let value: T?
        if T.isSigned {
            value = T(exactly: try readVarInt())
        } else {
            value = T(exactly: try readVarUInt())
        }
        guard let value else { throw GCodableError.corrupted("integer out of range for \(T.self)", at: start) }
        return value
    }

    /// Reads a string written by ``BinaryWriteBuffer/writeString(_:)``, rejecting invalid UTF-8.
    public mutating func readString() throws -> String {
        let start = offset
        let count = try readCount()
        let string = try withBytes(count: count) { String(validating: $0, as: UTF8.self) }
        guard let string else { throw GCodableError.corrupted("invalid UTF-8 in a string", at: start) }
        return string
    }
}
