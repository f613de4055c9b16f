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

    /// Reads a table, rejecting duplicate keys; `maximumCount` bounds the number of keys.
    static func read(from reader: inout BinaryReadBuffer, maximumCount: Int, maximumLength: Int) throws -> KeyTable {
        let start = reader.offset
        let count = try reader.readCount()
        guard count <= maximumCount else {
            throw GCodableError.limit("key table has \(count) keys, the limit is \(maximumCount)", at: start)
        }
        var table = KeyTable()
        for index in 0 ..< count {
            let offset = reader.offset
            let key = try reader.readString(maximumLength: maximumLength)
            guard table.ids[key] == nil else {
                throw GCodableError.invalid("key table entry \(index + 1) duplicates \"\(key)\"", rule: .keysDuplicate, at: offset)
            }
            _ = table.id(for: key)
        }
        return table
    }
}
