// The encoding half of the Codable bridge: an `Encodable` value is written as GraphCodable
// writes its own values, so that its archive is an ordinary archive. A value type is a `VAL`
// of its type and a class instance a `REF` of its dynamic class, both with identity as the
// encoder's options give it; arrays, sets, dictionaries and optionals of Codable elements
// are written as the native ones are; a value whose type is `GEncodable` is written the
// GraphCodable way. Whatever container a type asks for writes into its node: keyed fields
// under their `CodingKey` string values, unkeyed fields in order, a single value as the
// node's one unkeyed field, a nested container or `superEncoder()` as an untyped `VAL`.
//
// The buffer grows in one direction, so a container writes in the node that is open: a
// nested container is closed when a container around it writes again, and writing to a
// closed one is an error. A cycle made of Codable values alone is refused, since
// `init(from:)` cannot decode one.

/// What the Codable bridge keeps while a session encodes.
struct CodableEncodingState {
    /// A node that Codable containers write into.
    struct Frame {
        let serial: Int
        /// The key sequence of the value or container (``KeySequences``).
        let keys: Int
        /// Whether the node is a value's own, closed by the value's encoding, rather than a
        /// nested container's, closed when a container of a node around it writes.
        let isValue: Bool
        /// Where the node is in the one around it: its key id (0 when unkeyed) and its index
        /// among the unkeyed fields there; nil when the node around it is not Codable's.
        let step: (keyID: UInt32, index: Int)?
        /// The session's depth inside the node: the depth of the nodes it holds.
        let depth: Int
        var keyedCount = 0
        var unkeyedCount = 0
    }

    /// A Codable value with identity whose definition is being written.
    struct OpenDefinition {
        let id: UInt32
        let type: Any.Type
        /// The session's depth and the bridge's ``levels`` when it opened.
        let depth: Int
        let levels: Int
    }

    var strategies = TypeCache<CodableEncodingStrategy>()
    /// The key sequences of nested containers, by their key type.
    var nestedKeys = TypeCache<Int>()
    /// The open frames, innermost last.
    var frames: [Frame] = []
    var nextSerial = 0
    /// How many of the session's open levels the bridge opened.
    var levels = 0
    var openDefinitions: [OpenDefinition] = []
    /// The error of a container a non-throwing call failed to make (`nestedContainer`,
    /// `superEncoder()`), thrown by its first write.
    var failedContainer: (any Error)?
}

/// How values of one static `Encodable` type are written.
struct CodableEncodingStrategy {
    /// Writes the value a pointer points to with a key id, conditionally or not.
    typealias Writer = (UnsafeRawPointer, EncodingSession, UInt32, Bool) throws -> Void

    enum Coding {
        /// A `GEncodable` type, or an optional of Codable values: written its own way.
        case itsOwn(Writer)
        /// An array, set or dictionary of Codable elements: a `VAL` of the native code whose
        /// fields `writeElements` writes in the frame it is given.
        case collection(typeReference: UInt32, writeElements: (UnsafeRawPointer, EncodingSession, Int) throws -> Void)
        /// A value type: a `VAL` of its type.
        case value(typeReference: UInt32, keys: Int)
        /// A class: a `REF` of each instance's dynamic class.
        case reference
    }

    let coding: Coding
    let isClass: Bool
    let identity: IdentityRule?
}

extension EncodingSession {
    /// The frame number of a container that could not be made.
    static let failedFrame = -1

    /// Writes the node of the `Encodable` value `value`, with `keyID` (0 when unkeyed).
    func encodeCodable<T: Encodable>(_ value: T, keyID: UInt32, conditional: Bool = false) throws {
        let strategy = codableStrategy(for: T.self)
        if case .itsOwn(let write) = strategy.coding {
            return try withUnsafePointer(to: value) { try write($0, self, keyID, conditional) }
        }
        if strategy.isClass && cutsClasses { return writeCutPointer(keyID: keyID) }
        guard let found = objectID(of: value, strategy.identity) else {
            if conditional { state.pointee.warnings.append("\(T.self) has no identity: encoded unconditionally") }
            return try writeCodableDefinition(value, strategy, keyID: keyID, objectID: 0)
        }
        if !found.isNew { try refuseCycle(through: found.id, reaching: T.self) }
        if writesPointer(to: found, keyID: keyID, conditional: conditional) { return }
        try writeCodableDefinition(value, strategy, keyID: keyID, objectID: found.id)
    }

