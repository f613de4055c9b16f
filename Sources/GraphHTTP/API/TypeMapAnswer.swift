import GraphCodable

/// The JSON answer of `/v1/typemap`, `{"types":[…]}`: the archive's types, in reference
/// order. Written entry by entry: a table of a million types is never one JSON text in
/// memory.
enum TypeMapAnswer {
    /// One type. Written by ``write(to:)``, by hand (no `JSONEncoder` for each of a
    /// million entries); `Encodable` gives the members and the form ``JSONBody`` writes,
    /// which the tests hold ``write(to:)`` to.
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

        /// The entry as ``JSONBody`` writes it: members sorted by name.
        func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key("instances")
            writer.value(instances)
            writer.key("kind")
            writer.value(kind)
            writer.key("mangledName")
            writer.value(mangledName)
            writer.key("name")
            writer.value(name)
            writer.key("reference")
            writer.value(Int(reference))
            writer.key("resolvable")
            writer.value(resolvable)
            writer.key("version")
            writer.value(Int(version))
            writer.endObject()
        }
    }

    /// Bytes handed to the output at a time.
    static let pieceSize = 64 << 10

    static func write(_ entries: [GraphTypeMapEntry], to output: ([UInt8]) throws -> Void) throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("types")
        writer.beginArray()
        for entry in entries {
            Entry(entry).write(to: &writer)
            if writer.bytes.count >= pieceSize { try writer.flush(to: output) }
        }
        writer.endArray()
        writer.endObject()
        try writer.flush(to: output)
    }
}
