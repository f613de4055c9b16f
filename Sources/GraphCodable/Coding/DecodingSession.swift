/// One decoding pass over a parsed archive: the ``GDecoder`` that user types read their
/// fields from. Each `VAL`/`REF` being decoded is a scope whose fields are removed as
/// they are decoded.
final class DecodingSession: GDecoder {
    /// How values of one Swift type are decoded, decided once per type and session.
    private enum Strategy {
        /// One BinaryIO unit; `expectedReference` is the archive's reference of the
        /// native layout (`nil` for opaque types, 0 when the archive has no such layout).
        case binary(expectedReference: UInt32?, read: (inout BinaryReadBuffer, UnsafeMutableRawPointer) throws -> Void)
        /// An optional, decoded in place.
        case optional(decodeInPlace: (DecodingSession, Int, UnsafeMutableRawPointer) throws -> Void)
        /// Field by field, from a `VAL` or `REF`.
        case fields(kind: NodeKind)
    }

    /// The fields of a `VAL`/`REF` being decoded: a slice of `fieldPool`.
    private struct Scope {
        var node: Int
        var start: Int
        var end: Int
        var nextUnkeyed: Int
        var unkeyedRemaining: Int
        var unkeyedTaken = 0
        var keyCursor: Int
    }

    let userInfo: [CodingUserInfoKey: any Sendable]
    let archive: ParsedArchive
    private let nodes: [ArchiveNode]
    private var strategies: [ObjectIdentifier: Strategy] = [:]
    /// Node indexes of the fields of every open scope; a decoded field becomes -1.
    private var fieldPool: [Int] = []
    private var scopes: [Scope] = []

    init(archive: ParsedArchive, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.archive = archive
        self.nodes = archive.nodes
        self.userInfo = userInfo
    }

    var binaryIOVersion: UInt16 { archive.header.userBinaryIOVersion }

    var encodedTypeVersion: UInt32 {
        get throws {
            guard let scope = scopes.last else {
                throw GCodableError.internalInconsistency(
                    Self.self, .init(debugDescription: "encodedTypeVersion read outside init(from:)"))
            }
            if case .named(let named)? = archive.types.resolve(nodes[scope.node].typeReference) {
                return named.version
            }
            return 0
        }
    }

    var unkeyedCount: Int { scopes.last?.unkeyedRemaining ?? 0 }

    func contains<Key: RawRepresentable>(_ key: Key) throws -> Bool where Key.RawValue == String {
        guard let keyID = archive.keys.existingID(for: key.rawValue) else { return false }
        return findKeyed(keyID, removing: false) != nil
    }

    func decode<Value: GDecodable>() throws -> Value {
        guard let scope = scopes.last else {
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
        guard let keyID = archive.keys.existingID(for: key.rawValue), let field = findKeyed(keyID, removing: true) else {
            throw GCodableError.keyNotFound(
                key.rawValue, .init(debugDescription: "no value for key \"\(key.rawValue)\"", path: [.key(key.rawValue)],
                                    byteOffset: scopes.last.map { nodes[$0.node].offset }))
        }
        do {
            return try decodeNode(field)
        } catch let error as GCodableError {
            throw error.prefixingPath(with: .key(key.rawValue))
        }
    }

    /// Decodes the node at `index` as a `T`.
    func decodeNode<T: GDecodable>(_ index: Int) throws -> T {
        let node = nodes[index]
        switch strategy(for: T.self) {
        case .binary(let expectedReference, let read):
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
            return try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { slot in
                try decodeInPlace(self, index, UnsafeMutableRawPointer(slot.baseAddress!))
                return slot.baseAddress!.move()
            }
        case .fields(let kind):
            guard node.kind == kind else { throw mismatch(T.self, node, expected: kind.code) }
            openScope(index)
            defer { closeScope() }
            return try T(from: self)
        }
    }

    /// Decodes an optional in place: `NIL` is `nil`, a box holds a wrapped optional, any
    /// other node is the wrapped value.
    func decodeOptional<Wrapped: GDecodable>(_ index: Int, as _: Wrapped.Type) throws -> Wrapped? {
        let node = nodes[index]
        if node.kind == .nil { return nil }
        guard case .optional = strategy(for: Wrapped.self) else { return .some(try decodeNode(index)) }
        guard node.kind == .val, node.typeReference == UInt32(NativeTypeCode.optional.rawValue),
            node.next == index + 2, nodes[index + 1].keyID == 0
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

    // MARK: Scopes

    private func openScope(_ index: Int) {
        let start = fieldPool.count
        var unkeyed = 0
        var field = index + 1
        let end = nodes[index].next
        while field < end {
            fieldPool.append(field)
            if nodes[field].keyID == 0 { unkeyed += 1 }
            field = nodes[field].next
        }
        scopes.append(Scope(node: index, start: start, end: fieldPool.count, nextUnkeyed: start,
                            unkeyedRemaining: unkeyed, keyCursor: start))
    }

    private func closeScope() {
        let scope = scopes.removeLast()
        fieldPool.removeSubrange(scope.start...)
    }

    private func takeUnkeyed() -> Int? {
        let last = scopes.count - 1
        guard last >= 0, scopes[last].unkeyedRemaining > 0 else { return nil }
        var position = scopes[last].nextUnkeyed
        while position < scopes[last].end {
            let field = fieldPool[position]
            position += 1
            if field >= 0 && nodes[field].keyID == 0 {
                fieldPool[position - 1] = -1
                scopes[last].nextUnkeyed = position
                scopes[last].unkeyedRemaining -= 1
                scopes[last].unkeyedTaken += 1
                return field
            }
        }
        return nil
    }

    /// Finds the field with `keyID`, searching from just after the last keyed field found
    /// (fields are usually decoded in the order they were encoded).
    private func findKeyed(_ keyID: UInt32, removing: Bool) -> Int? {
        let last = scopes.count - 1
        guard last >= 0 else { return nil }
        let scope = scopes[last]
        var position = scope.keyCursor
        for _ in scope.start ..< scope.end {
            if position == scope.end { position = scope.start }
            let field = fieldPool[position]
            if field >= 0 && nodes[field].keyID == keyID {
                if removing {
                    fieldPool[position] = -1
                    scopes[last].keyCursor = position + 1
                }
                return field
            }
            position += 1
        }
        return nil
    }

    // MARK: Strategies

    private func strategy<T: GDecodable>(for type: T.Type) -> Strategy {
        let id = ObjectIdentifier(type)
        if let strategy = strategies[id] { return strategy }
        let strategy = makeStrategy(for: type)
        strategies[id] = strategy
        return strategy
    }

    private func makeStrategy<T: GDecodable>(for type: T.Type) -> Strategy {
        if let binary = type as? any GBinaryDecodable.Type {
            let expected = (type as? any NativeBinaryType.Type).map { native in
                archive.types.existingReference(for: .native(native.nativeDescriptor)) ?? 0
            }
            return .binary(expectedReference: expected, read: Self.binaryReader(binary))
        }
        if let optional = type as? any OptionalDecoding.Type {
            return .optional(decodeInPlace: Self.inPlaceDecoder(optional))
        }
        return .fields(kind: type is AnyClass ? .ref : .val)
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
