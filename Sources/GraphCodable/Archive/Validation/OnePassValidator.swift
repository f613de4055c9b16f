/// Validation in one pass over the body: each node's contents checked as the parse hands it
/// over, and counted, and none kept.
///
/// It answers for a valid archive whose checks need no node but the one at hand. It stops
/// with an error at the first problem, or at a `VAL` whose fields are checked together: a
/// set or dictionary stored node by node, which a ``OnePassCollectionValidator`` checks in one pass
/// too (keeping what it compares would slow every other archive, so it is tried
/// second), or a Foundation value, whose check reads it with its Foundation type from the
/// nodes kept. Validation then parses the archive again, keeping its nodes when it must,
/// to report every problem with its path: such an archive costs one more parse, up to
/// that node.
struct OnePassValidator: NodeSinkKeepingNothing {
    /// What stops the validator: a `VAL` whose check needs the nodes kept, or its compared
    /// fields.
    enum Stop: Error {
        case foundationValue, collection
    }

    private(set) var count = 0
    /// The memory a content check charged at its most: a validation that keeps the nodes
    /// checks the contents after the parse, with all the nodes charged, so this is what it
    /// needs beyond the parse's charges (checked by ``GraphValidationReport``).
    private(set) var largestCheckCharge = 0
    /// The bytes of the `BIV` and `BIR` payloads received, and how many are not empty.
    private(set) var payloadByteCount = 0
    private(set) var nonEmptyPayloadCount = 0
    let contents: ContentChecks
    private var reader: BinaryReadBuffer
    /// The nodes of each kind, counted in 9-bit lanes of one word (the kind `VAL`, 1, in the
    /// lowest), emptied into `counts` every 256 nodes, before a lane can fill.
    private var recentKinds: UInt64 = 0
    private var counts = [Int](repeating: 0, count: NodeKind.allCases.count)

    private static let laneBits: UInt64 = 9

    init(_ prelude: ArchivePrelude) {
        contents = ContentChecks(types: prelude.types, internalVersion: prelude.header.internalBinaryIOVersion)
        reader = BinaryReadBuffer(
            payloadsOf: prelude.bytes, header: prelude.header, bounds: SectionBounds(endRule: .bodyEnd, budget: prelude.budget))
    }

    @inline(__always)
    mutating func receive(_ node: ArchiveNode, in bytes: UnsafeBufferPointer<UInt8>) throws {
        if node.kind == .val {
            switch contents[node.typeReference] {
            case .uniqueElements, .uniqueKeys: throw Stop.collection
            case .foundationValue: throw Stop.foundationValue
            case .none, .text, .inPlace, .compared: break
            }
        }
        try check(node, in: bytes)
    }

    /// Checks the contents of `node` and counts it, but not its fields together.
    @inline(__always)
    mutating func check(_ node: ArchiveNode, in bytes: UnsafeBufferPointer<UInt8>) throws {
        if node.kind == .biv {
            let charged = try contents.checkPayload(contents[node.typeReference], of: node, in: bytes, reader: &reader)
            largestCheckCharge = max(largestCheckCharge, charged)
        }
        if node.kind.hasPayload {
            let length = node.binaryPayload.count
            payloadByteCount &+= length
            nonEmptyPayloadCount &+= length == 0 ? 0 : 1
        }
        // The parse hands over no `END`: every kind received is 1 or more.
        recentKinds &+= 1 &<< ((UInt64(node.kind.rawValue) &- 1) &* Self.laneBits)
        count += 1
        if count & 0xFF == 0 { emptyLanes() }
    }

    /// Checks that `fields`, the compared fields of the `VAL` at `offset` whose check is
    /// `check`, are unique (``ContentChecks/checkUnique(_:of:at:in:reader:payloads:)``).
    mutating func checkUnique(
        _ fields: ArraySlice<ArchiveNode>, of check: ContentChecks.Check, at offset: Int,
        in bytes: UnsafeBufferPointer<UInt8>, payloads: inout [Range<Int>]
    ) throws {
        let charged = try contents.checkUnique(fields, of: check, at: offset, in: bytes, reader: &reader, payloads: &payloads)
        largestCheckCharge = max(largestCheckCharge, charged)
    }

    func close(_ index: Int, next: Int, unkeyedFieldCount: UInt32, in bytes: UnsafeBufferPointer<UInt8>) {}

    /// The nodes received of each kind, by raw value.
    var kindCounts: [Int] {
        var validator = self
        validator.emptyLanes()
        return validator.counts
    }

    private mutating func emptyLanes() {
        let mask: UInt64 = 1 << Self.laneBits - 1
        for kind in 1 ..< counts.count {
            counts[kind] += Int(recentKinds >> (UInt64(kind - 1) * Self.laneBits) & mask)
        }
        recentKinds = 0
    }
}
