/// An archive checked and split into its parts: header, type table, key table and the
/// body as a flat list of nodes. Parsing instantiates no user type.
struct ParsedArchive {
    /// Bounds that keep hostile archives from exhausting memory or the stack.
    struct Limits {
        var maximumDepth = 512
        var maximumNodeCount = Int.max
        var maximumTableCount = 1 << 20
    }

    let bytes: [UInt8]
    let header: ArchiveHeader
    let types: TypeTable
    let keys: KeyTable
    let nodes: [ArchiveNode]

    init(bytes: [UInt8], limits: Limits = Limits()) throws {
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
        nodes = try Self.parseBody(&body, types: types, keys: keys, limits: limits)
    }

    /// A reader over the payload of `node`.
    func payloadReader(of node: ArchiveNode) -> BinaryReadBuffer {
        BinaryReadBuffer(
            bytes: bytes, range: node.payload, version: header.userBinaryIOVersion,
            internalVersion: header.internalBinaryIOVersion)
    }

    private static func parseBody(
        _ body: inout BinaryReadBuffer, types: TypeTable, keys: KeyTable, limits: Limits
    ) throws -> [ArchiveNode] {
        var nodes: [ArchiveNode] = []
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
            guard open.count > 0 || nodes.isEmpty else {
                throw GCodableError.invalid("bytes after the root node", at: offset)
            }
            guard nodes.count < limits.maximumNodeCount else {
                throw GCodableError.invalid("more than \(limits.maximumNodeCount) nodes", at: offset)
            }
            var node = ArchiveNode(
                kind: kind, keyID: 0, typeReference: 0, objectID: 0, offset: offset,
                payload: offset ..< offset, next: nodes.count + 1)
            if tag & NodeTag.keyed != 0 {
                node.keyID = try readID(&body, "key id") 
                guard keys.key(for: node.keyID) != nil else {
                    throw GCodableError.invalid("key id \(node.keyID) is not in the key table", at: offset)
                }
                guard !open.isEmpty else { throw GCodableError.invalid("the root node has a key", at: offset) }
            }
            var resolved: ResolvedType?
            if tag & NodeTag.typed != 0 {
                node.typeReference = try readID(&body, "type reference")
                resolved = types.resolve(node.typeReference)
                guard resolved != nil else {
                    throw GCodableError.invalid("type reference \(node.typeReference) points nowhere", at: offset)
                }
            }
            if tag & NodeTag.identified != 0 {
                node.objectID = try readID(&body, "object id")
            }
            try checkShape(of: node, resolved: resolved)
            switch (kind, resolved) {
            case (.biv, .native(let descriptor)?):
                let start = body.offset
                try descriptor.skip(&body)
                node.payload = start ..< body.offset
            case (.biv, _), (.bir, _):
                let length = try body.readCount()
                node.payload = body.offset ..< body.offset + length
                try body.withBytes(count: length) { _ in }
            default:
                break
            }
            nodes.append(node)
            if kind.hasFields {
                open.append(nodes.count - 1)
                guard open.count <= limits.maximumDepth else {
                    throw GCodableError.invalid("nesting deeper than \(limits.maximumDepth) levels", at: offset)
                }
            }
        }
        guard !nodes.isEmpty else { throw GCodableError.invalid("the body is empty", at: body.offset) }
        guard open.isEmpty else {
            throw GCodableError.invalid("truncated body: \(open.count) values are not closed", at: body.offset)
        }
        return nodes
    }

    private static func readID(_ body: inout BinaryReadBuffer, _ what: String) throws -> UInt32 {
        let offset = body.offset
        let raw = try body.readVarUInt()
        guard raw >= 1, let id = UInt32(exactly: raw) else {
            throw GCodableError.invalid("invalid \(what) \(raw)", at: offset)
        }
        return id
    }

    /// Checks which optional fields a node of its kind may, must or must not have.
    private static func checkShape(of node: ArchiveNode, resolved: ResolvedType?) throws {
        let valid: Bool
        switch (node.kind, resolved) {
        case (.val, nil), (.val, .structured?): valid = true
        case (.val, .named(let named)?): valid = named.kind == .value
        case (.ref, nil): valid = true
        case (.ref, .named(let named)?), (.bir, .named(let named)?): valid = named.kind == .class
        case (.biv, .native?): valid = true
        case (.biv, .named(let named)?): valid = named.kind == .value
        case (.nil, nil): valid = true
        case (.pts, nil), (.ptc, nil): valid = node.objectID != 0
        default: valid = false
        }
        guard valid else {
            let type = resolved.map { " of type \($0)" } ?? ""
            throw GCodableError.invalid("malformed \(node.kind.code) node\(type)", at: node.offset)
        }
    }
}
