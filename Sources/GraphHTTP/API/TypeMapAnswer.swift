import GraphCodable

/// The JSON answer of `/v1/typemap`, `{"types":[…]}`: the archive's types, in reference
/// order. Written entry by entry: a table of a million types is never one JSON text in
/// memory.
enum TypeMapAnswer {
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

        init(_ entry: GraphTypeMapEntry) {
            reference = entry.reference
            kind = entry.kind.rawValue
            name = entry.qualifiedName
            mangledName = entry.mangledName
            version = entry.version
            instances = entry.instances
            resolvable = entry.isResolvable
        }
    }

    /// Bytes handed to the output at a time.
    private static let pieceSize = 64 << 10

    static func write(_ entries: [GraphTypeMapEntry], to output: ([UInt8]) throws -> Void) throws {
        var piece = Array(#"{"types":["#.utf8)
        for (index, entry) in entries.enumerated() {
            if index > 0 { piece.append(UInt8(ascii: ",")) }
            piece += JSONBody.encode(Entry(entry))
            if piece.count >= pieceSize {
                try output(piece)
                piece.removeAll(keepingCapacity: true)
            }
        }
        try output(piece + Array("]}".utf8))
    }
}
