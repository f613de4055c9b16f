/// Checks of native payloads that read their bytes where they lie and build no value: what
/// validation does for every payload that holds no dictionary key, set element or range
/// bound (those are compared, which ``NativeContentCheck`` does).
extension NativeDescriptor {
    /// Whether a payload of this layout holds nothing that is compared with another value,
    /// where `part` tells it of the layout's part at a position (see
    /// ``TypeTable/nativeLayoutAnswers(otherwise:_:)``).
    func comparesNothing(part: (Int, NativeDescriptor) -> Bool) -> Bool {
        switch self {
        case .scalar, .simd: true
        case .array(let element): part(0, element)
        case .optional(let wrapped): part(0, wrapped)
        case .set, .dictionary, .range, .closedRange: false
        }
    }

    /// Whether every payload of the right length is a valid value (see
    /// ``NativeTypeCode/acceptsEveryBitPattern(internalVersion:)``): such a layout, or an
    /// array or SIMD vector of such scalars.
    func acceptsEveryBitPattern(internalVersion: UInt16) -> Bool {
        switch self {
        case .scalar(let code), .array(.scalar(let code)), .simd(_, .scalar(let code)):
            code.acceptsEveryBitPattern(internalVersion: internalVersion)
        default:
            false
        }
    }

    /// Moves `reader` past one payload of this layout, checking its contents as
    /// ``walk(_:maximumElements:_:)`` does. Only for layouts that compare nothing.
    func checkInPlace(_ reader: inout BinaryReadBuffer) throws {
        switch self {
        case .scalar(let code):
            try code.checkInPlace(&reader)
        case .array(let element):
            if case .scalar(let code) = element, code.acceptsEveryBitPattern(internalVersion: reader.internalVersion) {
                // Lengths are all there is to check, which skipping does for all the elements at once.
                return try skip(&reader, maximumLength: .max)
            }
            for _ in 0 ..< (try reader.readCount()) { try element.checkInPlace(&reader) }
        case .optional(let wrapped):
            if try Self.readPresence(&reader) { try wrapped.checkInPlace(&reader) }
        case .simd(let lanes, let scalar):
            for _ in 0 ..< lanes { try scalar.checkInPlace(&reader) }
        case .set, .dictionary, .range, .closedRange:
            preconditionFailure("\(self) compares its elements: NativeContentCheck checks it")
        }
    }
}

extension NativeTypeCode {
    /// Whether every payload of the right length is a valid value: floating-point numbers,
    /// dates, UUIDs, geometry, data, bytes and 64- and 128-bit integers (varints are checked
    /// for overflow and overlong forms by skipping them).
    func acceptsEveryBitPattern(internalVersion: UInt16) -> Bool {
        switch self {
        case .float16, .float, .double, .cgFloat, .date, .uuid, .cgPoint, .cgSize, .cgRect, .data,
            .int8, .uint8, .int64, .int, .uint64, .uint, .int128, .uint128:
            return true
        case .int16, .int32, .uint16, .uint32:
            return internalVersion >= BinaryIOInternalVersion.fixedWidthIntegers
        default:
            return false
        }
    }

    /// Moves `reader` past one payload of this scalar, checking its contents as
    /// ``NativeDescriptor/readScalar(_:_:)`` does.
    func checkInPlace(_ reader: inout BinaryReadBuffer) throws {
        if acceptsEveryBitPattern(internalVersion: reader.internalVersion) {
            return try skip(&reader, maximumLength: .max)
        }
        guard self == .string else {
            _ = try NativeDescriptor.readScalar(self, &reader)
            return
        }
        let start = reader.offset
        let isValid = try reader.withBytes(count: try reader.readCount()) { $0.isUTF8 }
        guard isValid else { throw GCodableError.corrupted("invalid UTF-8 in a string", rule: .stringUTF8, at: start) }
    }

    /// The text of a string's payload (which parsing checked): the bytes after its count.
    static func text(ofStringPayload payload: Slice<UnsafeBufferPointer<UInt8>>) -> UnsafeRawBufferPointer {
        // A count is bytes with the high bit set, then one without.
        let countEnd = payload.firstIndex { $0 < 0x80 } ?? payload.endIndex - 1
        return UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: payload[(countEnd + 1)...]))
    }

    /// Whether a string's payload (which parsing checked) holds valid UTF-8.
    static func isUTF8(stringPayload payload: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        text(ofStringPayload: payload).isUTF8
    }
}
