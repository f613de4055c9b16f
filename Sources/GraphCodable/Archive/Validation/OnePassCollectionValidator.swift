/// Validation in one pass of an archive that holds sets or dictionaries stored node by
/// node: a ``OnePassValidator`` that also keeps the compared fields of each such collection
/// (its elements, or its keys) while it is open, and checks them as it ends. It stops, as
/// the validator does, at the first problem or at a Foundation value.
struct OnePassCollectionValidator: NodeSinkKeepingNothing {
    /// A set or dictionary stored node by node whose fields are being received.
    private struct OpenCollection {
        /// Its node's index and offset.
        let index: Int
        let offset: Int
        let check: ContentChecks.Check
        let stride: Int
        /// The nesting depth of its fields.
        let fieldDepth: Int
        /// Where its compared fields start in `compared`.
        let start: Int
        var unkeyedFieldCount = 0

        /// What stands for no collection: no node is at its fields' depth.
        static let none = OpenCollection(index: -1, offset: 0, check: .none, stride: 1, fieldDepth: -1, start: 0)
    }

    /// What checks and counts every node.
    private(set) var validator: OnePassValidator
    /// The `VAL`/`REF` nodes open.
    private var depth = 0
    /// The innermost collection open (``OpenCollection/none`` when none is), whose fields'
    /// depth is compared at every node, and the collections it is inside, innermost last.
    private var innermost = OpenCollection.none
    private var enclosing: [OpenCollection] = []
    /// The compared fields of the collections open, outermost first: the first
    /// `comparedCount` of one list whose memory serves every collection in turn, so that
    /// no collection allocates a list of its own.
    private var compared: [ArchiveNode] = []
    private var comparedCount = 0
    /// Room for the uniqueness checks to work in, kept from collection to collection.
    private var payloads: [Range<Int>] = []

    init(_ prelude: ArchivePrelude) {
        validator = OnePassValidator(prelude)
    }

    var count: Int { validator.count }

    @inline(__always)
    mutating func receive(_ node: ArchiveNode, in bytes: UnsafeBufferPointer<UInt8>) throws {
        if depth == innermost.fieldDepth && node.keyID == 0 { keepIfCompared(node) }
        if node.kind.hasFields {
            if node.kind == .val { try open(node) }
            depth += 1
        }
        try validator.check(node, in: bytes)
    }

    @inline(__always)
    mutating func close(_ index: Int, next: Int, unkeyedFieldCount: UInt32, in bytes: UnsafeBufferPointer<UInt8>) throws {
        depth -= 1
        guard index == innermost.index else { return }
        let collection = innermost
        innermost = enclosing.removeLast()
        try validator.checkUnique(
            compared[collection.start ..< comparedCount], of: collection.check, at: collection.offset, in: bytes, payloads: &payloads)
        comparedCount = collection.start
    }

    /// Begins the fields of the `VAL` `node`: kept as they come for a set or dictionary
    /// stored node by node.
    private mutating func open(_ node: ArchiveNode) throws {
        let check = validator.contents[node.typeReference]
        if case .foundationValue = check { throw OnePassValidator.Stop.foundationValue }
        guard let stride = check.comparedFieldStride else { return }
        enclosing.append(innermost)
        innermost = OpenCollection(
            index: validator.count, offset: node.offset, check: check, stride: stride, fieldDepth: depth + 1, start: comparedCount)
    }

    /// Keeps `node`, an unkeyed field of the innermost collection, when it is compared.
    @inline(__always)
    private mutating func keepIfCompared(_ node: ArchiveNode) {
        if innermost.unkeyedFieldCount.isMultiple(of: innermost.stride) {
            if comparedCount < compared.count { compared[comparedCount] = node } else { compared.append(node) }
            comparedCount += 1
        }
        innermost.unkeyedFieldCount += 1
    }
}
