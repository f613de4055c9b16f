/// Where an archive's bytes go, as `GraphDecoder.statistics(from:)` finds them in one pass
/// over the body: the header and the two tables, the body's bytes by type, by key and by
/// field of the root, and its largest single values.
///
/// Each byte of the body belongs to one node: its tag and ids, its payload, and the `END`
/// that closes its fields. A node owns its bytes under its type; an untyped node (a
/// pointer, a nil, an untyped field by field value) under the type of the nearest typed
/// node that holds it. So ``headerBytes``, ``typeTableBytes``, ``keyTableBytes``, the
/// ``types``' bytes, ``otherTypes``' and ``untypedBytes`` add up to ``archiveBytes``
/// exactly; so do the keys' bytes and ``unkeyedBytes`` with the header and tables, and the
/// ``rootParts``' and ``otherParts``' bytes with the header and tables.
public struct GraphArchiveStatistics: Sendable, Equatable {
    /// The bytes of the body that belong to one type.
    public struct TypeShare: Sendable, Equatable {
        /// The reference nodes use for the type (as in `GraphDecoder.typeMap(from:)`).
        public var reference: UInt32
        /// What kind of type it is.
        public var kind: GraphTypeMapEntry.Kind
        /// The qualified name of a user type, or the name of a native type or layout (its
        /// first 200 characters).
        public var name: String
        /// How many values of the type the archive holds.
        public var instances: Int
        /// The bytes of the values of the type, and of the untyped nodes inside them.
        public var bytes: Int
    }

    /// The bytes of the body under one key.
    public struct KeyShare: Sendable, Equatable {
        /// The key (its first 200 characters).
        public var key: String
        /// How many fields have the key.
        public var occurrences: Int
        /// The bytes of the fields with the key, and of the unkeyed nodes inside them (a
        /// keyed node inside counts under its own key).
        public var bytes: Int
    }

    /// The types or keys past those listed, summed.
    public struct Others: Sendable, Equatable {
        /// How many types or keys.
        public var count: Int
        /// Their instances, their fields, or the nodes starting the parts.
        public var values: Int
        /// The bytes they own.
        public var bytes: Int
    }

    /// A part of the body by where it stands: the root node itself (its tag, ids and `END`),
    /// one of its keyed fields (every field with that key), its unkeyed fields together, or
    /// the objects written after the root.
    public struct Part: Sendable, Equatable {
        /// `root`, `root.name` (a key), `root[…]` (the unkeyed fields; `root[0]` for one) or
        /// `object(…)` (the objects written after the root).
        public var path: String
        /// How many nodes start the part: fields of the root, or objects after it.
        public var count: Int
        /// The bytes of those nodes and of everything inside them.
        public var bytes: Int
    }

    /// A value stored as one unit (a string, a data, an array of scalars, a user value's
    /// BinaryIO payload).
    public struct LargeValue: Sendable, Equatable {
        /// Its path (Docs/ArchiveFormat.md "Paths").
        public var path: String
        /// Its type's name (the first 200 characters).
        public var typeName: String
        /// The offset of its node in the archive.
        public var offset: Int
        /// The bytes of its node: tag, ids and payload.
        public var bytes: Int
    }

    /// The size of the archive.
    public var archiveBytes: Int
    /// The fixed header's size (40 bytes).
    public var headerBytes: Int
    /// The type table's size.
    public var typeTableBytes: Int
    /// The key table's size.
    public var keyTableBytes: Int
    /// The body's size.
    public var bodyBytes: Int
    /// The nodes of the body, `END`s not counted.
    public var nodeCount: Int
    /// The types that own bytes of the body, the most bytes first (ties by reference), as
    /// many as asked for.
    public var types: [TypeShare]
    /// The types that own bytes of the body past those in ``types``.
    public var otherTypes: Others
    /// The bytes of untyped nodes no typed node holds (an untyped root, for one).
    public var untypedBytes: Int
    /// The keys that own bytes of the body, the most bytes first (ties by key), as many as
    /// asked for.
    public var keys: [KeyShare]
    /// The keys that own bytes of the body past those in ``keys``.
    public var otherKeys: Others
    /// The bytes of nodes no keyed field holds: the root, its unkeyed fields and the objects
    /// after it, when they are not inside a keyed field.
    public var unkeyedBytes: Int
    /// The body by the root's fields, the most bytes first, as many as asked for.
    public var rootParts: [Part]
    /// The parts past those in ``rootParts``: ``Others/values`` counts the nodes starting them.
    public var otherParts: Others
    /// The largest values stored as one unit, the largest first (ties by offset).
    public var largestValues: [LargeValue]
}
