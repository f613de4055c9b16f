extension ParsedArchive {
    /// The path of each node of `indexes` from the top level of the body: the key of each
    /// keyed field on the way, and the position of each unkeyed one among its parent's
    /// unkeyed fields. The nodes at the top level (the root, the object definitions after it)
    /// have an empty path.
    ///
    /// For the few nodes a problem names, found after parsing (which keeps no parents): one
    /// walk over the nodes, however many are asked for, so that a hundred problems in a long
    /// list cost one walk and not a hundred.
    func paths(to indexes: Set<Int>) -> [Int: [GCodableError.PathComponent]] {
        var paths: [Int: [GCodableError.PathComponent]] = [:]
        guard let last = indexes.max() else { return paths }
        // The `VAL`/`REF` nodes the walk is inside: where their fields end, how many unkeyed
        // fields were met so far, and the step that reached them (none at the top level).
        var open: [(end: Int, unkeyedCount: Int, step: GCodableError.PathComponent?)] = []
        for (index, node) in nodes.enumerated() {
            if index > last { break }
            while let innermost = open.last, innermost.end == index { open.removeLast() }
            var step: GCodableError.PathComponent?
            if let innermost = open.last {
                if node.keyID != 0 {
                    step = keys.pathComponent(for: node.keyID)
                } else {
                    step = .index(innermost.unkeyedCount)
                    open[open.count - 1].unkeyedCount += 1
                }
            }
            if indexes.contains(index) { paths[index] = open.compactMap(\.step) + (step.map { [$0] } ?? []) }
            if node.kind.hasFields && node.next > index + 1 { open.append((node.next, 0, step)) }
        }
        return paths
    }

    /// The path of the node at `index` from the top level of the body (see ``paths(to:)``).
    func path(to index: Int) -> [GCodableError.PathComponent] {
        paths(to: [index])[index] ?? []
    }

    /// Reports `found`, problems each met inside a node, with the node's path put in front
    /// of theirs (one walk for all of them).
    func report(_ found: [(problem: GCodableError, node: Int)], to problems: ProblemLog?) throws {
        let paths = self.paths(to: Set(found.map(\.node)))
        for (problem, node) in found {
            try problems.report(problem.prefixingPath(with: paths[node] ?? []))
        }
    }
}
