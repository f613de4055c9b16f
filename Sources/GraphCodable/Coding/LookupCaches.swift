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
/// the n-th key a value uses is usually one comparison instead of a hash lookup.
///
/// A key whose values are a few plain bytes (a case-only enum, as coding keys are) is known
/// again by its type and bytes, without reading its `rawValue`: a key's `rawValue` is taken
/// to depend on its value alone.
struct KeySequences {
    private struct Entry {
        let key: String
        let id: UInt32
        /// The key's type when its values are plain bytes, and its bytes.
        let plainType: ObjectIdentifier?
        let plainBits: UInt32
    }

    private var sequences: [[Entry]] = []

    /// Starts a sequence for a new type and returns its number.
    mutating func makeSequence() -> Int {
        sequences.append([])
        return sequences.count - 1
    }

    /// The sequence `cache` keeps for `type`, started at its first use.
    mutating func sequence(for type: Any.Type, in cache: inout TypeCache<Int>) -> Int {
        if let sequence = cache.value(for: type) { return sequence }
        let sequence = makeSequence()
        cache.insert(sequence, for: type)
        return sequence
    }

    /// The id of `key`, used at `position` by a value whose type has `sequence`; `lookUp`
    /// finds it when the sequence does not predict it.
    @inline(__always)
    mutating func id<Key: RawRepresentable>(
        for key: Key, sequence: Int, position: Int, orLookUp lookUp: (String) -> UInt32
    ) -> UInt32 where Key.RawValue == String {
        let bits = Self.plainBits(of: key)
        if let bits, position < sequences[sequence].count {
            let entry = sequences[sequence][position]
            if entry.plainType == ObjectIdentifier(Key.self) && entry.plainBits == bits { return entry.id }
        }
        return unpredictedID(for: key, bits: bits, sequence: sequence, position: position, orLookUp: lookUp)
    }

    /// ``id(for:sequence:position:orLookUp:)`` for a key not known by its bytes (`bits`, when
    /// it is plain bytes): compared by its `rawValue`, or else looked up, and then remembered.
    @inline(never)
    private mutating func unpredictedID<Key: RawRepresentable>(
        for key: Key, bits: UInt32?, sequence: Int, position: Int, orLookUp lookUp: (String) -> UInt32
    ) -> UInt32 where Key.RawValue == String {
        let rawKey = key.rawValue
        let count = sequences[sequence].count
        let predicted = position < count ? sequences[sequence][position] : nil
        let plainType = bits.map { _ in ObjectIdentifier(Key.self) }
        // A key predicted by its name alone, with nothing more to remember, is left as it is.
        if let predicted, predicted.key == rawKey, predicted.plainType == plainType { return predicted.id }
        let id = predicted.flatMap { $0.key == rawKey ? $0.id : nil } ?? lookUp(rawKey)
        let entry = Entry(key: rawKey, id: id, plainType: plainType, plainBits: bits ?? 0)
        if position < count {
            sequences[sequence][position] = entry
        } else if position == count {
            sequences[sequence].append(entry)
        }
        return id
    }

    /// The bytes of `key` when its type's values are zero, one, two or four plain bytes.
    @inline(__always)
    private static func plainBits<Key>(of key: Key) -> UInt32? {
        guard _isPOD(Key.self) else { return nil }
        switch MemoryLayout<Key>.size {
        case 0: return 0
        case 1: return UInt32(unsafeBitCast(key, to: UInt8.self))
        case 2: return UInt32(unsafeBitCast(key, to: UInt16.self))
        case 4: return unsafeBitCast(key, to: UInt32.self)
        default: return nil
        }
    }
}
