import Foundation

/// An archive's structure, read without any of its Swift types: header fields, type
/// table, key table and body, as plain values you can inspect, edit and write back.
///
/// Reading then writing an archive gives back the same bytes.
public struct GraphArchive: Sendable, Equatable {
    /// An entry of the type table (see Docs/ArchiveFormat.md). Layout components refer to
    /// other types by reference: a native code (1…63) or `64 + index` in ``types``.
    public enum TypeEntry: Sendable, Hashable {
        /// A user value type: its qualified name (`Module.Type`), an empty mangled name,
        /// and the version it was encoded with.
        case valueType(qualifiedName: String, mangledName: String, version: UInt32)
        /// A class: its qualified name, its mangled name, and the version it was encoded with.
        case classType(qualifiedName: String, mangledName: String, version: UInt32)
        /// The layout of a packed array of the type `element`.
        case array(element: UInt32)
        /// The layout of a packed set of the type `element`.
        case set(element: UInt32)
        /// The layout of a packed dictionary from `key` to `value`.
        case dictionary(key: UInt32, value: UInt32)
        /// The layout of a packed optional of `wrapped`.
        case optional(wrapped: UInt32)
        /// The layout of a packed `Range` of `bound`.
        case range(bound: UInt32)
        /// The layout of a packed `ClosedRange` of `bound`.
        case closedRange(bound: UInt32)
        /// The layout of a SIMD vector of `lanes` lanes of the scalar `scalar`.
        case simd(lanes: Int, scalar: UInt32)
    }

    /// A body node.
    public struct Node: Sendable, Equatable {
        /// The node kinds, as dumps show them.
        public enum Kind: String, Sendable, CaseIterable {
            /// A value type, field by field.
            case val = "VAL"
            /// A reference type, field by field.
            case ref = "REF"
            /// A value stored as one BinaryIO unit.
            case biv = "BIV"
            /// A reference stored as one BinaryIO unit.
            case bir = "BIR"
            /// `nil`.
            case `nil` = "NIL"
            /// A strong pointer to the node that defines its object id.
            case pts = "PTS"
            /// A conditional pointer: `nil` when the archive defines no such object.
            case ptc = "PTC"
        }

        /// What the node holds.
        public var kind: Kind
        /// The 1-based id of its key in ``GraphArchive/keys``, or 0 when unkeyed.
        public var key: UInt32
        /// Its type reference, or 0 when untyped.
        public var type: UInt32
        /// Its object id, or 0 when it has no identity.
        public var objectID: UInt32
        /// The fields of a `VAL` or `REF`.
        public var fields: [Node]
        /// The payload of a `BIV` or `BIR`: for native layouts the payload's bytes, for
        /// opaque user types their bytes without the length prefix.
        public var payload: [UInt8]

        /// Creates a node.
        public init(kind: Kind, key: UInt32 = 0, type: UInt32 = 0, objectID: UInt32 = 0, fields: [Node] = [], payload: [UInt8] = []) {
            self.kind = kind
            self.key = key
            self.type = type
            self.objectID = objectID
            self.fields = fields
            self.payload = payload
        }
    }

    /// Whether the archive carries a checksum.
    public var isChecksummed: Bool { didSet { detachFromSource() } }
    /// The layout version of native payloads (see ``BinaryIOInternalVersion``).
    public var internalBinaryIOVersion: UInt16 { didSet { detachFromSource() } }
    /// The user BinaryIO version.
    public var userBinaryIOVersion: UInt16 { didSet { detachFromSource() } }
    /// The type table.
    public var types: [TypeEntry] { didSet { detachFromSource() } }
    /// The key table (key ids are 1-based).
    public var keys: [String] { didSet { detachFromSource() } }
    /// The root node, then any object definitions written at the top level.
    public var body: [Node] {
        get { source?.body ?? editedBody }
        set {
            source = nil
            editedBody = newValue
        }
    }

