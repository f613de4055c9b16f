/// How a decoder finds the classes an archive names: first the classes set with
/// `GraphDecoder.setClass(_:for:)`; then, in secure mode, its registry (names compared as
/// strings), or, in trusted mode, the runtime's lookup.
struct ClassLookup {
    var overrides: [ClassName: any GDecodable.Type] = [:]
    var registry: GTypeRegistry?

    /// The class for `named`, and whether `setClass` chose it.
    func find(_ named: NamedType) -> (type: any GDecodable.Type, isOverride: Bool)? {
        if let override = overrides[.mangledName(named.mangledName)] ?? overrides[.qualifiedName(named.qualifiedName)] {
            return (override, true)
        }
        let found =
            registry.map { $0.lookUp(mangledName: named.mangledName) }
            ?? ClassResolver.resolve(named).flatMap { $0 as? any GDecodable.Type }
        return found.map { ($0, false) }
    }

    /// Where classes are looked for, for error messages.
    var place: String { registry == nil ? "a GDecodable class of this program" : "in the decoder's registry" }
}
