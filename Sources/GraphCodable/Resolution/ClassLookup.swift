/// How a decoder finds the classes an archive names: first the classes set with
/// `GraphDecoder.setClass(_:for:)`; then, in secure mode, its registry (names compared as
/// strings), or, in trusted mode, the runtime's lookup. A class found is `GDecodable` or
/// `Decodable` (or both); the decoding that asks for it says which it needs.
struct ClassLookup {
    var overrides: [ClassName: AnyClass] = [:]
    var registry: GTypeRegistry?

    /// The class for `named`, and whether `setClass` chose it.
    func find(_ named: NamedType) -> (type: AnyClass, isOverride: Bool)? {
        if let override = overrides[.mangledName(named.mangledName)] ?? overrides[.qualifiedName(named.qualifiedName)] {
            return (override, true)
        }
        let found: AnyClass? =
            registry.map { $0.lookUp(mangledName: named.mangledName) }
            ?? ClassResolver.resolve(named).flatMap { $0 is any GDecodable.Type || $0 is any Decodable.Type ? $0 : nil }
        return found.map { ($0, false) }
    }

    /// Where classes are looked for, for error messages.
    var place: String { registry == nil ? "a GDecodable or Decodable class of this program" : "in the decoder's registry" }
}
