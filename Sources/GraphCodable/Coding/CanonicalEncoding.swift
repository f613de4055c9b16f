// Deterministic encoding (`GraphEncoder.Options.deterministic`) of the sets and
// dictionaries stored field by field: their elements, and their entries by key, in the
// canonical order of Docs/ArchiveFormat.md. An element's sort key is what follows the header
// in the archive of that element alone; a dictionary's entries whose keys tie are ordered
// by their values' sort keys.

extension EncodingSession {
    /// Encodes the members of `members` unkeyed, in the canonical order.
    func encodeInCanonicalOrder<Element: GEncodable>(members: Set<Element>) throws {
        countReading(ReadingCost.collection(members.count, of: Element.self))
        let elements = Array(members)
        for index in try canonicalOrder(of: elements) { try encode(elements[index]) }
    }

    /// Encodes the entries of `entries` unkeyed, each key then its value, in the canonical
    /// order of their keys (of their values, where keys tie).
    func encodeInCanonicalOrder<Key: GEncodable, Value: GEncodable>(entries: [Key: Value]) throws {
        countReading(ReadingCost.collection(entries.count, of: (Key, Value).self))
        let keys = Array(entries.keys), values = Array(entries.values)
        var order = try sortKeys(of: keys)
        var sorted = order.sortedIndexes()
        for tie in order.ties(in: sorted) {
            let tied = Array(sorted[tie])
            order = try sortKeys(of: tied.map { values[$0] })
            sorted.replaceSubrange(tie, with: order.sortedIndexes().map { tied[$0] })
        }
        for index in sorted {
            try encode(keys[index])
            try encode(values[index])
        }
    }

    /// The indexes of `values` in the canonical order.
    private func canonicalOrder<T: GEncodable>(of values: [T]) throws -> [Int] {
        try sortKeys(of: values).sortedIndexes()
    }

    /// The sort keys of `values`. A scalar of the fast path alone is one node and empty
    /// tables, the same for all: its node orders it.
    private func sortKeys<T: GEncodable>(of values: [T]) throws -> CanonicalOrder {
        var order = CanonicalOrder(version: binaryIOVersion, internalVersion: internalVersion, capacity: values.count)
        if scalarFastPath && (ScalarFastPath.scalar(T.self) != nil || T.self == Bool.self) {
            for value in values { order.add { _ = ScalarFastPath.write(value, keyID: 0, to: &$0) } }
        } else {
            for value in values { try makeSortKeySession().writeSortKey(of: value, to: &order) }
        }
        return order
    }
}
