/// Everything wrong with an archive (not just the first problem), or, for a valid archive,
/// what it holds. Made by `GraphDecoder.validate(_:)`, which instantiates none of the
/// archive's types (only the Foundation values it holds, to check them).
public struct GraphValidationReport: Sendable, Equatable, CustomStringConvertible {
    /// One problem: what, and where.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// The offset of the byte in error, when known.
        public var byteOffset: Int?
        /// The path of keys and indexes from the root to the node in error; or from the
        /// node written after the root that ``pathStart`` and the message name.
        public var path: [GCodableError.PathComponent]
        /// Where ``path`` starts: `root`, or `object(5)` for a node written after the root.
        public var pathStart = GCodableError.Context.rootStart
        /// The rule of the archive format the problem breaks, when it is one.
        public var rule: FormatRule?

        /// The path as text (`root.friends[1].name`); nil for the root itself.
        public var pathText: String? {
            path.isEmpty && pathStart == GCodableError.Context.rootStart ? nil : GCodableError.PathComponent.text(of: path, from: pathStart)
        }

        public var description: String {
            var text = message
            if let pathText { text += " (at \(pathText))" }
            if let byteOffset { text += " (byte offset \(byteOffset))" }
            return text
        }
    }

    /// The problems found, empty for a valid archive: at most 100, and past them one more
    /// that says validation stopped.
    public var problems: [Problem]
    /// The archive's size in bytes.
    public var byteCount: Int
    /// The number of body nodes of each kind (`VAL`, `REF`, `BIV`, …), when the body could be read.
    public var nodeCounts: [String: Int]
    /// The deepest nesting of `VAL`/`REF` nodes.
    public var maximumDepth: Int
    /// The number of entries of the type table.
    public var typeCount: Int
    /// The number of keys of the key table.
    public var keyCount: Int
    /// The number of values with identity the archive defines.
    public var objectCount: Int

    /// Whether the archive has no problem.
    public var isValid: Bool { problems.isEmpty }

    public var description: String {
        guard isValid else {
            return (["invalid archive: \(problems.count) problem(s)"] + problems.map { "- \($0)" }).joined(separator: "\n")
        }
        let nodes = nodeCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "valid archive: \(byteCount) bytes, \(nodeCounts.values.reduce(0, +)) nodes (\(nodes)), depth \(maximumDepth), "
            + "\(typeCount) types, \(keyCount) keys, \(objectCount) objects"
    }
}

extension ParsedArchive {
    /// Reads every native payload, logging those whose contents typed decoding would refuse
    /// (bad UTF-8, an out-of-range integer, a Bool that is neither 0 nor 1, two equal
    /// dictionary keys or set elements, range bounds out of order…): parsing checks lengths
    /// only. Sets and dictionaries stored node by node are checked too, where their elements
    /// or keys can be compared without Swift types: native payloads, and nil; and so are the
    /// Foundation values (``checkFoundationValues(problems:)``).
    func checkNativeContents(problems: ProblemLog?) throws {
        let contents = ContentChecks(types: types, internalVersion: header.internalBinaryIOVersion)
        var fields: [ArchiveNode] = []
        var payloads: [Range<Int>] = []
        var reader = payloadReader()
        var found: [NodeProblem] = []  // reported at the end, located in one walk
        let room = problems.room
        try bytes.withUnsafeBufferPointer { archive in
            for (index, node) in nodes.enumerated() {
                do {
                    switch (node.kind, contents[node.typeReference]) {
                    case (.biv, let check):
                        try contents.checkPayload(check, of: node, in: archive, reader: &reader)
                    case (.val, let check):
                        guard let stride = check.comparedFieldStride else { break }
                        fields.removeAll(keepingCapacity: true)
                        fields.append(contentsOf: comparedFields(of: index, every: stride))
                        try contents.checkUnique(fields[...], of: check, at: node.offset, in: archive, reader: &reader, payloads: &payloads)
                    default:
                        break
                    }
                } catch let error as GCodableError {
                    found.append(NodeProblem(problem: error, node: index))
                    if found.count >= room { break }
                }
            }
        }
        try reportLocated(found, to: problems)
        try checkFoundationValues(problems: problems)
    }
}

