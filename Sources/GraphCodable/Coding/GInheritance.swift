/// A class that can turn off inheritance for its instances: the encoder then stores no
/// class name for them, and the decoder builds the static type it is asked for.
public protocol GInheritance: AnyObject {
    /// Whether the encoder stores this object without its class.
    var disableInheritance: Bool { get }
}

extension GEncodable where Self: AnyObject {
    /// Whether the class can be rebuilt from its stored name, which inheritance needs
    /// (a private or local class cannot).
    public static var supportsCodableInheritance: Bool {
        ClassResolver.isReifiable(self)
    }

    /// Whether the class can be encoded with inheritance and decoded back.
    public static var isGCodable: Bool {
        self is any GDecodable.Type && supportsCodableInheritance
    }
}