    /// Throws when the value with identity `id`, met again, is a Codable value whose
    /// definition is open and nothing but Codable levels were opened since: a cycle that
    /// `init(from:)` cannot decode. (A `GCodable` value on the cycle may decode its link with
    /// `deferDecode`.)
    private func refuseCycle(through id: UInt32, reaching type: Any.Type) throws {
        let open = state.pointee.codable.openDefinitions
        guard let start = open.lastIndex(where: { $0.id == id }) else { return }
        let definition = open[start]
        guard state.pointee.openCount - definition.depth == state.pointee.codable.levels - definition.levels else { return }
        let names = (open[start...].map(\.type) + [type]).map { _typeName($0, qualified: false) }
        throw GCodableError.cannotEncode(
            type,
            "\(names.joined(separator: " → ")): a cycle of Codable values, which init(from:) cannot decode; "
                + "adopt GCodable in one of these types and decode its link with deferDecode, or encode the link conditionally")
    }

    private func writeCodableDefinition<T: Encodable>(
        _ value: T, _ strategy: CodableEncodingStrategy, keyID: UInt32, objectID: UInt32
    ) throws {
        let identified = objectID != 0
        countReading(
            ReadingCost.value(T.self, isClass: strategy.isClass) + (identified ? ReadingCost.definition + ReadingCost.identity : 0))
        if identified {
            state.pointee.codable.openDefinitions.append(
                .init(id: objectID, type: T.self, depth: state.pointee.openCount, levels: state.pointee.codable.levels))
        }
        defer { if identified { state.pointee.codable.openDefinitions.removeLast() } }
        switch strategy.coding {
        case .collection(let typeReference, let writeElements):
            writeNodeHeader(.val, keyID: keyID, typeReference: typeReference, objectID: objectID)
            try writeCodableFields(of: T.self, keys: 0, keyID: keyID) { frame in
                try withUnsafePointer(to: value) { try writeElements($0, self, frame) }
            }
        case .value(let typeReference, let keys):
            writeNodeHeader(.val, keyID: keyID, typeReference: typeReference, objectID: objectID)
            try writeCodableFields(of: T.self, keys: keys, keyID: keyID) { frame in
                try value.encode(to: CodableEncoder(session: self, frame: frame))
            }
        case .reference:
            let (reference, keys) = try classReference(of: value)
            writeNodeHeader(.ref, keyID: keyID, typeReference: reference, objectID: objectID)
            state.pointee.classDepth += 1
            defer { state.pointee.classDepth -= 1 }
            try writeCodableFields(of: T.self, keys: keys, keyID: keyID) { frame in
                try value.encode(to: CodableEncoder(session: self, frame: frame))
            }
        case .itsOwn:
            throw GCodableError.internalInconsistency(T.self, .init(debugDescription: "a value written its own way has no definition"))
        }
    }

    /// Opens a level for the node just written, whose fields `writeFields` writes in the frame
    /// it is given, then closes it.
    private func writeCodableFields(of type: Any.Type, keys: Int, keyID: UInt32, _ writeFields: (Int) throws -> Void) throws {
        guard stack.hasRoom() else {
            throw GCodableError.cannotEncode(
                type, "values nest deeper than this thread's stack allows: encode on a thread with a larger stack")
        }
        let step = stepOfNextNode(keyID: keyID)
        try openLevel(for: type)
        state.pointee.codable.levels += 1
        let openFrames = state.pointee.codable.frames.count
        let frame = pushFrame(keys: keys, isValue: true, step: step)
        do {
            try writeFields(frame)
            try closeFrames(above: frame)
        } catch {
            state.pointee.codable.frames.removeSubrange(openFrames...)
            throw error
        }
        state.pointee.codable.frames.removeLast()
        state.pointee.codable.levels -= 1
        state.pointee.openCount -= 1
        state.pointee.buffer.writeEnd()
    }

    // MARK: Frames

    /// Where a node about to open is in the frame around it: its key id, or its index among
    /// the unkeyed fields (the field already counted); nil when the level around it is not
    /// a frame (a `GCodable` value's, or none at the root).
    private func stepOfNextNode(keyID: UInt32) -> (keyID: UInt32, index: Int)? {
        guard let top = state.pointee.codable.frames.last, top.depth == state.pointee.openCount else {
            return keyID == 0 ? nil : (keyID, 0)
        }
        return (keyID, max(top.unkeyedCount - 1, 0))
    }

