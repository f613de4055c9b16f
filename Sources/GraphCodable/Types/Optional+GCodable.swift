// An optional is encoded in place: `nil` as a `NIL` node, a wrapped value as the wrapped
// value's own node (inside a one-field `VAL` box when the wrapped type is itself an
// optional, so that `.some(nil)` survives). Optionals of packable types are packable.

extension Optional: GEncodable where Wrapped: GEncodable {
    /// Encodes the wrapped value unkeyed, or nothing. The graph encoder does not call this:
    /// it encodes optionals in place.
    public func encode(to encoder: GEncoder) throws {
        if let wrapped = self { try encoder.encode(wrapped) }
    }
}

extension Optional: GDecodable where Wrapped: GDecodable {
    /// Decodes the next unkeyed value, or `nil` when none remains.
    public init(from decoder: GDecoder) throws {
        self = decoder.unkeyedCount > 0 ? .some(try decoder.decode()) : .none
    }
}

extension Optional: GBinaryEncodable where Wrapped: GPackEncodable {}
extension Optional: GBinaryDecodable where Wrapped: GPackDecodable {}
extension Optional: GPackable where Wrapped: GPackable {}
extension Optional: NativeBinaryType where Wrapped: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .optional(Wrapped.nativeDescriptor) }
}
