/// The classes an archive may name when decoding in secure mode: an allow-list, like
/// `NSSecureCoding`'s allowed classes.
///
/// The decoder matches the class names an archive holds against the registered classes
/// by comparing strings; a name never reaches the runtime's type lookup, which trusts its
/// input (a malformed mangled name can crash it). A name outside the registry is a
/// ``GCodableError/typeMismatch(_:_:)`` that names it.
public struct GTypeRegistry: @unchecked Sendable {
    // Unchecked: it holds metatypes, which are immutable global data.
    private var classes: [String: any GDecodable.Type] = [:]

    /// Creates a registry holding `types`.
    public init(_ types: [any (AnyObject & GDecodable).Type] = []) {
        for type in types { register(type) }
    }

    /// Allows `type` (each generic specialization is a class of its own).
    public mutating func register(_ type: (AnyObject & GDecodable).Type) {
        if let mangledName = _mangledTypeName(type) { classes[mangledName] = type }
    }

    /// The registered class with this mangled name.
    func lookUp(mangledName: String) -> (any GDecodable.Type)? {
        classes[mangledName]
    }
}
