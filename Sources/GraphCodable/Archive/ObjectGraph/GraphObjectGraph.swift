/// An archive's objects and the references between them, around one object, as
/// `GraphDecoder.objectGraph(from:around:depth:limit:)` reads them without any Swift type:
/// the objects (and identified values) within `depth` references of the centre, at most
/// `limit` of them and at most ``maximumFanOut`` reached from any one object, the
/// references among them, and the objects further away counted by type beside the object
/// that refers to them.
public struct GraphObjectGraph: Sendable, Equatable {
    /// The most objects followed from any one object: an array of a million objects shows
    /// its first ones, the rest counted, and the picture goes deeper rather than only wider.
    public static let maximumFanOut = 24
    /// The most references listed from any one object to the objects shown; the others are
    /// counted in ``omittedEdgeCount``.
    public static let maximumEdgesPerObject = 64

    /// An object, an identified value, or the root when it has no identity.
    public struct Node: Sendable, Equatable {
        /// Its object id; 0 for a root without identity.
        public var id: UInt32
        /// Its type's name (the first 200 characters).
        public var typeName: String
        /// Nil for an untyped node (a class the reader names when decoding).
        public var kind: GraphTypeMapEntry.Kind?
        /// Its first native field (`name: "Hub"`), or its value when stored as one unit.
        public var summary: String
        /// Where it is defined (Docs/ArchiveFormat.md "Paths").
        public var path: String
        /// The offset of its definition's node in the archive.
        public var byteOffset: Int
        /// Whether it is the archive's root (or the object a root pointer points to).
        public var isRoot: Bool
        /// How many places of the archive hold it: the pointers to it, and its definition
        /// when that is inside another object. Above 1, the object is shared.
        public var references: Int
        /// The fewest references from the centre to it.
        public var distance: Int
    }

    /// A reference from one object to another.
    public struct Edge: Sendable, Equatable {
        /// How the reference is written.
        public enum Kind: String, Sendable {
            /// The object is defined there, inside the other.
            case definition
            /// A strong pointer (`PTS`).
            case strong
            /// A conditional pointer (`PTC`): the object may be absent.
            case conditional
        }

        /// The id of the object holding the reference.
        public var from: UInt32
        /// The id of the object it leads to.
        public var to: UInt32
        /// The path from `from` to the reference: `.links[1]`.
        public var label: String
        /// How it is written.
        public var kind: Kind
        /// Whether it closes a cycle through the objects shown: it leads back to an object
        /// on the way to it from the centre. Decoding needs such a link to be deferred
        /// (`deferDecode`), which the archive does not record.
        public var closesCycle: Bool
    }

    /// The objects that `from` refers to and that are not shown, by type.
    public struct More: Sendable, Equatable {
        /// The id of the object referring to them.
        public var from: UInt32
        /// Their type's name (the first 200 characters).
        public var typeName: String
        /// How many distinct objects.
        public var count: Int
    }

    /// The object the graph is drawn around.
    public var centre: UInt32
    /// The archive's objects and identified values, in all.
    public var objectCount: Int
    /// The objects shown, nearest to the centre first.
    public var nodes: [Node]
    /// The references among the objects shown, at most ``maximumEdgesPerObject`` from each.
    public var edges: [Edge]
    /// The references among the objects shown past ``maximumEdgesPerObject`` from one object.
    public var omittedEdgeCount: Int
    /// The objects not shown, by the object referring to them and their type.
    public var more: [More]
}
