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
