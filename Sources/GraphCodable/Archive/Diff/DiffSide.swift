/// One archive of a comparison, seen as the comparison needs it: where each node is in the
/// JSON form, what pointers point to, and each node's type and value as text.
struct DiffSide {
    let archive: ParsedArchive
    /// For each node, the index of the `VAL`/`REF` it is a field of (`UInt32.max` at the
    /// top level), and its position among that node's fields (or in the body).
    private let parents: [UInt32]
    private let positions: [UInt32]
    /// The longest value shown in a difference.
    static let valueLimit = 100

    init(_ archive: ParsedArchive) throws {
        self.archive = archive
        try archive.budget.charge(archive.nodes.count, of: 2 * MemoryLayout<UInt32>.stride)
        var parents = [UInt32](repeating: .max, count: archive.nodes.count)
        var positions = [UInt32](repeating: 0, count: archive.nodes.count)
        var open: [(index: Int, end: Int, fieldCount: UInt32)] = []
        var topLevelCount: UInt32 = 0
        for (index, node) in archive.nodes.enumerated() {
            while let last = open.last, last.end == index { open.removeLast() }
            if let last = open.last {
                parents[index] = UInt32(last.index)
                positions[index] = last.fieldCount
                open[open.count - 1].fieldCount += 1
            } else {
                positions[index] = topLevelCount
                topLevelCount += 1
            }
            if node.kind.hasFields && node.next > index + 1 { open.append((index, node.next, 0)) }
        }
        self.parents = parents
        self.positions = positions
    }

    subscript(index: Int) -> ArchiveNode { archive.nodes[index] }

    /// The indexes of the fields of the `VAL` or `REF` at `index`, in order, walked in place.
    func fields(of index: Int) -> Fields {
        Fields(nodes: archive.nodes, first: index + 1, end: archive.nodes[index].next)
    }

    /// The fields of a node, each found from the one before (``ArchiveNode/next``).
    struct Fields: Sequence, IteratorProtocol {
        let nodes: NodeList
        var first: Int
        let end: Int

        mutating func next() -> Int? {
            guard first < end else { return nil }
            defer { first = nodes[first].next }
            return first
        }
    }

    /// The node that holds what the node at `index` stands for: a pointer's definition (nil
    /// for a conditional pointer to an object the archive does not hold), or itself.
    func target(of index: Int) -> Int? {
        let node = archive.nodes[index]
        guard node.kind == .pts || node.kind == .ptc else { return index }
        return archive.definitions[node.objectID]
    }

    /// Whether the node at `index` is a `VAL` of a set or a dictionary, whose fields are in
    /// no order.
    func isUnordered(_ index: Int) -> Bool {
        let node = archive.nodes[index]
        return node.kind == .val && (node.typeReference == UInt32(NativeTypeCode.set.rawValue) || isUnorderedDictionary(index))
    }

    /// Whether the node at `index` is a `VAL` of a dictionary.
    func isUnorderedDictionary(_ index: Int) -> Bool {
        let node = archive.nodes[index]
        return node.kind == .val && node.typeReference == UInt32(NativeTypeCode.dictionary.rawValue)
    }

    /// The key with id `id`, as a difference shows it.
    func key(_ id: UInt32) -> String {
        archive.keys.key(for: id).map { ShownText.shown($0) } ?? "KEY\(id)"
    }

    /// The name of the node's type, as a difference shows it; nil when untyped.
    func typeName(of node: ArchiveNode) -> String? {
        archive.types.resolve(node.typeReference).map { ShownText.shown($0.displayName) }
    }

    /// The node as people read it: its kind and type, or its type and value.
    func text(of index: Int) -> String {
        let node = archive.nodes[index]
        let type = typeName(of: node)
        switch node.kind {
        case .nil: return "nil"
        case .pts, .ptc: return "\(node.kind == .ptc ? "conditional" : "strong") reference to object \(node.objectID)"
        case .val, .ref: return [node.kind.code, type].compactMap { $0 }.joined(separator: " ")
        case .biv, .bir, .end: return (type.map { "\($0) " } ?? "") + valueText(of: node)
        }
    }

    /// A payload as text: a native value as Swift prints it, an opaque one as its bytes.
    private func valueText(of node: ArchiveNode) -> String {
        if case .native(let layout)? = archive.types.resolve(node.typeReference) {
            var reader = archive.payloadReader(of: node)
            if let text = NativeDescription.text(of: layout, &reader, limit: Self.valueLimit) {
                return ShownText.shown(text, limit: Self.valueLimit + 1)
            }
        }
        let bytes = archive.bytes[node.payload]
        let hex = bytes.prefix(Self.valueLimit / 3).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
        return "{ \(bytes.count) bytes\(bytes.isEmpty ? "" : ": " + hex)\(bytes.count > Self.valueLimit / 3 ? " …" : "") }"
    }

    /// Whether the payloads of `node` here and `other` there hold the same value: the same
    /// bytes once a native payload of an archive with another internal BinaryIO version is
    /// written in this archive's layout.
    func hasSamePayload(_ node: ArchiveNode, as other: ArchiveNode, in otherSide: DiffSide) -> Bool {
        let bytes = archive.bytes[node.payload]
        let internalVersion = archive.header.internalBinaryIOVersion
        guard internalVersion != otherSide.archive.header.internalBinaryIOVersion,
            case .native(let layout)? = otherSide.archive.types.resolve(other.typeReference)
        else { return bytes.elementsEqual(otherSide.archive.bytes[other.payload]) }
        var reader = otherSide.archive.payloadReader(of: other)
        var writer = BinaryWriteBuffer(version: archive.header.userBinaryIOVersion, internalVersion: internalVersion)
        guard (try? layout.transcode(&reader, to: &writer)) != nil else { return false }
        return writer.bytes.elementsEqual(bytes)
    }

    /// Where the node at `index` is in the archive's JSON form: `$.body[0].fields[2]`, the
    /// middle cut for deep nodes.
    func location(of index: Int) -> String {
        var chain = [index]
        while parents[chain[chain.count - 1]] != .max { chain.append(Int(parents[chain[chain.count - 1]])) }
        return GCodableError.PathComponent.joined(count: chain.count) { step in
            let node = chain[chain.count - 1 - step]
            return step == 0 ? "$.body[\(positions[node])]" : ".fields[\(positions[node])]"
        }
    }

    /// The node at `index` as one side of a difference, showing what the node at `shown`
    /// holds (for a pointer, its definition; nil for a conditional pointer to nothing).
    func side(of index: Int, showing shown: Int?? = .none) -> GraphArchiveDiff.Difference.Side {
        let text =
            switch shown {
            case .none: text(of: index)
            case .some(nil): "nil (a conditional reference to object \(archive.nodes[index].objectID), which the archive does not hold)"
            case .some(let target?): text(of: target)
            }
        return .init(value: text, location: location(of: index), byteOffset: archive.nodes[index].offset)
    }
}
