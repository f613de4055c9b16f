/// An archive checked and split into its parts: header, type table, key table and the
/// body as a flat list of nodes. Parsing instantiates no user type.
struct ParsedArchive {
    let bytes: [UInt8]
    /// The limits it was parsed under, which the work on it keeps too.
    let limits: ArchiveLimits
    /// The memory the work on it may still build; its parse is charged already.
    let budget: MemoryBudget
    /// The bounds of the readers of its payloads, which charge ``budget``.
    private let payloadBounds: SectionBounds
    let header: ArchiveHeader
    let types: TypeTable
    let keys: KeyTable
    let nodes: NodeList
    /// The node index of the definition of each object id.
    let definitions: ObjectIDMap<Int>
    /// The deepest nesting of `VAL`/`REF` nodes.
    let maximumDepth: Int
    /// The number of `VAL`/`REF` nodes of Foundation's structured types
    /// (``foundationValueReferences``), counted by the parse so that an archive without
    /// them is not walked again for them.
    let foundationValueCount: Int

    /// Parses `bytes`. With a `problems` log (validation), the problems after which parsing
    /// can go on are logged rather than thrown.
    init(bytes: [UInt8], limits: ArchiveLimits = ArchiveLimits(), problems: ProblemLog? = nil) throws {
        let prelude = try ArchivePrelude(bytes: bytes, limits: limits, problems: problems)
        self.bytes = bytes
        self.limits = limits
        budget = prelude.budget
        payloadBounds = SectionBounds(endRule: .bodyEnd, budget: budget)
        header = prelude.header
        types = prelude.types
        keys = prelude.keys
        var builder = NodeList.Builder()
        let facts = try prelude.parseBody(into: &builder, problems: problems)
        definitions = facts.definitions
        maximumDepth = facts.maximumDepth
        foundationValueCount = facts.foundationValueCount
        nodes = builder.finish()
    }

    /// Visits the nodes in body order with their nesting depth, and calls `end` with the
    /// depth of each `VAL`/`REF` when its fields end.
    func walk(_ visit: (ArchiveNode, Int) throws -> Void, end: (Int) throws -> Void) rethrows {
        var openEnds: [Int] = []
        for (index, node) in nodes.enumerated() {
            while openEnds.last == index {
                openEnds.removeLast()
                try end(openEnds.count)
            }
            try visit(node, openEnds.count)
            if node.kind.hasFields { openEnds.append(node.next) }
        }
        while !openEnds.isEmpty {
            openEnds.removeLast()
            try end(openEnds.count)
        }
    }

    /// A reader over the payload of `node`, charging what it reads to ``budget``.
    func payloadReader(of node: ArchiveNode) -> BinaryReadBuffer {
        var reader = payloadReader()
        reader.reposition(to: node.payload)
        return reader
    }

    /// A reader over no payload yet, charging what it reads to ``budget``: a reader to move
    /// to each payload in turn (``BinaryReadBuffer/reposition(to:)``).
    func payloadReader() -> BinaryReadBuffer {
        BinaryReadBuffer(payloadsOf: bytes, header: header, bounds: payloadBounds)
    }
}

extension BinaryReadBuffer {
    /// A reader over none of the payloads of the archive `bytes` yet, within `bounds`: a
    /// reader to move to each payload in turn (``reposition(to:)``).
    init(payloadsOf bytes: [UInt8], header: ArchiveHeader, bounds: SectionBounds) {
        self.init(bytes: bytes, range: 0 ..< 0, version: header.userBinaryIOVersion, internalVersion: header.internalBinaryIOVersion)
        self.bounds = bounds
    }
}
