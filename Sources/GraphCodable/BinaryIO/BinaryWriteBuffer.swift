/// A growing byte buffer that BinaryIO types write themselves to, in little-endian order.
///
/// `BinaryWriteBuffer` is a value type: a type's ``BinaryOType/write(to:)`` receives it `inout`.
public struct BinaryWriteBuffer: Sendable {
    /// The bytes written so far.
    public internal(set) var bytes: [UInt8]
    /// The user's BinaryIO version, chosen with `GraphEncoder(binaryIOVersion:)`.
    ///
    /// Switch on it in ``BinaryOType/write(to:)`` to keep writing an older layout.
    public let version: UInt16
    /// The version of the library's own layouts (see ``BinaryIOInternalVersion``).
    public let internalVersion: UInt16

    /// Creates an empty buffer that writes with the given user BinaryIO version.
    public init(version: UInt16 = 0) {
        self.init(version: version, internalVersion: BinaryIOInternalVersion.current)
    }

    init(version: UInt16, internalVersion: UInt16, reservingCapacity capacity: Int = 256) {
        self.version = version
        self.internalVersion = internalVersion
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The number of bytes written so far.
    public var count: Int { bytes.count }

    /// Appends one byte.
    @inline(__always)
    public mutating func writeByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends raw bytes, unchanged.
    public mutating func writeBytes(_ raw: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: raw)
    }

    /// Appends a few bytes (a node's header), one by one: cheaper than a copy for so few.
    @inline(__always)
    mutating func appendFew(_ few: UnsafeBufferPointer<UInt8>) {
        for byte in few { bytes.append(byte) }
    }

    /// Appends a collection of raw bytes, unchanged.
    public mutating func writeBytes<C: Collection>(_ collection: C) where C.Element == UInt8 {
        let appended: Void? = collection.withContiguousStorageIfAvailable { buffer in
            bytes.append(contentsOf: UnsafeRawBufferPointer(buffer))
        }
        if appended == nil { bytes.append(contentsOf: collection) }
    }

    /// Appends an integer in its full width, little-endian.
    @inline(__always)
    public mutating func writeFixedWidth<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends an unsigned integer as a LEB128 variable-length integer (1 to 10 bytes).
    @inline(__always)
    public mutating func writeVarUInt(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest &>>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }

    /// Appends a signed integer as a zig-zag LEB128 variable-length integer.
    @inline(__always)
    public mutating func writeVarInt(_ value: Int64) {
        writeVarUInt(UInt64(bitPattern: (value &<< 1) ^ (value &>> 63)))
    }

    /// Appends an element count or a byte length.
    @inline(__always)
    public mutating func writeCount(_ count: Int) {
        writeVarUInt(UInt64(count))
    }

    /// Appends an integer in the library's layout: one byte for 8-bit types, otherwise a
    /// (zig-zag) variable-length integer, or the full width under
    /// ``BinaryIOInternalVersion/fixedWidthIntegers``.
    @inline(__always)
    public mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
        if T.bitWidth == 8 {
            bytes.append(UInt8(truncatingIfNeeded: value))
        } else if internalVersion >= BinaryIOInternalVersion.fixedWidthIntegers {
            writeFixedWidth(value)
        } else if T.isSigned {
            writeVarInt(Int64(truncatingIfNeeded: value))
        } else {
            writeVarUInt(UInt64(truncatingIfNeeded: value))
        }
    }

    /// Appends integers in the library's layout (see ``writeInteger(_:)``): one copy on a
    /// little-endian machine when the layout is their in-memory one.
    mutating func writeIntegers<T: FixedWidthInteger>(_ values: UnsafeBufferPointer<T>) {
        #if _endian(little)
        if T.bitWidth == 8 || internalVersion >= BinaryIOInternalVersion.fixedWidthIntegers {
            return writeBytes(UnsafeRawBufferPointer(values))
        }
        #endif
        for value in values { writeInteger(value) }
    }

    /// Appends a string as its UTF-8 byte count followed by its UTF-8 bytes.
    public mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            writeCount(utf8.count)
            bytes.append(contentsOf: UnsafeRawBufferPointer(utf8))
        }
    }

    /// Overwrites bytes already written, starting at `offset`.
    mutating func overwrite(at offset: Int, with raw: UnsafeRawBufferPointer) {
        bytes.withUnsafeMutableBytes { destination in
            UnsafeMutableRawBufferPointer(rebasing: destination[offset ..< offset + raw.count])
                .copyMemory(from: raw)
        }
    }
}