    private func pushFrame(keys: Int, isValue: Bool, step: (keyID: UInt32, index: Int)?) -> Int {
        let serial = state.pointee.codable.nextSerial
        state.pointee.codable.nextSerial = serial + 1
        state.pointee.codable.frames.append(.init(serial: serial, keys: keys, isValue: isValue, step: step, depth: state.pointee.openCount))
        return serial
    }

    /// The position of the open frame `serial` in the frames, after closing the nested
    /// containers opened above it.
    func openFrame(_ serial: Int) throws -> Int {
        let last = state.pointee.codable.frames.count - 1
        if last >= 0 && state.pointee.codable.frames[last].serial == serial
            && state.pointee.codable.frames[last].depth == state.pointee.openCount
        {
            return last
        }
        if serial == Self.failedFrame, let failure = state.pointee.codable.failedContainer { throw failure }
        try closeFrames(above: serial)
        guard state.pointee.codable.frames[state.pointee.codable.frames.count - 1].depth == state.pointee.openCount else {
            throw GCodableError.cannotEncode(Self.self, "a Codable container was used while a value inside it was being encoded")
        }
        return state.pointee.codable.frames.count - 1
    }

    /// Closes the nested containers above the frame `serial`, which must be open.
    private func closeFrames(above serial: Int) throws {
        guard let position = state.pointee.codable.frames.lastIndex(where: { $0.serial == serial }) else {
            throw GCodableError.cannotEncode(
                Self.self, "a Codable container was used after the value or container it writes into was closed")
        }
        while state.pointee.codable.frames.count - 1 > position {
            guard !state.pointee.codable.frames[state.pointee.codable.frames.count - 1].isValue else {
                throw GCodableError.cannotEncode(
                    Self.self, "a Codable container was used while a value inside it was being encoded")
            }
            state.pointee.codable.frames.removeLast()
            state.pointee.codable.levels -= 1
            state.pointee.openCount -= 1
            state.pointee.buffer.writeEnd()
        }
    }

    /// Opens a nested container in the frame `serial`, under `key` (unkeyed when nil), whose
    /// key sequence is that of `keyType`'s nested containers; returns its frame, or
    /// ``failedFrame`` (its writes throw why).
    func openNestedFrame<Key: CodingKey>(in serial: Int, key: Key?, keyType: Any.Type) -> Int {
        do {
            let frame = try openFrame(serial)
            let keyID = key.map { codableKeyID(for: $0, in: frame) } ?? nextUnkeyedIndex(in: frame).keyID
            let step = stepOfNextNode(keyID: keyID)
            try openLevel(for: keyType)
            state.pointee.codable.levels += 1
            writeNodeHeader(.val, keyID: keyID)
            return pushFrame(keys: nestedKeySequence(for: keyType), isValue: false, step: step)
        } catch {
            state.pointee.codable.failedContainer = failing(error)
            return Self.failedFrame
        }
    }

    private func nestedKeySequence(for keyType: Any.Type) -> Int {
        state.pointee.keySequences.sequence(for: keyType, in: &state.pointee.codable.nestedKeys)
    }

    // MARK: Fields

    /// The key id of `key`, the next keyed field of the frame at `position`.
    @inline(__always)
    func codableKeyID<Key: CodingKey>(for key: Key, in position: Int) -> UInt32 {
        let frame = state.pointee.codable.frames[position]
        state.pointee.codable.frames[position].keyedCount = frame.keyedCount + 1
        return state.pointee.keySequences.id(for: CodingKeyName(key), sequence: frame.keys, position: frame.keyedCount) {
            state.pointee.keys.id(for: $0)
        }
    }

    /// Counts the next unkeyed field of the frame at `position`; returns its key id (0) and index.
    @inline(__always)
    private func nextUnkeyedIndex(in position: Int) -> (keyID: UInt32, index: Int) {
        let index = state.pointee.codable.frames[position].unkeyedCount
        state.pointee.codable.frames[position].unkeyedCount = index + 1
        return (0, index)
    }

    /// The number of unkeyed fields written in the frame `serial`.
    func unkeyedCount(in serial: Int) -> Int {
        state.pointee.codable.frames.last { $0.serial == serial }?.unkeyedCount ?? 0
    }

    /// Writes `value` with `write` as the field `key` of the frame `serial`.
    @inline(__always)
    func writeField<T, Key: CodingKey>(_ value: T, for key: Key, in serial: Int, _ write: (UInt32) throws -> Void) throws {
        let keyID = codableKeyID(for: key, in: try openFrame(serial))
        do {
            try write(keyID)
        } catch {
            throw failing(codableError(error, encoding: value, in: serial, at: key))
        }
    }

