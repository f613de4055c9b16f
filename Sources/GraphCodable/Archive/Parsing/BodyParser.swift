/// Walks an archive's body once, iteratively, checking every node and handing it to a
/// ``NodeSink``.
struct BodyParser {
    /// What a node with a given type reference may be, and how its payload is laid out.
    private struct ReferenceShape {
        /// The node kinds that may carry the reference, as a bit mask of raw values.
        var kinds: UInt16
        var payload: Payload
    }

    private enum Payload {
        case none
        /// The same size for every value (skipped without looking at its layout).
        case fixed(Int)
        /// A variable-length integer.
        case varint
        /// A length, then that many bytes: a string, say.
        case lengthPrefixed
        case scalar(NativeTypeCode)
        /// A layout of nested values, by its index in `composites` (an index, not the
        /// layout, keeps the payload free of references: read for every node, it is then
        /// copied without retaining anything).
        case composite(Int)
        case opaque
    }

    private static func mask(_ kinds: NodeKind...) -> UInt16 {
        kinds.reduce(0) { $0 | 1 << $1.rawValue }
    }

    /// How a node is reached from its parent, for the paths of problems.
    private enum Step {
        case key(UInt32)
        case index(Int)
    }

    /// A `VAL`/`REF` whose fields are being read: what its fields need to know of it is kept
    /// here, so that they never look back at a node parsed long before.
    private struct OpenValue {
        let index: Int
        /// Its object id, or 0.
        let objectID: UInt32
        /// The step that reached it.
        let step: Step?
        /// Its offset, and its type reference when its fields are the elements of a
        /// collection, all unkeyed (0 otherwise): what the checks of those fields need.
        let offset: UInt32
        let collectionType: UInt32
        /// The unkeyed fields of the value it is a field of, up to and with it: counted on
        /// again once its own fields end.
        let enclosingFieldCount: UInt32
    }

    private let shapes: [ReferenceShape]
    private let composites: [NativeDescriptor]
    private let types: TypeTable
    private let keys: KeyTable
    private let limits: ArchiveLimits
    private let budget: MemoryBudget
    private let problems: ProblemLog?

    init(types: TypeTable, keys: KeyTable, internalVersion: UInt16, limits: ArchiveLimits, budget: MemoryBudget, problems: ProblemLog?) {
        self.types = types
        self.keys = keys
        self.limits = limits
        self.budget = budget
        self.problems = problems
        let count = Int(TypeReference.firstTableReference) + types.count
        var composites: [NativeDescriptor] = []
        shapes = (0 ..< count).map { reference in
            if reference == 0 { return ReferenceShape(kinds: Self.mask(.val, .ref, .bir, .nil, .pts, .ptc), payload: .none) }
            switch types.resolve(UInt32(reference)) {
            case .native(let descriptor)?:
                return ReferenceShape(
                    kinds: Self.mask(.biv), payload: Self.payload(of: descriptor, internalVersion, composites: &composites))
            case .structured?: return ReferenceShape(kinds: Self.mask(.val), payload: .none)
            case .named(let named)? where named.kind == .value: return ReferenceShape(kinds: Self.mask(.val, .biv), payload: .opaque)
            case .named?: return ReferenceShape(kinds: Self.mask(.ref, .bir), payload: .opaque)
            case nil: return ReferenceShape(kinds: 0, payload: .none)
            }
        }
        self.composites = composites
    }

    /// How a native payload of `layout` is skipped; a composite layout is added to
    /// `composites`.
    private static func payload(of layout: NativeDescriptor, _ internalVersion: UInt16, composites: inout [NativeDescriptor]) -> Payload {
        if let size = layout.fixedSize(internalVersion: internalVersion) { return .fixed(size) }
        switch layout {
        case .scalar(let code) where code.isWideInteger: return .varint
        case .scalar(let code) where code.isLengthPrefixed: return .lengthPrefixed
        case .scalar(let code): return .scalar(code)
        default:
            composites.append(layout)
            return .composite(composites.count - 1)
        }
    }

    /// What the parse of a body finds besides its nodes (``ParsedArchive``'s properties of
    /// the same names).
    struct Facts {
        let definitions: ObjectIDMap<Int>
        let maximumDepth: Int
        let foundationValueCount: Int
    }

    /// Parses the body, which `body` reads from `bytes`: the root node, then the object
    /// definitions written at the top level; the nodes go to `nodes`.
    func parse<Sink: NodeSink & ~Copyable>(_ body: inout BinaryReadBuffer, of bytes: [UInt8], into nodes: inout Sink) throws -> Facts {
        // The body's bytes are read unchecked below.
        precondition(body.offset + body.remainingCount <= bytes.count, "a body beyond its bytes")
        return try bytes.withUnsafeBufferPointer { try parse(&body, $0, into: &nodes) }
    }

