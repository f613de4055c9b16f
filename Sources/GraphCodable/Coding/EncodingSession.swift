/// One encoding pass: the ``GEncoder`` that user types write their fields to, writing the
/// body into one growing buffer while it collects the type and key tables.
final class EncodingSession: GEncoder {
    /// How values of one Swift type are encoded, decided once per type and session.
    private enum Strategy {
        /// One BinaryIO unit; a native layout or an opaque, length-prefixed payload.
        case binary(typeReference: UInt32, isNative: Bool, kind: NodeKind, write: (UnsafeRawPointer, inout BinaryWriteBuffer) throws -> Void)
        /// An optional, encoded in place.
        case optional(encodeInPlace: (UnsafeRawPointer, EncodingSession, UInt32) throws -> Void)
        /// Field by field, as a `VAL` or `REF`; `keys` is the type's key sequence.
        case fields(kind: NodeKind, typeReference: UInt32, keys: Int)
    }

    /// A `VAL`/`REF` whose fields are being written.
    private struct OpenValue {
        let keys: Int
        var unkeyedCount = 0
        var keyedCount = 0
    }

    /// The session's mutable state. It lives behind a pointer so that the hot path pays no
    /// run-time exclusivity checks, which class properties would.
    private struct State {
        var buffer: BinaryWriteBuffer
        var types = TypeTable()
        var keys = KeyTable()
        var keySequences = KeySequences()
        var strategies = TypeCache<Strategy>()
        var openValues: [OpenValue] = []
        /// When dumping, the description of each opaque BinaryIO value, by node offset.
        var opaqueDescriptions: [Int: String]?
    }

    let userInfo: [CodingUserInfoKey: any Sendable]
    let binaryIOVersion: UInt16
    private let checksummed: Bool
    private let state: UnsafeMutablePointer<State>

