/// The archive's key table: each key string once; nodes refer to keys by their 1-based id.
struct KeyTable: Equatable {
    private(set) var keys: [String] = []
    private var ids: [String: UInt32] = [:]

    /// The id of `key`, adding it if needed.
    mutating func id(for key: String) -> UInt32 {
        if let id = ids[key] { return id }
        keys.append(key)
        let id = UInt32(keys.count)
        ids[key] = id
        return id
    }

    /// The id of `key`, or `nil` when the archive has no such key.
    func existingID(for key: String) -> UInt32? { ids[key] }

    /// The key with id `id`, or `nil` when there is none.
    func key(for id: UInt32) -> String? {
        id >= 1 && Int(id) <= keys.count ? keys[Int(id) - 1] : nil
    }

    /// The step of a path through the field with key id `id`: its key, or `KEYn` for an id
    /// the table lacks.
    func pathComponent(for id: UInt32) -> GCodableError.PathComponent {
        .key(key(for: id) ?? "KEY\(id)")
    }

    /// Writes the table: the key count, then each key as a string.
    func write(to buffer: inout BinaryWriteBuffer) {
        buffer.writeCount(keys.count)
        for key in keys { buffer.writeString(key) }
    }

    /// The memory a key takes, charged for the count of keys before they are read: its string
    /// in the list and in the dictionary of ids (a long one's bytes stored once, beside a
    /// header), room for the list and the dictionary to grow.
    private static let entryCost = 96

    /// What reading this table charges to the reader's memory budget.
    var readingCost: Int { keys.count * Self.entryCost }

    /// Reads a table, rejecting duplicate keys, within `limits` (the count of keys, their
    /// length) and `budget`.
    static func read(from reader: inout BinaryReadBuffer, limits: ArchiveLimits, budget: MemoryBudget) throws -> KeyTable {
        let start = reader.offset
        let count = try reader.readCount()
        guard count <= limits.maximumTableCount else {
            throw GCodableError.limit("key table has \(count) keys, the limit is \(limits.maximumTableCount)", at: start)
        }
        try budget.charge(count, of: entryCost, at: start)
        var table = KeyTable()
        // Room for every key at once (a key takes at least a byte), so that no key is hashed
        // again as the dictionary grows.
        let room = min(count, reader.remainingCount)
        table.keys.reserveCapacity(room)
        table.ids.reserveCapacity(room)
        for index in 0 ..< count {
            let offset = reader.offset
            let key = try reader.readString(maximumLength: limits.maximumLength)
            table.keys.append(key)
            guard table.ids.updateValue(UInt32(index + 1), forKey: key) == nil else {
                throw GCodableError.invalid("key table entry \(index + 1) duplicates \"\(key)\"", rule: .keysDuplicate, at: offset)
            }
        }
        return table
    }
}
