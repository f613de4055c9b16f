/// Up to 32 bytes composed on the stack, then appended to a buffer in one copy: a node's
/// tag and ids (and a small scalar) cost one append instead of one per byte.
struct ScratchBytes {
    private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private(set) var count = 0

    /// Appends a byte. The words are filled by shifts, not byte stores: a copy of the
    /// storage read right after byte stores to it stalls the processor (store forwarding
    /// fails), which cost a third of encoding.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        let index = count
        let bits = UInt64(byte) &<< UInt64((index & 7) * 8)
        switch index >> 3 {
        case 0: storage.0 |= bits
        case 1: storage.1 |= bits
        case 2: storage.2 |= bits
        default: storage.3 |= bits
        }
        count = index + 1
    }

    @inline(__always)
    mutating func appendVarUInt(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest &>>= 7
        }
        append(UInt8(truncatingIfNeeded: rest))
    }

    @inline(__always)
    mutating func appendVarInt(_ value: Int64) {
        appendVarUInt(UInt64(bitPattern: (value &<< 1) ^ (value &>> 63)))
    }

    /// A node's tag byte and the optional fields it announces (0 means absent).
    @inline(__always)
    static func nodeHeader(_ kind: NodeKind, keyID: UInt32, typeReference: UInt32 = 0, objectID: UInt32 = 0) -> ScratchBytes {
        var tag = kind.rawValue
        if keyID != 0 { tag |= NodeTag.keyed }
        if typeReference != 0 { tag |= NodeTag.typed }
        if objectID != 0 { tag |= NodeTag.identified }
        var scratch = ScratchBytes()
        scratch.append(tag)
        if keyID != 0 { scratch.appendVarUInt(UInt64(keyID)) }
        if typeReference != 0 { scratch.appendVarUInt(UInt64(typeReference)) }
        if objectID != 0 { scratch.appendVarUInt(UInt64(objectID)) }
        return scratch
    }

    @inline(__always)
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        let words = (storage.0.littleEndian, storage.1.littleEndian, storage.2.littleEndian, storage.3.littleEndian)
        return withUnsafeBytes(of: words) { body(UnsafeRawBufferPointer(rebasing: $0[0 ..< count])) }
    }
}

extension BinaryWriteBuffer {
    /// Appends composed bytes.
    @inline(__always)
    mutating func write(_ scratch: ScratchBytes) {
        scratch.withBytes { appendFew($0.assumingMemoryBound(to: UInt8.self)) }
    }

    /// Writes a node's tag byte and the optional fields it announces (0 means absent).
    @inline(__always)
    mutating func writeNodeHeader(_ kind: NodeKind, keyID: UInt32, typeReference: UInt32 = 0, objectID: UInt32 = 0) {
        write(.nodeHeader(kind, keyID: keyID, typeReference: typeReference, objectID: objectID))
    }

    /// Writes the `END` that closes the fields of a `VAL` or `REF`.
    @inline(__always)
    mutating func writeEnd() {
        writeByte(NodeKind.end.rawValue)
    }

    /// Writes what `body` writes, preceded by its length as a variable-length integer.
    mutating func writeLengthPrefixed(_ body: (inout BinaryWriteBuffer) throws -> Void) rethrows {
        let lengthOffset = count
        writeByte(0)
        try body(&self)
        fillVarUIntPlaceholder(at: lengthOffset, with: UInt64(count - lengthOffset - 1))
    }

    /// Writes `value` as a variable-length integer in place of the one-byte placeholder at
    /// `offset`, moving what follows when it takes more than a byte.
    mutating func fillVarUIntPlaceholder(at offset: Int, with value: UInt64) {
        if value < 0x80 {
            bytes[offset] = UInt8(value)
        } else {
            var prefix = ScratchBytes()
            prefix.appendVarUInt(value)
            prefix.withBytes { bytes.replaceSubrange(offset ..< offset + 1, with: $0) }
        }
    }
}
