/// The `Decoder` a `Decodable` value reads its fields from: the fields of its node (a `VAL`
/// or `REF`), through the session.
struct CodableDecoder: Decoder {
    let session: DecodingSession
    let node: Int
    /// The key sequence of the value's type (``KeySequences``).
    let keys: Int

    var codingPath: [any CodingKey] { session.codingPath(of: node) }
    var userInfo: [CodingUserInfoKey: Any] { session.userInfo }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedCodableDecodingContainer<Key>(session: session, node: node, keys: keys))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        UnkeyedCodableDecodingContainer(session: session, node: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueCodableDecodingContainer(session: session, node: node)
    }

    /// The decoder of the container at `field`, which must be a `VAL` or `REF`, as a value
    /// of `type`.
    static func nested(_ session: DecodingSession, _ field: Int, as type: Any.Type, keys: Int) throws -> CodableDecoder {
        try session.checkStack(at: session.nodes[field])
        let kind = session.nodes[field].kind
        guard kind == .val || kind == .ref else {
            throw session.failure(session.mismatch(type, session.nodes[field], expected: "a container (VAL or REF)"), at: field)
        }
        return CodableDecoder(session: session, node: field, keys: keys)
    }
}

/// Keyed fields, found by the keys' string values. (A class: the cursor and the count of
/// keys asked for change as it reads, and the protocol's methods do not mutate.)
final class KeyedCodableDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let session: DecodingSession
    let node: Int
    let keys: Int
    private var cursor: Int
    private var requests = 0
    /// The key id found last and its field: `contains`, `decodeNil` and `decode` ask for
    /// the same key in turn.
    private var lastFound: (keyID: UInt32, field: Int?) = (0, nil)

    init(session: DecodingSession, node: Int, keys: Int) {
        self.session = session
        self.node = node
        self.keys = keys
        cursor = node + 1
    }

    var codingPath: [any CodingKey] { session.codingPath(of: node) }
    var allKeys: [Key] { session.keys(of: node).compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { field(for: key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { session.holdsNil(try requiredField(for: key)) }

    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try decodeOwn(key) }
    func decode(_: String.Type, forKey key: Key) throws -> String { try decodeOwn(key) }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { try decodeOwn(key) }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try decodeOwn(key) }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try decodeOwn(key) }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try decodeOwn(key) }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try decodeOwn(key) }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try decodeOwn(key) }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try decodeOwn(key) }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try decodeOwn(key) }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeOwn(key) }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeOwn(key) }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeOwn(key) }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeOwn(key) }

    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
        let field = try requiredField(for: key)
        return try session.decodingField(field) { try session.decodeCodable(field) }
    }

    func decodeIfPresent<T: Decodable>(_: T.Type, forKey key: Key) throws -> T? {
        guard let field = field(for: key), !session.holdsNil(field) else { return nil }
        return try session.decodingField(field) { try session.decodeCodable(field) }
    }

    func decodeIfPresent(_: Bool.Type, forKey key: Key) throws -> Bool? { try decodeOwnIfPresent(key) }
    func decodeIfPresent(_: String.Type, forKey key: Key) throws -> String? { try decodeOwnIfPresent(key) }
    func decodeIfPresent(_: Double.Type, forKey key: Key) throws -> Double? { try decodeOwnIfPresent(key) }
    func decodeIfPresent(_: Float.Type, forKey key: Key) throws -> Float? { try decodeOwnIfPresent(key) }
    func decodeIfPresent(_: Int.Type, forKey key: Key) throws -> Int? { try decodeOwnIfPresent(key) }
    func decodeIfPresent(_: Int8.Type, forKey key: Key) throws -> Int8? { try decodeOwnIfPresent(key) }
    func decodeIfPresent(_: Int16.Type, forKey key: Key) throws -> Int16? { try decodeOwnIfPresent(key) }
    func decodeIfPresent(_: Int32.Type, forKey key: Key) throws -> Int32? { try decodeOwnIfPresent(key) }
    func decodeIfPresent(_: Int64.Type, forKey key: Key) throws -> Int64? { try decodeOwnIfPresent(key) }
    func decodeIfPresent(_: UInt.Type, forKey key: Key) throws -> UInt? { try decodeOwnIfPresent(key) }
    func decodeIfPresent(_: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeOwnIfPresent(key) }
    func decodeIfPresent(_: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeOwnIfPresent(key) }
    func decodeIfPresent(_: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeOwnIfPresent(key) }
    func decodeIfPresent(_: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeOwnIfPresent(key) }

    /// A scalar, read as GraphCodable reads it.
    private func decodeOwn<T: GDecodable>(_ key: Key) throws -> T {
        let field = try requiredField(for: key)
        return try session.decodingField(field) { try session.decodeNode(field) }
    }

    /// A scalar that may be absent or `nil`: one lookup of its key.
    private func decodeOwnIfPresent<T: GDecodable>(_ key: Key) throws -> T? {
        guard let field = field(for: key), !session.holdsNil(field) else { return nil }
        return try session.decodingField(field) { try session.decodeNode(field) as T }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let decoder = try nestedDecoder(for: key, keys: session.nestedKeySequence(for: NestedKey.self))
        return try decoder.container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try nestedDecoder(for: key, keys: session.nestedKeySequence(for: Never.self)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        try nestedDecoder(for: ArchiveCodingKey.superKey, keys: session.nestedKeySequence(for: Never.self))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try nestedDecoder(for: key, keys: session.nestedKeySequence(for: Never.self))
    }

    private func nestedDecoder(for key: some CodingKey, keys: Int) throws -> CodableDecoder {
        let field = try requiredField(for: key)
        return try session.decodingField(field) { try CodableDecoder.nested(session, field, as: Key.self, keys: keys) }
    }

    /// The field for `key`, nil when the node has none.
    private func field(for key: some CodingKey) -> Int? {
        let keyID = session.codableKeyID(for: key, keys: keys, position: requests)
        requests += 1
        if keyID == lastFound.keyID { return lastFound.field }
        let field = session.field(keyID, of: node, from: &cursor)
        lastFound = (keyID, field)
        return field
    }

    private func requiredField(for key: some CodingKey) throws -> Int {
        guard let field = field(for: key) else {
            let name = key.stringValue
            throw session.failure(.keyNotFound(name, .init(debugDescription: "no value for key \"\(ShownText.shown(name))\"")), at: node)
        }
        return field
    }
}

