/// One node of an archive's body, as the parser records it.
///
/// Nodes are stored in body order (pre-order): the fields of a `VAL` or `REF` at index `i`
/// start at `i + 1`, and `next` is the index just past the node and all its fields.
struct ArchiveNode {
    var kind: NodeKind
    /// The key id (1-based), or 0 for an unkeyed node.
    var keyID: UInt32
    /// The type reference, or 0 for an untyped node.
    var typeReference: UInt32
    /// The object id, or 0 for a node without identity.
    var objectID: UInt32
    /// For `VAL` and `REF`, the number of unkeyed fields.
    var unkeyedFieldCount: UInt32
    /// The offset of the node's tag byte in the archive.
    var offset: Int
    /// For `BIV` and `BIR`, the bytes of the value: a native payload as its layout lays it
    /// out (a string's count included), an opaque payload without its length prefix.
    var payload: Range<Int>
    /// The index just past the node and its fields.
    var next: Int
}
