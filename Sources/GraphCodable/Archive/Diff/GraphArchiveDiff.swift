import Foundation

/// The structural differences between two archives, found without any of their Swift types:
/// the header's fields, the named types of the type table, and the body node by node from
/// the root, following pointers so that each shared object is compared once.
///
/// Keyed fields are matched by key, so their order is not a difference; unkeyed fields are
/// matched by position, so theirs is; the elements of sets, and the entries of dictionaries
/// by key, are matched by their archived form, in any order. See
/// ``GraphArchive/differences(from:to:limits:maximumCount:)``.
public struct GraphArchiveDiff: Sendable, Equatable, CustomStringConvertible {
    /// One difference: what changed, where, and what each archive holds there.
    public struct Difference: Sendable, Equatable, CustomStringConvertible {
        /// The kinds of differences.
        public enum Change: String, Sendable, CaseIterable {
            /// A header field (checksum flag, BinaryIO versions) differs.
            case headerChanged
            /// A named type only the archive after has, or only the archive before has.
            case typeAdded, typeRemoved
            /// A named type took another name: same place in the type table, same kind, and
            /// its values have the same keys.
            case typeRenamed
            /// A named type's version differs.
            case typeVersionChanged
            /// A named type is a class in one archive and a value type in the other.
            case typeKindChanged
            /// A node only the archive after has, or only the archive before has.
            case nodeAdded, nodeRemoved
            /// A value (a native payload, an opaque payload, nil) differs.
            case valueChanged
            /// The node is of another kind (a `VAL` became a `REF`, a value became nil…).
            case kindChanged
            /// The node's type differs (renamed types are the same type).
            case typeChanged
            /// A strong reference became conditional, or the other way round.
            case referenceChanged
            /// The sharing differs: the node is an object met elsewhere in one archive and
            /// not in the other, or has identity in one archive only.
            case identityChanged
        }

        /// What one archive holds where a difference is.
        public struct Side: Sendable, Equatable {
            /// What is there, as text for people; values are cut after 100 characters.
            public var value: String
            /// Where it is in the archive's JSON form (Docs/ArchiveJSON.md):
            /// `$.body[0].fields[2]`, `$.types[3]`, `$.userBinaryIOVersion`.
            public var location: String
            /// The offset of a node's tag byte in the archive.
            public var byteOffset: Int?
        }

        /// What changed.
        public var change: Change
        /// Where the difference is: `header.userBinaryIOVersion`, `types["Module.Name"]`, or
        /// the path from the root through keys and indexes, pointers followed,
        /// `root.friends[1].name` (a key that is not an identifier is quoted: `root["a b"]`;
        /// an element of a set or a dictionary's key is written between brackets:
        /// `root.index["b"]`, `root.ids[42]`).
        public var path: String
        /// What the archive before holds there; nil when it holds nothing (an addition).
        public var before: Side?
        /// What the archive after holds there; nil when it holds nothing (a removal).
        public var after: Side?

        public var description: String {
            switch (before, after) {
            case (nil, let after?): return "+ \(path): \(after.value)"
            case (let before?, nil): return "- \(path): \(before.value)"
            default: return "~ \(path): \(before?.value ?? "") → \(after?.value ?? "")"
            }
        }
    }

    /// The differences, in the order of the archives (header, types, then body order),
    /// at most the `maximumCount` asked for.
    public var differences: [Difference]
    /// How many more differences there are beyond those listed.
    public var omittedCount: Int

    /// Whether the archives hold the same structure.
    public var isIdentical: Bool { differences.isEmpty && omittedCount == 0 }

    /// All the differences found, listed or not.
    public var totalCount: Int { differences.count + omittedCount }

    public var description: String {
        guard !isIdentical else { return "no differences" }
        var lines = differences.map(\.description)
        if omittedCount > 0 { lines.append("… and \(omittedCount) more differences") }
        return lines.joined(separator: "\n")
    }
}

extension GraphArchive {
    /// The structural differences from the archive `before` to the archive `after`, at most
    /// `maximumCount` of them listed (the others are counted).
    ///
    /// Both are read as decoding reads them, under `limits`, and no type is instantiated, so
    /// untrusted archives may be compared. The work is linear in the two archives' nodes and
    /// its memory is charged to their budgets (``ArchiveLimits/maximumMemoryBytesPerArchiveByte``).
    /// An archive that cannot be read throws its error, the description starting with the
    /// archive it is about ("before: " or "after: ").
    public static func differences<Before: DataProtocol, After: DataProtocol>(
        from before: Before, to after: After, limits: ArchiveLimits = ArchiveLimits(), maximumCount: Int = 1000
    ) throws -> GraphArchiveDiff {
        func parse<Q: DataProtocol>(_ bytes: Q, _ name: String) throws -> ParsedArchive {
            do {
                return try ParsedArchive(bytes: bytes as? [UInt8] ?? [UInt8](bytes), limits: limits)
            } catch var error as GCodableError {
                error.context.debugDescription = "\(name): " + error.context.debugDescription
                throw error
            }
        }
        var comparison = try ArchiveComparison(before: parse(before, "before"), after: parse(after, "after"), maximumCount: maximumCount)
        return try comparison.run()
    }

    /// The structural differences from this archive to `other`, as
    /// ``differences(from:to:limits:maximumCount:)`` finds them in their bytes.
    public func differences(to other: GraphArchive, limits: ArchiveLimits = ArchiveLimits(), maximumCount: Int = 1000) throws
        -> GraphArchiveDiff
    {
        try Self.differences(from: bytes(limits: limits), to: other.bytes(limits: limits), limits: limits, maximumCount: maximumCount)
    }
}
