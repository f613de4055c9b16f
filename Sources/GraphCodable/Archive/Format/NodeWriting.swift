// How the encoder, the conversion and the JSON reader write nodes into a buffer.

extension BinaryWriteBuffer {
    /// The most bytes a node's header takes: its tag and three ids.
    static let maximumNodeHeaderSize = 1 + 3 * 5

    /// Stores a node's tag byte and the optional fields it announces (0 means absent) at
    /// `address`; returns their size.
    @inline(__always)
    static func storeNodeHeader(
        _ kind: NodeKind, keyID: UInt32, typeReference: UInt32 = 0, objectID: UInt32 = 0, at address: UnsafeMutableRawPointer
    ) -> Int {
        var tag = kind.rawValue
        if keyID != 0 { tag |= NodeTag.keyed }
        if typeReference != 0 { tag |= NodeTag.typed }
        if objectID != 0 { tag |= NodeTag.identified }
        address.storeBytes(of: tag, as: UInt8.self)
        var size = 1
        if keyID != 0 { size += storeVarUInt(UInt64(keyID), at: address + size) }
        if typeReference != 0 { size += storeVarUInt(UInt64(typeReference), at: address + size) }
        if objectID != 0 { size += storeVarUInt(UInt64(objectID), at: address + size) }
        return size
    }

    /// Writes a node's tag byte and the optional fields it announces (0 means absent).
    @inline(__always)
    mutating func writeNodeHeader(_ kind: NodeKind, keyID: UInt32, typeReference: UInt32 = 0, objectID: UInt32 = 0) {
        appendInPlace(upTo: Self.maximumNodeHeaderSize) {
            Self.storeNodeHeader(kind, keyID: keyID, typeReference: typeReference, objectID: objectID, at: $0)
        }
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
        let length = count - lengthOffset - 1
        longestLength = Swift.max(longestLength, length)
        fillVarUIntPlaceholder(at: lengthOffset, with: UInt64(length))
    }
}
