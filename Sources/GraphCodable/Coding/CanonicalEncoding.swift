// Deterministic encoding (`GraphEncoder.Options.deterministic`) of the sets and
// dictionaries stored field by field: their elements, and their entries by key, in the
// canonical order of Docs/ArchiveFormat.md. An element's sort key is what follows the header
// in the archive of that element alone; a dictionary's entries whose keys tie are ordered
// by their values' sort keys. An order found with sort keys of their own is kept
// (``CanonicalOrders``): a set nested in an element is met again when the element is written.

extension EncodingSession {
    /// Encodes the members of `members` unkeyed, in the canonical order.
    func encodeInCanonicalOrder<Element: GEncodable>(members: Set<Element>) throws {
        try encodeInCanonicalOrder(members: members, field: { try encode($0) }, alone: { try $0.encodeNode($1, keyID: 0) })
    }

    /// Encodes the entries of `entries` unkeyed, each key then its value, in the canonical
    /// order of their keys (of their values, where keys tie).
    func encodeInCanonicalOrder<Key: GEncodable, Value: GEncodable>(entries: [Key: Value]) throws {
        try encodeInCanonicalOrder(
            entries: entries, key: { try encode($0) }, value: { try encode($0) }, keyAlone: { try $0.encodeNode($1, keyID: 0) },
            valueAlone: { try $0.encodeNode($1, keyID: 0) })
    }

    /// Encodes the members of `members` in the canonical order with `field`, sorted by the
    /// sort keys `alone` writes (each member as the root of a session of its own).
    func encodeInCanonicalOrder<Element>(
        members: Set<Element>, field: (Element) throws -> Void, alone: (EncodingSession, Element) throws -> Void
    ) throws {
        countReading(ReservedRoom.collection(members.count, of: Element.self))
        let elements = Array(members)
        let order = try canonicalOrders.order(of: members, cutting: cutsClasses) { try sortKeys(of: elements, alone).sortedIndexes() }
        for index in order { try field(elements[index]) }
    }

    /// Encodes the entries of `entries`, each key with `key` then its value with `value`, in
    /// the canonical order of the sort keys `keyAlone` writes (of those `valueAlone` writes,
    /// where keys tie).
    func encodeInCanonicalOrder<Key, Value>(
        entries: [Key: Value], key: (Key) throws -> Void, value: (Value) throws -> Void,
        keyAlone: (EncodingSession, Key) throws -> Void, valueAlone: (EncodingSession, Value) throws -> Void
    ) throws {
        countReading(ReservedRoom.collection(entries.count, of: (Key, Value).self))
        let keys = Array(entries.keys), values = Array(entries.values)
        let sorted = try canonicalOrders.order(of: entries, cutting: cutsClasses) {
            var order = try sortKeys(of: keys, keyAlone)
            var sorted = order.sortedIndexes()
            for tie in order.ties(in: sorted) {
                let tied = Array(sorted[tie])
                order = try sortKeys(of: tied.map { values[$0] }, valueAlone)
                sorted.replaceSubrange(tie, with: order.sortedIndexes().map { tied[$0] })
            }
            return sorted
        }
        for index in sorted {
            try key(keys[index])
            try value(values[index])
        }
    }

    /// The sort keys of `values`, each written alone by `write`. A scalar of the fast path
    /// alone is one node and empty tables, the same for all: its node orders it.
    private func sortKeys<T>(of values: [T], _ write: (EncodingSession, T) throws -> Void) throws -> CanonicalOrder {
        var order = CanonicalOrder(version: binaryIOVersion, internalVersion: internalVersion, capacity: values.count)
        if scalarFastPath && (ScalarFastPath.scalar(T.self) != nil || T.self == Bool.self) {
            for value in values { order.add { _ = ScalarFastPath.write(value, keyID: 0, to: &$0) } }
        } else {
            for value in values {
                let session = makeSortKeySession()
                try session.writeSortKey(of: T.self, to: &order) { try write(session, value) }
            }
        }
        return order
    }
}

/// The canonical orders one deterministic encoding found, by the storage of the set or
/// dictionary sorted: the collections nested in an element are sorted for the element's
/// sort key, then met again when it is written, and again in the sort keys of the elements
/// around it: each is sorted once, since sorting it at every meeting would take time
/// exponential in their nesting.
/// A collection's storage iterates in one order, so the order of its indexes holds for every
/// value that shares it; the collections are kept, so that no storage is freed and reused.
final class CanonicalOrders {
    private struct Key: Hashable {
        var storage: UInt
        /// Whether class instances held by class instances were cut from the sort keys.
        var cutting: Bool
    }

    private var orders: [Key: [Int]] = [:]
    private var kept: [Any] = []

    /// The indexes of `collection`'s elements in the canonical order: found before, or by
    /// `sort` (one element or none need no sorting).
    func order<C: Collection>(of collection: C, cutting: Bool, sort: () throws -> [Int]) rethrows -> [Int] {
        guard collection.count > 1 else { return Array(0 ..< collection.count) }
        guard MemoryLayout<C>.size == MemoryLayout<UInt>.size else { return try sort() }
        let key = Key(storage: unsafeBitCast(collection, to: UInt.self), cutting: cutting)
        if let order = orders[key] { return order }
        let order = try sort()
        orders[key] = order
        kept.append(collection)
        return order
    }
}