extension GraphValidationReport {
    /// Validates `bytes` under `limits`: in one pass (``ValidationTally``, then
    /// ``CollectionTally`` for an archive with sets or dictionaries stored node by node) when
    /// that is enough, keeping every node when it is not or when `inOnePass` is false (the
    /// tests' reference).
    init(validating bytes: [UInt8], limits: ArchiveLimits, inOnePass: Bool = true) {
        if inOnePass, let report = Self(validatingInOnePass: bytes, limits: limits) {
            self = report
            return
        }
        let log = ProblemLog()
        var archive: ParsedArchive?
        do {
            let parsed = try ParsedArchive(bytes: bytes, limits: limits, problems: log)
            archive = parsed
            try parsed.checkNativeContents(problems: log)
        } catch let error as GCodableError {
            log.append(error)
        } catch {
            log.append(.invalidArchive(.init(debugDescription: "\(error)")))
        }
        problems = log.problems.map { error in
            Problem(message: error.context.debugDescription, byteOffset: error.context.byteOffset, path: error.context.path,
                    pathStart: error.context.pathStart, rule: error.context.rule)
        }
        byteCount = bytes.count
        nodeCounts = [:]
        maximumDepth = 0
        typeCount = archive?.types.count ?? 0
        keyCount = archive?.keys.keys.count ?? 0
        objectCount = archive?.definitions.count ?? 0
        guard let archive else { return }
        var counts = [Int](repeating: 0, count: NodeKind.allCases.count)
        counts.withUnsafeMutableBufferPointer { counts in
            for node in archive.nodes { counts[Int(node.kind.rawValue)] += 1 }
        }
        nodeCounts = Self.nodeCounts(counts)
        maximumDepth = archive.maximumDepth
    }

    /// The report of a valid archive validated in one pass; nil when the pass stopped (a
    /// problem, or a Foundation value).
    init?(validatingInOnePass bytes: [UInt8], limits: ArchiveLimits) {
        guard let (prelude, tally, facts) = Self.tallied(bytes, limits: limits),
            (try? prelude.budget.charge(tally.largestCheckCharge)) != nil
        else { return nil }
        problems = []
        byteCount = bytes.count
        nodeCounts = Self.nodeCounts(tally.kindCounts)
        maximumDepth = facts.maximumDepth
        typeCount = prelude.types.count
        keyCount = prelude.keys.keys.count
        objectCount = facts.definitions.count
    }

    /// `bytes` parsed with a ``ValidationTally``, and when it meets a set or dictionary
    /// stored node by node, parsed again with a ``CollectionTally`` (under the budget as it
    /// stood before the first parse); nil when either stops otherwise.
    private static func tallied(_ bytes: [UInt8], limits: ArchiveLimits) -> (ArchivePrelude, ValidationTally, BodyParser.Facts)? {
        guard let prelude = try? ArchivePrelude(bytes: bytes, limits: limits, problems: nil) else { return nil }
        let remainingBeforeBody = prelude.budget.remaining
        var tally = ValidationTally(prelude)
        do {
            let facts = try prelude.parseBody(into: &tally, problems: nil)
            return (prelude, tally, facts)
        } catch ValidationTally.Stop.collection {
            let prelude = prelude.withBudget(remaining: remainingBeforeBody)
            var collections = CollectionTally(prelude)
            guard let facts = try? prelude.parseBody(into: &collections, problems: nil) else { return nil }
            return (prelude, collections.tally, facts)
        } catch {
            return nil
        }
    }

    /// The counts of the kinds met, by code, from `counts` by raw value.
    private static func nodeCounts(_ counts: [Int]) -> [String: Int] {
        var nodeCounts: [String: Int] = [:]
        for kind in NodeKind.allCases where counts[Int(kind.rawValue)] > 0 { nodeCounts[kind.code] = counts[Int(kind.rawValue)] }
        return nodeCounts
    }
}
