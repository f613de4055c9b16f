/// The parent of every node of an archive's body and the node's step there, found in one
/// walk: the location of any node then takes time proportional to its depth, where
/// ``ParsedArchive/locations(of:)`` walks the body up to the nodes it is asked for. For the
/// decodings that name many nodes (the coding paths of Codable values).
struct NodeTree {
    /// The parent of each node, -1 for a node at the top level.
    private let parents: [Int32]
    /// The position of each unkeyed node among its parent's unkeyed fields.
    private let unkeyedIndexes: [Int32]

    /// What the tree of `nodeCount` nodes takes in memory.
    static func cost(nodeCount: Int) -> Int { nodeCount * 2 * MemoryLayout<Int32>.stride }

    init(_ archive: ParsedArchive) {
        let nodes = archive.nodes
        var parents = [Int32](repeating: -1, count: nodes.count)
        var unkeyedIndexes = [Int32](repeating: 0, count: nodes.count)
        // The nodes the walk is inside, where their fields end, and their unkeyed fields met.
        var open: [(index: Int, end: Int, unkeyedCount: Int32)] = []
        for index in 0 ..< nodes.count {
            let node = nodes[index]
            while let innermost = open.last, innermost.end == index { open.removeLast() }
            if let innermost = open.last {
                parents[index] = Int32(innermost.index)
                if node.keyID == 0 {
                    unkeyedIndexes[index] = innermost.unkeyedCount
                    open[open.count - 1].unkeyedCount += 1
                }
            }
            if node.kind.hasFields && node.next > index + 1 { open.append((index, node.next, 0)) }
        }
        self.parents = parents
        self.unkeyedIndexes = unkeyedIndexes
    }

    /// The location of the node at `index` in `archive`, as ``ParsedArchive/location(of:)``
    /// gives it.
    func location(of index: Int, in archive: ParsedArchive) -> NodeLocation {
        var steps: [GCodableError.PathComponent] = []
        var node = index
        while parents[node] >= 0 {
            let keyID = archive.nodes[node].keyID
            steps.append(keyID != 0 ? archive.keys.pathComponent(for: keyID) : .index(Int(unkeyedIndexes[node])))
            node = Int(parents[node])
        }
        let top = archive.nodes[node]
        if top.keyID != 0 { steps.append(archive.keys.pathComponent(for: top.keyID)) }
        return NodeLocation(path: steps.reversed(), afterRoot: node > 0 ? top.objectID : nil)
    }
}