/// Unkeyed fields, in order.
struct UnkeyedCodableDecodingContainer: UnkeyedDecodingContainer {
    let session: DecodingSession
    let node: Int
    private(set) var currentIndex = 0
    /// The next unkeyed field, nil at the end.
    private var next: Int?
    let count: Int?

    init(session: DecodingSession, node: Int) {
        self.session = session
        self.node = node
        next = session.unkeyedField(from: node + 1, of: node)
        count = Int(session.nodes[node].unkeyedFieldCount)
    }

    var codingPath: [any CodingKey] { session.codingPath(of: node) }
    var isAtEnd: Bool { next == nil }

    mutating func decodeNil() throws -> Bool {
        guard let field = next else { throw valueNotFound(Any?.self) }
        guard session.holdsNil(field) else { return false }
        advance(past: field)
        return true
    }

    mutating func decode(_: Bool.Type) throws -> Bool { try decodeOwn() }
    mutating func decode(_: String.Type) throws -> String { try decodeOwn() }
    mutating func decode(_: Double.Type) throws -> Double { try decodeOwn() }
    mutating func decode(_: Float.Type) throws -> Float { try decodeOwn() }
    mutating func decode(_: Int.Type) throws -> Int { try decodeOwn() }
    mutating func decode(_: Int8.Type) throws -> Int8 { try decodeOwn() }
    mutating func decode(_: Int16.Type) throws -> Int16 { try decodeOwn() }
    mutating func decode(_: Int32.Type) throws -> Int32 { try decodeOwn() }
    mutating func decode(_: Int64.Type) throws -> Int64 { try decodeOwn() }
    mutating func decode(_: UInt.Type) throws -> UInt { try decodeOwn() }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try decodeOwn() }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try decodeOwn() }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try decodeOwn() }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try decodeOwn() }

    mutating func decode<T: Decodable>(_: T.Type) throws -> T {
        try take(T.self) { try $0.decodeCodable($1) }
    }

    private mutating func decodeOwn<T: GDecodable>() throws -> T {
        try take(T.self) { try $0.decodeNode($1) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let keys = session.nestedKeySequence(for: NestedKey.self)
        return try take(NestedKey.self) { try CodableDecoder.nested($0, $1, as: NestedKey.self, keys: keys) }
            .container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let keys = session.nestedKeySequence(for: Never.self)
        return try take(Never.self) { try CodableDecoder.nested($0, $1, as: [Any].self, keys: keys) }.unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let keys = session.nestedKeySequence(for: Never.self)
        return try take(Never.self) { try CodableDecoder.nested($0, $1, as: Any.self, keys: keys) }
    }

    /// Reads the next field with `read`, and moves past it.
    private mutating func take<R>(_ type: Any.Type, _ read: (DecodingSession, Int) throws -> R) throws -> R {
        guard let field = next else { throw valueNotFound(type) }
        let session = session
        let value = try session.decodingField(field) { try read(session, field) }
        advance(past: field)
        return value
    }

    private mutating func advance(past field: Int) {
        currentIndex += 1
        next = session.unkeyedField(from: session.nodes[field].next, of: node)
    }

    private func valueNotFound(_ type: Any.Type) -> DecodingError {
        session.failure(
            .valueNotFound(type, .init(debugDescription: "no more unkeyed values (there are \(currentIndex))")), at: node)
    }
}

