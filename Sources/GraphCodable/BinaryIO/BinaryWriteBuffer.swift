/// A growing byte buffer that BinaryIO types write themselves to, in little-endian order.
///
/// `BinaryWriteBuffer` is a value type: a type's ``BinaryOType/write(to:)`` receives it `inout`.
public struct BinaryWriteBuffer: Sendable {
    /// The bytes written so far, then room for more (zeroed when made): writes store into
    /// that room rather than append, so that a node's few bytes cost no per-byte bookkeeping.
    private var storage: [UInt8]
    /// The number of bytes written so far.
    public private(set) var count = 0
    /// The user's BinaryIO version, chosen with `GraphEncoder(binaryIOVersion:)`.
    ///
    /// Switch on it in ``BinaryOType/write(to:)`` to keep writing an older layout.
    public let version: UInt16
    /// The version of the library's own layouts (see ``BinaryIOInternalVersion``).
    public let internalVersion: UInt16
    /// The memory a reader reserves for the collections written so far (``ReservedRoom``),
    /// counted so that a writer can refuse what readers would.
    var reservedRoom = 0
    /// The longest length-prefixed run (string, data, payload) written so far, in bytes; -1
    /// before any.
    var longestLength = -1
    /// Whether sets and dictionaries are written in the canonical order (their elements'
    /// bytes ascending), as ``GraphEncoder/Options/deterministic`` asks.
    var writesCanonicalOrder = false

    /// Creates an empty buffer that writes with the given user BinaryIO version.
    public init(version: UInt16 = 0) {
        self.init(version: version, internalVersion: BinaryIOInternalVersion.current)
    }

    init(version: UInt16, internalVersion: UInt16, reservingCapacity capacity: Int = 256) {
        self.version = version
        self.internalVersion = internalVersion
        storage = []
        storage.reserveCapacity(capacity)
    }

    /// The bytes written so far (a copy: ``count`` tells how many without one).
    public var bytes: [UInt8] { Array(storage[..<count]) }

    /// Calls `body` with the bytes written so far, in place.
    func withWrittenBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// Takes the bytes written out of the buffer, which is left empty (no copy).
    mutating func takeBytes() -> [UInt8] {
        storage.removeSubrange(count...)
        count = 0
        var taken: [UInt8] = []
        swap(&taken, &storage)
        return taken
    }

    /// Lets `body` write at most `room` bytes after those written, from the address it
    /// receives; `body` returns how many it wrote.
    @inline(__always)
    mutating func appendInPlace(upTo room: Int, _ body: (UnsafeMutableRawPointer) throws -> Int) rethrows {
        if storage.count &- count < room { grow(toFit: room) }
        let start = count
        count = start + (try storage.withUnsafeMutableBytes { try body($0.baseAddress.unsafelyUnwrapped + start) })
    }

    /// Makes room for `room` more bytes: the array's capacity grows to at least twice what is
    /// needed, and its zeroed room a few pages at a time, so that no more memory is touched
    /// than is written. (Twice the need, so that the small write after a large one never
    /// copies everything into a new array while the old one is still held.)
    @inline(never)
    private mutating func grow(toFit room: Int) {
        let needed = count + room
        if storage.capacity < needed { storage.reserveCapacity(Swift.max(storage.capacity, needed) * 2) }
        let zeroed = Swift.min(storage.capacity, Swift.max(needed, storage.count + Self.zeroingStep))
        storage.append(contentsOf: repeatElement(0, count: zeroed - storage.count))
    }

    /// How many bytes of room are zeroed at least at a time.
    private static let zeroingStep = 16_384

    /// Counts the room a reader reserves for `count` elements of `Element` (and a
    /// collection's header) in ``reservedRoom`` (``BinaryReadBuffer/reserve(_:of:)``).
    mutating func countRoom<Element>(_ count: Int, of _: Element.Type) {
        reservedRoom &+= ReservedRoom.collection(count, of: Element.self)
    }

    /// Appends one byte.
    @inline(__always)
    public mutating func writeByte(_ byte: UInt8) {
        appendInPlace(upTo: 1) {
            $0.storeBytes(of: byte, as: UInt8.self)
            return 1
        }
    }

    /// Appends raw bytes, unchanged.
    public mutating func writeBytes(_ raw: UnsafeRawBufferPointer) {
        guard let source = raw.baseAddress else { return }
        appendInPlace(upTo: raw.count) {
            $0.copyMemory(from: source, byteCount: raw.count)
            return raw.count
        }
    }

    /// Appends a collection of raw bytes, unchanged.
    public mutating func writeBytes<C: Collection>(_ collection: C) where C.Element == UInt8 {
        let appended: Void? = collection.withContiguousStorageIfAvailable { writeBytes(UnsafeRawBufferPointer($0)) }
        if appended == nil { for byte in collection { writeByte(byte) } }
    }

