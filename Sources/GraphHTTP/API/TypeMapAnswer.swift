import GraphCodable

/// The JSON answer of `/v1/typemap`: the archive's types, in reference order.
struct TypeMapAnswer: Encodable {
    struct Entry: Encodable {
        let reference: UInt32
        /// `nativeLayout`, `nativeValue`, `valueType` or `classType`.
        let kind: String
        let name: String
        /// Empty but for classes.
        let mangledName: String
        let version: UInt32
        let instances: Int
        /// Whether this server can build it when decoding (secure mode: its registry).
        let resolvable: Bool
    }

    let types: [Entry]

    init(_ entries: [GraphTypeMapEntry]) {
        types = entries.map {
            Entry(reference: $0.reference, kind: $0.kind.rawValue, name: $0.qualifiedName, mangledName: $0.mangledName,
                  version: $0.version, instances: $0.instances, resolvable: $0.isResolvable)
        }
    }
}
