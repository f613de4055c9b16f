/// Finds classes from the names the type table stores.
///
/// This is the trusted mode: the runtime's own lookup (`_typeByName`), right for an
/// application reading its own archives.
enum ClassResolver {
    /// Whether `type` can be found again from its mangled name.
    static func isReifiable(_ type: AnyClass) -> Bool {
        guard let mangledName = _mangledTypeName(type), let found = _typeByName(mangledName) else { return false }
        return ObjectIdentifier(found) == ObjectIdentifier(type)
    }

    /// The class named by `named`, or `nil` when this program has none.
    static func resolve(_ named: NamedType) -> AnyClass? {
        guard !named.mangledName.isEmpty else { return nil }
        return _typeByName(named.mangledName) as? AnyClass
    }
}
