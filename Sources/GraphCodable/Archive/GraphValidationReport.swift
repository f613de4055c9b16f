/// Everything wrong with an archive (not just the first problem), or, for a valid archive,
/// what it holds. Made by `GraphDecoder.validate(_:)`, which instantiates no type.
public struct GraphValidationReport: Sendable, Equatable, CustomStringConvertible {
    /// One problem: what, and where.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// The offset of the byte in error, when known.
        public var byteOffset: Int?
        /// The path of keys and indexes from the root to the node in error.
        public var path: [GCodableError.PathComponent]

        public var description: String {
            var text = message
            if !path.isEmpty { text += " (at \(path.map(\.description).joined()))" }
            if let byteOffset { text += " (byte offset \(byteOffset))" }
            return text
        }
    }

    /// The problems found (at most 100); empty for a valid archive.
    public var problems: [Problem]
    /// The archive's size in bytes.
    public var byteCount: Int
    /// The number of body nodes of each kind (`VAL`, `REF`, `BIV`, …), when the body could be read.
    public var nodeCounts: [String: Int]
    /// The deepest nesting of `VAL`/`REF` nodes.
    public var maximumDepth: Int
    /// The number of entries of the type table and of the key table.
    public var typeCount: Int
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
    /// Reads every native payload, logging those whose contents are invalid (bad UTF-8, an
    /// out-of-range integer, a Bool that is neither 0 nor 1…): parsing checks lengths only.
    func checkNativePayloads(problems: ProblemLog) throws {
        for node in nodes where node.kind == .biv {
            guard case .native(let layout)? = types.resolve(node.typeReference) else { continue }
            var reader = payloadReader(of: node)
            do {
                _ = try layout.read(&reader)
            } catch let error as GCodableError {
                try Optional(problems).report(error)
            }
        }
    }
}

extension GraphValidationReport {
    /// Validates `bytes` under `limits`.
    init(validating bytes: [UInt8], limits: ArchiveLimits) {
        let log = ProblemLog()
        var archive: ParsedArchive?
        do {
            let parsed = try ParsedArchive(bytes: bytes, limits: limits, problems: log)
            archive = parsed
            try parsed.checkNativePayloads(problems: log)
        } catch let error as GCodableError {
            log.append(error)
        } catch {
            log.append(.invalidArchive(.init(debugDescription: "\(error)")))
        }
        problems = log.problems.map { error in
            Problem(message: error.context.debugDescription, byteOffset: error.context.byteOffset, path: error.context.path)
        }
        byteCount = bytes.count
        nodeCounts = [:]
        maximumDepth = 0
        typeCount = archive?.types.count ?? 0
        keyCount = archive?.keys.keys.count ?? 0
        objectCount = archive?.definitions.count ?? 0
        guard let archive else { return }
        var counts: [String: Int] = [:]
        var depth = 0
        archive.walk { node, nodeDepth in
            counts[node.kind.code, default: 0] += 1
            if node.kind.hasFields { depth = max(depth, nodeDepth + 1) }
        } end: { _ in }
        nodeCounts = counts
        maximumDepth = depth
    }
}
