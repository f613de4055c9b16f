/// One decoding pass over a parsed archive: the ``GDecoder`` that user types read their
/// fields from. Each `VAL`/`REF` being decoded is a scope whose fields are removed as
/// they are decoded.
final class DecodingSession: GDecoder {
    /// How values of one Swift type are decoded, decided once per type and session.
    private enum Strategy {
        /// One BinaryIO unit; `expectedReference` is the archive's reference of the
        /// native layout (`nil` for opaque types, 0 when the archive has no such layout).
        /// A packed optional also accepts, in place, a `NIL` or its wrapped value's node.
        case binary(
            expectedReference: UInt32?, read: (inout BinaryReadBuffer, UnsafeMutableRawPointer) throws -> Void,
            decodeInPlace: ((DecodingSession, Int, UnsafeMutableRawPointer) throws -> Void)?)
        /// An optional, decoded in place.
        case optional(decodeInPlace: (DecodingSession, Int, UnsafeMutableRawPointer) throws -> Void)
        /// Field by field, from a `VAL` or `REF`; `keys` is the type's key sequence.
        case fields(kind: NodeKind, keys: Int)
    }

    /// A `VAL`/`REF` whose fields are being decoded. Its fields are the sibling chain that
    /// starts at `node + 1`; the cursors point into it.
    private struct Scope {
        let node: Int
        let keys: Int
        var keyCursor: Int
        var unkeyedCursor: Int
        var unkeyedRemaining: Int
        var unkeyedTaken = 0
        var keyedRequests = 0
    }

    /// The session's mutable state. It lives behind a pointer so that the hot path pays no
    /// run-time exclusivity checks, which class properties would.
    private struct State {
        var strategies = TypeCache<Strategy>()
        var keySequences = KeySequences()
        /// Whether each node has been decoded (and so removed from its scope).
        var decoded: [Bool]
        var scopes: [Scope] = []
    }

    let userInfo: [CodingUserInfoKey: any Sendable]
    let archive: ParsedArchive
    private let nodes: [ArchiveNode]
    private let bytes: [UInt8]
    private let state: UnsafeMutablePointer<State>