/// A single value: the node's one unkeyed field.
struct SingleValueCodableDecodingContainer: SingleValueDecodingContainer {
    let session: DecodingSession
    let node: Int

    var codingPath: [any CodingKey] { session.codingPath(of: node) }

    func decodeNil() -> Bool { session.unkeyedField(from: node + 1, of: node).map(session.holdsNil) ?? true }

    func decode(_: Bool.Type) throws -> Bool { try decodeOwn() }
    func decode(_: String.Type) throws -> String { try decodeOwn() }
    func decode(_: Double.Type) throws -> Double { try decodeOwn() }
    func decode(_: Float.Type) throws -> Float { try decodeOwn() }
    func decode(_: Int.Type) throws -> Int { try decodeOwn() }
    func decode(_: Int8.Type) throws -> Int8 { try decodeOwn() }
    func decode(_: Int16.Type) throws -> Int16 { try decodeOwn() }
    func decode(_: Int32.Type) throws -> Int32 { try decodeOwn() }
    func decode(_: Int64.Type) throws -> Int64 { try decodeOwn() }
    func decode(_: UInt.Type) throws -> UInt { try decodeOwn() }
    func decode(_: UInt8.Type) throws -> UInt8 { try decodeOwn() }
    func decode(_: UInt16.Type) throws -> UInt16 { try decodeOwn() }
    func decode(_: UInt32.Type) throws -> UInt32 { try decodeOwn() }
    func decode(_: UInt64.Type) throws -> UInt64 { try decodeOwn() }

    func decode<T: Decodable>(_: T.Type) throws -> T {
        try read(T.self) { try session.decodeCodable($0) }
    }

    private func decodeOwn<T: GDecodable>() throws -> T {
        try read(T.self) { try session.decodeNode($0) }
    }

    private func read<R>(_ type: Any.Type, _ read: (Int) throws -> R) throws -> R {
        guard let field = session.unkeyedField(from: node + 1, of: node) else {
            throw session.failure(.valueNotFound(type, .init(debugDescription: "the value holds no single value")), at: node)
        }
        return try session.decodingField(field) { try read(field) }
    }
}