    /// ``parse(_:of:into:)``: tags, ids and the common payloads read from `bytes` at a local
    /// position, the other payloads with `body`, whose offset is therefore left behind.
    /// (A local position stays in a register, where every read through `body` loads its
    /// array and fields from memory.)
    private func parse<Sink: NodeSink & ~Copyable>(
        _ body: inout BinaryReadBuffer, _ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout Sink
    ) throws -> Facts {
        var definitions = ObjectIDMap<Int>()
        let bodyStart = body.offset
        let bodyLength = body.remainingCount
        let bodyEnd = bodyStart + bodyLength
        var position = bodyStart
        nodes.reserveCapacity(min(bodyLength / 4, limits.maximumNodeCount, 1 << 16))
        // The nodes are charged a stretch at a time as the list fills, rather than one by
        // one (a charge at every node) or as room is reserved: the room a body's size
        // foretells may be far more than its nodes take (a small budget would refuse a valid
        // archive), and the part of a large list they have not reached is untouched pages.
        var chargedNodes = 0
        var open = ParseStack<OpenValue>()
        // The unkeyed fields of the innermost open value so far, kept here rather than on
        // top of `open`, so that counting a field writes no memory.
        var unkeyedFieldCount: UInt32 = 0
        var maximumDepth = 0
        var foundationValueCount = 0
        // The strong pointers met before their definition, which alone are checked at the
        // end, so that no pass over all the nodes for their pointers is needed.
        var earlyPointers: [(objectID: UInt32, offset: UInt32)] = []

        while position < bodyEnd {
            let offset = position
            let tag = bytes[position]
            position += 1
            guard let kind = NodeKind(rawValue: tag & NodeTag.kindMask), tag & NodeTag.reserved == 0,
                kind != .end || tag == 0
            else {
                throw problem(open, "invalid node tag 0x\(String(tag, radix: 16))", rule: .nodeTag, at: offset, step: nil)
            }
            if kind == .end {
                guard let parent = open.popLast() else {
                    throw problem(open, "end marker without an open value", rule: .nodeEnd, at: offset, step: nil)
                }
                // Checked before the node is written: reading it right after would stall.
                if parent.collectionType != 0 { try checkFieldCount(unkeyedFieldCount, of: parent, open, step: parent.step) }
                try nodes.close(parent.index, next: nodes.count, unkeyedFieldCount: unkeyedFieldCount, in: bytes)
                unkeyedFieldCount = parent.enclosingFieldCount
                continue
            }
            let isTopLevel = open.isEmpty && nodes.count > 0
            guard nodes.count < limits.maximumNodeCount else {
                throw GCodableError.limit("more than \(limits.maximumNodeCount) nodes", at: offset)
            }
            var node = ArchiveNode(kind: kind, offset: offset, next: nodes.count + 1)
            var step: Step?
            if tag & NodeTag.keyed != 0 {
                node.keyID = try readID(bytes, &position, bodyEnd, "key id", rule: .nodeKeyID)
                step = .key(node.keyID)
                if node.keyID > keys.keys.count {
                    try problems.report(
                        problem(open, "key id \(node.keyID) is not in the key table", rule: .nodeKeyID, at: offset, step: step))
                }
                if let parent = open.last, parent.collectionType != 0 {
                    let name = types.resolve(parent.collectionType)?.displayName ?? ""
                    try problems.report(
                        problem(open, "the fields of \(name) are unkeyed", rule: .collectionKeyedField, at: offset, step: step))
                }
                if open.isEmpty {
                    try problems.report(problem(open, "a top-level node has a key", rule: .rootKeyed, at: offset, step: step))
                }
            } else if !open.isEmpty {
                step = .index(Int(unkeyedFieldCount))
                unkeyedFieldCount += 1
            }
            if tag & NodeTag.typed != 0 {
                node.typeReference = try readID(bytes, &position, bodyEnd, "type reference", rule: .nodeTypeReference)
                if node.typeReference >= shapes.count || shapes[Int(node.typeReference)].kinds == 0 {
                    let message = "type reference \(node.typeReference) points nowhere"
                    // Without its type, a payload cannot be skipped.
                    if kind.hasPayload { throw problem(open, message, rule: .nodeTypeReference, at: offset, step: step) }
                    try problems.report(problem(open, message, rule: .nodeTypeReference, at: offset, step: step))
                    node.typeReference = 0
                }
            }
            if tag & NodeTag.identified != 0 {
                node.objectID = try readID(bytes, &position, bodyEnd, "object id", rule: .nodeObjectID)
            }
            let kinds = shapes[Int(node.typeReference)].kinds
            let isPointer = kind == .pts || kind == .ptc
            if kinds & (1 &<< kind.rawValue) == 0 || isPointer && node.objectID == 0 || kind == .nil && node.objectID != 0 {
                let type = types.resolve(node.typeReference).map { " of type \(ShownText.shown($0.displayName))" } ?? ""
                let malformed = problem(open, "malformed \(kind.code) node\(type)", rule: .nodeShape, at: offset, step: step)
                if kind.hasPayload && node.typeReference != 0 && kinds & (1 << NodeKind.biv.rawValue) == 0 {
                    throw malformed
                }
                try problems.report(malformed)
            }
            // The node's own rules are met before its payload is read (Docs/ArchiveFormat.md,
            // "Reporting order").
            if isTopLevel && (node.objectID == 0 || isPointer) {
                try problems.report(
                    problem(open, "after the root node, only object definitions may follow", rule: .bodyAfterRoot, at: offset, step: step))
            }
            if node.objectID != 0 && !isPointer {
                try budget.charge(ReadingCost.definition, at: offset)
                let denseLimit = 2 * nodes.count + 1024
                if !definitions.insert(nodes.count, for: node.objectID, denseLimit: denseLimit) {
                    try problems.report(
                        problem(open, "object id \(node.objectID) is defined twice", rule: .identityDefinedTwice, at: offset, step: step))
                }
            } else if kind == .pts && definitions[node.objectID] == nil {
                try budget.charge(ReadingCost.earlyPointer, at: offset)
                earlyPointers.append((node.objectID, UInt32(truncatingIfNeeded: offset)))
            }
            if kind.hasPayload {
                node.payload = try skipPayload(shapes[Int(node.typeReference)].payload, bytes, &position, bodyEnd, &body)
            }
            if nodes.count == chargedNodes {
                try budget.charge(ReadingCost.nodesPerCharge, of: ReadingCost.node, at: offset)
                chargedNodes += ReadingCost.nodesPerCharge
            }
            if nodes.count == nodes.capacity {
                nodes.reserveCapacity(
                    Self.grownCapacity(nodes.count, parsed: position - bodyStart, of: bodyLength, limit: limits.maximumNodeCount))
            }
            try nodes.receive(node, in: bytes)
            if kind.hasFields {
                open.append(
                    OpenValue(
                        index: nodes.count - 1, objectID: node.objectID, step: step, offset: UInt32(truncatingIfNeeded: offset),
                        collectionType: Self.collectionCodes.contains(node.typeReference) ? node.typeReference : 0,
                        enclosingFieldCount: unkeyedFieldCount))
                unkeyedFieldCount = 0
                guard open.count <= limits.maximumDepth else {
                    throw GCodableError.limit("nesting deeper than \(limits.maximumDepth) levels", at: offset)
                }
                maximumDepth = max(maximumDepth, open.count)
                if ParsedArchive.foundationValueReferences.contains(node.typeReference) { foundationValueCount += 1 }
            }
        }
        guard nodes.count > 0 else { throw problem(open, "the body is empty", rule: .bodyEmpty, at: position, step: nil) }
        guard open.isEmpty else {
            throw problem(open, "truncated body: \(open.count) values are not closed", rule: .bodyUnclosed, at: position, step: nil)
        }
        for pointer in earlyPointers where definitions[pointer.objectID] == nil {
            try problems.report(
                .invalid(
                    "strong pointer to object id \(pointer.objectID), which the archive never defines", rule: .identityUndefined,
                    at: Int(pointer.offset)))
        }
        return Facts(definitions: definitions, maximumDepth: maximumDepth, foundationValueCount: foundationValueCount)
    }

