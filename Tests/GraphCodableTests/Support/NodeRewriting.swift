import Testing

@testable import GraphCodable

/// Archives with one id of one node rewritten (its key id, type reference or object id),
/// lengths and checksum made valid again: what the structural checks stand against.
enum NodeRewriting {
    /// Which optional field of a node to rewrite.
    enum Field { case key, type, object }

    /// The object ids the archive defines, with their definitions' node indexes, in body order.
    static func definitions(of archive: ParsedArchive) -> [(key: UInt32, value: Int)] {
        archive.nodes.indices.compactMap { index in
            let node = archive.nodes[index]
            guard node.objectID != 0, node.kind != .pts, node.kind != .ptc else { return nil }
            #expect(archive.definitions[node.objectID] == index)
            return (node.objectID, index)
        }
    }

    /// `archive` with `field` of the node at `index` replaced by `value` (the field is
    /// added when the node lacks it), lengths and checksum made valid again.
    static func rewriting(_ archive: ParsedArchive, node index: Int, _ field: Field, to value: UInt32) -> [UInt8] {
        let node = archive.nodes[index]
        var span = ArchiveNode(kind: .biv, offset: node.offset, next: 0)
        span.payload = node.offset ..< archive.header.bodyRange.upperBound
        var reader = archive.payloadReader(of: span)
        let tag = try! reader.readByte()
        var ids = (key: node.keyID, type: node.typeReference, object: node.objectID)
        for present in [tag & NodeTag.keyed, tag & NodeTag.typed, tag & NodeTag.identified] where present != 0 {
            _ = try! reader.readVarUInt()
        }
        switch field {
        case .key: ids.key = value
        case .type: ids.type = value
        case .object: ids.object = value
        }
        var header = BinaryWriteBuffer()
        header.writeNodeHeader(node.kind, keyID: ids.key, typeReference: ids.type, objectID: ids.object)
        var bytes = Array(archive.bytes[..<node.offset])
        bytes.append(contentsOf: header.bytes)
        bytes.append(contentsOf: archive.bytes[reader.offset...])
        var sealed = archive.header
        sealed.bodyLength = UInt64(Int(sealed.bodyLength) + bytes.count - archive.bytes.count)
        ArchiveHeader.seal(&bytes, header: sealed)
        return bytes
    }
}
