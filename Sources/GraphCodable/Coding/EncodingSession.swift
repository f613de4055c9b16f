/// One encoding pass: the ``GEncoder`` that user types write their fields to, writing the
/// body into one growing buffer while it collects the type and key tables.
///
/// Values with identity are written once, as a node with an object id; later meetings
/// write a pointer (`PTS`, or `PTC` when conditional). So that encoding never recurses
/// deeper than ``maximumInlineDepth`` through identified values, a definition met deeper
/// is replaced by a pointer and written after the root, at the top level of the body.
///
/// A session that writes a sort key (``CanonicalOrder``) writes every class instance held
/// by another class instance as a conditional pointer to an object it never defines.
final class EncodingSession: GEncoder {
    /// How values of one static type are coded.
    enum Coding {
        /// One BinaryIO unit: a native layout, or an opaque length-prefixed payload. For
        /// classes the type reference comes from each object's dynamic class.
        case binary(typeReference: UInt32, isNative: Bool, write: (UnsafeRawPointer, inout BinaryWriteBuffer) throws -> Void)
        /// An optional, encoded in place.
        case optional(encodeInPlace: (UnsafeRawPointer, EncodingSession, UInt32, Bool) throws -> Void)
        /// A value type, field by field; `keys` is the type's key sequence.
        case value(typeReference: UInt32, keys: Int)
        /// A class, field by field, typed by each object's dynamic class.
        case reference
    }

    /// Everything the session decides once per static type.
    struct Strategy {
        let coding: Coding
        let isClass: Bool
        let identity: IdentityRule?
    }

    /// Everything the session decides once per dynamic class.
    struct ClassInfo {
        /// The class's type-table reference, or `nil` when the class cannot be rebuilt
        /// from its name (so it cannot keep inheritance).
        let typeReference: UInt32?
        let keys: Int
        /// Whether its objects are asked (through `GInheritance`) whether to keep inheritance.
        let asksObjects: Bool
    }

    /// A `VAL`/`REF` whose fields are being written.
    struct OpenValue {
        let keys: Int
        var unkeyedCount = 0
        var keyedCount = 0
    }

    /// The session's mutable state. It lives behind a pointer so that the hot path pays no
    /// run-time exclusivity checks, which class properties would.
    struct State {
        var buffer: BinaryWriteBuffer
        /// The nodes written so far.
        var nodeCount = 0
        /// What decoding the nodes written so far charges to the reader's memory budget
        /// (``ReadingCost``), beyond their nodes and the room that the buffer counts.
        var readingCost = 0
        var types = TypeTable()
        var keys = KeyTable()
        var keySequences = KeySequences()
        var strategies = TypeCache<Strategy>()
        var classes = TypeCache<ClassInfo>()
        /// The innermost value whose fields are being written (those around it wait in the
        /// frames of `writeFields`), and the depth of the next `VAL` or `REF` to open (optional
        /// boxes count).
        var open = OpenValue(keys: 0)
        var openCount = 1
        /// How many class instances are open around the node being written.
        var classDepth = 0
        /// The object id of each object met so far, by its address.
        let objectIDs: ObjectNumbering
        /// Objects met so far, kept alive so that no address is reused.
        var retained: [AnyObject] = []
        /// The object id of each value identity met so far.
        var valueIDs: [ValueIdentity: UInt32] = [:]
        /// Whether each object id (the index) has a definition written or postponed.
        var defined: [Bool] = [true]
        /// Definitions to write at the top level, after the root.
        var postponed: [() throws -> Void] = []
        /// The error a field's encoding threw last, with the path it reached: when the
        /// encoding still ends, an `encode(to:)` caught it and went on.
        var caughtFailure: (any Error)?
        var warnings: [String] = []
        /// When dumping, the description of each opaque BinaryIO value, by node offset.
        var opaqueDescriptions: [Int: String]?
        /// What the Codable bridge keeps while it encodes.
        var codable = CodableEncodingState()
    }

    /// How deep identified definitions nest before they are postponed to the top level.
    static let maximumInlineDepth = 100

