/// One node of an archive's body, as the parser records it: 32 bytes, since a parsed
/// archive holds one for every node (archives and their node lists are at most 4 GiB long,
/// so offsets and indexes fit 32 bits).
///
/// Nodes are stored in body order (pre-order): the fields of a `VAL` or `REF` at index `i`
/// start at `i + 1`, and `next` is the index just past the node and all its fields.
///
/// Bitwise copyable: a ``NodeList`` moves and frees its nodes' memory as bytes.
struct ArchiveNode: BitwiseCopyable {
    var kind: NodeKind
    /// The key id (1-based), or 0 for an unkeyed node.
    var keyID: UInt32
    /// The type reference, or 0 for an untyped node.
    var typeReference: UInt32
    /// The object id, or 0 for a node without identity.
    var objectID: UInt32
    private var storedOffset: UInt32
    private var storedNext: UInt32
    /// Where a `BIV`/`BIR` payload starts, or how many unkeyed fields a `VAL`/`REF` has: no
    /// node has both.
    private var payloadStartOrFieldCount: UInt32 = 0
    private var payloadEnd: UInt32 = 0

    init(kind: NodeKind, offset: Int, next: Int) {
        self.kind = kind
        keyID = 0
        typeReference = 0
        objectID = 0
        storedOffset = UInt32(truncatingIfNeeded: offset)
        storedNext = UInt32(truncatingIfNeeded: next)
    }

    /// The offset of the node's tag byte in the archive.
    var offset: Int { Int(storedOffset) }

    /// For `BIV` and `BIR`, the bytes of the value: a native payload as its layout lays it
    /// out (a string's count included), an opaque payload without its length prefix; for
    /// other nodes, empty.
    var payload: Range<Int> {
        get { kind.hasPayload ? binaryPayload : offset ..< offset }
        set {
            payloadStartOrFieldCount = UInt32(truncatingIfNeeded: newValue.lowerBound)
            payloadEnd = UInt32(truncatingIfNeeded: newValue.upperBound)
        }
    }

    /// ``payload``, for a node the caller knows to be a `BIV` or `BIR` (decoding's scalar fast
    /// path: the kind not checked again).
    var binaryPayload: Range<Int> { Int(payloadStartOrFieldCount) ..< Int(payloadEnd) }

    /// For `VAL` and `REF`, the number of unkeyed fields (other nodes keep their payload's
    /// start in its place; it is read without checking the kind, since decoding reads it for
    /// every node).
    var unkeyedFieldCount: UInt32 {
        get { payloadStartOrFieldCount }
        set { payloadStartOrFieldCount = newValue }
    }

    /// The index just past the node and its fields.
    var next: Int {
        get { Int(storedNext) }
        set { storedNext = UInt32(truncatingIfNeeded: newValue) }
    }

    /// The largest archive, and node list, the fields can describe.
    static let maximumCount = Int(UInt32.max)
}
