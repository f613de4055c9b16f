/// What comes before an archive's body, read and checked: its header and its two tables,
/// which the parse of the body needs.
struct ArchivePrelude {
    let bytes: [UInt8]
    /// The limits it was read under, which the parse of the body keeps too.
    let limits: ArchiveLimits
    /// The memory the work on the archive may build; the tables are charged already.
    private(set) var budget: MemoryBudget
    let header: ArchiveHeader
    let types: TypeTable
    let keys: KeyTable
    /// Where the key table starts, after the type table.
    let keyTableStart: Int

    /// Reads the header and tables of `bytes`. With a `problems` log (validation), the
    /// problems after which reading can go on are logged rather than thrown.
    init(bytes: [UInt8], limits: ArchiveLimits, problems: ProblemLog?) throws {
        let maximumSize = min(limits.maximumArchiveSize, ArchiveNode.maximumCount)
        guard bytes.count <= maximumSize else {
            throw GCodableError.limit("the archive has \(bytes.count) bytes, the limit is \(maximumSize)", at: 0)
        }
        self.bytes = bytes
        self.limits = limits
        budget = MemoryBudget(forArchiveOfSize: bytes.count, limits: limits)
        header = try ArchiveHeader(validating: bytes, problems: problems)
        var tables = BinaryReadBuffer(
            bytes: bytes, range: header.tablesRange, version: header.userBinaryIOVersion,
            internalVersion: header.internalBinaryIOVersion)
        tables.bounds = SectionBounds(endRule: .tablesEnd, budget: budget)
        types = try TypeTable.read(from: &tables, limits: limits, budget: budget)
        keyTableStart = tables.offset
        keys = try KeyTable.read(from: &tables, limits: limits, budget: budget)
        guard tables.isAtEnd else {
            throw GCodableError.invalid(
                "\(tables.remainingCount) unexpected bytes after the key table", rule: .tablesTrailingBytes, at: tables.offset)
        }
    }

    /// This prelude with a budget of its own, as its budget stood when `remaining` bytes were
    /// left (before a first parse of the body): for a second parse.
    func withBudget(remaining: Int) -> ArchivePrelude {
        var prelude = self
        prelude.budget = MemoryBudget(budget.total, remaining: remaining)
        return prelude
    }

    /// Parses the body, handing its nodes to `nodes`; with a `problems` log, as
    /// ``init(bytes:limits:problems:)``.
    func parseBody<Sink: NodeSink & ~Copyable>(into nodes: inout Sink, problems: ProblemLog?) throws -> BodyParser.Facts {
        var body = BinaryReadBuffer(
            bytes: bytes, range: header.bodyRange, version: header.userBinaryIOVersion,
            internalVersion: header.internalBinaryIOVersion)
        body.bounds = SectionBounds(endRule: .bodyEnd, budget: budget)
        let parser = BodyParser(
            types: types, keys: keys, internalVersion: header.internalBinaryIOVersion, limits: limits, budget: budget, problems: problems)
        return try parser.parse(&body, of: bytes, into: &nodes)
    }
}
