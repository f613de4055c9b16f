/// One decoding pass over a parsed archive: the ``GDecoder`` that user types read their
/// fields from. Each `VAL`/`REF` being decoded is a scope whose fields are removed as
/// they are decoded.
///
/// A value with identity is decoded once, when first asked for (through its definition or
/// any pointer, in whatever order), and shared afterwards. Asking for a value while it is
/// being decoded is a cycle `decode` cannot build: it throws, naming the types in the
/// cycle. Fields decoded with `deferDecode` are decoded after the root, one after the
/// other, which is how cycles are broken and deep graphs decoded without deep recursion.
final class DecodingSession: GDecoder {
    typealias InPlaceDecoder = (DecodingSession, Int, UnsafeMutableRawPointer) throws -> Void

    /// How values of one static type are decoded, decided once per type and session.
    enum Strategy {
        /// One BinaryIO unit; `expectedReference` is the archive's reference of the
        /// native layout (`nil` for opaque types, 0 when the archive has no such layout).
        /// A packed optional (`decodeInPlace` set) is read as a unit only from a block of
        /// its own, whose reference is `expectedReference` (`nil` when the archive has
        /// none); any other node is `nil` or its wrapped value, in place. Classes are built
        /// as the dynamic class the node names.
        case binary(
            expectedReference: UInt32?, read: (inout BinaryReadBuffer, UnsafeMutableRawPointer) throws -> Void,
            decodeInPlace: InPlaceDecoder?, isClass: Bool)
        /// An optional, decoded in place.
        case optional(decodeInPlace: InPlaceDecoder)
        /// A value type, field by field; `keys` is the type's key sequence; a migratable
        /// type is built through its migration chain. A Foundation value stored as a
        /// structured native is read only from a `VAL` of its own code, `nativeReference`.
        case value(keys: Int, isMigratable: Bool, nativeReference: UInt32?)
        /// A class, field by field, built as the dynamic class the node names (`T` when it
        /// names none, through its migration chain when `T` is migratable).
        case reference(keys: Int, isMigratable: Bool)

        /// Whether the type is a class.
        var isClass: Bool {
            switch self {
            case .binary(_, _, _, let isClass): isClass
            case .reference: true
            case .optional, .value: false
            }
        }
    }

    /// A value with identity that is not an object, as the table of decoded values keeps it.
    final class IdentifiedValue {
        let value: Any
        init(_ value: Any) { self.value = value }
    }

    /// A value with identity decoded as a type.
    struct FailedDecoding: Hashable {
        let id: UInt32
        let type: ObjectIdentifier
    }

    /// A class named by the archive, found in this program (or replaced).
    struct ResolvedClass {
        /// The class that decodes the archived instances.
        let type: any GDecodable.Type
        /// The obsolete class it replaces, when it replaces one.
        let replaced: (any GDecodable.Type)?
        let keys: Int
        /// Whether `type` is built through its migration chain.
        let isMigratable: Bool
    }

    /// A `VAL`/`REF` whose fields are being decoded. Its fields are the sibling chain that
    /// starts at `node + 1`; the cursors point into it.
    struct Scope {
        let node: Int
        let keys: Int
        var replaced: (any GDecodable.Type)? = nil
        var keyCursor: Int
        var unkeyedCursor: Int
        var unkeyedRemaining: Int
        var unkeyedTaken = 0
        var keyedRequests = 0
    }

    /// The session's mutable state. It lives behind a pointer so that the hot path pays no
    /// run-time exclusivity checks, which class properties would.
    struct State {
        var strategies = TypeCache<Strategy>()
        var keySequences = KeySequences()
        /// Whether each node has been decoded (and so removed from its scope).
        var decoded: [Bool]
        /// The innermost scope (those around it wait in the frames that opened them), nil
        /// outside `init(from:)`. Not an array: changing the last element of one checked
        /// its uniqueness at every field.
        var scope: Scope?
        /// The values with identity decoded so far, by object id: objects as themselves,
        /// other values boxed (a reference is copied with a retain, where an `Any` is
        /// copied through its type's value witnesses).
        var objects = ObjectIDMap<AnyObject>()
        /// The object ids being decoded, outermost first.
        var objectsInProgress: [UInt32] = []
        /// The class entries whose classes the lookup did not find (looked up once: a name
        /// may be long).
        var missingClasses: Set<UInt32> = []
        /// The error of each value with identity whose decoding as a type failed.
        var failedDecodings: [FailedDecoding: any Error] = [:]
        /// The classes of the type table found so far, by type reference.
        var classes: [UInt32: ResolvedClass] = [:]
        /// The `deferDecode` calls to run once the root is decoded. Each is handed the session
        /// rather than capturing it, so that no closure holds an unowned reference, checked
        /// at every use.
        var deferred: [(DecodingSession) throws -> Void] = []
        var decodedClasses: Set<String> = []
        var replacements: Set<GraphDecodingReport.Replacement> = []
        /// What the Codable bridge keeps while it decodes.
        var codable = CodableDecodingState()
    }

