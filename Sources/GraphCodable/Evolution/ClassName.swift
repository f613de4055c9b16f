/// The name an archive stores for a class, as shown by a dump with `.showReferenceMap`.
public enum ClassName: Hashable, Sendable {
    /// The mangled name (`_mangledTypeName`): the precise one, best for `setClass`.
    case mangledName(_: String)
    /// The qualified name (`_typeName(_:qualified: true)`).
    case qualifiedName(_: String)
}
