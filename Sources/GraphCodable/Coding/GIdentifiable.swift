/// A type whose values have an identity while encoding and decoding: values with the same
/// `gcodableID` are stored once, and decoded as one (shared) value.
///
/// Classes have an identity by default (their `ObjectIdentifier`); adopt this protocol to
/// give one to a value type, or another one to a class. A `nil` id means no identity.
public protocol GIdentifiable<GID> {
    /// The type of the identifier.
    associatedtype GID: Hashable
    /// The identifier, or `nil` for no identity.
    var gcodableID: GID? { get }
}

extension GIdentifiable where Self: Identifiable {
    /// The `Identifiable` id.
    public var gcodableID: ID? { id }
}