    let userInfo: [CodingUserInfoKey: any Sendable]
    let binaryIOVersion: UInt16
    let options: GraphEncoder.Options
    /// The limits of the archive's readers (``GraphEncoder/limits``).
    private let limits: ArchiveLimits
    /// Whether the scalar fast path may run: no option or `GIdentifiable` conformance can
    /// give scalars an identity.
    let scalarFastPath: Bool
    /// Whether sets and dictionaries are written in the canonical order.
    let writesCanonicalOrder: Bool
    /// Whether the session writes a sort key: class instances held by class instances are
    /// written as conditional pointers to nothing.
    private let writesSortKey: Bool
    /// The canonical orders found so far, shared by the sessions of one encoding.
    let canonicalOrders: CanonicalOrders
    let stack: StackGuard
    let state: UnsafeMutablePointer<State>

    convenience init(
        options: GraphEncoder.Options, limits: ArchiveLimits, userInfo: [CodingUserInfoKey: any Sendable],
        binaryIOVersion: UInt16, describingValues: Bool
    ) {
        self.init(
            options: options, limits: limits, userInfo: userInfo, binaryIOVersion: binaryIOVersion,
            describingValues: describingValues, writesSortKey: false, stack: StackGuard(), canonicalOrders: CanonicalOrders())
    }

