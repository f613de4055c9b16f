/// An archive checked and split into its parts: header, type table, key table and the
/// body as a flat list of nodes. Parsing instantiates no user type.
struct ParsedArchive {
    let bytes: [UInt8]
    let header: ArchiveHeader
    let types: TypeTable
    let keys: KeyTable
    let nodes: [ArchiveNode]
    /// The node index of the definition of each object id.
    let definitions: [UInt32: Int]

    init(bytes: [UInt8], limits: ArchiveLimits = ArchiveLimits()) throws {
        guard bytes.count <= limits.maximumArchiveSize else {
            throw GCodableError.limit("the archive has \(bytes.count) bytes, the limit is \(limits.maximumArchiveSize)", at: 0)
        }
        self.bytes = bytes
        header = try ArchiveHeader(validating: bytes)
        var tables = BinaryReadBuffer(
            bytes: bytes, range: header.tablesRange, version: header.userBinaryIOVersion,
            internalVersion: header.internalBinaryIOVersion)
        types = try TypeTable.read(from: &tables, maximumCount: limits.maximumTableCount)
        keys = try KeyTable.read(from: &tables, maximumCount: limits.maximumTableCount)
        guard tables.isAtEnd else {
            throw GCodableError.invalid("\(tables.remainingCount) unexpected bytes after the key table", at: tables.offset)
        }
        var body = BinaryReadBuffer(
            bytes: bytes, range: header.bodyRange, version: header.userBinaryIOVersion,
            internalVersion: header.internalBinaryIOVersion)
        var parser = BodyParser(types: types, keyCount: keys.keys.count, limits: limits)
        (nodes, definitions) = try parser.parse(&body)
    }

    /// A reader over the payload of `node`.
    func payloadReader(of node: ArchiveNode) -> BinaryReadBuffer {
        BinaryReadBuffer(
            bytes: bytes, range: node.payload, version: header.userBinaryIOVersion,
            internalVersion: header.internalBinaryIOVersion)
    }
}

/// Walks the body once, iteratively, checking every node and recording it.
private struct BodyParser {
    /// What a node with a given type reference may be, and how its payload is laid out.
    private struct ReferenceShape {
        /// The node kinds that may carry the reference, as a bit mask of raw values.
        var kinds: UInt16
        var payload: Payload
    }

    private enum Payload {
        case none
        case scalar(NativeTypeCode)
        case composite(NativeDescriptor)
        case opaque
    }

    private static func mask(_ kinds: NodeKind...) -> UInt16 {
        kinds.reduce(0) { $0 | 1 << $1.rawValue }
    }

    private let shapes: [ReferenceShape]
    private let types: TypeTable
    private let keyCount: Int
    private let limits: ArchiveLimits

    init(types: TypeTable, keyCount: Int, limits: ArchiveLimits) {
        self.types = types
        self.keyCount = keyCount
        self.limits = limits
        let count = Int(TypeReference.firstTableReference) + types.count
        shapes = (0 ..< count).map { reference in
            if reference == 0 { return ReferenceShape(kinds: Self.mask(.val, .ref, .bir, .nil, .pts, .ptc), payload: .none) }
            switch types.resolve(UInt32(reference)) {
            case .native(.scalar(let code))?: return ReferenceShape(kinds: Self.mask(.biv), payload: .scalar(code))
            case .native(let descriptor)?: return ReferenceShape(kinds: Self.mask(.biv), payload: .composite(descriptor))
            case .structured?: return ReferenceShape(kinds: Self.mask(.val), payload: .none)
            case .named(let named)? where named.kind == .value: return ReferenceShape(kinds: Self.mask(.val, .biv), payload: .opaque)
            case .named?: return ReferenceShape(kinds: Self.mask(.ref, .bir), payload: .opaque)
            case nil: return ReferenceShape(kinds: 0, payload: .none)
            }
        }
    }

