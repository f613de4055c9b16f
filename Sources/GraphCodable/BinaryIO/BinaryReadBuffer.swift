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
    private var end: Int
    /// The user's BinaryIO version the bytes were written with.
    ///
    /// Switch on it in ``BinaryIType/init(from:)`` to read older layouts.
    public let version: UInt16
    /// The version of the library's own layouts the bytes were written with.
    public let internalVersion: UInt16
    /// What bounds the reads when the bytes are part of a larger whole, such as an archive.
    var bounds: (any ReadBounds)?

    /// Creates a buffer that reads `bytes` from the start, written with the given versions.
    public init(
        bytes: [UInt8], version: UInt16 = 0,
        internalVersion: UInt16 = BinaryIOInternalVersion.current
    ) {
        self.init(bytes: bytes, range: 0 ..< bytes.count, version: version, internalVersion: internalVersion)
    }

    init(bytes: [UInt8], range: Range<Int>, version: UInt16, internalVersion: UInt16) {
        // Reads index the bytes without bounds checks within this range.
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a read range outside its bytes")
        self.bytes = bytes
        self.offset = range.lowerBound
        self.end = range.upperBound
        self.version = version
        self.internalVersion = internalVersion
    }

    /// Reads `range` of the same bytes from now on: a reader moved from one payload to the
    /// next costs nothing, where a new one retains the bytes and the bounds.
    mutating func reposition(to range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a read range outside its bytes")
        offset = range.lowerBound
        end = range.upperBound
    }

    /// The number of bytes not read yet.
    public var remainingCount: Int { end - offset }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset == end }

    @inline(__always)
    private func require(_ count: Int) throws {
        guard count <= end - offset else { throw readPastEnd(needing: count) }
    }

    @inline(never)
    private func readPastEnd(needing count: Int) -> GCodableError {
        let error = GCodableError.corrupted("unexpected end of data: \(count) bytes needed, \(end - offset) remain", at: offset)
        return bounds?.readPastEnd(error) ?? error
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

    /// Moves past the next `count` bytes.
    @inline(__always)
    mutating func skip(count: Int) throws {
        guard count >= 0 else { throw GCodableError.corrupted("negative byte count \(count)", at: offset) }
        try require(count)
        offset += count
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
        var position = offset
        let value = try bytes.withUnsafeBufferPointer { try Self.varUInt(in: $0, at: &position, end: end) }
        offset = position
        return value
    }

    /// Reads a zig-zag LEB128 variable-length signed integer.
    @inline(__always)
    public mutating func readVarInt() throws -> Int64 {
        Self.zigZagDecoded(try readVarUInt())
    }

    /// Moves past `count` variable-length integers, checking each as ``readVarUInt()`` does.
    ///
    /// Eight bytes are looked at together: an integer ends at each byte below 0x80, so the
    /// bytes' high bits tell how many end in a word without decoding them. A word where an
    /// integer may be overlong or too long, or where the last ones end, is left to the
    /// byte-by-byte decoder, which also reports every error.
    mutating func skipVarUInts(_ count: Int) throws {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var position = offset
        var remaining = count
        try bytes.withUnsafeBufferPointer { bytes in
            // The bytes of an unfinished integer before `position`.
            var carried = 0
            while remaining > 0 && end - position >= 8 {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + position).loadUnaligned(as: UInt64.self))
                let stops = ~word & highBits
                let zeros = ~(((word & ~highBits) &+ ~highBits) | word) & highBits
                let afterContinuation = ((word & highBits) &<< 8) | (carried > 0 ? 0x80 : 0)
                let ended = stops.nonzeroBitCount
                guard ended > 0, ended <= remaining, zeros & afterContinuation == 0,
                    carried + stops.trailingZeroBitCount / 8 < 8
                else { break }
                remaining -= ended
                carried = stops.leadingZeroBitCount / 8
                position += 8
            }
            position -= carried
            for _ in 0 ..< remaining { _ = try Self.varUInt(in: bytes, at: &position, end: end) }
        }
        offset = position
    }

    /// Decodes the variable-length integer at `position` in `bytes`, which ends at `end`,
    /// and moves `position` past it.
    @inline(__always)
    static func varUInt(in bytes: UnsafeBufferPointer<UInt8>, at position: inout Int, end: Int) throws -> UInt64 {
        // Most ids, tags' fields and lengths take one byte.
        if position < end, bytes[position] < 0x80 {
            position += 1
            return UInt64(bytes[position - 1])
        }
        let start = position
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else {
                throw GCodableError.corrupted("unexpected end of data inside a variable-length integer", rule: .varuintEnd, at: start)
            }
            let byte = bytes[position]
            position += 1
            if shift == 63 && byte > 1 {
                throw GCodableError.corrupted("variable-length integer overflows 64 bits", rule: .varuintOverflow, at: start)
            }
            result |= UInt64(byte & 0x7F) &<< shift
            if byte < 0x80 {
                if byte == 0 && shift > 0 {
                    throw GCodableError.corrupted("overlong variable-length integer", rule: .varuintOverlong, at: start)
                }
                return result
            }
            shift += 7
        }
    }

    @inline(__always)
    private static func zigZagDecoded(_ raw: UInt64) -> Int64 {
        Int64(bitPattern: (raw &>> 1) ^ (0 &- (raw & 1)))
    }

    /// Reads an element count or byte length, which must not exceed the bytes that remain.
    @inline(__always)
    public mutating func readCount() throws -> Int {
        let start = offset
        let raw = try readVarUInt()
        guard raw <= UInt64(end - offset) else {
            throw GCodableError.corrupted("count \(raw) exceeds the \(end - offset) bytes that remain", rule: .countExceeds, at: start)
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
        guard let value else { throw GCodableError.corrupted("integer out of range for \(T.self)", rule: .integerRange, at: start) }
        return value
    }

    /// Reads `count` integers in the library's layout into an array: one copy on a
    /// little-endian machine when the layout is their in-memory one, otherwise one tight
    /// loop, each value checked to fit in `T`.
    mutating func readIntegers<T: FixedWidthInteger & BitwiseCopyable>(_ count: Int) throws -> [T] {
        let fixedWidth = T.bitWidth == 8 || internalVersion >= BinaryIOInternalVersion.fixedWidthIntegers
        #if _endian(little)
        if fixedWidth { return try readCopies(count) }
        #endif
        if fixedWidth { return try (0 ..< count).map { _ in try readInteger() } }
        // Each integer takes at least a byte, but eight in memory. Within bounds, their room
        // has been reserved; elsewhere a long run is checked whole before its memory is
        // taken, so that bad bytes cost none.
        if bounds == nil, count > Self.reservationLimit {
            var scan = self
            try scan.skipVarUInts(count)
        }
        var position = offset
        let values = try bytes.withUnsafeBufferPointer { bytes in
            try [T](count: count) { destination in
                for index in destination.indices {
                    let start = position
                    let raw = try Self.varUInt(in: bytes, at: &position, end: end)
                    guard let value = T.isSigned ? T(exactly: Self.zigZagDecoded(raw)) : T(exactly: raw) else {
                        throw GCodableError.corrupted("integer out of range for \(T.self)", rule: .integerRange, at: start)
                    }
                    destination[index] = value
                }
            }
        }
        offset = position
        return values
    }

    /// Reads a string written by ``BinaryWriteBuffer/writeString(_:)``, rejecting invalid UTF-8.
    public mutating func readString() throws -> String {
        let start = offset
        let count = try readCount()
        let string = try withBytes(count: count) { String(checkedUTF8: $0) }
        guard let string else { throw GCodableError.corrupted("invalid UTF-8 in a string", rule: .stringUTF8, at: start) }
        return string
    }
}
