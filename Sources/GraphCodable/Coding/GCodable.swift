/// A type that can encode itself with a ``GEncoder``.
public protocol GEncodable {
    /// Encodes the fields of `self`, keyed or unkeyed.
    func encode(to encoder: GEncoder) throws
    /// The version of the type's encoded layout, stored once per type in the archive
    /// and readable while decoding as ``GDecoder/encodedTypeVersion``.
    static var typeVersion: UInt32 { get }
}

extension GEncodable {
    public static var typeVersion: UInt32 { 0 }
}

/// A type that can decode itself from a ``GDecoder``.
public protocol GDecodable {
    /// Decodes a value from the fields the decoder holds for it.
    init(from decoder: GDecoder) throws
    /// The type that decodes the archived instances of this class: `Self` unless the
    /// class is obsolete. A replacement should return its own `replacementType`, and a
    /// generic class the specialization for its parameters' `replacementType`s.
    static var replacementType: GDecodable.Type { get }
}

extension GDecodable {
    public static var replacementType: GDecodable.Type { Self.self }
}

/// A type that can encode and decode itself.
public typealias GCodable = GDecodable & GEncodable

/// The interface a ``GEncodable`` type uses to encode its fields.
///
/// Keyed fields take keys from an `enum … : String`; unkeyed fields are decoded in
/// the order they were encoded. The two may be mixed.
public protocol GEncoder: AnyObject {
    /// The dictionary set on ``GraphEncoder/userInfo``.
    var userInfo: [CodingUserInfoKey: any Sendable] { get }
    /// The user BinaryIO version the archive is written with.
    var binaryIOVersion: UInt16 { get }

    /// Encodes an unkeyed value.
    func encode<Value: GEncodable>(_ value: Value) throws
    /// Encodes a value for `key`. A key's `rawValue` must depend on its value alone: the
    /// coders remember the name of each case of an enum key rather than ask it again.
    func encode<Key: RawRepresentable, Value: GEncodable>(_ value: Value, for key: Key) throws
    where Key.RawValue == String
    /// Encodes a reference or identified value unkeyed, only if something else encodes it
    /// unconditionally (before or after); otherwise it decodes as `nil`. A value without
    /// identity is encoded unconditionally.
    func encodeConditional<Value: GEncodable>(_ value: Value?) throws
    /// Encodes a reference or identified value for `key`, conditionally (see above).
    func encodeConditional<Key: RawRepresentable, Value: GEncodable>(_ value: Value?, for key: Key) throws
    where Key.RawValue == String
}

extension GEncoder {
    /// Encodes `value` for `key` if it is not `nil`; nothing is stored otherwise.
    public func encodeIfPresent<Key: RawRepresentable, Value: GEncodable>(_ value: Value?, for key: Key) throws
    where Key.RawValue == String {
        if let value { try encode(value, for: key) }
    }

    /// Encodes `value` unkeyed if it is not `nil`; nothing is stored otherwise.
    public func encodeIfPresent<Value: GEncodable>(_ value: Value?) throws {
        if let value { try encode(value) }
    }
}

/// The interface a ``GDecodable`` type uses to decode its fields.
///
/// Values are removed from the decoder as they are decoded: a keyed value can be decoded
/// once, and ``unkeyedCount`` counts the unkeyed values not yet decoded.
public protocol GDecoder: AnyObject {
    /// The dictionary set on ``GraphDecoder/userInfo``.
    var userInfo: [CodingUserInfoKey: any Sendable] { get }
    /// The user BinaryIO version the archive was written with.
    var binaryIOVersion: UInt16 { get }
    /// The ``GEncodable/typeVersion`` the value being decoded was encoded with.
    var encodedTypeVersion: UInt32 { get throws }
    /// The number of unkeyed values not decoded yet.
    var unkeyedCount: Int { get }
    /// While a replacement class decodes an archived instance of the obsolete class it
    /// replaces, that obsolete class; `nil` otherwise.
    var replacedType: GDecodable.Type? { get throws }

    /// Whether a value for `key` is present and not decoded yet.
    func contains<Key: RawRepresentable>(_ key: Key) throws -> Bool where Key.RawValue == String
    /// Decodes the next unkeyed value.
    func decode<Value: GDecodable>() throws -> Value
    /// Decodes the value for `key`.
    func decode<Key: RawRepresentable, Value: GDecodable>(for key: Key) throws -> Value
    where Key.RawValue == String
    /// Decodes the next unkeyed value once the whole graph is built, then calls `setter`
    /// with it: use it for the links that close cycles (weak parents, for instance).
    func deferDecode<Value: GDecodable>(_ setter: @escaping (Value) -> Void) throws
    /// Decodes the value for `key` once the whole graph is built, then calls `setter`.
    func deferDecode<Key: RawRepresentable, Value: GDecodable>(for key: Key, _ setter: @escaping (Value) -> Void) throws
    where Key.RawValue == String
}

extension GDecoder {
    /// Decodes the value for `key`, or returns `nil` when the key is absent or holds `nil`.
    public func decodeIfPresent<Key: RawRepresentable, Value: GDecodable>(for key: Key) throws -> Value?
    where Key.RawValue == String {
        guard try contains(key) else { return nil }
        return try decode(for: key) as Value?
    }

    /// Decodes the next unkeyed value, or returns `nil` when none remains or it holds `nil`.
    public func decodeIfPresent<Value: GDecodable>() throws -> Value? {
        guard unkeyedCount > 0 else { return nil }
        return try decode() as Value?
    }
}

/// A ``GEncodable`` type stored as one BinaryIO unit (a `BIV` or `BIR` node) by its
/// ``BinaryOType/write(to:)`` instead of field by field.
public protocol GBinaryEncodable: BinaryOType, GEncodable {}

/// A ``GDecodable`` type read as one BinaryIO unit by its ``BinaryIType/init(from:)``.
public protocol GBinaryDecodable: BinaryIType, GDecodable {}

/// A type stored and read as one BinaryIO unit.
public typealias GBinaryCodable = GBinaryDecodable & GBinaryEncodable

extension GBinaryEncodable {
    /// Unreachable: the encoder stores binary types with ``BinaryOType/write(to:)``.
    public func encode(to encoder: GEncoder) throws { throw GCodableError.unreachable(Self.self) }
}

extension GBinaryDecodable {
    /// Unreachable: the decoder reads binary types with ``BinaryIType/init(from:)``.
    public init(from decoder: GDecoder) throws { throw GCodableError.unreachable(Self.self) }
}

/// Marks a trivial BinaryIO type whose containers (arrays, sets, dictionaries, optionals)
/// are stored as one BinaryIO block. Packed values have no identity of their own.
public protocol GPackable {}

/// A packable type that encodes as one BinaryIO unit.
public typealias GPackEncodable = GBinaryEncodable & GPackable
/// A packable type that decodes as one BinaryIO unit.
public typealias GPackDecodable = GBinaryDecodable & GPackable
/// A packable type that encodes and decodes as one BinaryIO unit.
public typealias GPackCodable = GPackEncodable & GPackDecodable

/// Bytes, as returned by `GraphEncoder().encode(value) as Bytes`.
public typealias Bytes = [UInt8]
