/// The `Encoder` an `Encodable` value writes its fields to: every container it asks for
/// writes into the value's node (the frame), through the session.
struct CodableEncoder: Encoder {
    let session: EncodingSession
    let frame: Int

    var codingPath: [any CodingKey] { session.codingPath(of: frame) }
    var userInfo: [CodingUserInfoKey: Any] { session.userInfo }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedCodableEncodingContainer(session: session, frame: frame))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedCodableEncodingContainer(session: session, frame: frame)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueCodableEncodingContainer(session: session, frame: frame)
    }
}

/// Keyed fields, under the keys' string values.
struct KeyedCodableEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let session: EncodingSession
    let frame: Int

    var codingPath: [any CodingKey] { session.codingPath(of: frame) }

    mutating func encodeNil(forKey key: Key) throws {
        try session.writeField(Any?.none as Any, for: key, in: frame) { session.encodeNil(keyID: $0) }
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws { try encodeOwn(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try encodeOwn(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try encodeOwn(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encodeOwn(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encodeOwn(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeOwn(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeOwn(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeOwn(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeOwn(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeOwn(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeOwn(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeOwn(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeOwn(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeOwn(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try session.writeField(value, for: key, in: frame) { try session.encodeCodable(value, keyID: $0) }
    }

    mutating func encodeConditional<T: AnyObject & Encodable>(_ object: T, forKey key: Key) throws {
        try session.writeField(object, for: key, in: frame) { try session.encodeCodable(object, keyID: $0, conditional: true) }
    }

    /// A scalar, written as GraphCodable writes it.
    private func encodeOwn<T: GEncodable>(_ value: T, _ key: Key) throws {
        try session.writeField(value, for: key, in: frame) { try session.encodeNode(value, keyID: $0) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = session.openNestedFrame(in: frame, key: key, keyType: NestedKey.self)
        return KeyedEncodingContainer(KeyedCodableEncodingContainer<NestedKey>(session: session, frame: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedCodableEncodingContainer(session: session, frame: session.openNestedFrame(in: frame, key: key, keyType: Never.self))
    }

    mutating func superEncoder() -> any Encoder {
        CodableEncoder(session: session, frame: session.openNestedFrame(in: frame, key: ArchiveCodingKey.superKey, keyType: Never.self))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        CodableEncoder(session: session, frame: session.openNestedFrame(in: frame, key: key, keyType: Never.self))
    }
}

/// Unkeyed fields, in order.
struct UnkeyedCodableEncodingContainer: UnkeyedEncodingContainer {
    let session: EncodingSession
    let frame: Int

    var codingPath: [any CodingKey] { session.codingPath(of: frame) }
    var count: Int { session.unkeyedCount(in: frame) }

    mutating func encodeNil() throws {
        try session.writeField(Any?.none as Any, unkeyedIn: frame) { session.encodeNil(keyID: 0) }
    }

    mutating func encode(_ value: Bool) throws { try encodeOwn(value) }
    mutating func encode(_ value: String) throws { try encodeOwn(value) }
    mutating func encode(_ value: Double) throws { try encodeOwn(value) }
    mutating func encode(_ value: Float) throws { try encodeOwn(value) }
    mutating func encode(_ value: Int) throws { try encodeOwn(value) }
    mutating func encode(_ value: Int8) throws { try encodeOwn(value) }
    mutating func encode(_ value: Int16) throws { try encodeOwn(value) }
    mutating func encode(_ value: Int32) throws { try encodeOwn(value) }
    mutating func encode(_ value: Int64) throws { try encodeOwn(value) }
    mutating func encode(_ value: UInt) throws { try encodeOwn(value) }
    mutating func encode(_ value: UInt8) throws { try encodeOwn(value) }
    mutating func encode(_ value: UInt16) throws { try encodeOwn(value) }
    mutating func encode(_ value: UInt32) throws { try encodeOwn(value) }
    mutating func encode(_ value: UInt64) throws { try encodeOwn(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try session.writeField(value, unkeyedIn: frame) { try session.encodeCodable(value, keyID: 0) }
    }

    mutating func encodeConditional<T: AnyObject & Encodable>(_ object: T) throws {
        try session.writeField(object, unkeyedIn: frame) { try session.encodeCodable(object, keyID: 0, conditional: true) }
    }

    private func encodeOwn<T: GEncodable>(_ value: T) throws {
        try session.writeField(value, unkeyedIn: frame) { try session.encodeNode(value, keyID: 0) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = session.openNestedFrame(in: frame, key: ArchiveCodingKey?.none, keyType: NestedKey.self)
        return KeyedEncodingContainer(KeyedCodableEncodingContainer<NestedKey>(session: session, frame: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedCodableEncodingContainer(
            session: session, frame: session.openNestedFrame(in: frame, key: ArchiveCodingKey?.none, keyType: Never.self))
    }

    mutating func superEncoder() -> any Encoder {
        CodableEncoder(session: session, frame: session.openNestedFrame(in: frame, key: ArchiveCodingKey?.none, keyType: Never.self))
    }
}

/// A single value: the node's one unkeyed field.
struct SingleValueCodableEncodingContainer: SingleValueEncodingContainer {
    let session: EncodingSession
    let frame: Int

    var codingPath: [any CodingKey] { session.codingPath(of: frame) }

    mutating func encodeNil() throws {
        try checkFirst(Any?.none as Any)
        try session.writeField(Any?.none as Any, unkeyedIn: frame) { session.encodeNil(keyID: 0) }
    }

    mutating func encode(_ value: Bool) throws { try encodeOwn(value) }
    mutating func encode(_ value: String) throws { try encodeOwn(value) }
    mutating func encode(_ value: Double) throws { try encodeOwn(value) }
    mutating func encode(_ value: Float) throws { try encodeOwn(value) }
    mutating func encode(_ value: Int) throws { try encodeOwn(value) }
    mutating func encode(_ value: Int8) throws { try encodeOwn(value) }
    mutating func encode(_ value: Int16) throws { try encodeOwn(value) }
    mutating func encode(_ value: Int32) throws { try encodeOwn(value) }
    mutating func encode(_ value: Int64) throws { try encodeOwn(value) }
    mutating func encode(_ value: UInt) throws { try encodeOwn(value) }
    mutating func encode(_ value: UInt8) throws { try encodeOwn(value) }
    mutating func encode(_ value: UInt16) throws { try encodeOwn(value) }
    mutating func encode(_ value: UInt32) throws { try encodeOwn(value) }
    mutating func encode(_ value: UInt64) throws { try encodeOwn(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try checkFirst(value)
        try session.writeField(value, unkeyedIn: frame) { try session.encodeCodable(value, keyID: 0) }
    }

    private func encodeOwn<T: GEncodable>(_ value: T) throws {
        try checkFirst(value)
        try session.writeField(value, unkeyedIn: frame) { try session.encodeNode(value, keyID: 0) }
    }

    /// Refuses a second value.
    private func checkFirst<T>(_ value: T) throws {
        guard session.unkeyedCount(in: frame) == 0 else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "a single value container was asked to encode a second value"))
        }
    }
}
