/// One encoding pass: the ``GEncoder`` that user types write their fields to, writing the
/// body into one growing buffer while it collects the type and key tables.
final class EncodingSession: GEncoder {
    /// How values of one Swift type are encoded, decided once per type and session.
    private enum Strategy {
        /// One BinaryIO unit; a native layout or an opaque, length-prefixed payload.
        case binary(typeReference: UInt32, isNative: Bool, kind: NodeKind, write: (UnsafeRawPointer, inout BinaryWriteBuffer) throws -> Void)
        /// An optional, encoded in place.
        case optional(encodeInPlace: (UnsafeRawPointer, EncodingSession, UInt32) throws -> Void)
        /// Field by field, as a `VAL` or `REF`.
        case fields(kind: NodeKind, typeReference: UInt32)
    }

    let userInfo: [CodingUserInfoKey: any Sendable]
    let binaryIOVersion: UInt16
    private let checksummed: Bool
    private var buffer: BinaryWriteBuffer
    private var types = TypeTable()
    private var keys = KeyTable()
    private var strategies: [ObjectIdentifier: Strategy] = [:]
    /// For each open `VAL`/`REF`, the number of unkeyed fields written so far.
    private var unkeyedCounts: [Int] = [0]
    /// When dumping, the description of each opaque BinaryIO value, by node offset.
    private(set) var opaqueDescriptions: [Int: String]?

    init(userInfo: [CodingUserInfoKey: any Sendable], binaryIOVersion: UInt16, checksummed: Bool, describingValues: Bool) {
        self.userInfo = userInfo
        self.binaryIOVersion = binaryIOVersion
        self.checksummed = checksummed
        opaqueDescriptions = describingValues ? [:] : nil
        buffer = BinaryWriteBuffer(version: binaryIOVersion, internalVersion: BinaryIOInternalVersion.current)
        buffer.writeBytes(repeatElement(0, count: ArchiveHeader.size))
    }

    /// Encodes `root` as the body and returns the finished archive.
    func archive<T: GEncodable>(_ root: T) throws -> [UInt8] {
        try encodeNode(root, keyID: 0)
        let bodyLength = buffer.count - ArchiveHeader.size
        types.write(to: &buffer)
        keys.write(to: &buffer)
        var bytes: [UInt8] = []
        swap(&bytes, &buffer.bytes)
        let header = ArchiveHeader(
            flags: checksummed ? .checksummed : [], internalBinaryIOVersion: buffer.internalVersion,
            userBinaryIOVersion: binaryIOVersion, bodyLength: UInt64(bodyLength),
            tablesLength: UInt64(bytes.count - ArchiveHeader.size - bodyLength))
        ArchiveHeader.seal(&bytes, header: header)
        return bytes
    }

    func encode<Value: GEncodable>(_ value: Value) throws {
        let index = unkeyedCounts[unkeyedCounts.count - 1]
        unkeyedCounts[unkeyedCounts.count - 1] = index + 1
        do {
            try encodeNode(value, keyID: 0)
        } catch let error as GCodableError {
            throw error.prefixingPath(with: .index(index))
        }
    }

    func encode<Key: RawRepresentable, Value: GEncodable>(_ value: Value, for key: Key) throws
    where Key.RawValue == String {
        do {
            try encodeNode(value, keyID: keys.id(for: key.rawValue))
        } catch let error as GCodableError {
            throw error.prefixingPath(with: .key(key.rawValue))
        }
    }

    /// Writes the node of `value`, with `keyID` (0 when unkeyed).
    func encodeNode<T: GEncodable>(_ value: T, keyID: UInt32) throws {
        switch strategy(for: T.self) {
        case .binary(let typeReference, let isNative, let kind, let write):
            if opaqueDescriptions != nil && !isNative { opaqueDescriptions?[buffer.count] = String(describing: value) }
            buffer.writeNodeHeader(kind, keyID: keyID, typeReference: typeReference)
            try withUnsafePointer(to: value) { pointer in
                if isNative {
                    try write(pointer, &buffer)
                } else {
                    try buffer.writeLengthPrefixed { try write(pointer, &$0) }
                }
            }
        case .optional(let encodeInPlace):
            try withUnsafePointer(to: value) { try encodeInPlace($0, self, keyID) }
        case .fields(let kind, let typeReference):
            buffer.writeNodeHeader(kind, keyID: keyID, typeReference: typeReference)
            unkeyedCounts.append(0)
            try value.encode(to: self)
            unkeyedCounts.removeLast()
            buffer.writeEnd()
        }
    }

