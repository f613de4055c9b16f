extension BinaryWriteBuffer {
    /// Writes a node's tag byte and the optional fields it announces (0 means absent).
    @inline(__always)
    mutating func writeNodeHeader(_ kind: NodeKind, keyID: UInt32, typeReference: UInt32 = 0, objectID: UInt32 = 0) {
        var tag = kind.rawValue
        if keyID != 0 { tag |= NodeTag.keyed }
        if typeReference != 0 { tag |= NodeTag.typed }
        if objectID != 0 { tag |= NodeTag.identified }
        writeByte(tag)
        if keyID != 0 { writeVarUInt(UInt64(keyID)) }
        if typeReference != 0 { writeVarUInt(UInt64(typeReference)) }
        if objectID != 0 { writeVarUInt(UInt64(objectID)) }
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
        if length < 0x80 {
            bytes[lengthOffset] = UInt8(length)
        } else {
            var prefix = BinaryWriteBuffer(version: version, internalVersion: internalVersion, reservingCapacity: 10)
            prefix.writeCount(length)
            bytes.replaceSubrange(lengthOffset ..< lengthOffset + 1, with: prefix.bytes)
        }
    }
}