    /// Moves `position` past a payload laid out as `payload`, and returns the payload's
    /// bytes (an opaque one's without its length). The common layouts are skipped at the
    /// position; the others, and any payload that does not fit, go through `body`, which
    /// names the problem as every reader does.
    @inline(__always)
    private func skipPayload(
        _ payload: Payload, _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ end: Int, _ body: inout BinaryReadBuffer
    ) throws -> Range<Int> {
        let start = position
        switch payload {
        case .fixed(let size) where size <= end - position:
            position += size
            return start ..< position
        case .varint:
            _ = try BinaryReadBuffer.varUInt(in: bytes, at: &position, end: end)
            return start ..< position
        case .lengthPrefixed, .opaque, .none:
            var contents = position
            let length = try BinaryReadBuffer.varUInt(in: bytes, at: &contents, end: end)
            guard length <= UInt64(end - contents), Int(length) <= limits.maximumLength else { break }
            position = contents + Int(length)
            if case .lengthPrefixed = payload { return start ..< position }
            return contents ..< position
        default:
            break
        }
        body.reposition(to: start ..< end)
        defer { position = body.offset }
        switch payload {
        case .fixed(let size):
            try body.skip(count: size)
        case .varint:
            _ = try body.readVarUInt()
        case .lengthPrefixed:
            try body.skip(count: body.readLength(maximumLength: limits.maximumLength))
        case .scalar(let code):
            try code.skip(&body, maximumLength: limits.maximumLength)
        case .composite(let index):
            try composites[index].skip(&body, maximumLength: limits.maximumLength)
        case .opaque, .none:
            let length = try body.readLength(maximumLength: limits.maximumLength)
            try body.skip(count: length)
            return body.offset - length ..< body.offset
        }
        return start ..< body.offset
    }