    init(userInfo: [CodingUserInfoKey: any Sendable], binaryIOVersion: UInt16, checksummed: Bool, describingValues: Bool) {
        self.userInfo = userInfo
        self.binaryIOVersion = binaryIOVersion
        self.checksummed = checksummed
        var buffer = BinaryWriteBuffer(version: binaryIOVersion, internalVersion: BinaryIOInternalVersion.current)
        buffer.writeBytes(repeatElement(0, count: ArchiveHeader.size))
        state = .allocate(capacity: 1)
        state.initialize(to: State(buffer: buffer, opaqueDescriptions: describingValues ? [:] : nil))
        state.pointee.openValues.append(OpenValue(keys: state.pointee.keySequences.makeSequence()))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// When dumping, the description of each opaque BinaryIO value, by node offset.
    var opaqueDescriptions: [Int: String]? { state.pointee.opaqueDescriptions }

    /// Encodes `root` as the body and returns the finished archive.
    func archive<T: GEncodable>(_ root: T) throws -> [UInt8] {
        try encodeNode(root, keyID: 0)
        let bodyLength = state.pointee.buffer.count - ArchiveHeader.size
        state.pointee.types.write(to: &state.pointee.buffer)
        state.pointee.keys.write(to: &state.pointee.buffer)
        var bytes: [UInt8] = []
        swap(&bytes, &state.pointee.buffer.bytes)
        let header = ArchiveHeader(
            flags: checksummed ? .checksummed : [], internalBinaryIOVersion: state.pointee.buffer.internalVersion,
            userBinaryIOVersion: binaryIOVersion, bodyLength: UInt64(bodyLength),
            tablesLength: UInt64(bytes.count - ArchiveHeader.size - bodyLength))
        ArchiveHeader.seal(&bytes, header: header)
        return bytes
    }

    func encode<Value: GEncodable>(_ value: Value) throws {
        let last = state.pointee.openValues.count - 1
        let index = state.pointee.openValues[last].unkeyedCount
        state.pointee.openValues[last].unkeyedCount = index + 1
        do {
            try encodeNode(value, keyID: 0)
        } catch let error as GCodableError {
            throw error.prefixingPath(with: .index(index))
        }
    }

    func encode<Key: RawRepresentable, Value: GEncodable>(_ value: Value, for key: Key) throws
    where Key.RawValue == String {
        do {
            let last = state.pointee.openValues.count - 1
            let open = state.pointee.openValues[last]
            state.pointee.openValues[last].keyedCount = open.keyedCount + 1
            let keyID = state.pointee.keySequences.id(for: key.rawValue, sequence: open.keys, position: open.keyedCount) {
                state.pointee.keys.id(for: $0)
            }
            try encodeNode(value, keyID: keyID)
        } catch let error as GCodableError {
            throw error.prefixingPath(with: .key(key.rawValue))
        }
    }

    /// Writes the node of `value`, with `keyID` (0 when unkeyed).
    func encodeNode<T: GEncodable>(_ value: T, keyID: UInt32) throws {
        if ScalarFastPath.write(value, keyID: keyID, to: &state.pointee.buffer) { return }
        try encodeWithStrategy(value, keyID: keyID)
    }

    /// The general path of ``encodeNode(_:keyID:)``, kept out of line: the generic types it
    /// forms would otherwise cost a metadata lookup on the fast path too.
    @inline(never)
    private func encodeWithStrategy<T: GEncodable>(_ value: T, keyID: UInt32) throws {
        switch strategy(for: T.self) {
        case .binary(let typeReference, let isNative, let kind, let write):
            if state.pointee.opaqueDescriptions != nil && !isNative {
                state.pointee.opaqueDescriptions?[state.pointee.buffer.count] = String(describing: value)
            }
            state.pointee.buffer.writeNodeHeader(kind, keyID: keyID, typeReference: typeReference)
            try withUnsafePointer(to: value) { pointer in
                if isNative {
                    try write(pointer, &state.pointee.buffer)
                } else {
                    try state.pointee.buffer.writeLengthPrefixed { try write(pointer, &$0) }
                }
            }
        case .optional(let encodeInPlace):
            try withUnsafePointer(to: value) { try encodeInPlace($0, self, keyID) }
        case .fields(let kind, let typeReference, let keys):
            state.pointee.buffer.writeNodeHeader(kind, keyID: keyID, typeReference: typeReference)
            state.pointee.openValues.append(OpenValue(keys: keys))
            try value.encode(to: self)
            state.pointee.openValues.removeLast()
            state.pointee.buffer.writeEnd()
        }
    }

    /// Writes a `NIL` node.
    func encodeNil(keyID: UInt32) {
        state.pointee.buffer.writeNodeHeader(.nil, keyID: keyID)
    }

    /// Writes the wrapped value of an optional in the optional's place; a wrapped optional
    /// goes in a one-field box so that `.some(nil)` stays distinct from `nil`.
    func encodeWrapped<Wrapped: GEncodable>(_ wrapped: Wrapped, keyID: UInt32) throws {
        guard case .optional = strategy(for: Wrapped.self) else {
            return try encodeNode(wrapped, keyID: keyID)
        }
        state.pointee.buffer.writeNodeHeader(.val, keyID: keyID, typeReference: UInt32(NativeTypeCode.optional.rawValue))
        try encodeNode(wrapped, keyID: 0)
        state.pointee.buffer.writeEnd()
    }

    private func strategy<T: GEncodable>(for type: T.Type) -> Strategy {
        if let strategy = state.pointee.strategies.value(for: type) { return strategy }
        let strategy = makeStrategy(for: type)
        state.pointee.strategies.insert(strategy, for: type)
        return strategy
    }

    private func makeStrategy<T: GEncodable>(for type: T.Type) -> Strategy {
        let isClass = type is AnyClass
        if let binary = type as? any GBinaryEncodable.Type {
            let kind: NodeKind = isClass ? .bir : .biv
            if let native = type as? any NativeBinaryType.Type {
                let reference = state.pointee.types.reference(for: .native(native.nativeDescriptor))
                return .binary(typeReference: reference, isNative: true, kind: kind, write: Self.binaryWriter(binary))
            }
            let reference = state.pointee.types.reference(for: .named(TypeName.named(type, kind: isClass ? .class : .value)))
            return .binary(typeReference: reference, isNative: false, kind: kind, write: Self.binaryWriter(binary))
        }
        if let optional = type as? any OptionalEncoding.Type {
            return .optional(encodeInPlace: Self.inPlaceEncoder(optional))
        }
        let keys = state.pointee.keySequences.makeSequence()
        if isClass {
            let reference = state.pointee.types.reference(for: .named(TypeName.named(type, kind: .class)))
            return .fields(kind: .ref, typeReference: reference, keys: keys)
        }
        if let native = type as? any NativeValueType.Type {
            return .fields(kind: .val, typeReference: UInt32(native.nativeTypeCode.rawValue), keys: keys)
        }
        let reference = state.pointee.types.reference(for: .named(TypeName.named(type, kind: .value)))
        return .fields(kind: .val, typeReference: reference, keys: keys)
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