    let userInfo: [CodingUserInfoKey: any Sendable]
    let archive: ParsedArchive
    let classLookup: ClassLookup
    let nodes: NodeList
    private let bytes: [UInt8]
    /// Whether the archive's integers are in their full width.
    private let fixedWidthIntegers: Bool
    let stack = StackGuard()
    let state: UnsafeMutablePointer<State>
    /// The key sequence of the collections read field by field whose types are packable.
    private let collectionKeys: Int

    /// Whether the session only checks the archive's rules (validation's check of Foundation
    /// values): a value the format allows but this platform does not know is then built as
    /// a stand-in rather than refused (see ``GDecoder/checksFormatOnly``).
    let checksFormatOnly: Bool

    // MARK: Making a session

    init(
        archive: ParsedArchive, userInfo: [CodingUserInfoKey: any Sendable],
        classLookup: ClassLookup, checksFormatOnly: Bool = false
    ) {
        self.checksFormatOnly = checksFormatOnly
        self.archive = archive
        self.classLookup = classLookup
        self.nodes = archive.nodes
        self.bytes = archive.bytes
        fixedWidthIntegers = archive.header.internalBinaryIOVersion >= BinaryIOInternalVersion.fixedWidthIntegers
        self.userInfo = userInfo
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State(decoded: Array(repeating: false, count: archive.nodes.count)))
        collectionKeys = state.pointee.keySequences.makeSequence()
        self.state = state
    }

    /// Where the memory the decoding builds is charged: the archive's budget, which its parse
    /// has charged already.
    var budget: MemoryBudget { archive.budget }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var binaryIOVersion: UInt16 { archive.header.userBinaryIOVersion }

    var encodedTypeVersion: UInt32 {
        get throws {
            guard let scope = state.pointee.scope else {
                throw GCodableError.internalInconsistency(
                    Self.self, .init(debugDescription: "encodedTypeVersion read outside init(from:)"))
            }
            if case .named(let named)? = archive.types.resolve(nodes[scope.node].typeReference) {
                return named.version
            }
            return 0
        }
    }

    var unkeyedCount: Int { state.pointee.scope?.unkeyedRemaining ?? 0 }

    var replacedType: GDecodable.Type? {
        get throws {
            guard let scope = state.pointee.scope else {
                throw GCodableError.internalInconsistency(
                    Self.self, .init(debugDescription: "replacedType read outside init(from:)"))
            }
            return scope.replaced
        }
    }

    /// The classes this decoding built and replaced.
    var report: GraphDecodingReport {
        GraphDecodingReport(
            decodedClasses: state.pointee.decodedClasses.sorted(),
            replacements: state.pointee.replacements.sorted { ($0.archived, $0.replacement) < ($1.archived, $1.replacement) })
    }

    // MARK: GDecoder: what types call in init(from:)

    func contains<Key: RawRepresentable>(_ key: Key) throws -> Bool where Key.RawValue == String {
        guard let keyID = archive.keys.existingID(for: key.rawValue) else { return false }
        return findKeyed(keyID, removing: false) != nil
    }

    func decode<Value: GDecodable>() throws -> Value {
        let (field, index) = try unkeyedField(of: Value.self)
        return try prefixingErrors(with: .index(index)) { try decodeNode(field) }
    }

    func decode<Key: RawRepresentable, Value: GDecodable>(for key: Key) throws -> Value where Key.RawValue == String {
        let field = try keyedField(key)
        return try prefixingErrors(with: .key(key.rawValue)) { try decodeNode(field) }
    }

    /// Decodes the next unkeyed value, a Codable one.
    func decodeCodable<Value: Decodable>() throws -> Value {
        let (field, index) = try unkeyedField(of: Value.self)
        return try prefixingErrors(with: .index(index)) { try decodeCodable(field) }
    }

    /// Decodes the value for `key`, a Codable one.
    func decodeCodable<Key: RawRepresentable, Value: Decodable>(for key: Key) throws -> Value where Key.RawValue == String {
        let field = try keyedField(key)
        return try prefixingErrors(with: .key(key.rawValue)) { try decodeCodable(field) }
    }

    /// Runs the decoding of a field, putting `step` in front of the paths of its errors. (A
    /// Codable value's `DecodingError` has its whole coding path already.)
    private func prefixingErrors<R>(with step: GCodableError.PathComponent, _ decode: () throws -> R) throws -> R {
        do {
            return try decode()
        } catch let error as GCodableError {
            throw error.prefixingPath(with: step)
        }
    }

    func deferDecode<Value: GDecodable>(_ setter: @escaping (Value) -> Void) throws {
        deferDecoding(try unkeyedField(of: Value.self).field) { setter(try $0.decodeNode($1)) }
    }

    func deferDecode<Key: RawRepresentable, Value: GDecodable>(for key: Key, _ setter: @escaping (Value) -> Void) throws
    where Key.RawValue == String {
        deferDecoding(try keyedField(key)) { setter(try $0.decodeNode($1)) }
    }

    /// ``deferDecode(_:)`` for a Codable value.
    func deferDecodeCodable<Value: Decodable>(_ setter: @escaping (Value) -> Void) throws {
        deferDecoding(try unkeyedField(of: Value.self).field) { setter(try $0.decodeCodable($1)) }
    }

    /// ``deferDecode(for:_:)`` for a Codable value.
    func deferDecodeCodable<Key: RawRepresentable, Value: Decodable>(for key: Key, _ setter: @escaping (Value) -> Void) throws
    where Key.RawValue == String {
        deferDecoding(try keyedField(key)) { setter(try $0.decodeCodable($1)) }
    }

    /// Runs `decode` on `field` once the root is decoded. Its errors name where the field is
    /// in the archive (``ParsedArchive/location(of:)``): the path the decoding took to the
    /// value that deferred it is gone by then (and for a value itself decoded later, it was
    /// never known).
    private func deferDecoding(_ field: Int, _ decode: @escaping (DecodingSession, Int) throws -> Void) {
        state.pointee.deferred.append { session in
            do {
                try decode(session, field)
            } catch let error as GCodableError {
                throw error.located(at: session.archive.location(of: field))
            }
        }
    }

    /// Takes the next unkeyed field of the current scope, and its index among them.
    private func unkeyedField(of type: Any.Type) throws -> (field: Int, index: Int) {
        guard let scope = state.pointee.scope else {
            throw GCodableError.internalInconsistency(Self.self, .init(debugDescription: "decoding called outside init(from:)"))
        }
        let index = scope.unkeyedTaken
        guard let field = takeUnkeyed() else {
            throw GCodableError.valueNotFound(
                type, .init(debugDescription: "no more unkeyed values", path: [.index(index)], byteOffset: nodes[scope.node].offset))
        }
        return (field, index)
    }

    /// Takes the field for `key` of the current scope.
    private func keyedField<Key: RawRepresentable>(_ key: Key) throws -> Int where Key.RawValue == String {
        guard let field = findKeyed(keyID(for: key), removing: true) else {
            let key = key.rawValue
            throw GCodableError.keyNotFound(
                key,
                .init(
                    debugDescription: "no value for key \"\(key)\"", path: [.key(key)],
                    byteOffset: state.pointee.scope.map { nodes[$0.node].offset }))
        }
        return field
    }

    // MARK: Decoding the root and the deferred fields

    /// Whether the node at `index` was decoded as a field of a value decoded before.
    func hasRead(_ index: Int) -> Bool { state.pointee.decoded[index] }

    /// Decodes the root, then runs the deferred decodings (which may defer more).
    func decodeRoot<T: GDecodable>(_: T.Type) throws -> T {
        try decodeRoot(T.self) { try decodeNode(0) }
    }

    /// Decodes the Codable root, then runs the deferred decodings.
    func decodeCodableRoot<T: Decodable>(_: T.Type) throws -> T {
        try decodeRoot(T.self) { try decodeCodable(0) }
    }

    private func decodeRoot<T>(_: T.Type, _ decodeRootNode: () throws -> T) throws -> T {
        try checkRootType(T.self)
        let root = try decodeRootNode()
        var next = 0
        while next < state.pointee.deferred.count {
            let decodeDeferred = state.pointee.deferred[next]
            next += 1
            try decodeDeferred(self)
        }
        return root
    }

    /// Refuses at once a root whose archived value type is not `T`: a user value type under
    /// another name (its last component, generic arguments aside, so that a module's rename
    /// still decodes; a migratable type's earlier versions have names of their own), a
    /// native collection or Foundation value where `T` is none, or a class where `T` is a
    /// value type. Nothing else is asked of the archive's names: value types are built as
    /// the types the decoding code asks for.
    private func checkRootType<T>(_: T.Type) throws {
        guard !(T.self is AnyClass), !(T.self is any OptionalDecoding.Type), !(T.self is any DecodableOptional.Type),
            !(T.self is any GMigratable.Type),
            let root = nodes.first.map({ $0.kind == .pts ? archive.definitions[$0.objectID].map { nodes[$0] } ?? $0 : $0 }),
            root.kind != .nil, root.typeReference != 0, let archived = archive.types.resolve(root.typeReference)
        else { return }
        let matches =
            switch archived {
            case .named(let named):
                named.kind == .value && Self.baseName(named.qualifiedName) == Self.baseName(_typeName(T.self, qualified: true))
            case .structured: T.self is any NativeValueType.Type
            case .native: true // a packed layout: the payload's reader checks it
            }
        guard !matches else { return }
        let kind = if case .named(let named) = archived, named.kind == .class { " (a class)" } else { "" }
        throw GCodableError.typeMismatch(
            T.self,
            .init(
                debugDescription:
                    "the archive's root is of type \(ShownText.shown(archived.displayName))\(kind), not \(_typeName(T.self, qualified: true))",
                byteOffset: root.offset))
    }

    /// A type's name without its module and enclosing types, and without generic arguments.
    private static func baseName(_ qualifiedName: String) -> Substring {
        let plain = qualifiedName.prefix { $0 != "<" }
        return plain.split(separator: ".").last ?? plain
    }

    /// The archive's id of `key` (0 when the archive has no such key), predicted from the
    /// keys earlier values of the same type asked for.
    private func keyID<Key: RawRepresentable>(for key: Key) -> UInt32 where Key.RawValue == String {
        guard let scope = state.pointee.scope else { return 0 }
        state.pointee.scope?.keyedRequests = scope.keyedRequests + 1
        return state.pointee.keySequences.id(for: key, sequence: scope.keys, position: scope.keyedRequests) {
            archive.keys.existingID(for: $0) ?? 0
        }
    }

    // MARK: Decoding a node

    /// Decodes the node at `index` as a `T`. (Scalars with an identity take the general path,
    /// which keeps them by their id.)
    func decodeNode<T: GDecodable>(_ index: Int) throws -> T {
        let node = nodes[index]
        if let scalar = ScalarFastPath.scalar(T.self), node.kind == .biv, node.typeReference == scalar.typeReference, node.objectID == 0 {
            switch scalar {
            case .int: return unsafeBitCast(ScalarFastPath.readInt(node, in: bytes, fixedWidth: fixedWidthIntegers), to: T.self)
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
        let strategy = strategy(for: T.self)
        switch strategy {
        case .optional(let decodeInPlace):
            return try decode(index, with: decodeInPlace)
        case .binary(let expectedReference, _, let decodeInPlace?, _) where !holdsOwnBlock(node, ownReference: expectedReference):
            return try decode(index, with: decodeInPlace)
        default:
            break
        }
        guard node.objectID != 0 else { return try decodeDefinition(index, strategy) }
        return try decodeIdentified(node, strategy)
    }

    /// Whether the value of a packed optional at `node` is the optional's own block (a `BIV`
    /// of its layout or entry, `ownReference`, nil when the archive has none) rather than
    /// `nil` or its wrapped value in place. A pointer answers for its definition.
    private func holdsOwnBlock(_ node: ArchiveNode, ownReference: UInt32?) -> Bool {
        guard let ownReference else { return false }
        var holder = node
        if node.kind == .pts || node.kind == .ptc {
            guard let definition = archive.definitions[node.objectID] else { return false }
            holder = nodes[definition]
        }
        return holder.kind == .biv && holder.typeReference == ownReference
    }

    // MARK: Values with identity

    /// Decodes the value with the object id of `node` (a definition or a pointer): from
    /// the values already decoded, or else from its definition, wherever it is.
    private func decodeIdentified<T: GDecodable>(_ node: ArchiveNode, _ strategy: Strategy) throws -> T {
        try decodeIdentified(node, isClass: strategy.isClass) { try decodeDefinition($0, strategy) }
    }

    /// Decodes the value with the object id of `node`: from the values already decoded, or
    /// else with `decodeDefinition` from its definition (the node's index), wherever it is.
    @inline(__always)
    func decodeIdentified<T>(_ node: ArchiveNode, isClass: Bool, _ decodeDefinition: (Int) throws -> T) throws -> T {
        let id = node.objectID
        if let stored = state.pointee.objects[id] {
            if isClass && ObjectIdentifier(type(of: stored)) == ObjectIdentifier(T.self) { return unsafeBitCast(stored, to: T.self) }
            return try Self.cast(stored, isClass: isClass, id: id, node: node)
        }
        if let start = state.pointee.objectsInProgress.firstIndex(of: id) {
            let names = state.pointee.objectsInProgress[start...].map(typeName(ofObject:)) + [typeName(ofObject: id)]
            throw GCodableError.cycle(
                .init(
                    debugDescription: "\(names.joined(separator: " → ")): a value needs itself to be built; "
                        + "decode one of these links with deferDecode", byteOffset: node.offset))
        }
        guard let definition = archive.definitions[id] else {
            throw GCodableError.valueNotFound(
                T.self,
                .init(
                    debugDescription: "object \(id) was only encoded conditionally", byteOffset: node.offset))
        }
        let attempt = FailedDecoding(id: id, type: ObjectIdentifier(T.self))
        if !state.pointee.failedDecodings.isEmpty, let failure = state.pointee.failedDecodings[attempt] { throw failure }
        state.pointee.objectsInProgress.append(id)
        defer { state.pointee.objectsInProgress.removeLast() }
        try budget.charge(ReadingCost.identity, at: node.offset)
        let value: T
        do {
            value = try decodeDefinition(definition)
        } catch {
            // Met again (a caller went on without it), it fails at once rather than again.
            try budget.charge(ReadingCost.failedDecoding, at: node.offset)
            state.pointee.failedDecodings[attempt] = error
            throw error
        }
        let stored = isClass ? objectReference(of: value) : IdentifiedValue(value)
        _ = state.pointee.objects.insert(stored, for: id, denseLimit: 2 * archive.definitions.count + 1024)
        return value
    }

    /// The value with identity `stored` (object `id`, met again at `node`) as a `T`: an
    /// object of a subclass of `T`, or a value. Out of line, since the cast forms the
    /// metadata of `T?` (a lookup in the run-time's cache), which an object of the class
    /// `T` itself, compared by class just before, does without.
    @inline(never)
    private static func cast<T>(_ stored: AnyObject, isClass: Bool, id: UInt32, node: ArchiveNode) throws -> T {
        let box = stored as? IdentifiedValue
        let held = box?.value ?? stored
        // A boxed value for a class, or an object for a value, is no `T` (nor a `nil` of one).
        guard isClass == (box == nil), let value = held as? T else {
            throw GCodableError.typeMismatch(
                T.self,
                .init(
                    debugDescription: "object \(id) is a \(type(of: held)), not a \(T.self)", byteOffset: node.offset))
        }
        return value
    }

    private func typeName(ofObject id: UInt32) -> String {
        guard let definition = archive.definitions[id], let type = archive.types.resolve(nodes[definition].typeReference) else {
            return "object \(id)"
        }
        return type.displayName
    }

    // MARK: Building a value from its definition

    /// Decodes the node that defines a value, from its fields or payload.
    private func decodeDefinition<T: GDecodable>(_ index: Int, _ strategy: Strategy) throws -> T {
        let node = nodes[index]
        try checkStack(at: node)
        try budget.charge(ReadingCost.value(T.self, isClass: T.self is AnyClass), at: node.offset)
        switch strategy {
        case .binary(let expectedReference, let read, _, let isClass):
            if node.kind == .val { return try decodeFields(index, as: T.self) }
            guard node.kind == .biv || node.kind == .bir else { throw mismatch(T.self, node, expected: "a BinaryIO value") }
            var reader = archive.payloadReader(of: node)
            let value: T
            if isClass && node.typeReference != 0 {
                value = try Self.readingOpaque { try decodeBinaryObject(node, &reader) }
            } else if let expectedReference {
                guard node.typeReference == expectedReference else { throw mismatch(T.self, node, expected: "\(T.self)") }
                value = try Self.building { try read(&reader, $0) }
            } else {
                if case .native? = archive.types.resolve(node.typeReference) {
                    throw mismatch(T.self, node, expected: "an opaque BinaryIO value")
                }
                value = try Self.readingOpaque { try Self.building { try read(&reader, $0) } }
            }
            guard reader.isAtEnd else {
                throw GCodableError.corrupted("\(reader.remainingCount) bytes of the \(T.self) value were not read", at: reader.offset)
            }
            return value
        case .optional(let decodeInPlace):
            return try decode(index, with: decodeInPlace)
        case .value(let keys, let isMigratable, let nativeReference):
            if node.kind == .biv { return try decodePacked(node, as: T.self) }
            guard node.kind == .val else { throw mismatch(T.self, node, expected: "VAL") }
            if let nativeReference, node.typeReference != nativeReference {
                throw mismatch(T.self, node, expected: "a \(T.self) (VAL of code \(nativeReference))")
            }
            let enclosing = openScope(index, keys: keys)
            defer { state.pointee.scope = enclosing }
            guard isMigratable else { return try locatingErrors(at: node) { try T(from: self) } }
            return try locatingErrors(at: node) { try construct(T.self, isMigratable: true, from: node) }
        case .reference(let keys, let isMigratable):
            guard node.kind == .ref else { throw mismatch(T.self, node, expected: "REF") }
            guard node.typeReference != 0 else {
                let enclosing = openScope(index, keys: keys)
                defer { state.pointee.scope = enclosing }
                return try locatingErrors(at: node) { try construct(T.self, isMigratable: isMigratable, from: node) }
            }
            let dynamic = try resolvedClass(node, as: T.self)
            let enclosing = openScope(index, keys: dynamic.keys)
            state.pointee.scope?.replaced = dynamic.replaced
            defer { state.pointee.scope = enclosing }
            return try locatingErrors(at: node) { try construct(dynamic.type, isMigratable: dynamic.isMigratable, from: node) }
        }
    }

    /// Throws when the thread's stack has no room for decoding one more value, at `node`.
    func checkStack(at node: ArchiveNode) throws {
        guard stack.hasRoom() else {
            let waiting = state.pointee.objectsInProgress.count
            throw GCodableError.invalidArchive(
                .init(
                    debugDescription: "values nest deeper than this thread's stack allows (\(waiting) objects wait for "
                        + "each other): decode the links of deep graphs with deferDecode, or decode on a thread with a "
                        + "larger stack", byteOffset: node.offset))
        }
    }

    /// Runs the reading of an opaque payload: its bytes are its type's own, which no rule of
    /// the format governs, so the errors its reads throw name none (validation calls such an
    /// archive valid).
    private static func readingOpaque<R>(_ read: () throws -> R) throws -> R {
        do {
            return try read()
        } catch var error as GCodableError where error.context.rule != nil {
            error.context.rule = nil
            throw error
        }
    }

    /// Reads the BinaryIO object of the class `node` names, `T` or a subclass. (Out of line:
    /// the optional its cast forms would cost a metadata lookup for every other value too.)
    @inline(never)
    private func decodeBinaryObject<T>(_ node: ArchiveNode, _ reader: inout BinaryReadBuffer) throws -> T {
        let dynamicType = try resolvedClass(node, as: T.self).type
        guard let binaryType = dynamicType as? any GBinaryDecodable.Type, let object = try binaryType.init(from: &reader) as? T else {
            throw mismatch(T.self, node, expected: "a BinaryIO class")
        }
        return object
    }

    /// Builds a `type` (`T`, or a subclass of the class `T`) from the open scope of `node`:
    /// through its migration chain when it is migratable, from the version the archive names.
    private func construct<T>(_ type: any GDecodable.Type, isMigratable: Bool, from node: ArchiveNode) throws -> T {
        if isMigratable, let migratable = type as? any GMigratable.Type {
            return try migrate(migratable, as: T.self, node)
        }
        return try build(type, as: T.self, node)
    }

    private func build<D: GDecodable, T>(_: D.Type, as _: T.Type, _ node: ArchiveNode) throws -> T {
        try value(D(from: self), as: T.self, node)
    }

    private func migrate<D: GMigratable, T>(_: D.Type, as _: T.Type, _ node: ArchiveNode) throws -> T {
        try value(D.decodeMigrating(from: self, encodedVersion: try encodedTypeVersion), as: T.self, node)
    }

    /// `value`, built from `node`, as a `T`: itself when `D` is `T`, compared by type (so
    /// that the common case runs no cast, forms no metadata of `T?` and checks for no
    /// migration chain), or else cast, as an object of a subclass is.
    func value<D, T>(_ value: D, as _: T.Type, _ node: ArchiveNode) throws -> T {
        if D.self == T.self { return unsafeBitCast(value, to: T.self) }
        return try castBuilt(value, node)
    }

    @inline(never)
    private func castBuilt<D, T>(_ value: D, _ node: ArchiveNode) throws -> T {
        guard let result = value as? T else { throw mismatch(T.self, node, expected: "\(T.self)") }
        return result
    }

    /// The structured codes of the collections stored in either form: one `BIV` of their
    /// layout, or a `VAL` with a field per element (Docs/ArchiveFormat.md, "Packed and
    /// unpacked collections").
    private static let collectionCodes: [NativeTypeCode] = [.array, .set, .dictionary]

    // MARK: Collections and Foundation values

    /// A collection of packable elements stored as a `VAL` with a field per element (its
    /// encoder packs it): read field by field, as a collection of other elements is.
    private func decodeFields<T: GDecodable>(_ index: Int, as _: T.Type) throws -> T {
        guard let native = T.self as? any NativeValueType.Type, Self.collectionCodes.contains(native.nativeTypeCode),
            nodes[index].typeReference == native.nativeTypeCode.rawValue
        else { throw mismatch(T.self, nodes[index], expected: "a BinaryIO value") }
        let enclosing = openScope(index, keys: collectionKeys)
        defer { state.pointee.scope = enclosing }
        return try locatingErrors(at: nodes[index]) { try T(from: self) }
    }

    /// Runs `body`, giving the errors it throws without a byte offset that of `node` (a
    /// collection's own checks, a duplicate set element…, know no offset), and those
    /// about the contents of a Foundation value, without a rule, the rule of its type (not
    /// limits, nor a value this platform does not know, which break none).
    func locatingErrors<R>(at node: ArchiveNode, _ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch var error as GCodableError {
            if error.context.byteOffset == nil { error.context.byteOffset = node.offset }
            if error.context.rule == nil, error.isAboutAValue, case .structured(let code)? = archive.types.resolve(node.typeReference) {
                error.context.rule = FormatRule(foundationValue: code)
            }
            throw error
        }
    }

    /// A collection of elements that are not packable stored as one `BIV` of its layout
    /// (its encoder writes a field per element): read as BinaryIO.
    private func decodePacked<T: GDecodable>(_ node: ArchiveNode, as _: T.Type) throws -> T {
        guard let native = T.self as? any NativeValueType.Type, Self.collectionCodes.contains(native.nativeTypeCode),
            let layout = (T.self as? any NativeBinaryType.Type)?.nativeDescriptor, let binary = T.self as? any BinaryIType.Type,
            case .native(layout)? = archive.types.resolve(node.typeReference)
        else { throw mismatch(T.self, node, expected: "VAL") }
        var reader = archive.payloadReader(of: node)
        guard let value = try Self.read(binary, from: &reader) as? T else { throw mismatch(T.self, node, expected: "\(T.self)") }
        guard reader.isAtEnd else {
            throw GCodableError.corrupted("\(reader.remainingCount) bytes of the \(T.self) value were not read", at: reader.offset)
        }
        return value
    }

    private static func read<B: BinaryIType>(_: B.Type, from reader: inout BinaryReadBuffer) throws -> Any {
        try B(from: &reader)
    }

    // MARK: Scopes and classes

    /// Makes the fields of the node at `index` the current scope; returns the scope around
    /// it, which the caller puts back when the node is decoded.
    private func openScope(_ index: Int, keys: Int) -> Scope? {
        let enclosing = state.pointee.scope
        state.pointee.scope = Scope(
            node: index, keys: keys, keyCursor: index + 1, unkeyedCursor: index + 1,
            unkeyedRemaining: Int(nodes[index].unkeyedFieldCount))
        return enclosing
    }

    /// The class `node` names, which must be `T` or a subclass of `T`.
    private func resolvedClass<T>(_ node: ArchiveNode, as _: T.Type) throws -> ResolvedClass {
        let reference = node.typeReference
        if let resolved = state.pointee.classes[reference] {
            guard resolved.type is T.Type else { throw mismatch(T.self, node, expected: "\(T.self) or a subclass") }
            return resolved
        }
        let (named, found, isOverride) = try lookUpClass(node, as: T.self)
        guard let archived = found as? any GDecodable.Type else {
            throw GCodableError.typeMismatch(
                T.self, .init(debugDescription: "class \(_typeName(found, qualified: true)) is not GDecodable", byteOffset: node.offset))
        }
        let decodable = archived.replacementType
        guard decodable is AnyClass else {
            throw GCodableError.typeMismatch(
                T.self,
                .init(
                    debugDescription: "\(archived) is replaced by \(decodable), which is not a class", byteOffset: node.offset))
        }
        // An obsolete class is the replaced type, whether the archive names it or `setClass` does.
        let isObsolete = ObjectIdentifier(decodable) != ObjectIdentifier(archived)
        let resolved = ResolvedClass(
            type: decodable, replaced: isObsolete ? archived : nil,
            keys: state.pointee.keySequences.makeSequence(), isMigratable: decodable is any GMigratable.Type)
        state.pointee.classes[reference] = resolved
        noteDecoded(
            decodable, archivedAs: isOverride ? named.qualifiedName : _typeName(archived, qualified: false),
            isReplaced: isOverride || isObsolete)
        guard decodable is T.Type else { throw mismatch(T.self, node, expected: "\(T.self) or a subclass") }
        return resolved
    }

    /// The class the class entry of `node` names, found by the decoder's lookup (its
    /// overrides, then its registry or the runtime), and whether `setClass` chose it.
    func lookUpClass<T>(_ node: ArchiveNode, as _: T.Type) throws -> (named: NamedType, type: Any.Type, isOverride: Bool) {
        guard case .named(let named)? = archive.types.resolve(node.typeReference), named.kind == .class else {
            throw mismatch(T.self, node, expected: "a class")
        }
        guard !state.pointee.missingClasses.contains(node.typeReference), let (found, isOverride) = classLookup.find(named) else {
            state.pointee.missingClasses.insert(node.typeReference)
            throw GCodableError.typeMismatch(
                T.self,
                .init(
                    debugDescription:
                        "class \(ShownText.shown(named.qualifiedName)) (\(ShownText.shown(named.mangledName))) is not \(classLookup.place)",
                    byteOffset: node.offset))
        }
        return (named, found, isOverride)
    }

    /// Notes in the decoding's report that `type` was built, for instances archived as
    /// `archivedName`, which it replaces when `isReplaced`.
    func noteDecoded(_ type: Any.Type, archivedAs archivedName: String, isReplaced: Bool) {
        state.pointee.decodedClasses.insert(_typeName(type, qualified: false))
        if isReplaced {
            state.pointee.replacements.insert(.init(archived: archivedName, replacement: _typeName(type, qualified: false)))
        }
    }

    // MARK: Optionals

    private func decode<T>(_ index: Int, with decodeInPlace: InPlaceDecoder) throws -> T {
        try Self.building { try decodeInPlace(self, index, $0) }
    }

    /// The `T` that `initialize` makes in the memory it is given. (Raw memory: a temporary
    /// allocation of `T` would cost metadata lookups for generic types on every call.)
    @inline(__always)
    static func building<T>(_ initialize: (UnsafeMutableRawPointer) throws -> Void) rethrows -> T {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(MemoryLayout<T>.size, 1), alignment: MemoryLayout<T>.alignment)
        defer { raw.deallocate() }
        try initialize(raw)
        return raw.assumingMemoryBound(to: T.self).move()
    }

    /// Decodes an optional in place: `NIL` and conditional pointers to values never
    /// encoded are `nil`, a box holds a wrapped optional, any other node is the wrapped value.
    func decodeOptional<Wrapped: GDecodable>(_ index: Int, as _: Wrapped.Type) throws -> Wrapped? {
        guard !holdsNil(index) else { return nil }
        guard case .optional = strategy(for: Wrapped.self) else { return .some(try decodeNode(index)) }
        return .some(try decodeNode(try wrappedField(ofBox: index, as: Wrapped?.self)))
    }

    /// Whether the node at `index` reads as `nil`: a `NIL`, or a conditional pointer to a
    /// value never encoded.
    func holdsNil(_ index: Int) -> Bool {
        let node = nodes[index]
        return node.kind == .nil || node.kind == .ptc && archive.definitions[node.objectID] == nil
    }

    /// The field of the optional box at `index`, which holds an optional of `type`.
    func wrappedField(ofBox index: Int, as type: Any.Type) throws -> Int {
        let node = nodes[index]
        guard node.kind == .val, node.typeReference == UInt32(NativeTypeCode.optional.rawValue),
            node.next > index + 1, nodes[index + 1].next == node.next, nodes[index + 1].keyID == 0
        else { throw mismatch(type, node, expected: "an optional box") }
        return index + 1
    }

    func mismatch(_ type: Any.Type, _ node: ArchiveNode, expected: String) -> GCodableError {
        if node.kind == .nil {
            return .valueNotFound(type, .init(debugDescription: "found nil", byteOffset: node.offset))
        }
        let found = archive.types.resolve(node.typeReference).map { " of type \(ShownText.shown($0.displayName))" } ?? ""
        return .typeMismatch(
            type, .init(debugDescription: "expected \(expected), found \(node.kind.code)\(found)", byteOffset: node.offset))
    }

    // MARK: Fields of the current scope

    private func takeUnkeyed() -> Int? {
        guard let scope = state.pointee.scope, scope.unkeyedRemaining > 0 else { return nil }
        let end = nodes[scope.node].next
        var field = scope.unkeyedCursor
        while field < end {
            if nodes[field].keyID == 0 && !state.pointee.decoded[field] {
                state.pointee.decoded[field] = true
                state.pointee.scope?.unkeyedCursor = nodes[field].next
                state.pointee.scope?.unkeyedRemaining -= 1
                state.pointee.scope?.unkeyedTaken += 1
                return field
            }
            field = nodes[field].next
        }
        return nil
    }

    /// Finds the field with `keyID`, searching from just after the last keyed field found
    /// (fields are usually decoded in the order they were encoded), then from the start.
    private func findKeyed(_ keyID: UInt32, removing: Bool) -> Int? {
        guard let scope = state.pointee.scope, keyID != 0 else { return nil }
        guard
            let field = findKeyed(keyID, from: scope.keyCursor, to: nodes[scope.node].next)
                ?? findKeyed(keyID, from: scope.node + 1, to: scope.keyCursor)
        else { return nil }
        if removing {
            state.pointee.decoded[field] = true
            state.pointee.scope?.keyCursor = nodes[field].next
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
            // The reference of a native layout (0 when the archive has none: no node matches),
            // or of a packed optional's own layout or entry (nil when the archive has none: its
            // values are all in place). The opaque payload of an optional has a presence byte
            // that its wrapped value has not.
            let expectedReference: UInt32?
            if let native = type as? any NativeBinaryType.Type {
                let reference = archive.types.existingReference(for: .native(native.nativeDescriptor))
                expectedReference = inPlace == nil ? reference ?? 0 : reference
            } else if inPlace != nil {
                expectedReference = archive.types.existingReference(
                    for: .named(NamedType(kind: .value, qualifiedName: _typeName(type, qualified: true), mangledName: "", version: 0)))
            } else {
                expectedReference = nil
            }
            return .binary(
                expectedReference: expectedReference, read: Self.binaryReader(binary), decodeInPlace: inPlace,
                isClass: type is AnyClass)
        }
        if let inPlace {
            return .optional(decodeInPlace: inPlace)
        }
        let keys = state.pointee.keySequences.makeSequence()
        let isMigratable = type is any GMigratable.Type
        guard !(type is AnyClass) else { return .reference(keys: keys, isMigratable: isMigratable) }
        let nativeReference = (type as? any NativeValueType.Type).map { UInt32($0.nativeTypeCode.rawValue) }
        return .value(keys: keys, isMigratable: isMigratable, nativeReference: nativeReference)
    }

    private static func binaryReader<B: GBinaryDecodable>(_: B.Type) -> (inout BinaryReadBuffer, UnsafeMutableRawPointer) throws -> Void {
        { reader, slot in slot.initializeMemory(as: B.self, to: try B(from: &reader)) }
    }

    private static func inPlaceDecoder<O: OptionalDecoding>(_: O.Type) -> InPlaceDecoder {
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

extension GDecoder {
    /// Whether this decoder only checks an archive's rules: a Foundation value that follows
    /// them but that this platform does not know (a locale, time zone or calendar) is then
    /// built as a stand-in, so that the fields after it are checked too.
    var checksFormatOnly: Bool { (self as? DecodingSession)?.checksFormatOnly ?? false }
}
