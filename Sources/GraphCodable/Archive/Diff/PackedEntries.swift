/// The elements of a packed set, or the entries of a packed dictionary (one `BIV`'s
/// payload), as the comparison pairs them: where each element or key and each value is in
/// the payload, and their digests. Charged to the archive's budget until ``release()``.
struct PackedEntries {
    struct Entry {
        /// The digest of the element, or of the key.
        var key: ElementDigests.Digest
        var keyBytes: Range<Int>
        /// The digest of the value, for a dictionary.
        var value: ElementDigests.Digest?
        var valueBytes: Range<Int>?
    }

    let keyLayout: NativeDescriptor
    let valueLayout: NativeDescriptor?
    let entries: [Entry]
    private let budget: MemoryBudget

    /// The entries of the payload of the node at `index` of `side`, whose layout is a set of
    /// `keyLayout` (`valueLayout` nil) or a dictionary.
    init(_ side: DiffSide, _ index: Int, _ keyLayout: NativeDescriptor, _ valueLayout: NativeDescriptor?, _ digests: ElementDigests) throws
    {
        self.keyLayout = keyLayout
        self.valueLayout = valueLayout
        budget = side.archive.budget
        var reader = side.archive.payloadReader(of: side[index])
        let count = try reader.readCount()
        try budget.charge(count, of: MemoryLayout<Entry>.stride)
        var entries: [Entry] = []
        entries.reserveCapacity(Swift.min(count, BinaryReadBuffer.reservationLimit))
        for _ in 0 ..< count {
            let keyStart = reader.offset
            var entry = Entry(key: try digests.payloadDigest(keyLayout, &reader), keyBytes: keyStart ..< reader.offset)
            if let valueLayout {
                let valueStart = reader.offset
                entry.value = try digests.payloadDigest(valueLayout, &reader)
                entry.valueBytes = valueStart ..< reader.offset
            }
            entries.append(entry)
        }
        self.entries = entries
    }

    /// Gives back to the budget what the entries were charged.
    func release() {
        budget.refund(entries.count * MemoryLayout<Entry>.stride)
    }
}

extension DiffSide {
    /// The node at `index`, a packed set or dictionary, as one side of a difference of its
    /// element (or entry) `entry`: the element, or the entry's value.
    func side(of index: Int, showing entry: PackedEntries.Entry, of entries: PackedEntries) -> GraphArchiveDiff.Difference.Side {
        let (layout, bytes) =
            entries.valueLayout.flatMap { layout in entry.valueBytes.map { (layout, $0) } }
            ?? (entries.keyLayout, entry.keyBytes)
        return .init(
            value: "\(layout) \(elementText(of: layout, at: bytes))", location: location(of: index), byteOffset: archive.nodes[index].offset
        )
    }
}