    /// The bytes the model was read from, while nothing of it is edited (then ``body`` is
    /// theirs).
    private var source: Source?
    /// The body once the model is edited.
    private var editedBody: [Node] = []

    /// Reads the structure of an archive, checking it as validation does, native payloads
    /// included: what it reads, `GraphDecoder.validate(_:)` calls valid. The body's nodes
    /// are built when ``body`` is first asked for: reading an archive to write its JSON form,
    /// dump or conversion takes little more than validating it.
    public init<Q: DataProtocol>(bytes: Q, limits: ArchiveLimits = ArchiveLimits()) throws {
        let bytes = bytes as? [UInt8] ?? [UInt8](bytes)
        let read = try Self.read(bytes, limits: limits)
        try read.budget.charge(read.bodyMemory)
        isChecksummed = read.header.flags.contains(.checksummed)
        internalBinaryIOVersion = read.header.internalBinaryIOVersion
        userBinaryIOVersion = read.header.userBinaryIOVersion
        keys = read.keys.keys
        types = read.types.entries.indices.map { Self.typeEntry(at: $0, in: read.types) }
        source = Source(bytes: bytes, limits: limits)
    }

    /// Checks `bytes` as validation does, native payloads included, and returns their
    /// header and tables, the memory the body's nodes take in a model and the budget it is
    /// charged to.
    static func read(_ bytes: [UInt8], limits: ArchiveLimits) throws
        -> (header: ArchiveHeader, types: TypeTable, keys: KeyTable, budget: MemoryBudget, bodyMemory: Int)
    {
        if let (prelude, validator, _) = GraphValidationReport.validatedInOnePass(bytes, limits: limits) {
            // Valid: what its checks took at most, beside the nodes.
            let counts = validator.kindCounts
            let arrays = counts[Int(NodeKind.val.rawValue)] + counts[Int(NodeKind.ref.rawValue)] + validator.nonEmptyPayloadCount
            let nodes = Source.memory(nodes: validator.count, arrays: arrays, payloadBytes: validator.payloadByteCount)
            return (prelude.header, prelude.types, prelude.keys, prelude.budget, validator.largestCheckCharge + nodes)
        }
        // Invalid, or holding values checked from the nodes kept: the parse that keeps them
        // throws the first problem, as decoding does.
        let archive = try ParsedArchive(bytes: bytes, limits: limits)
        try archive.checkNativeContents(problems: nil)
        return (archive.header, archive.types, archive.keys, archive.budget, Source.memory(ofBodyOf: archive))
    }

    /// Makes the model stand on its own, its body built, once any of it is edited.
    private mutating func detachFromSource() {
        guard let source else { return }
        editedBody = source.body
        self.source = nil
    }

    /// Whether two models hold the same archive.
    public static func == (first: GraphArchive, second: GraphArchive) -> Bool {
        guard first.isChecksummed == second.isChecksummed, first.internalBinaryIOVersion == second.internalBinaryIOVersion,
            first.userBinaryIOVersion == second.userBinaryIOVersion, first.types == second.types, first.keys == second.keys
        else { return false }
        // The same bytes are the same model; different ones may be too (keys and type names
        // compare as strings do, by canonical equivalence), which their nodes tell.
        if let firstSource = first.source, let secondSource = second.source,
            firstSource === secondSource || firstSource.bytes == secondSource.bytes
        {
            return true
        }
        return first.body == second.body
    }

