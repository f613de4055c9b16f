/// Sets and dictionaries equal to others but iterating in another order: what makes an
/// encoding that is not deterministic write other bytes.
enum Reordered {
    /// The same set, held in a table four times larger, so that it iterates in another order.
    static func of<Element>(_ set: Set<Element>) -> Set<Element> {
        var copy = Set<Element>(minimumCapacity: 4 * set.count + 8)
        for element in set.reversed() { copy.insert(element) }
        return copy
    }

    /// The same dictionary, held in a table four times larger (NaN keys stay apart).
    static func of<Key, Value>(_ dictionary: [Key: Value]) -> [Key: Value] {
        var copy = [Key: Value](minimumCapacity: 4 * dictionary.count + 8)
        for (key, value) in dictionary.reversed() { copy[key] = value }
        return copy
    }
}
