/// The rule on set elements and dictionary keys that equal nothing, themselves included: a
/// NaN, or a value holding one. They all hash alike, and none matches another, so each one
/// put in a `Set` or a `Dictionary` is compared with every one already there: n of them take
/// n²/2 comparisons to insert (100,000 take seconds, a million many minutes). One set or
/// dictionary may hold at most ``maximum`` of them: writers refuse more, and readers and
/// validation report more, so that no archive can make decoding take quadratic time.
enum SelfUnequalKeys {
    static let maximum = 10_000

    /// What is wrong with a collection holding more.
    static let problem = "more than \(maximum) keys or elements that equal nothing (NaN)"

    /// Throws when the keys or elements of a `type` to write hold too many.
    static func checkWritable<Keys: Sequence>(_ type: Any.Type, keys: Keys) throws where Keys.Element: Equatable {
        let count = keys.reduce(0) { $1 != $1 ? $0 + 1 : $0 }
        guard count <= maximum else {
            throw GCodableError.cannotEncode(type, .init(debugDescription: problem + ": reading it back would take quadratic time"))
        }
    }

    /// Counts, as a collection is read, the keys or elements that equal nothing.
    struct Counter {
        private var count = 0

        /// Whether `key` may join those read so far.
        mutating func admits<Key: Equatable>(_ key: Key) -> Bool {
            if key != key { count += 1 }
            return count <= SelfUnequalKeys.maximum
        }

        /// Throws when `key` is one too many of those that equal nothing.
        mutating func admit<Key: Equatable>(_ key: Key) throws {
            guard admits(key) else { throw GCodableError.corrupted(SelfUnequalKeys.problem, rule: .setSelfUnequal) }
        }

        /// Inserts `member`, read, into `members`: refused when it is one too many of those
        /// that equal nothing, or a duplicate.
        mutating func insert<Element: Hashable>(_ member: Element, into members: inout Set<Element>) throws {
            try admit(member)
            guard members.insert(member).inserted else { throw GCodableError.corrupted("duplicate Set element", rule: .setDuplicate) }
        }
    }

    /// Sets `value`, read, for `key` (admitted already) in `entries`: refused for a duplicate key.
    static func add<Key: Hashable, Value>(_ value: Value, for key: Key, to entries: inout [Key: Value]) throws {
        guard entries.updateValue(value, forKey: key) == nil else {
            throw GCodableError.corrupted("duplicate Dictionary key", rule: .dictionaryDuplicate)
        }
    }
}