    /// The entry at `index` of `table`, as the model holds it.
    static func typeEntry(at index: Int, in table: TypeTable) -> TypeEntry {
        let (first, second) = table.partReferences(ofEntryAt: index)
        switch table.entries[index] {
        case .named(let named) where named.kind == .class:
            return .classType(qualifiedName: named.qualifiedName, mangledName: named.mangledName, version: named.version)
        case .named(let named):
            return .valueType(qualifiedName: named.qualifiedName, mangledName: named.mangledName, version: named.version)
        case .native(.array): return .array(element: first)
        case .native(.set): return .set(element: first)
        case .native(.dictionary): return .dictionary(key: first, value: second)
        case .native(.optional): return .optional(wrapped: first)
        case .native(.range): return .range(bound: first)
        case .native(.closedRange): return .closedRange(bound: first)
        case .native(.simd(let lanes, _)): return .simd(lanes: lanes, scalar: first)
        case .native(.scalar), .structured:
            preconditionFailure("predefined codes are never table entries")
        }
    }

    /// The archive's bytes. They are checked as validation checks them, under `limits`: a
    /// structure that breaks the format's rules (a key id outside the key table, a native
    /// payload that does not fit its layout, a duplicate set element…) throws.
    public func bytes(limits: ArchiveLimits = ArchiveLimits()) throws -> [UInt8] {
        try bytes(limits: limits, checkingPayloads: true)
    }

    /// The archive's bytes, its native payloads and Foundation values checked or not (tests
    /// make archives whose values break their rules this way).
    func bytes(limits: ArchiveLimits = ArchiveLimits(), checkingPayloads: Bool) throws -> [UInt8] {
        if let source {
            if limits != source.limits { try Self.check(source.bytes, limits: limits, checkingPayloads: checkingPayloads) }
            return source.bytes
        }
        let layouts = try nativeLayouts()
        return try Self.assemble(
            isChecksummed: isChecksummed, internalBinaryIOVersion: internalBinaryIOVersion, userBinaryIOVersion: userBinaryIOVersion,
            types: types, keys: keys, limits: limits, checkingPayloads: checkingPayloads
        ) { buffer in
            try writeBody(to: &buffer, layouts: layouts)
        }
    }

    /// An archive from its parts: the body that `writeBody` writes, then the tables, under a
    /// sealed header; checked as decoding checks its structure, under `limits`, and its native
    /// payloads too when `checkingPayloads` (the JSON form keeps unreadable payloads as they
    /// are, so that an archive comes back from it whatever it holds).
    static func assemble(
        isChecksummed: Bool, internalBinaryIOVersion: UInt16, userBinaryIOVersion: UInt16, types: [TypeEntry], keys: [String],
        limits: ArchiveLimits, checkingPayloads: Bool, reservingCapacity capacity: Int = 256,
        writeBody: (inout BinaryWriteBuffer) throws -> Void
    ) throws -> [UInt8] {
        let written = try write(
            isChecksummed: isChecksummed, internalBinaryIOVersion: internalBinaryIOVersion, userBinaryIOVersion: userBinaryIOVersion,
            types: types, keys: keys, reservingCapacity: capacity, writeBody: writeBody)
        try check(written.bytes, limits: limits, checkingPayloads: checkingPayloads)
        return written.bytes
    }

    /// An archive written from its parts, unchecked, and the offsets where its tables' parts
    /// start, in order: the type count, each type entry, the key count, each key.
    static func write(
        isChecksummed: Bool, internalBinaryIOVersion: UInt16, userBinaryIOVersion: UInt16, types: [TypeEntry], keys: [String],
        reservingCapacity capacity: Int = 256, writeBody: (inout BinaryWriteBuffer) throws -> Void
    ) throws -> (bytes: [UInt8], tableEntries: [Int]) {
        var buffer = BinaryWriteBuffer(version: userBinaryIOVersion, internalVersion: internalBinaryIOVersion, reservingCapacity: capacity)
        buffer.writeBytes(repeatElement(0, count: ArchiveHeader.size))
        try writeBody(&buffer)
        let bodyLength = buffer.count - ArchiveHeader.size
        let tableEntries = writeTables(types: types, keys: keys, to: &buffer)
        var bytes = buffer.takeBytes()
        ArchiveHeader.seal(
            &bytes,
            header: ArchiveHeader(
                flags: isChecksummed ? .checksummed : [], internalBinaryIOVersion: internalBinaryIOVersion,
                userBinaryIOVersion: userBinaryIOVersion, bodyLength: UInt64(bodyLength),
                tablesLength: UInt64(bytes.count - ArchiveHeader.size - bodyLength)))
        return (bytes, tableEntries)
    }

