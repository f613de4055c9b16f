// The decoding half of the Codable bridge: a `Decodable` value is built from the node the
// encoding half wrote, with the identity, dynamic class and cycle checks of every decoded
// value. Its `init(from:)` reads the node's fields through containers that look fields up
// by key or take them in order; it never removes them, so a key can be decoded twice, as
// Codable allows. Its errors are `DecodingError`s (CodableErrors.swift).

/// What the Codable bridge keeps while a session decodes.
struct CodableDecodingState {
    /// A class the archive names, found as a `Decodable` class.
    struct ResolvedClass {
        let type: any Decodable.Type
        let keys: Int
    }

    var strategies = TypeCache<CodableDecodingStrategy>()
    var classes: [UInt32: ResolvedClass] = [:]
    /// The key sequences of nested containers, by their key type.
    var nestedKeys = TypeCache<Int>()
    /// The locations of the nodes, for coding paths: made when first needed, unless the
    /// archive's budget could not take it (``treeRefused``).
    var nodeTree: NodeTree?
    var treeRefused = false
}

/// How values of one static `Decodable` type are read.
enum CodableDecodingStrategy {
    /// A `GDecodable` type, or an optional of Codable values: read its own way.
    case itsOwn(DecodingSession.InPlaceDecoder)
    /// An array, set or dictionary of Codable values: from a `VAL` of the native `code`.
    case collection(code: UInt32, DecodingSession.InPlaceDecoder)
    /// A value type, from a `VAL` of its type; `keys` is its key sequence.
    case value(keys: Int)
    /// A class, from a `REF` of the dynamic class, `T` when it names none.
    case reference(keys: Int)

    var isClass: Bool {
        if case .reference = self { true } else { false }
    }
}

extension DecodingSession {
    /// Decodes the node at `index` as the `Decodable` type `T`.
    func decodeCodable<T: Decodable>(_ index: Int) throws -> T {
        let strategy = codableStrategy(for: T.self)
        if case .itsOwn(let decode) = strategy {
            return try Self.building { try decode(self, index, $0) }
        }
        let node = nodes[index]
        guard node.objectID != 0 else { return try decodeCodableDefinition(index, strategy) }
        return try decodeIdentified(node, isClass: strategy.isClass) { try decodeCodableDefinition($0, strategy) }
    }

    private func decodeCodableDefinition<T: Decodable>(_ index: Int, _ strategy: CodableDecodingStrategy) throws -> T {
        let node = nodes[index]
        try checkStack(at: node)
        try budget.charge(ReadingCost.value(T.self, isClass: strategy.isClass), at: node.offset)
        switch strategy {
        case .collection(let code, let decode):
            guard node.kind == .val, node.typeReference == code else { throw mismatch(T.self, node, expected: "VAL of code \(code)") }
            return try locatingErrors(at: node) { try Self.building { try decode(self, index, $0) } }
        case .value(let keys):
            guard node.kind == .val else { throw mismatch(T.self, node, expected: "VAL") }
            return try locatingErrors(at: node) { try T(from: CodableDecoder(session: self, node: index, keys: keys)) }
        case .reference(let keys):
            guard node.kind == .ref else { throw mismatch(T.self, node, expected: "REF") }
            guard node.typeReference != 0 else {
                return try locatingErrors(at: node) { try T(from: CodableDecoder(session: self, node: index, keys: keys)) }
            }
            let resolved = try resolvedCodableClass(node, as: T.self)
            let decoder = CodableDecoder(session: self, node: index, keys: resolved.keys)
            return try locatingErrors(at: node) { try build(resolved.type, as: T.self, from: decoder, node) }
        case .itsOwn:
            throw GCodableError.internalInconsistency(T.self, .init(debugDescription: "a value read its own way has no definition"))
        }
    }

    private func build<D: Decodable, T>(_: D.Type, as _: T.Type, from decoder: CodableDecoder, _ node: ArchiveNode) throws -> T {
        try value(D(from: decoder), as: T.self, node)
    }

    /// The `Decodable` class `node` names, which must be `T` or a subclass of `T`.
    private func resolvedCodableClass<T>(_ node: ArchiveNode, as _: T.Type) throws -> CodableDecodingState.ResolvedClass {
        let reference = node.typeReference
        if let resolved = state.pointee.codable.classes[reference] {
            guard resolved.type is T.Type else { throw mismatch(T.self, node, expected: "\(T.self) or a subclass") }
            return resolved
        }
        let (named, found, isOverride) = try lookUpClass(node, as: T.self)
        guard let decodable = found as? any Decodable.Type else {
            throw GCodableError.typeMismatch(
                T.self, .init(debugDescription: "class \(_typeName(found, qualified: true)) is not Decodable", byteOffset: node.offset))
        }
        let resolved = CodableDecodingState.ResolvedClass(type: decodable, keys: state.pointee.keySequences.makeSequence())
        state.pointee.codable.classes[reference] = resolved
        noteDecoded(decodable, archivedAs: named.qualifiedName, isReplaced: isOverride)
        guard decodable is T.Type else { throw mismatch(T.self, node, expected: "\(T.self) or a subclass") }
        return resolved
    }

    // MARK: Fields

    /// The field with `keyID` of the node at `index`, searched from `cursor` (just after the
    /// field found last: fields are usually decoded in the order they were encoded), then
    /// from the first field; `cursor` moves past the field found.
    func field(_ keyID: UInt32, of index: Int, from cursor: inout Int) -> Int? {
        guard keyID != 0 else { return nil }
        let end = nodes[index].next
        var field = cursor
        while field < end {
            if nodes[field].keyID == keyID {
                cursor = nodes[field].next
                return field
            }
            field = nodes[field].next
        }
        field = index + 1
        while field < cursor && field < end {
            if nodes[field].keyID == keyID {
                cursor = nodes[field].next
                return field
            }
            field = nodes[field].next
        }
        return nil
    }

