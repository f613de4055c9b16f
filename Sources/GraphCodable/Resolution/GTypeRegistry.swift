/// The classes an archive may name when decoding in secure mode: an allow-list, like
/// `NSSecureCoding`'s allowed classes. It takes `GDecodable` and `Decodable` types alike
/// (a type that is neither is ignored). Value types need no registering: each is built as
/// the type the decoding code asks for, never found by the archive's name for it. The
/// registry also lends its BinaryIO types, classes and value types, to
/// `GraphArchive.converted(internalBinaryIOVersion:userBinaryIOVersion:registry:)`, and its
/// types' names to a server's `?type=`.
///
/// Archive class names are matched against the registered classes by comparing strings
/// (their mangled names); a name never reaches the runtime's type lookup, which trusts its
/// input (a malformed mangled name can crash it). A class outside the registry is a
/// ``GCodableError/typeMismatch(_:_:)`` that names it.
public struct GTypeRegistry: @unchecked Sendable {
    // Unchecked: it holds metatypes, which are immutable global data.
    private var classes: [String: AnyClass] = [:]
    private var binaryTypes: [String: any GBinaryCodable.Type] = [:]
    private var typesByName: [String: Any.Type] = [:]

    /// Creates a registry holding `types`, each `GDecodable` or `Decodable`.
    public init(_ types: [Any.Type] = []) {
        for type in types { register(type) }
    }

    /// Allows `type`, `GDecodable` or `Decodable` (each generic specialization is a type of
    /// its own); a type that is neither is ignored.
    public mutating func register(_ type: Any.Type) {
        guard type is any GDecodable.Type || type is any Decodable.Type else { return }
        let isClass = type is AnyClass
        guard let name = isClass ? _mangledTypeName(type) : _typeName(type, qualified: true) else { return }
        if let type = type as? AnyClass { classes[name] = type }
        if let binary = type as? any GBinaryCodable.Type { binaryTypes[name] = binary }
        typesByName[_typeName(type, qualified: true)] = type
    }

    /// The qualified names of the registered types (`Module.Type`), sorted.
    public var typeNames: [String] { typesByName.keys.sorted() }

    /// The registered type named `name`: its qualified name (`Module.Outer.Type`), or the
    /// end of it (`Type`, `Outer.Type`) when no other registered type's name ends so. It is
    /// `GDecodable` or `Decodable`.
    public func type(named name: String) -> Any.Type? {
        if let type = typesByName[name] { return type }
        let matches = typesByName.filter { $0.key.hasSuffix("." + name) }
        return matches.count == 1 ? matches.first?.value : nil
    }

    /// The registered class with this mangled name.
    func lookUp(mangledName: String) -> AnyClass? {
        classes[mangledName]
    }

    /// The registered BinaryIO type the archive names `named`.
    func binaryType(for named: NamedType) -> (any GBinaryCodable.Type)? {
        binaryTypes[named.kind == .class ? named.mangledName : named.qualifiedName]
    }
}