    /// Parses the body: the root node, then the object definitions written at the top level.
    mutating func parse(_ body: inout BinaryReadBuffer) throws -> (nodes: [ArchiveNode], definitions: [UInt32: Int]) {
        var nodes: [ArchiveNode] = []
        var definitions: [UInt32: Int] = [:]
        nodes.reserveCapacity(min(body.remainingCount / 2, 1 << 16))
        var open: [Int] = []
        while !body.isAtEnd {
            let offset = body.offset
            let tag = try body.readByte()
            guard let kind = NodeKind(rawValue: tag & NodeTag.kindMask), tag & NodeTag.reserved == 0 else {
                throw GCodableError.invalid("invalid node tag 0x\(String(tag, radix: 16))", at: offset)
            }
            if kind == .end {
                guard tag == 0, let parent = open.popLast() else {
                    throw GCodableError.invalid("end marker without an open value", at: offset)
                }
                nodes[parent].next = nodes.count
                continue
            }
            let isTopLevel = open.isEmpty && !nodes.isEmpty
            guard nodes.count < limits.maximumNodeCount else {
                throw GCodableError.limit("more than \(limits.maximumNodeCount) nodes", at: offset)
            }
            var node = ArchiveNode(
                kind: kind, keyID: 0, typeReference: 0, objectID: 0, unkeyedFieldCount: 0, offset: offset,
                payload: offset ..< offset, next: nodes.count + 1)
            if tag & NodeTag.keyed != 0 {
                node.keyID = try readID(&body, "key id")
                guard node.keyID <= keyCount else {
                    throw GCodableError.invalid("key id \(node.keyID) is not in the key table", at: offset)
                }
                guard !open.isEmpty else { throw GCodableError.invalid("the root node has a key", at: offset) }
            } else if let parent = open.last {
                nodes[parent].unkeyedFieldCount += 1
            }
            if tag & NodeTag.typed != 0 {
                node.typeReference = try readID(&body, "type reference")
                guard node.typeReference < shapes.count, shapes[Int(node.typeReference)].kinds != 0 else {
                    throw GCodableError.invalid("type reference \(node.typeReference) points nowhere", at: offset)
                }
            }
            if tag & NodeTag.identified != 0 {
                node.objectID = try readID(&body, "object id")
            }
            let shape = shapes[Int(node.typeReference)]
            let isPointer = kind == .pts || kind == .ptc
            guard shape.kinds & (1 << kind.rawValue) != 0, !isPointer || node.objectID != 0, kind != .nil || node.objectID == 0
            else {
                let type = types.resolve(node.typeReference).map { " of type \($0.displayName)" } ?? ""
                throw GCodableError.invalid("malformed \(kind.code) node\(type)", at: offset)
            }
            if kind.hasPayload {
                let start = body.offset
                switch shape.payload {
                case .scalar(let code):
                    try code.skip(&body, maximumLength: limits.maximumLength)
                    node.payload = start ..< body.offset
                case .composite(let descriptor):
                    try descriptor.skip(&body, maximumLength: limits.maximumLength)
                    node.payload = start ..< body.offset
                case .opaque, .none:
                    let length = try body.readLength(maximumLength: limits.maximumLength)
                    node.payload = body.offset ..< body.offset + length
                    try body.withBytes(count: length) { _ in }
                }
            }
            if node.objectID != 0 && !isPointer {
                guard definitions.updateValue(nodes.count, forKey: node.objectID) == nil else {
                    throw GCodableError.invalid("object id \(node.objectID) is defined twice", at: offset)
                }
            } else if isTopLevel {
                throw GCodableError.invalid("after the root node, only object definitions may follow", at: offset)
            }
            nodes.append(node)
            if kind.hasFields {
                open.append(nodes.count - 1)
                guard open.count <= limits.maximumDepth else {
                    throw GCodableError.limit("nesting deeper than \(limits.maximumDepth) levels", at: offset)
                }
            }
        }
        guard !nodes.isEmpty else { throw GCodableError.invalid("the body is empty", at: body.offset) }
        guard open.isEmpty else {
            throw GCodableError.invalid("truncated body: \(open.count) values are not closed", at: body.offset)
        }
        for node in nodes where node.kind == .pts && definitions[node.objectID] == nil {
            throw GCodableError.invalid("strong pointer to object id \(node.objectID), which the archive never defines", at: node.offset)
        }
        return (nodes, definitions)
    }

    private func readID(_ body: inout BinaryReadBuffer, _ what: String) throws -> UInt32 {
        let offset = body.offset
        let raw = try body.readVarUInt()
        guard raw >= 1, let id = UInt32(exactly: raw) else {
            throw GCodableError.invalid("invalid \(what) \(raw)", at: offset)
        }
        return id
    }
}