    init(archive: ParsedArchive, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.archive = archive
        self.nodes = archive.nodes
        self.bytes = archive.bytes
        self.userInfo = userInfo
        state = .allocate(capacity: 1)
        state.initialize(to: State(decoded: Array(repeating: false, count: archive.nodes.count)))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var binaryIOVersion: UInt16 { archive.header.userBinaryIOVersion }

    var encodedTypeVersion: UInt32 {
        get throws {
            guard let scope = state.pointee.scopes.last else {
                throw GCodableError.internalInconsistency(
                    Self.self, .init(debugDescription: "encodedTypeVersion read outside init(from:)"))
            }
            if case .named(let named)? = archive.types.resolve(nodes[scope.node].typeReference) {
                return named.version
            }
            return 0
        }
    }

    var unkeyedCount: Int { state.pointee.scopes.last?.unkeyedRemaining ?? 0 }

    func contains<Key: RawRepresentable>(_ key: Key) throws -> Bool where Key.RawValue == String {
        guard let keyID = archive.keys.existingID(for: key.rawValue) else { return false }
        return findKeyed(keyID, removing: false) != nil
    }

    func decode<Value: GDecodable>() throws -> Value {
        guard let scope = state.pointee.scopes.last else {
            throw GCodableError.internalInconsistency(Self.self, .init(debugDescription: "decode() called outside init(from:)"))
        }
        let index = scope.unkeyedTaken
        guard let field = takeUnkeyed() else {
            throw GCodableError.valueNotFound(
                Value.self, .init(debugDescription: "no more unkeyed values", path: [.index(index)],
                                  byteOffset: nodes[scope.node].offset))
        }
        do {
            return try decodeNode(field)
        } catch let error as GCodableError {
            throw error.prefixingPath(with: .index(index))
        }
    }

    func decode<Key: RawRepresentable, Value: GDecodable>(for key: Key) throws -> Value where Key.RawValue == String {
        let rawKey = key.rawValue
        guard let field = findKeyed(keyID(for: rawKey), removing: true) else {
            throw GCodableError.keyNotFound(
                rawKey, .init(debugDescription: "no value for key \"\(rawKey)\"", path: [.key(rawKey)],
                              byteOffset: state.pointee.scopes.last.map { nodes[$0.node].offset }))
        }
        do {
            return try decodeNode(field)
        } catch let error as GCodableError {
            throw error.prefixingPath(with: .key(rawKey))
        }
    }

    /// The archive's id of `key` (0 when the archive has no such key), predicted from the
    /// keys earlier values of the same type asked for.
    private func keyID(for key: String) -> UInt32 {
        let last = state.pointee.scopes.count - 1
        guard last >= 0 else { return 0 }
        let scope = state.pointee.scopes[last]
        state.pointee.scopes[last].keyedRequests = scope.keyedRequests + 1
        return state.pointee.keySequences.id(for: key, sequence: scope.keys, position: scope.keyedRequests) {
            archive.keys.existingID(for: $0) ?? 0
        }
    }

    /// Decodes the node at `index` as a `T`.
    func decodeNode<T: GDecodable>(_ index: Int) throws -> T {
        let node = nodes[index]
        if let scalar = ScalarFastPath.scalar(T.self), node.kind == .biv, node.typeReference == scalar.typeReference {
            switch scalar {
            case .int: return unsafeBitCast(ScalarFastPath.readInt(node, in: bytes), to: T.self)
            case .string: return unsafeBitCast(try ScalarFastPath.readString(node, in: bytes), to: T.self)
            case .double: return unsafeBitCast(ScalarFastPath.readDouble(node, in: bytes), to: T.self)
            case .float: return unsafeBitCast(ScalarFastPath.readFloat(node, in: bytes), to: T.self)
            }
        }
        return try decodeWithStrategy(index)
    }

    /// The general path of ``decodeNode(_:)``, kept out of line: the generic types it forms
    /// would otherwise cost a metadata lookup on the fast path too.
    @inline(never)
    private func decodeWithStrategy<T: GDecodable>(_ index: Int) throws -> T {
        let node = nodes[index]
        switch strategy(for: T.self) {
        case .binary(let expectedReference, let read, let decodeInPlace):
            if let decodeInPlace, node.kind == .nil || node.typeReference != expectedReference {
                return try decode(index, with: decodeInPlace)
            }
            guard node.kind == .biv || node.kind == .bir else { throw mismatch(T.self, node, expected: "a BinaryIO value") }
            if let expectedReference {
                guard node.typeReference == expectedReference else { throw mismatch(T.self, node, expected: "\(T.self)") }
            } else if case .native? = archive.types.resolve(node.typeReference) {
                throw mismatch(T.self, node, expected: "an opaque BinaryIO value")
            }
            var reader = archive.payloadReader(of: node)
            let value = try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { slot in
                try read(&reader, UnsafeMutableRawPointer(slot.baseAddress!))
                return slot.baseAddress!.move()
            }
            guard reader.isAtEnd else {
                throw GCodableError.corrupted("\(reader.remainingCount) bytes of the \(T.self) value were not read", at: reader.offset)
            }
            return value
        case .optional(let decodeInPlace):
            return try decode(index, with: decodeInPlace)
        case .fields(let kind, let keys):
            guard node.kind == kind else { throw mismatch(T.self, node, expected: kind.code) }
            state.pointee.scopes.append(
                Scope(node: index, keys: keys, keyCursor: index + 1, unkeyedCursor: index + 1,
                      unkeyedRemaining: Int(node.unkeyedFieldCount)))
            defer { state.pointee.scopes.removeLast() }
            return try T(from: self)
        }
    }

    private func decode<T>(_ index: Int, with decodeInPlace: (DecodingSession, Int, UnsafeMutableRawPointer) throws -> Void) throws -> T {
        try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { slot in
            try decodeInPlace(self, index, UnsafeMutableRawPointer(slot.baseAddress!))
            return slot.baseAddress!.move()
        }
    }

    /// Decodes an optional in place: `NIL` is `nil`, a box holds a wrapped optional, any
    /// other node is the wrapped value.
    func decodeOptional<Wrapped: GDecodable>(_ index: Int, as _: Wrapped.Type) throws -> Wrapped? {
        let node = nodes[index]
        if node.kind == .nil { return nil }
        guard case .optional = strategy(for: Wrapped.self) else { return .some(try decodeNode(index)) }
        guard node.kind == .val, node.typeReference == UInt32(NativeTypeCode.optional.rawValue),
            node.next > index + 1, nodes[index + 1].next == node.next, nodes[index + 1].keyID == 0
        else {
            throw mismatch(Wrapped?.self, node, expected: "an optional box")
        }
        return .some(try decodeNode(index + 1))
    }

    private func mismatch(_ type: Any.Type, _ node: ArchiveNode, expected: String) -> GCodableError {
        if node.kind == .nil {
            return .valueNotFound(type, .init(debugDescription: "found nil", byteOffset: node.offset))
        }
        let found = archive.types.resolve(node.typeReference).map { " of type \($0.displayName)" } ?? ""
        return .typeMismatch(
            type, .init(debugDescription: "expected \(expected), found \(node.kind.code)\(found)", byteOffset: node.offset))
    }

    // MARK: Fields of the current scope

    private func takeUnkeyed() -> Int? {
        let last = state.pointee.scopes.count - 1
        guard last >= 0, state.pointee.scopes[last].unkeyedRemaining > 0 else { return nil }
        let end = nodes[state.pointee.scopes[last].node].next
        var field = state.pointee.scopes[last].unkeyedCursor
        while field < end {
            if nodes[field].keyID == 0 && !state.pointee.decoded[field] {
                state.pointee.decoded[field] = true
                state.pointee.scopes[last].unkeyedCursor = nodes[field].next
                state.pointee.scopes[last].unkeyedRemaining -= 1
                state.pointee.scopes[last].unkeyedTaken += 1
                return field
            }
            field = nodes[field].next
        }
        return nil
    }

    /// Finds the field with `keyID`, searching from just after the last keyed field found
    /// (fields are usually decoded in the order they were encoded), then from the start.
    private func findKeyed(_ keyID: UInt32, removing: Bool) -> Int? {
        let last = state.pointee.scopes.count - 1
        guard last >= 0, keyID != 0 else { return nil }
        let scope = state.pointee.scopes[last]
        guard let field = findKeyed(keyID, from: scope.keyCursor, to: nodes[scope.node].next)
            ?? findKeyed(keyID, from: scope.node + 1, to: scope.keyCursor)
        else { return nil }
        if removing {
            state.pointee.decoded[field] = true
            state.pointee.scopes[last].keyCursor = nodes[field].next
        }
        return field
    }

    private func findKeyed(_ keyID: UInt32, from start: Int, to end: Int) -> Int? {
        var field = start
        while field < end {
            if nodes[field].keyID == keyID && !state.pointee.decoded[field] { return field }
            field = nodes[field].next
        }
        return nil
    }

    // MARK: Strategies

    private func strategy<T: GDecodable>(for type: T.Type) -> Strategy {
        if let strategy = state.pointee.strategies.value(for: type) { return strategy }
        let strategy = makeStrategy(for: type)
        state.pointee.strategies.insert(strategy, for: type)
        return strategy
    }

    private func makeStrategy<T: GDecodable>(for type: T.Type) -> Strategy {
        let inPlace = (type as? any OptionalDecoding.Type).map { Self.inPlaceDecoder($0) }
        if let binary = type as? any GBinaryDecodable.Type {
            let expected = (type as? any NativeBinaryType.Type).map { native in
                archive.types.existingReference(for: .native(native.nativeDescriptor)) ?? 0
            }
            return .binary(expectedReference: expected, read: Self.binaryReader(binary), decodeInPlace: inPlace)
        }
        if let inPlace {
            return .optional(decodeInPlace: inPlace)
        }
        return .fields(kind: type is AnyClass ? .ref : .val, keys: state.pointee.keySequences.makeSequence())
    }

    private static func binaryReader<B: GBinaryDecodable>(_: B.Type) -> (inout BinaryReadBuffer, UnsafeMutableRawPointer) throws -> Void {
        { reader, slot in slot.initializeMemory(as: B.self, to: try B(from: &reader)) }
    }

    private static func inPlaceDecoder<O: OptionalDecoding>(_: O.Type) -> (DecodingSession, Int, UnsafeMutableRawPointer) throws -> Void {
        { session, index, slot in slot.initializeMemory(as: O.self, to: try O.decodeInPlace(session, index)) }
    }
}

/// An optional that the decoder reads in its own place (see ``DecodingSession/decodeOptional(_:as:)``).
protocol OptionalDecoding {
    static func decodeInPlace(_ session: DecodingSession, _ index: Int) throws -> Self
}

extension Optional: OptionalDecoding where Wrapped: GDecodable {
    static func decodeInPlace(_ session: DecodingSession, _ index: Int) throws -> Self {
        try session.decodeOptional(index, as: Wrapped.self)
    }
}
