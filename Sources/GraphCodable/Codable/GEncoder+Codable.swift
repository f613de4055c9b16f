// A `GCodable` type codes its `Codable` fields with the same calls as its other fields:
// a value whose type is only `Codable` goes through the bridge, one that is both is coded
// the GraphCodable way (the overloads for `GEncodable & Encodable` say so).

extension GEncoder {
    /// Encodes an unkeyed `Encodable` value with its own `encode(to:)`.
    public func encode<Value: Encodable>(_ value: Value) throws {
        let session = try codableSession(Value.self)
        try session.unkeyedField { try session.encodeCodable(value, keyID: 0) }
    }

    /// Encodes an `Encodable` value for `key` with its own `encode(to:)`.
    public func encode<Key: RawRepresentable, Value: Encodable>(_ value: Value, for key: Key) throws where Key.RawValue == String {
        let session = try codableSession(Value.self)
        try session.keyedField(key) { try session.encodeCodable(value, keyID: $0) }
    }

    /// Encodes an unkeyed `Encodable` reference only if something else encodes it
    /// unconditionally; otherwise it decodes as `nil`.
    public func encodeConditional<Value: Encodable>(_ value: Value?) throws {
        let session = try codableSession(Value.self)
        try session.unkeyedField { try value.encodeInPlace(session, keyID: 0, conditional: true) }
    }

    /// Encodes an `Encodable` reference for `key`, conditionally (see above).
    public func encodeConditional<Key: RawRepresentable, Value: Encodable>(_ value: Value?, for key: Key) throws
    where Key.RawValue == String {
        let session = try codableSession(Value.self)
        try session.keyedField(key) { try value.encodeInPlace(session, keyID: $0, conditional: true) }
    }

    /// Encodes an `Encodable` value for `key` if it is not `nil`; nothing is stored otherwise.
    public func encodeIfPresent<Key: RawRepresentable, Value: Encodable>(_ value: Value?, for key: Key) throws
    where Key.RawValue == String {
        if let value { try encode(value, for: key) }
    }

    /// Encodes an unkeyed `Encodable` value if it is not `nil`; nothing is stored otherwise.
    public func encodeIfPresent<Value: Encodable>(_ value: Value?) throws {
        if let value { try encode(value) }
    }

    /// Encodes an unkeyed value that is both `GEncodable` and `Encodable`, the GraphCodable way.
    @inlinable
    public func encode<Value: GEncodable & Encodable>(_ value: Value) throws {
        try graphCodableEncode(value)
    }

    /// Encodes a value that is both `GEncodable` and `Encodable` for `key`, the GraphCodable way.
    @inlinable
    public func encode<Key: RawRepresentable, Value: GEncodable & Encodable>(_ value: Value, for key: Key) throws
    where Key.RawValue == String {
        try graphCodableEncode(value, for: key)
    }

    /// Encodes a reference both `GEncodable` and `Encodable` unkeyed and conditionally, the
    /// GraphCodable way.
    @inlinable
    public func encodeConditional<Value: GEncodable & Encodable>(_ value: Value?) throws {
        try graphCodableEncodeConditional(value)
    }

    /// Encodes a reference both `GEncodable` and `Encodable` for `key` conditionally, the
    /// GraphCodable way.
    @inlinable
    public func encodeConditional<Key: RawRepresentable, Value: GEncodable & Encodable>(_ value: Value?, for key: Key) throws
    where Key.RawValue == String {
        try graphCodableEncodeConditional(value, for: key)
    }

    /// Encodes a value both `GEncodable` and `Encodable` for `key` if it is not `nil`, the
    /// GraphCodable way.
    @inlinable
    public func encodeIfPresent<Key: RawRepresentable, Value: GEncodable & Encodable>(_ value: Value?, for key: Key) throws
    where Key.RawValue == String {
        if let value { try graphCodableEncode(value, for: key) }
    }

    /// Encodes an unkeyed value both `GEncodable` and `Encodable` if it is not `nil`, the
    /// GraphCodable way.
    @inlinable
    public func encodeIfPresent<Value: GEncodable & Encodable>(_ value: Value?) throws {
        if let value { try graphCodableEncode(value) }
    }

    // The GraphCodable calls, for values known here as `GEncodable` only (so that the calls
    // resolve to the protocol's requirements, not to the overloads above). Inlinable, as the
    // overloads are: a call from a type's `encode(to:)` costs what the requirement's does.

    @inlinable func graphCodableEncode<Value: GEncodable>(_ value: Value) throws { try encode(value) }

    @inlinable func graphCodableEncode<Key: RawRepresentable, Value: GEncodable>(_ value: Value, for key: Key) throws
    where Key.RawValue == String {
        try encode(value, for: key)
    }

    @inlinable func graphCodableEncodeConditional<Value: GEncodable>(_ value: Value?) throws { try encodeConditional(value) }

    @inlinable func graphCodableEncodeConditional<Key: RawRepresentable, Value: GEncodable>(_ value: Value?, for key: Key) throws
    where Key.RawValue == String {
        try encodeConditional(value, for: key)
    }

    /// The session behind this encoder, which the bridge needs.
    private func codableSession(_ type: Any.Type) throws -> EncodingSession {
        guard let session else {
            throw GCodableError.cannotEncode(type, "Codable values are encoded by GraphEncoder's own encoder only")
        }
        return session
    }
}

