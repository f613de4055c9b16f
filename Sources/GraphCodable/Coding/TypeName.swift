/// How a Swift type is named in the type table.
enum TypeName {
    /// The type-table entry for a user type.
    static func named<T: GEncodable>(_ type: T.Type, kind: NamedType.Kind) -> NamedType {
        named(type, kind: kind, version: T.typeVersion)
    }

    /// The type-table entry for a user type whose layout has `version`.
    static func named(_ type: Any.Type, kind: NamedType.Kind, version: UInt32) -> NamedType {
        NamedType(
            kind: kind, qualifiedName: _typeName(type, qualified: true),
            mangledName: kind == .class ? (_mangledTypeName(type) ?? "") : "", version: version)
    }
}
