/// One type of an archive, as `GraphDecoder.typeMap(from:)` lists it.
public struct GraphTypeMapEntry: Sendable, Equatable {
    /// What kind of type it is.
    public enum Kind: String, Sendable {
        /// A native BinaryIO layout (a scalar, or a container of scalars): every reader knows it.
        case nativeLayout
        /// A structured native value type (Array, Set, Dictionary, IndexSet…).
        case nativeValue
        /// A user value type.
        case valueType
        /// A class.
        case classType
    }

    /// The reference nodes use for the type (see Docs/ArchiveFormat.md).
    public var reference: UInt32
    /// What kind of type it is.
    public var kind: Kind
    /// The qualified name of a user type, or the name of a native type or layout.
    public var qualifiedName: String
    /// The mangled name of a class (empty for other types).
    public var mangledName: String
    /// The version the type was encoded with.
    public var version: UInt32
    /// How many values of the type the archive defines.
    public var instances: Int
    /// Whether the decoder can build the type: natives and value types always (value types
    /// are built as the type the caller asks for); classes when the decoder's mode finds
    /// them (in secure mode, only the classes of its registry).
    public var isResolvable: Bool
}

extension ParsedArchive {
    /// The types the archive uses, by reference; `resolveClass` tells whether a class is
    /// resolvable. Each entry is charged to the memory budget, a native layout's name too:
    /// layouts share their parts, so a few bytes of table can name a long one.
    func typeMap(resolveClass: (NamedType) -> Bool) throws -> [GraphTypeMapEntry] {
        var instances: [UInt32: Int] = [:]
        for node in nodes where node.typeReference != 0 && node.kind != .pts && node.kind != .ptc {
            instances[node.typeReference, default: 0] += 1
        }
        let tableReferences = (0 ..< types.count).map(TypeReference.reference(forTableIndex:))
        let references = Set(instances.keys).union(tableReferences).sorted()
        try budget.charge(references.count, of: MemoryLayout<GraphTypeMapEntry>.stride)
        return try references.compactMap { reference in
            guard let type = types.resolve(reference) else { return nil }
            let count = instances[reference] ?? 0
            let name = type.displayName
            if case .native = type { try budget.charge(name.utf8.count) }
            guard case .named(let named) = type else {
                return GraphTypeMapEntry(
                    reference: reference, kind: type.mapKind, qualifiedName: name, mangledName: "", version: 0,
                    instances: count, isResolvable: true)
            }
            return GraphTypeMapEntry(
                reference: reference, kind: type.mapKind, qualifiedName: name, mangledName: named.mangledName, version: named.version,
                instances: count, isResolvable: named.kind == .value || resolveClass(named))
        }
    }
}