extension GDecoder {
    /// Decodes the next unkeyed value, an `Decodable` one, with its own `init(from:)`.
    public func decode<Value: Decodable>() throws -> Value {
        try codableSession(Value.self).decodeCodable()
    }

    /// Decodes the `Decodable` value for `key` with its own `init(from:)`.
    public func decode<Key: RawRepresentable, Value: Decodable>(for key: Key) throws -> Value where Key.RawValue == String {
        try codableSession(Value.self).decodeCodable(for: key)
    }

    /// Decodes the `Decodable` value for `key`, or returns `nil` when the key is absent or
    /// holds `nil`.
    public func decodeIfPresent<Key: RawRepresentable, Value: Decodable>(for key: Key) throws -> Value?
    where Key.RawValue == String {
        guard try contains(key) else { return nil }
        return try decode(for: key) as Value?
    }

    /// Decodes the next unkeyed `Decodable` value, or returns `nil` when none remains or it
    /// holds `nil`.
    public func decodeIfPresent<Value: Decodable>() throws -> Value? {
        guard unkeyedCount > 0 else { return nil }
        return try decode() as Value?
    }

    /// Decodes the next unkeyed `Decodable` value once the whole graph is built, then calls
    /// `setter` with it.
    public func deferDecode<Value: Decodable>(_ setter: @escaping (Value) -> Void) throws {
        try codableSession(Value.self).deferDecodeCodable(setter)
    }

    /// Decodes the `Decodable` value for `key` once the whole graph is built, then calls `setter`.
    public func deferDecode<Key: RawRepresentable, Value: Decodable>(for key: Key, _ setter: @escaping (Value) -> Void) throws
    where Key.RawValue == String {
        try codableSession(Value.self).deferDecodeCodable(for: key, setter)
    }

    /// Decodes the next unkeyed value, both `GDecodable` and `Decodable`, the GraphCodable way.
    @inlinable
    public func decode<Value: GDecodable & Decodable>() throws -> Value {
        try graphCodableDecode()
    }

    /// Decodes the value for `key`, both `GDecodable` and `Decodable`, the GraphCodable way.
    @inlinable
    public func decode<Key: RawRepresentable, Value: GDecodable & Decodable>(for key: Key) throws -> Value
    where Key.RawValue == String {
        try graphCodableDecode(for: key)
    }

    /// Decodes the value for `key`, both `GDecodable` and `Decodable`, the GraphCodable way,
    /// or returns `nil` when the key is absent or holds `nil`.
    @inlinable
    public func decodeIfPresent<Key: RawRepresentable, Value: GDecodable & Decodable>(for key: Key) throws -> Value?
    where Key.RawValue == String {
        try graphCodableDecodeIfPresent(for: key)
    }

    /// Decodes the next unkeyed value, both `GDecodable` and `Decodable`, the GraphCodable
    /// way, or returns `nil` when none remains or it holds `nil`.
    @inlinable
    public func decodeIfPresent<Value: GDecodable & Decodable>() throws -> Value? {
        try graphCodableDecodeIfPresent()
    }

    /// Decodes the next unkeyed value, both `GDecodable` and `Decodable`, the GraphCodable
    /// way, once the whole graph is built.
    @inlinable
    public func deferDecode<Value: GDecodable & Decodable>(_ setter: @escaping (Value) -> Void) throws {
        try graphCodableDeferDecode(setter)
    }

    /// Decodes the value for `key`, both `GDecodable` and `Decodable`, the GraphCodable way,
    /// once the whole graph is built.
    @inlinable
    public func deferDecode<Key: RawRepresentable, Value: GDecodable & Decodable>(for key: Key, _ setter: @escaping (Value) -> Void)
        throws where Key.RawValue == String
    {
        try graphCodableDeferDecode(for: key, setter)
    }

    // The GraphCodable calls, for values known here as `GDecodable` only.

    @inlinable func graphCodableDecode<Value: GDecodable>() throws -> Value { try decode() }

    @inlinable func graphCodableDecode<Key: RawRepresentable, Value: GDecodable>(for key: Key) throws -> Value
    where Key.RawValue == String {
        try decode(for: key)
    }

    @inlinable func graphCodableDecodeIfPresent<Value: GDecodable>() throws -> Value? { try decodeIfPresent() }

    @inlinable func graphCodableDecodeIfPresent<Key: RawRepresentable, Value: GDecodable>(for key: Key) throws -> Value?
    where Key.RawValue == String {
        try decodeIfPresent(for: key)
    }

    @inlinable func graphCodableDeferDecode<Value: GDecodable>(_ setter: @escaping (Value) -> Void) throws { try deferDecode(setter) }

    @inlinable func graphCodableDeferDecode<Key: RawRepresentable, Value: GDecodable>(for key: Key, _ setter: @escaping (Value) -> Void)
        throws where Key.RawValue == String
    {
        try deferDecode(for: key, setter)
    }

    /// The session behind this decoder, which the bridge needs.
    private func codableSession(_ type: Any.Type) throws -> DecodingSession {
        guard let session else {
            throw GCodableError.internalInconsistency(
                type, .init(debugDescription: "Codable values are decoded by GraphDecoder's own decoder only"))
        }
        return session
    }
}