    /// Checks an archive written by ``write``: its structure as decoding checks it, under
    /// `limits`, and its native payloads too when `checkingPayloads`.
    static func check(_ bytes: [UInt8], limits: ArchiveLimits, checkingPayloads: Bool) throws {
        if checkingPayloads {
            _ = try read(bytes, limits: limits)
        } else {
            _ = try ArchivePrelude(bytes: bytes, limits: limits, problems: nil).checkingBodyStructure()
        }
    }

    /// The native layout of each type reference that has one.
    func nativeLayouts() throws -> [UInt32: NativeDescriptor] {
        try Self.nativeLayouts(of: types)
    }

    /// The native layout of each type reference of the table `types` that has one, checked
    /// as the binary type table is: components earlier, SIMD lanes scalar, at most 256 parts
    /// per layout.
    static func nativeLayouts(of types: [TypeEntry]) throws -> [UInt32: NativeDescriptor] {
        var layouts: [UInt32: (layout: NativeDescriptor, size: Int)] = [:]
        for code in NativeTypeCode.allCases where code.isScalar { layouts[UInt32(code.rawValue)] = (.scalar(code), 1) }
        for (index, entry) in types.enumerated() {
            func problem(_ message: String) -> GCodableError {
                .dataCorrupted(.init(debugDescription: "type \(index): \(message)", path: [.key("types"), .index(index)]))
            }
            func component(_ reference: UInt32) throws -> (layout: NativeDescriptor, size: Int) {
                guard let component = layouts[reference] else {
                    throw problem("\(reference) is not an earlier native layout")
                }
                return component
            }
            let layout: NativeDescriptor
            var size = 1
            switch entry {
            case .valueType, .classType: continue
            case .array(let element), .set(let element), .optional(let element), .range(let element), .closedRange(let element):
                let (inner, innerSize) = try component(element)
                size += innerSize
                switch entry {
                case .array: layout = .array(inner)
                case .set: layout = .set(inner)
                case .optional: layout = .optional(inner)
                case .range: layout = .range(inner)
                default: layout = .closedRange(inner)
                }
            case .dictionary(let key, let value):
                let (keyLayout, keySize) = try component(key)
                let (valueLayout, valueSize) = try component(value)
                size += keySize + valueSize
                layout = .dictionary(keyLayout, valueLayout)
            case .simd(let lanes, let scalar):
                guard NativeDescriptor.simdLaneCounts.contains(lanes), case .scalar = try component(scalar).layout else {
                    throw problem("a SIMD layout has 2, 3, 4, 8, 16, 32 or 64 scalar lanes")
                }
                size += 1
                layout = .simd(lanes: lanes, try component(scalar).layout)
            }
            guard size <= TypeTable.maximumLayoutSize else {
                throw problem("a layout of \(size) parts, the most is \(TypeTable.maximumLayoutSize)")
            }
            layouts[TypeReference.reference(forTableIndex: index)] = (layout, size)
        }
        return layouts.mapValues(\.layout)
    }

    /// A text dump, as `GraphDecoder.dump(from:options:)` makes it.
    public func dump(options: GraphDumpOptions = .readable, limits: ArchiveLimits = ArchiveLimits()) throws -> String {
        try ArchiveDump(
            archive: try ArchivePrelude(bytes: try bytes(limits: limits), limits: limits, problems: nil), options: options, limits: limits
        )
        .text
    }