    /// The room for nodes once `count` of them fill what was reserved, `parsed` bytes into a
    /// body of `length`: the count the body's size foretells at the bytes per node so far,
    /// and an eighth more, so that a large body grows its list once or twice, to near its
    /// nodes' count rather than up to twice it (as by doubling); never less than 1.25 times
    /// the count, nor more than one node per 4 bytes or the limit.
    private static func grownCapacity(_ count: Int, parsed: Int, of length: Int, limit: Int) -> Int {
        let (product, overflow) = count.multipliedReportingOverflow(by: length)
        let foretold = overflow ? length / 4 : product / max(parsed, 1)
        return max(min(foretold + foretold / 8, length / 4, limit), count + count / 4, count + 1)
    }

    /// The structured natives whose fields are their elements, all unkeyed: arrays, sets,
    /// dictionaries and optional boxes.
    private static let collectionCodes = UInt32(NativeTypeCode.array.rawValue) ... UInt32(NativeTypeCode.optional.rawValue)

    /// Checks the number of fields, `count`, of a closed collection: a dictionary alternates
    /// keys and values, an optional box holds one value.
    private func checkFieldCount(_ count: UInt32, of collection: OpenValue, _ open: borrowing ParseStack<OpenValue>, step: Step?) throws {
        let offset = Int(collection.offset)
        if collection.collectionType == NativeTypeCode.dictionary.rawValue, !count.isMultiple(of: 2) {
            try problems.report(
                problem(open, "a Dictionary of \(count) fields: keys and values alternate", rule: .dictionaryFields, at: offset, step: step)
            )
        } else if collection.collectionType == NativeTypeCode.optional.rawValue, count != 1 {
            try problems.report(
                problem(open, "an Optional box of \(count) fields: it holds one", rule: .optionalFields, at: offset, step: step))
        }
    }

    /// A problem at `offset`, with the path to the node being read: through the `open`
    /// nodes, then `step`; and the top-level node it is inside, when that node was written
    /// after the root (as ``ParsedArchive/locations(of:)`` names it; a problem of such a
    /// node itself has its byte offset only).
    @inline(never)
    private func problem(
        _ open: borrowing ParseStack<OpenValue>, _ description: String, rule: FormatRule, at offset: Int, step: Step?
    ) -> GCodableError {
        let open = open.elements
        let afterRoot = open.first.flatMap { $0.index > 0 ? $0.objectID : nil }
        var context = GCodableError.Context(
            debugDescription: description + (afterRoot.map(GCodableError.afterRootNote) ?? ""), byteOffset: offset)
        context.pathStart = afterRoot.map(GCodableError.afterRootStart) ?? GCodableError.Context.rootStart
        context.rule = rule
        context.path = (open.compactMap(\.step) + (step.map { [$0] } ?? [])).map { step in
            switch step {
            case .key(let id): return keys.pathComponent(for: id)
            case .index(let index): return .index(index)
            }
        }
        return .invalidArchive(context)
    }

    @inline(__always)
    private func readID(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ end: Int, _ what: String, rule: FormatRule) throws
        -> UInt32
    {
        let offset = position
        let raw = try BinaryReadBuffer.varUInt(in: bytes, at: &position, end: end)
        guard raw >= 1, raw <= UInt32.max else { throw Self.invalidID(raw, what, rule: rule, at: offset) }
        return UInt32(truncatingIfNeeded: raw)
    }

    @inline(never)
    private static func invalidID(_ raw: UInt64, _ what: String, rule: FormatRule, at offset: Int) -> GCodableError {
        .invalid("invalid \(what) \(raw)", rule: rule, at: offset)
    }
}