    /// Writes a `NIL` node.
    func encodeNil(keyID: UInt32) {
        buffer.writeNodeHeader(.nil, keyID: keyID)
    }

    /// Writes the wrapped value of an optional in the optional's place; a wrapped optional
    /// goes in a one-field box so that `.some(nil)` stays distinct from `nil`.
    func encodeWrapped<Wrapped: GEncodable>(_ wrapped: Wrapped, keyID: UInt32) throws {
        guard case .optional = strategy(for: Wrapped.self) else {
            return try encodeNode(wrapped, keyID: keyID)
        }
        buffer.writeNodeHeader(.val, keyID: keyID, typeReference: UInt32(NativeTypeCode.optional.rawValue))
        try encodeNode(wrapped, keyID: 0)
        buffer.writeEnd()
    }

    private func strategy<T: GEncodable>(for type: T.Type) -> Strategy {
        let id = ObjectIdentifier(type)
        if let strategy = strategies[id] { return strategy }
        let strategy = makeStrategy(for: type)
        strategies[id] = strategy
        return strategy
    }

    private func makeStrategy<T: GEncodable>(for type: T.Type) -> Strategy {
        let isClass = type is AnyClass
        if let binary = type as? any GBinaryEncodable.Type {
            let kind: NodeKind = isClass ? .bir : .biv
            if let native = type as? any NativeBinaryType.Type {
                let reference = types.reference(for: .native(native.nativeDescriptor))
                return .binary(typeReference: reference, isNative: true, kind: kind, write: Self.binaryWriter(binary))
            }
            let reference = types.reference(for: .named(TypeName.named(type, kind: isClass ? .class : .value)))
            return .binary(typeReference: reference, isNative: false, kind: kind, write: Self.binaryWriter(binary))
        }
        if let optional = type as? any OptionalEncoding.Type {
            return .optional(encodeInPlace: Self.inPlaceEncoder(optional))
        }
        if isClass {
            return .fields(kind: .ref, typeReference: types.reference(for: .named(TypeName.named(type, kind: .class))))
        }
        if let native = type as? any NativeValueType.Type {
            return .fields(kind: .val, typeReference: UInt32(native.nativeTypeCode.rawValue))
        }
        return .fields(kind: .val, typeReference: types.reference(for: .named(TypeName.named(type, kind: .value))))
    }

    private static func binaryWriter<B: GBinaryEncodable>(_: B.Type) -> (UnsafeRawPointer, inout BinaryWriteBuffer) throws -> Void {
        { pointer, buffer in try pointer.assumingMemoryBound(to: B.self).pointee.write(to: &buffer) }
    }

    private static func inPlaceEncoder<O: OptionalEncoding>(_: O.Type) -> (UnsafeRawPointer, EncodingSession, UInt32) throws -> Void {
        { pointer, session, keyID in try pointer.assumingMemoryBound(to: O.self).pointee.encodeInPlace(session, keyID: keyID) }
    }
}

/// An optional that the encoder writes in its own place (see ``EncodingSession/encodeWrapped(_:keyID:)``).
protocol OptionalEncoding {
    func encodeInPlace(_ session: EncodingSession, keyID: UInt32) throws
}

extension Optional: OptionalEncoding where Wrapped: GEncodable {
    func encodeInPlace(_ session: EncodingSession, keyID: UInt32) throws {
        switch self {
        case .none: session.encodeNil(keyID: keyID)
        case .some(let wrapped): try session.encodeWrapped(wrapped, keyID: keyID)
        }
    }
}
