// A type with a raw value codes as its raw value, with no code of its own: declaring the
// conformance is enough (`enum Suit: String, GCodable { … }`, an `OptionSet` declared
// `GCodable`). It is stored as a `VAL` of its own type holding the raw value as its one
// unkeyed field, so that every reader shows the value and the type map lists the type.
//
// Its BinaryIO is its raw value's too, for any raw value that is a BinaryIO type, whether
// or not the type declares a conformance: `try Flag(from: &rbuffer)` and
// `try flag.write(to: &wbuffer)` work for `enum Flag: UInt8 { … }`, and a type declared
// `GPackCodable` is packed in its containers.

extension GEncodable where Self: RawRepresentable, RawValue: GEncodable {
    /// Encodes the raw value, unkeyed.
    public func encode(to encoder: GEncoder) throws { try encoder.encode(rawValue) }
}

extension GDecodable where Self: RawRepresentable, RawValue: GDecodable {
    /// Decodes the raw value, unkeyed; a raw value the type does not have is an error.
    public init(from decoder: GDecoder) throws {
        self = try Self.value(of: try decoder.decode() as RawValue, at: nil)
    }
}

extension RawRepresentable where RawValue: BinaryOType {
    /// Writes the raw value.
    public func write(to wbuffer: inout BinaryWriteBuffer) throws { try rawValue.write(to: &wbuffer) }
}

extension RawRepresentable where RawValue: BinaryIType {
    /// Reads the raw value; a raw value the type does not have is an error.
    public init(from rbuffer: inout BinaryReadBuffer) throws {
        let offset = rbuffer.offset
        self = try Self.value(of: try RawValue(from: &rbuffer), at: offset)
    }
}

// A binary type with a raw value is stored with its BinaryIO: these say which default the
// protocols' requirements take when both apply (the encoder never calls them).
extension GBinaryEncodable where Self: RawRepresentable, RawValue: GEncodable {
    /// Unreachable: the encoder stores binary types with ``BinaryOType/write(to:)``.
    public func encode(to encoder: GEncoder) throws { throw GCodableError.unreachable(Self.self) }
}

extension GBinaryDecodable where Self: RawRepresentable, RawValue: GDecodable {
    /// Unreachable: the decoder reads binary types with ``BinaryIType/init(from:)``.
    public init(from decoder: GDecoder) throws { throw GCodableError.unreachable(Self.self) }
}

extension RawRepresentable {
    /// The value whose raw value is `raw`, or an error naming the type and the raw value
    /// (its first 100 characters: the raw value comes from the archive).
    fileprivate static func value(of raw: RawValue, at offset: Int?) throws -> Self {
        guard let value = Self(rawValue: raw) else {
            throw GCodableError.corrupted("\(Self.shortText(of: raw)) is not a raw value of \(String(reflecting: Self.self))", at: offset)
        }
        return value
    }

    /// `raw` as Swift shows it, cut after 100 characters (a string before it is escaped,
    /// which may multiply its length).
    private static func shortText(of raw: RawValue) -> String {
        if let string = raw as? String, string.count > 100 { return String(reflecting: String(string.prefix(100))) + "…" }
        let text = String(reflecting: raw)
        return text.count > 100 ? text.prefix(100) + "…" : text
    }
}