    private func writeBody(to buffer: inout BinaryWriteBuffer, layouts: [UInt32: NativeDescriptor]) throws {
        // Iterative pre-order walk: each frame holds a list of siblings and the next one.
        var frames: [(nodes: [Node], next: Int)] = [(body, 0)]
        while let frame = frames.last {
            guard frame.next < frame.nodes.count else {
                frames.removeLast()
                if !frames.isEmpty { buffer.writeEnd() }
                continue
            }
            let node = frame.nodes[frame.next]
            frames[frames.count - 1].next += 1
            buffer.writeNodeHeader(node.kind.nodeKind, keyID: node.key, typeReference: node.type, objectID: node.objectID)
            switch node.kind {
            case .val, .ref:
                frames.append((node.fields, 0))
            case .biv, .bir:
                if let layout = layouts[node.type] {
                    var reader = BinaryReadBuffer(
                        bytes: node.payload, version: userBinaryIOVersion, internalVersion: internalBinaryIOVersion)
                    try layout.skip(&reader, maximumLength: .max)
                    guard reader.isAtEnd else {
                        throw GCodableError.dataCorrupted(
                            .init(
                                debugDescription:
                                    "a \(node.kind.rawValue) payload holds \(reader.remainingCount) bytes more than its \(layout)"))
                    }
                    buffer.writeBytes(node.payload)
                } else {
                    buffer.writeLength(node.payload.count)
                    buffer.writeBytes(node.payload)
                }
            case .nil, .pts, .ptc:
                break
            }
        }
    }

    /// Writes the type and key tables; returns where each of their parts starts: the type
    /// count, each entry, the key count, each key.
    private static func writeTables(types: [TypeEntry], keys: [String], to buffer: inout BinaryWriteBuffer) -> [Int] {
        var starts = [buffer.count]
        starts.reserveCapacity(types.count + keys.count + 2)
        buffer.writeCount(types.count)
        for entry in types {
            starts.append(buffer.count)
            switch entry {
            case .valueType(let qualifiedName, let mangledName, let version), .classType(let qualifiedName, let mangledName, let version):
                if case .valueType = entry { buffer.writeByte(1) } else { buffer.writeByte(2) }
                buffer.writeVarUInt(UInt64(version))
                buffer.writeString(qualifiedName)
                buffer.writeString(mangledName)
            case .array(let element): Self.writeLayout(16, [element], to: &buffer)
            case .set(let element): Self.writeLayout(17, [element], to: &buffer)
            case .dictionary(let key, let value): Self.writeLayout(18, [key, value], to: &buffer)
            case .optional(let wrapped): Self.writeLayout(19, [wrapped], to: &buffer)
            case .range(let bound): Self.writeLayout(20, [bound], to: &buffer)
            case .closedRange(let bound): Self.writeLayout(21, [bound], to: &buffer)
            case .simd(let lanes, let scalar):
                buffer.writeByte(22)
                buffer.writeVarUInt(UInt64(max(lanes, 0)))
                buffer.writeVarUInt(UInt64(scalar))
            }
        }
        starts.append(buffer.count)
        buffer.writeCount(keys.count)
        for key in keys {
            starts.append(buffer.count)
            buffer.writeString(key)
        }
        return starts
    }

    private static func writeLayout(_ kind: UInt8, _ components: [UInt32], to buffer: inout BinaryWriteBuffer) {
        buffer.writeByte(kind)
        for component in components { buffer.writeVarUInt(UInt64(component)) }
    }
}

extension GraphArchive.Node.Kind {
    init(_ kind: NodeKind) {
        switch kind {
        case .val: self = .val
        case .ref: self = .ref
        case .biv: self = .biv
        case .bir: self = .bir
        case .nil: self = .nil
        case .pts: self = .pts
        case .ptc: self = .ptc
        case .end: preconditionFailure("the parser never records END as a node")
        }
    }

    var nodeKind: NodeKind {
        switch self {
        case .val: return .val
        case .ref: return .ref
        case .biv: return .biv
        case .bir: return .bir
        case .nil: return .nil
        case .pts: return .pts
        case .ptc: return .ptc
        }
    }
}