    /// The first unkeyed field at or after `field`, before the end of the node at `index`.
    func unkeyedField(from field: Int, of index: Int) -> Int? {
        let end = nodes[index].next
        var field = field
        while field < end {
            if nodes[field].keyID == 0 { return field }
            field = nodes[field].next
        }
        return nil
    }

    /// Runs `decode` on each unkeyed field of the node at `index`, in order.
    func forEachUnkeyedField(of index: Int, _ decode: (Int) throws -> Void) throws {
        var next = index + 1
        while let field = unkeyedField(from: next, of: index) {
            try decodingField(field) { try decode(field) }
            next = nodes[field].next
        }
    }

    /// The keys of the keyed fields of the node at `index`, each once.
    func keys(of index: Int) -> [String] {
        var seen = Set<UInt32>()
        var keys: [String] = []
        var field = index + 1
        while field < nodes[index].next {
            let keyID = nodes[field].keyID
            if seen.insert(keyID).inserted, let key = archive.keys.key(for: keyID) { keys.append(key) }
            field = nodes[field].next
        }
        return keys
    }

    /// The archive's id of `key` (0 when it has none), asked for at `position` by a container
    /// whose key sequence is `keys`.
    @inline(__always)
    func codableKeyID<Key: CodingKey>(for key: Key, keys: Int, position: Int) -> UInt32 {
        state.pointee.keySequences.id(for: CodingKeyName(key), sequence: keys, position: position) {
            archive.keys.existingID(for: $0) ?? 0
        }
    }

    /// The key sequence of the nested containers keyed by `keyType`.
    func nestedKeySequence(for keyType: Any.Type) -> Int {
        state.pointee.keySequences.sequence(for: keyType, in: &state.pointee.codable.nestedKeys)
    }

    /// Runs the decoding of `field`: the errors of the archive it throws become
    /// `DecodingError`s at the field's coding path, whose cause names where the value is in
    /// the archive. (A `DecodingError` has its whole coding path already: the path of a node
    /// is known from the node, as Codable's errors give it, from the root.)
    @inline(__always)
    func decodingField<R>(_ field: Int, _ decode: () throws -> R) throws -> R {
        do {
            return try decode()
        } catch let error as GCodableError {
            throw error.decodingError(codingPath: codingPath(of: field) + error.codingPath, underlying: located(error, under: field))
        }
    }

    /// `error`, met at or under the node at `index`, with the node's path in the archive in
    /// front of its own and the node's byte offset when it has none.
    private func located(_ error: GCodableError, under index: Int) -> GCodableError {
        var error = error
        if error.context.byteOffset == nil { error.context.byteOffset = nodes[index].offset }
        return error.located(at: location(of: index))
    }

    /// A problem the bridge finds at the node at `index`, as a `DecodingError` at the node's
    /// coding path.
    func failure(_ error: GCodableError, at index: Int) -> DecodingError {
        error.decodingError(codingPath: codingPath(of: index), underlying: located(error, under: index))
    }

    /// The coding path of the node at `index`: its path in the archive.
    func codingPath(of index: Int) -> [any CodingKey] {
        location(of: index).path.map(ArchiveCodingKey.init)
    }

    /// The location of the node at `index`, from the node tree (made at the first need, and
    /// charged to the archive's budget; without it, when the budget cannot take it, none).
    private func location(of index: Int) -> NodeLocation {
        if state.pointee.codable.nodeTree == nil && !state.pointee.codable.treeRefused {
            do {
                try budget.charge(NodeTree.cost(nodeCount: nodes.count))
                state.pointee.codable.nodeTree = NodeTree(archive)
            } catch {
                state.pointee.codable.treeRefused = true
            }
        }
        return state.pointee.codable.nodeTree?.location(of: index, in: archive) ?? NodeLocation()
    }

    // MARK: Strategies

    private func codableStrategy<T: Decodable>(for type: T.Type) -> CodableDecodingStrategy {
        if let strategy = state.pointee.codable.strategies.value(for: type) { return strategy }
        let strategy = makeCodableStrategy(for: type)
        state.pointee.codable.strategies.insert(strategy, for: type)
        return strategy
    }

    private func makeCodableStrategy<T: Decodable>(for type: T.Type) -> CodableDecodingStrategy {
        if let optional = type as? any DecodableOptional.Type { return .itsOwn(Self.optionalReader(optional)) }
        if let own = type as? any GDecodable.Type { return .itsOwn(Self.graphCodableReader(own)) }
        if let collection = type as? any DecodableCollection.Type {
            return .collection(code: UInt32(collection.nativeTypeCode.rawValue), Self.collectionReader(collection))
        }
        let keys = state.pointee.keySequences.makeSequence()
        return type is AnyClass ? .reference(keys: keys) : .value(keys: keys)
    }

    private static func graphCodableReader<G: GDecodable>(_: G.Type) -> InPlaceDecoder {
        { session, index, slot in slot.initializeMemory(as: G.self, to: try session.decodeNode(index)) }
    }

    private static func optionalReader<O: DecodableOptional>(_: O.Type) -> InPlaceDecoder {
        { session, index, slot in slot.initializeMemory(as: O.self, to: try O.decodeInPlace(session, index)) }
    }

    private static func collectionReader<C: DecodableCollection>(_: C.Type) -> InPlaceDecoder {
        { session, index, slot in
            slot.initializeMemory(as: C.self, to: try C.decodeElements(session, index, count: Int(session.nodes[index].unkeyedFieldCount)))
        }
    }
}