    /// Appends an integer in its full width, little-endian.
    @inline(__always)
    public mutating func writeFixedWidth<T: FixedWidthInteger>(_ value: T) {
        appendInPlace(upTo: MemoryLayout<T>.size) {
            $0.storeBytes(of: value.littleEndian, as: T.self)
            return MemoryLayout<T>.size
        }
    }

    /// Appends an unsigned integer as a LEB128 variable-length integer (1 to 10 bytes).
    @inline(__always)
    public mutating func writeVarUInt(_ value: UInt64) {
        appendInPlace(upTo: Self.maximumVarIntSize) { Self.storeVarUInt(value, at: $0) }
    }

    /// The most bytes a variable-length integer takes.
    static let maximumVarIntSize = 10

    /// Stores `value` as a LEB128 variable-length integer at `address`; returns its size.
    @inline(__always)
    static func storeVarUInt(_ value: UInt64, at address: UnsafeMutableRawPointer) -> Int {
        var rest = value
        var size = 0
        while rest >= 0x80 {
            address.storeBytes(of: UInt8(truncatingIfNeeded: rest) | 0x80, toByteOffset: size, as: UInt8.self)
            rest &>>= 7
            size += 1
        }
        address.storeBytes(of: UInt8(truncatingIfNeeded: rest), toByteOffset: size, as: UInt8.self)
        return size + 1
    }

    /// The number of bytes `value` takes as a variable-length integer.
    static func varUIntSize(_ value: UInt64) -> Int {
        max(1, (64 - value.leadingZeroBitCount + 6) / 7)
    }

    /// The zig-zag form of a signed integer, for a variable-length integer.
    @inline(__always)
    static func zigZag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value &<< 1) ^ (value &>> 63))
    }

    /// Appends a signed integer as a zig-zag LEB128 variable-length integer.
    @inline(__always)
    public mutating func writeVarInt(_ value: Int64) {
        writeVarUInt(Self.zigZag(value))
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
            writeByte(UInt8(truncatingIfNeeded: value))
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

    /// Appends the byte length of a string, data or opaque payload (not an element count),
    /// counted in ``longestLength``.
    mutating func writeLength(_ length: Int) {
        longestLength = Swift.max(longestLength, length)
        writeVarUInt(UInt64(length))
    }

    /// Appends a string as its UTF-8 byte count followed by its UTF-8 bytes.
    public mutating func writeString(_ string: String) {
        // Read in place, without a copy of the string to make contiguous, unless it is a
        // bridged one whose UTF-8 is not stored.
        let written: Void? = string.utf8.withContiguousStorageIfAvailable { writeUTF8($0) }
        if written == nil {
            var string = string
            string.withUTF8 { writeUTF8($0) }
        }
    }

    /// Appends `utf8`'s byte count followed by its bytes.
    @inline(__always)
    private mutating func writeUTF8(_ utf8: UnsafeBufferPointer<UInt8>) {
        longestLength = Swift.max(longestLength, utf8.count)
        appendInPlace(upTo: Self.maximumVarIntSize + utf8.count) { address in
            let prefix = Self.storeVarUInt(UInt64(utf8.count), at: address)
            if let text = utf8.baseAddress { (address + prefix).copyMemory(from: text, byteCount: utf8.count) }
            return prefix + utf8.count
        }
    }

    /// Overwrites bytes already written, starting at `offset`.
    mutating func overwrite(at offset: Int, with raw: UnsafeRawBufferPointer) {
        precondition(offset >= 0 && raw.count <= count - offset, "overwriting bytes not written")
        storage.withUnsafeMutableBytes { destination in
            UnsafeMutableRawBufferPointer(rebasing: destination[offset ..< offset + raw.count])
                .copyMemory(from: raw)
        }
    }

    /// Writes `value` as a variable-length integer in place of the one-byte placeholder at
    /// `offset`, moving what follows when it takes more than a byte.
    mutating func fillVarUIntPlaceholder(at offset: Int, with value: UInt64) {
        precondition(offset >= 0 && offset < count, "filling a placeholder not written")
        let size = Self.varUIntSize(value)
        if storage.count - count < size - 1 { grow(toFit: size - 1) }
        let following = count - offset - 1
        count += size - 1
        storage.withUnsafeMutableBytes { raw in
            let placeholder = raw.baseAddress.unsafelyUnwrapped.advanced(by: offset).assumingMemoryBound(to: UInt8.self)
            (placeholder + size).update(from: placeholder + 1, count: following)
            _ = Self.storeVarUInt(value, at: UnsafeMutableRawPointer(placeholder))
        }
    }
}