    private init(
        options: GraphEncoder.Options, limits: ArchiveLimits, userInfo: [CodingUserInfoKey: any Sendable],
        binaryIOVersion: UInt16, describingValues: Bool, writesSortKey: Bool, stack: StackGuard, canonicalOrders: CanonicalOrders
    ) {
        self.canonicalOrders = canonicalOrders
        self.options = options
        self.limits = limits
        self.userInfo = userInfo
        self.binaryIOVersion = binaryIOVersion
        self.writesSortKey = writesSortKey
        self.stack = stack
        writesCanonicalOrder = options.contains(.deterministic)
        let scalarTypes: [Any.Type] = [Int.self, String.self, Double.self, Float.self, Bool.self]
        scalarFastPath =
            options.contains(.disableIdentity)
            || (options.isDisjoint(with: [.tryHashableIdentityAtFirst, .tryHashableIdentityAtLast])
                && (options.contains(.ignoreGIdentifiableProtocol) || !scalarTypes.contains { $0 is any GIdentifiable.Type }))
        let internalVersion =
            options.contains(.fixedWidthIntegers)
            ? BinaryIOInternalVersion.fixedWidthIntegers : BinaryIOInternalVersion.current
        var buffer = BinaryWriteBuffer(version: binaryIOVersion, internalVersion: internalVersion)
        buffer.writesCanonicalOrder = writesCanonicalOrder
        buffer.writeBytes(repeatElement(0, count: ArchiveHeader.size))
        state = .allocate(capacity: 1)
        state.initialize(
            to: State(
                buffer: buffer, objectIDs: ObjectNumbering(bits: writesSortKey ? 4 : 10), opaqueDescriptions: describingValues ? [:] : nil))
        state.pointee.open = OpenValue(keys: state.pointee.keySequences.makeSequence())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// A session that writes sort keys of values as this session would write them. Within a
    /// sort key, so is a value held by a class instance: the class instances it holds are cut.
    func makeSortKeySession() -> EncodingSession {
        let session = EncodingSession(
            options: options.union(.omitChecksum), limits: limits, userInfo: userInfo, binaryIOVersion: binaryIOVersion,
            describingValues: false, writesSortKey: true, stack: stack, canonicalOrders: canonicalOrders)
        if writesSortKey { session.state.pointee.classDepth = state.pointee.classDepth }
        return session
    }

    /// Whether the session cuts the class instances it meets from what it writes (a sort
    /// key, inside a class instance).
    var cutsClasses: Bool { writesSortKey && state.pointee.classDepth > 0 }

    /// The version of the library's own layouts the session writes.
    var internalVersion: UInt16 { state.pointee.buffer.internalVersion }

    /// When dumping, the description of each opaque BinaryIO value, by node offset.
    var opaqueDescriptions: [Int: String]? { state.pointee.opaqueDescriptions }
    /// The warnings of this encoding.
    var warnings: [String] { state.pointee.warnings }

    /// Encodes the root, of type `rootType`, with `writeRoot`, as the body and returns the
    /// finished archive.
    func archive(of rootType: Any.Type, writingRoot writeRoot: () throws -> Void) throws -> [UInt8] {
        let bodyLength = try writeBodyAndTables(of: rootType, writingRoot: writeRoot)
        var bytes = state.pointee.buffer.takeBytes()
        let header = ArchiveHeader(
            flags: options.contains(.omitChecksum) ? [] : .checksummed,
            internalBinaryIOVersion: state.pointee.buffer.internalVersion, userBinaryIOVersion: binaryIOVersion,
            bodyLength: UInt64(bodyLength), tablesLength: UInt64(bytes.count - ArchiveHeader.size - bodyLength))
        ArchiveHeader.seal(&bytes, header: header)
        return bytes
    }

    /// Writes the sort key of a value of `type`, which `writeValue` writes, to `order`: what
    /// follows the header in the archive of that value alone. Called on a session made for
    /// it (``makeSortKeySession()``).
    func writeSortKey(of type: Any.Type, to order: inout CanonicalOrder, writingValue writeValue: () throws -> Void) throws {
        _ = try writeBodyAndTables(of: type, writingRoot: writeValue)
        state.pointee.buffer.withWrittenBytes { order.add(bytes: $0[ArchiveHeader.size...]) }
    }

    /// Writes the root as the body, then the tables, after the header's room; returns the
    /// body's length.
    private func writeBodyAndTables(of rootType: Any.Type, writingRoot writeRoot: () throws -> Void) throws -> Int {
        try writeRoot()
        var next = 0
        while next < state.pointee.postponed.count {
            let writeDefinition = state.pointee.postponed[next]
            next += 1
            try writeDefinition()
        }
        if let failure = state.pointee.caughtFailure { throw Self.halfWritten(rootType, after: failure) }
        let bodyLength = state.pointee.buffer.count - ArchiveHeader.size
        state.pointee.types.write(to: &state.pointee.buffer)
        state.pointee.keys.write(to: &state.pointee.buffer)
        try extent.checkReadable(under: limits, of: rootType)
        return bodyLength
    }

    /// What readers meet in what is written so far. Decoding charges at most the nodes
    /// (a stretch at a time, so at most a stretch more than they take), the values and
    /// collections, the tables.
    var extent: ArchiveExtent {
        let written = state.pointee
        let nodes = (written.nodeCount + ReadingCost.nodesPerCharge) * ReadingCost.node
        return ArchiveExtent(
            size: written.buffer.count, nodeCount: written.nodeCount,
            tableCount: max(written.types.count, written.keys.keys.count), longestLength: written.buffer.longestLength,
            readingCost: written.readingCost + written.buffer.reservedRoom + nodes + written.types.readingCost + written.keys.readingCost)
    }

    // MARK: GEncoder

    func encode<Value: GEncodable>(_ value: Value) throws {
        try unkeyedField { try encodeNode(value, keyID: 0) }
    }

    func encode<Key: RawRepresentable, Value: GEncodable>(_ value: Value, for key: Key) throws
    where Key.RawValue == String {
        try keyedField(key) { try encodeNode(value, keyID: $0) }
    }

    func encodeConditional<Value: GEncodable>(_ value: Value?) throws {
        try unkeyedField { try encodeConditionalNode(value, keyID: 0) }
    }

    func encodeConditional<Key: RawRepresentable, Value: GEncodable>(_ value: Value?, for key: Key) throws
    where Key.RawValue == String {
        try keyedField(key) { try encodeConditionalNode(value, keyID: $0) }
    }

    func unkeyedField(_ body: () throws -> Void) throws {
        let index = state.pointee.open.unkeyedCount
        state.pointee.open.unkeyedCount = index + 1
        do {
            try body()
        } catch let error as GCodableError {
            throw failing(error.prefixingPath(with: .index(index)))
        } catch {
            throw failing(error)
        }
    }

    @inline(__always)
    func keyedField<Key: RawRepresentable>(_ key: Key, _ body: (UInt32) throws -> Void) throws
    where Key.RawValue == String {
        let open = state.pointee.open
        state.pointee.open.keyedCount = open.keyedCount + 1
        let keyID = state.pointee.keySequences.id(for: key, sequence: open.keys, position: open.keyedCount) {
            state.pointee.keys.id(for: $0)
        }
        do {
            try body(keyID)
        } catch let error as GCodableError {
            throw failing(error.prefixingPath(with: .key(key.rawValue)))
        } catch {
            throw failing(error)
        }
    }

    /// Notes `error`, which a field's encoding threw, as the last failure, and returns it.
    func failing(_ error: any Error) -> any Error {
        state.pointee.caughtFailure = error
        return error
    }

    /// The error of an encoding of a `type` that ended although a field's encoding threw
    /// `error`: an `encode(to:)` caught it and went on, and what the field had written
    /// (some of its nodes, object ids it named) would make the archive unreadable.
    private static func halfWritten(_ type: Any.Type, after error: any Error) -> GCodableError {
        let path = (error as? GCodableError)?.context.pathText.map { " " + $0 } ?? ""
        return .cannotEncode(
            type,
            GCodableError.Context(
                debugDescription: "the encoding of a field\(path) threw and an encode(to:) went on without it, "
                    + "which would leave the field half written: \(error)",
                underlyingError: error))
    }

    // MARK: Nodes

    /// Writes the node of `value`, with `keyID` (0 when unkeyed).
    func encodeNode<T: GEncodable>(_ value: T, keyID: UInt32, conditional: Bool = false) throws {
        if scalarFastPath && !conditional && ScalarFastPath.write(value, keyID: keyID, to: &state.pointee.buffer) {
            state.pointee.nodeCount &+= 1
            state.pointee.readingCost &+= ScalarFastPath.readingCost(T.self)
            return
        }
        try encodeWithStrategy(value, keyID: keyID, conditional: conditional)
    }

    private func encodeConditionalNode<T: GEncodable>(_ value: T?, keyID: UInt32) throws {
        guard let value else { return encodeNil(keyID: keyID) }
        try encodeNode(value, keyID: keyID, conditional: true)
    }

    /// Counts `bytes` more in what decoding the archive charges to its reader's memory budget
    /// (``ReadingCost``), beyond the nodes (counted as they are written) and the BinaryIO
    /// collections (which the buffer counts).
    func countReading(_ bytes: Int) {
        state.pointee.readingCost &+= bytes
    }

    /// Writes a node's header, and counts the node.
    @inline(__always)
    func writeNodeHeader(_ kind: NodeKind, keyID: UInt32, typeReference: UInt32 = 0, objectID: UInt32 = 0) {
        state.pointee.nodeCount &+= 1
        state.pointee.buffer.writeNodeHeader(kind, keyID: keyID, typeReference: typeReference, objectID: objectID)
    }

    /// Writes a `NIL` node.
    func encodeNil(keyID: UInt32) {
        writeNodeHeader(.nil, keyID: keyID)
    }

    /// Writes the wrapped value of an optional in the optional's place; a wrapped optional
    /// goes in a one-field box so that `.some(nil)` stays distinct from `nil`.
    func encodeWrapped<Wrapped: GEncodable>(_ wrapped: Wrapped, keyID: UInt32, conditional: Bool) throws {
        guard case .optional = strategy(for: Wrapped.self).coding else {
            return try encodeNode(wrapped, keyID: keyID, conditional: conditional)
        }
        try writeOptionalBox(of: Wrapped?.self, keyID: keyID) { try encodeNode(wrapped, keyID: 0, conditional: conditional) }
    }

    /// Writes the one-field box of an optional of `type` holding an optional, whose node
    /// `writeWrapped` writes.
    func writeOptionalBox(of type: Any.Type, keyID: UInt32, _ writeWrapped: () throws -> Void) throws {
        try openLevel(for: type)
        writeNodeHeader(.val, keyID: keyID, typeReference: UInt32(NativeTypeCode.optional.rawValue))
        try writeWrapped()
        state.pointee.openCount -= 1
        state.pointee.buffer.writeEnd()
    }

    /// The general path of ``encodeNode(_:keyID:conditional:)``, kept out of line: the
    /// generic types it forms would otherwise cost a metadata lookup on the fast path too.
    @inline(never)
    private func encodeWithStrategy<T: GEncodable>(_ value: T, keyID: UInt32, conditional: Bool) throws {
        let strategy = strategy(for: T.self)
        if case .optional(let encodeInPlace) = strategy.coding {
            return try withUnsafePointer(to: value) { try encodeInPlace($0, self, keyID, conditional) }
        }
        if strategy.isClass && cutsClasses { return writeCutPointer(keyID: keyID) }
        guard let found = objectID(of: value, strategy.identity) else {
            if conditional { state.pointee.warnings.append("\(T.self) has no identity: encoded unconditionally") }
            return try writeDefinition(value, strategy, keyID: keyID, objectID: 0)
        }
        let objectID = found.id
        if writesPointer(to: found, keyID: keyID, conditional: conditional) { return }
        if state.pointee.openCount > Self.maximumInlineDepth {
            countReading(ReadingCost.earlyPointer)
            writeNodeHeader(.pts, keyID: keyID, objectID: objectID)
            state.pointee.postponed.append { [unowned self] in
                try self.writeDefinition(value, strategy, keyID: 0, objectID: objectID)
            }
            return
        }
        try writeDefinition(value, strategy, keyID: keyID, objectID: objectID)
    }

    /// Writes, in a sort key, the conditional pointer to nothing that stands for a class
    /// instance held by a class instance.
    func writeCutPointer(keyID: UInt32) {
        let objectID = UInt32(state.pointee.defined.count)
        state.pointee.defined.append(false)
        writeNodeHeader(.ptc, keyID: keyID, objectID: objectID)
    }

    /// Writes a pointer to the value with identity `found` and returns `true` when its
    /// definition is not to be written here: it is written already, or postponed, or this
    /// meeting is conditional. Otherwise notes the definition written and returns `false`.
    func writesPointer(to found: (id: UInt32, isNew: Bool), keyID: UInt32, conditional: Bool) -> Bool {
        let objectID = found.id
        if found.isNew {
            state.pointee.defined.append(false)
            if conditional {
                writeNodeHeader(.ptc, keyID: keyID, objectID: objectID)
                return true
            }
        } else if conditional || state.pointee.defined[Int(objectID)] {
            if !conditional { countReading(ReadingCost.earlyPointer) } // its definition may be postponed
            writeNodeHeader(conditional ? .ptc : .pts, keyID: keyID, objectID: objectID)
            return true
        }
        state.pointee.defined[Int(objectID)] = true
        return false
    }

    /// The object id of the identity of `value` under `rule`, and whether this is its first
    /// meeting (the id is then the next one); `nil` when the value has no identity.
    @inline(__always)
    func objectID<T>(of value: T, _ rule: IdentityRule?) -> (id: UInt32, isNew: Bool)? {
        let nextID = UInt32(state.pointee.defined.count)
        switch rule {
        case .object?:
            let object = objectReference(of: value)
            let found = state.pointee.objectIDs.id(of: object, orInsert: nextID)
            if found.isNew { state.pointee.retained.append(object) }
            return found
        case .value(let identify)?:
            guard let identity = withUnsafePointer(to: value, { identify($0) }) else { return nil }
            if let known = state.pointee.valueIDs[identity] { return (known, false) }
            state.pointee.valueIDs[identity] = nextID
            return (nextID, true)
        case nil:
            return nil
        }
    }

    /// Writes the node that defines `value`, with its fields or payload.
    private func writeDefinition<T: GEncodable>(_ value: T, _ strategy: Strategy, keyID: UInt32, objectID: UInt32) throws {
        if objectID != 0 {
            countReading(ReadingCost.value(T.self, isClass: strategy.isClass) + ReadingCost.definition + ReadingCost.identity)
        } else if ScalarFastPath.scalar(T.self) == nil { // the reader's fast path charges its scalars nothing
            countReading(ReadingCost.value(T.self, isClass: strategy.isClass))
        }
        switch strategy.coding {
        case .binary(let typeReference, let isNative, let write):
            let kind: NodeKind = strategy.isClass ? .bir : .biv
            let reference = strategy.isClass ? try classReference(of: value).reference : typeReference
            if state.pointee.opaqueDescriptions != nil && !isNative {
                state.pointee.opaqueDescriptions?[state.pointee.buffer.count] = String(describing: value)
            }
            writeNodeHeader(kind, keyID: keyID, typeReference: reference, objectID: objectID)
            try withUnsafePointer(to: value) { pointer in
                if isNative {
                    try write(pointer, &state.pointee.buffer)
                } else {
                    try state.pointee.buffer.writeLengthPrefixed { try write(pointer, &$0) }
                }
            }
        case .value(let typeReference, let keys):
            writeNodeHeader(.val, keyID: keyID, typeReference: typeReference, objectID: objectID)
            try writeFields(of: value, keys: keys)
        case .reference:
            let (reference, keys) = try classReference(of: value)
            writeNodeHeader(.ref, keyID: keyID, typeReference: reference, objectID: objectID)
            state.pointee.classDepth += 1
            try writeFields(of: value, keys: keys)
            state.pointee.classDepth -= 1
        case .optional(let encodeInPlace):
            try withUnsafePointer(to: value) { try encodeInPlace($0, self, keyID, false) }
        }
    }

    private func writeFields<T: GEncodable>(of value: T, keys: Int) throws {
        guard stack.hasRoom() else {
            throw GCodableError.cannotEncode(
                T.self,
                .init(
                    debugDescription: "values nest deeper than this thread's stack allows: encode on a thread with a larger stack"))
        }
        try openLevel(for: T.self)
        let enclosing = state.pointee.open
        state.pointee.open = OpenValue(keys: keys)
        try value.encode(to: self)
        state.pointee.open = enclosing
        state.pointee.openCount -= 1
        state.pointee.buffer.writeEnd()
    }

    /// Counts a `VAL` or `REF` of a `type` opening, refusing to nest deeper than readers take
    /// (``ArchiveLimits/maximumDepth``): what the encoder writes reads back.
    func openLevel(for type: Any.Type) throws {
        // `openCount` is the depth of the value about to open.
        guard state.pointee.openCount <= limits.maximumDepth else {
            throw GCodableError.cannotEncode(
                type,
                "values nest more than \(limits.maximumDepth) levels deep, deeper than its readers take (ArchiveLimits.maximumDepth)")
        }
        state.pointee.openCount += 1
    }

    // MARK: Classes

    /// The type reference of the dynamic class of `object` (0 when its inheritance is off)
    /// and the key sequence of that class.
    func classReference<T>(of object: T) throws -> (reference: UInt32, keys: Int) {
        let instance = objectReference(of: object)
        let dynamicType: AnyClass = type(of: instance)
        let info = try classInfo(for: dynamicType)
        if options.contains(.disableInheritance)
            || info.asksObjects && (instance as? any GInheritance)?.disableInheritance == true
        {
            return (0, info.keys)
        }
        guard let reference = info.typeReference else {
            throw GCodableError.cannotEncode(
                dynamicType,
                .init(
                    debugDescription:
                        "\(_typeName(dynamicType, qualified: true)) cannot be found again from its name (is it private or local?): "
                        + "adopt GInheritance to disable its inheritance, or encode with .disableInheritance"))
        }
        return (reference, info.keys)
    }

    private func classInfo(for dynamicType: AnyClass) throws -> ClassInfo {
        if let info = state.pointee.classes.value(for: dynamicType) { return info }
        let version: UInt32
        if let encodable = dynamicType as? any GEncodable.Type {
            version = encodable.typeVersion
        } else if dynamicType is any Encodable.Type {
            version = 0
        } else {
            throw GCodableError.cannotEncode(dynamicType, .init(debugDescription: "the class is neither GEncodable nor Encodable"))
        }
        let reference =
            !options.contains(.disableInheritance) && ClassResolver.isReifiable(dynamicType)
            ? state.pointee.types.reference(for: .named(TypeName.named(dynamicType, kind: .class, version: version))) : nil
        let info = ClassInfo(
            typeReference: reference, keys: state.pointee.keySequences.makeSequence(),
            asksObjects: !options.contains(.ignoreGInheritanceProtocol) && dynamicType is any GInheritance.Type)
        state.pointee.classes.insert(info, for: dynamicType)
        return info
    }

    // MARK: Strategies

    private func strategy<T: GEncodable>(for type: T.Type) -> Strategy {
        if let strategy = state.pointee.strategies.value(for: type) { return strategy }
        let strategy = makeStrategy(for: type)
        state.pointee.strategies.insert(strategy, for: type)
        return strategy
    }

    private func makeStrategy<T: GEncodable>(for type: T.Type) -> Strategy {
        let isClass = type is AnyClass
        let coding: Coding
        if let binary = type as? any GBinaryEncodable.Type {
            if let native = type as? any NativeBinaryType.Type {
                let reference = state.pointee.types.reference(for: .native(native.nativeDescriptor))
                coding = .binary(typeReference: reference, isNative: true, write: Self.binaryWriter(binary))
            } else {
                let reference = isClass ? 0 : state.pointee.types.reference(for: .named(TypeName.named(type, kind: .value)))
                coding = .binary(typeReference: reference, isNative: false, write: Self.binaryWriter(binary))
            }
        } else if let optional = type as? any OptionalEncoding.Type {
            return Strategy(coding: .optional(encodeInPlace: Self.inPlaceEncoder(optional)), isClass: false, identity: nil)
        } else if isClass {
            coding = .reference
        } else if let native = type as? any NativeValueType.Type {
            coding = .value(typeReference: UInt32(native.nativeTypeCode.rawValue), keys: state.pointee.keySequences.makeSequence())
        } else {
            let reference = state.pointee.types.reference(for: .named(TypeName.named(type, kind: .value)))
            coding = .value(typeReference: reference, keys: state.pointee.keySequences.makeSequence())
        }
        return Strategy(coding: coding, isClass: isClass, identity: IdentityRule.rule(for: type, options: options))
    }

    private static func binaryWriter<B: GBinaryEncodable>(_: B.Type) -> (UnsafeRawPointer, inout BinaryWriteBuffer) throws -> Void {
        { pointer, buffer in try pointer.assumingMemoryBound(to: B.self).pointee.write(to: &buffer) }
    }

    private static func inPlaceEncoder<O: OptionalEncoding>(_: O.Type) -> (UnsafeRawPointer, EncodingSession, UInt32, Bool) throws -> Void {
        { pointer, session, keyID, conditional in
            try pointer.assumingMemoryBound(to: O.self).pointee.encodeInPlace(session, keyID: keyID, conditional: conditional)
        }
    }
}

/// An optional that the encoder writes in its own place (see ``EncodingSession/encodeWrapped(_:keyID:conditional:)``).
protocol OptionalEncoding {
    func encodeInPlace(_ session: EncodingSession, keyID: UInt32, conditional: Bool) throws
}

extension Optional: OptionalEncoding where Wrapped: GEncodable {
    func encodeInPlace(_ session: EncodingSession, keyID: UInt32, conditional: Bool) throws {
        switch self {
        case .none: session.encodeNil(keyID: keyID)
        case .some(let wrapped): try session.encodeWrapped(wrapped, keyID: keyID, conditional: conditional)
        }
    }
}
