/// A direct-mapped cache in front of a dictionary keyed by Swift type: a hit costs a few
/// instructions instead of a hash of the type's identifier.
struct TypeCache<Value> {
    private static var slotCount: Int { 64 }
    private var slots: [(type: ObjectIdentifier, value: Value)?] = Array(repeating: nil, count: slotCount)
    private var all: [ObjectIdentifier: Value] = [:]

    @inline(__always)
    private static func slot(of id: ObjectIdentifier) -> Int {
        let bits = UInt(bitPattern: id)
        return Int(truncatingIfNeeded: (bits &>> 4) ^ (bits &>> 10)) & (slotCount - 1)
    }

    /// The value cached for `type`, if any.
    @inline(__always)
    mutating func value(for type: Any.Type) -> Value? {
        let id = ObjectIdentifier(type)
        let slot = Self.slot(of: id)
        if let entry = slots[slot], entry.type == id { return entry.value }
        guard let value = all[id] else { return nil }
        slots[slot] = (id, value)
        return value
    }

    /// Caches `value` for `type`.
    mutating func insert(_ value: Value, for type: Any.Type) {
        let id = ObjectIdentifier(type)
        all[id] = value
        slots[Self.slot(of: id)] = (id, value)
    }
}

/// Remembers, for each type, the keys its values use in order, so that finding the id of
/// the n-th key a value uses is usually one string comparison instead of a hash lookup.
struct KeySequences {
    private var sequences: [[(key: String, id: UInt32)]] = []

    /// Starts a sequence for a new type and returns its number.
    mutating func makeSequence() -> Int {
        sequences.append([])
        return sequences.count - 1
    }

    /// The id of `key`, used at `position` by a value whose type has `sequence`; `lookUp`
    /// finds it when the sequence does not predict it.
    @inline(__always)
    mutating func id(for key: String, sequence: Int, position: Int, orLookUp lookUp: (String) -> UInt32) -> UInt32 {
        let count = sequences[sequence].count
        if position < count, sequences[sequence][position].key == key {
            return sequences[sequence][position].id
        }
        let id = lookUp(key)
        if position < count {
            sequences[sequence][position] = (key, id)
        } else if position == count {
            sequences[sequence].append((key, id))
        }
        return id
    }
}