    /// Writes `value` with `write` as the next unkeyed field of the frame `serial`.
    @inline(__always)
    func writeField<T>(_ value: T, unkeyedIn serial: Int, _ write: () throws -> Void) throws {
        let index = nextUnkeyedIndex(in: try openFrame(serial)).index
        do {
            try write()
        } catch {
            throw failing(codableError(error, encoding: value, in: serial, at: ArchiveCodingKey(index: index)))
        }
    }

    /// `error`, thrown while encoding `value` at `key` of the frame `serial`: an error of the
    /// library becomes an `EncodingError` at the field's coding path. (An `EncodingError` has
    /// its whole coding path already, as Codable's errors give it.)
    private func codableError<T>(_ error: any Error, encoding value: T, in serial: Int, at key: any CodingKey) -> any Error {
        guard let error = error as? GCodableError else { return error }
        return error.encodingError(value, codingPath: codingPath(of: serial) + [key] + error.codingPath)
    }

    /// The coding path of the frame `serial`: the steps of the frames up to it.
    func codingPath(of serial: Int) -> [any CodingKey] {
        let frames = state.pointee.codable.frames
        guard let end = frames.lastIndex(where: { $0.serial == serial }) else { return [] }
        return frames[...end].compactMap { frame in
            frame.step.map { step in
                step.keyID == 0
                    ? ArchiveCodingKey(index: step.index)
                    : ArchiveCodingKey(stringValue: state.pointee.keys.key(for: step.keyID) ?? "")
            }
        }
    }

    // MARK: Strategies

    func codableStrategy<T: Encodable>(for type: T.Type) -> CodableEncodingStrategy {
        if let strategy = state.pointee.codable.strategies.value(for: type) { return strategy }
        let strategy = makeCodableStrategy(for: type)
        state.pointee.codable.strategies.insert(strategy, for: type)
        return strategy
    }

    private func makeCodableStrategy<T: Encodable>(for type: T.Type) -> CodableEncodingStrategy {
        // An optional is `nil` or its value in place, as Codable coders write it, even where
        // GraphCodable's own coding would pack it: `decode(Int.self)` reads an `Int?` so written.
        if let optional = type as? any EncodableOptional.Type {
            return CodableEncodingStrategy(coding: .itsOwn(Self.optionalWriter(optional)), isClass: false, identity: nil)
        }
        if let own = type as? any GEncodable.Type {
            return CodableEncodingStrategy(coding: .itsOwn(Self.graphCodableWriter(own)), isClass: false, identity: nil)
        }
        let isClass = type is AnyClass
        let coding: CodableEncodingStrategy.Coding
        if let collection = type as? any EncodableCollection.Type {
            coding = .collection(
                typeReference: UInt32(collection.nativeTypeCode.rawValue), writeElements: Self.elementsWriter(collection))
        } else if isClass {
            coding = .reference
        } else {
            let reference = state.pointee.types.reference(for: .named(TypeName.named(type, kind: .value, version: 0)))
            coding = .value(typeReference: reference, keys: state.pointee.keySequences.makeSequence())
        }
        return CodableEncodingStrategy(coding: coding, isClass: isClass, identity: IdentityRule.rule(for: type, options: options))
    }

    private static func graphCodableWriter<G: GEncodable>(_: G.Type) -> CodableEncodingStrategy.Writer {
        { pointer, session, keyID, conditional in
            try session.encodeNode(pointer.assumingMemoryBound(to: G.self).pointee, keyID: keyID, conditional: conditional)
        }
    }

    private static func optionalWriter<O: EncodableOptional>(_: O.Type) -> CodableEncodingStrategy.Writer {
        { pointer, session, keyID, conditional in
            try pointer.assumingMemoryBound(to: O.self).pointee.encodeInPlace(session, keyID: keyID, conditional: conditional)
        }
    }

    private static func elementsWriter<C: EncodableCollection>(_: C.Type) -> (UnsafeRawPointer, EncodingSession, Int) throws -> Void {
        { pointer, session, frame in try pointer.assumingMemoryBound(to: C.self).pointee.encodeElements(session, frame: frame) }
    }
}

/// A `CodingKey` as the key sequences take keys: its string value is its raw value.
struct CodingKeyName<Key: CodingKey>: RawRepresentable {
    let key: Key
    init(_ key: Key) { self.key = key }
    init?(rawValue: String) { nil }
    var rawValue: String { key.stringValue }
}
