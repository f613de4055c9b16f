/// Dedicated paths for the most common scalars (writing `Int`, `String`, `Double`,
/// `Float` and `Bool`; reading all but `Bool`), which skip the per-type strategy lookup
/// and the generic BinaryIO call. The readers decode without checks: they rely on the
/// parser, which has checked every native payload's bytes.
enum ScalarFastPath {
    /// Writes `value` as a `BIV` node if its type has a fast path; returns whether it did.
    @inline(__always)
    static func write<T>(_ value: T, keyID: UInt32, to buffer: inout BinaryWriteBuffer) -> Bool {
        if T.self == Int.self {
            let int = Int64(unsafeBitCast(value, to: Int.self))
            if buffer.internalVersion >= BinaryIOInternalVersion.fixedWidthIntegers {
                buffer.writeNodeHeader(.biv, keyID: keyID, typeReference: reference(.int))
                buffer.writeFixedWidth(int)
            } else {
                buffer.appendInPlace(upTo: BinaryWriteBuffer.maximumNodeHeaderSize + BinaryWriteBuffer.maximumVarIntSize) {
                    let header = BinaryWriteBuffer.storeNodeHeader(.biv, keyID: keyID, typeReference: reference(.int), at: $0)
                    return header + BinaryWriteBuffer.storeVarUInt(BinaryWriteBuffer.zigZag(int), at: $0 + header)
                }
            }
        } else if T.self == String.self {
            buffer.writeNodeHeader(.biv, keyID: keyID, typeReference: reference(.string))
            buffer.writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Double.self {
            buffer.writeNodeHeader(.biv, keyID: keyID, typeReference: reference(.double))
            buffer.writeFixedWidth(unsafeBitCast(value, to: Double.self).bitPattern)
        } else if T.self == Float.self {
            buffer.writeNodeHeader(.biv, keyID: keyID, typeReference: reference(.float))
            buffer.writeFixedWidth(unsafeBitCast(value, to: Float.self).bitPattern)
        } else if T.self == Bool.self {
            let byte: UInt8 = unsafeBitCast(value, to: Bool.self) ? 1 : 0
            buffer.appendInPlace(upTo: BinaryWriteBuffer.maximumNodeHeaderSize + 1) {
                let header = BinaryWriteBuffer.storeNodeHeader(.biv, keyID: keyID, typeReference: reference(.bool), at: $0)
                $0.storeBytes(of: byte, toByteOffset: header, as: UInt8.self)
                return header + 1
            }
        } else {
            return false
        }
        return true
    }

    /// What decoding a `T` written by ``write(_:keyID:to:)`` charges: nothing for the scalars
    /// it reads on its fast path, the size of others.
    @inline(__always)
    static func readingCost<T>(_: T.Type) -> Int {
        scalar(T.self) == nil ? ReadingCost.value(T.self, isClass: false) : 0
    }

    /// The scalars with a read fast path.
    enum Scalar {
        case int, string, double, float

        var typeReference: UInt32 {
            switch self {
            case .int: return reference(.int)
            case .string: return reference(.string)
            case .double: return reference(.double)
            case .float: return reference(.float)
            }
        }
    }

    /// The fast-path scalar `T` is, if any. (Returns no `T?`: forming `Optional<T>` in
    /// generic code would cost a metadata lookup per value.)
    @inline(__always)
    static func scalar<T>(_: T.Type) -> Scalar? {
        if T.self == Int.self { return .int }
        if T.self == String.self { return .string }
        if T.self == Double.self { return .double }
        if T.self == Float.self { return .float }
        return nil
    }

    // The readers below take a `BIV` node of the matching scalar type, whose payload
    // the parser has already checked.

    @inline(__always)
    static func readInt(_ node: ArchiveNode, in bytes: [UInt8], fixedWidth: Bool) -> Int {
        if fixedWidth { return Int(truncatingIfNeeded: fixed(bytes, at: node.binaryPayload.lowerBound) as Int64) }
        let raw = varUInt(bytes, at: node.binaryPayload.lowerBound)
        return Int(truncatingIfNeeded: Int64(bitPattern: (raw &>> 1) ^ (0 &- (raw & 1))))
    }

    @inline(__always)
    static func readString(_ node: ArchiveNode, in bytes: [UInt8]) throws -> String {
        let payload = node.binaryPayload
        let count = Int(truncatingIfNeeded: varUInt(bytes, at: payload.lowerBound))
        let text = bytes.withUnsafeBytes { raw in
            String(checkedUTF8: UnsafeRawBufferPointer(rebasing: raw[payload.upperBound - count ..< payload.upperBound]))
        }
        guard let text else { throw GCodableError.corrupted("invalid UTF-8 in a string", rule: .stringUTF8, at: payload.lowerBound) }
        return text
    }

    @inline(__always)
    static func readDouble(_ node: ArchiveNode, in bytes: [UInt8]) -> Double {
        Double(bitPattern: fixed(bytes, at: node.binaryPayload.lowerBound))
    }

    @inline(__always)
    static func readFloat(_ node: ArchiveNode, in bytes: [UInt8]) -> Float {
        Float(bitPattern: fixed(bytes, at: node.binaryPayload.lowerBound))
    }

    @inline(__always)
    private static func reference(_ code: NativeTypeCode) -> UInt32 { UInt32(code.rawValue) }

    @inline(__always)
    private static func varUInt(_ bytes: [UInt8], at start: Int) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        var index = start
        while true {
            let byte = bytes[index]
            result |= UInt64(byte & 0x7F) &<< shift
            if byte < 0x80 { return result }
            shift += 7
            index += 1
        }
    }

    @inline(__always)
    private static func fixed<I: FixedWidthInteger>(_ bytes: [UInt8], at start: Int) -> I {
        I(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: I.self) })
    }
}
