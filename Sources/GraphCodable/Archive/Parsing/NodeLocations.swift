/// Where a node is in an archive's body, as an error names it: the path from the top-level
/// node that holds it (or is it) and, when that node is not the root but one written after
/// it (the encoder writes there the objects nested too deeply), that node's object id.
struct NodeLocation {
    var path: [GCodableError.PathComponent] = []
    /// The object id of the top-level node after the root that the path starts from (0 for
    /// a node there without identity, which only an invalid archive has); nil under the root.
    var afterRoot: UInt32?
}

/// A problem met inside a node after parsing, to report with the node's location.
struct NodeProblem {
    let problem: GCodableError
    let node: Int
}

extension GCodableError {
    /// The error with `location`'s path in front of its own, and its message saying which
    /// node written after the root the path starts from, if one does.
    func located(at location: NodeLocation) -> GCodableError {
        var error = prefixingPath(with: location.path)
        if let objectID = location.afterRoot {
            error.context.debugDescription += Self.afterRootNote(objectID)
            error.context.pathStart = Self.afterRootStart(objectID)
        }
        return error
    }

    /// What a message adds when its path starts at a top-level node written after the
    /// root, whose object id is `objectID` (0: none), rather than at the root.
    static func afterRootNote(_ objectID: UInt32) -> String {
        objectID != 0 ? " (in object \(objectID), written after the root)" : " (in a node written after the root)"
    }

    /// How a path from such a node starts: `object(5)`, or `topLevel` for a node without
    /// identity (which only an invalid archive has).
    static func afterRootStart(_ objectID: UInt32) -> String {
        objectID != 0 ? "object(\(objectID))" : "topLevel"
    }
}

extension ParsedArchive {
    /// The location of each node of `indexes` (see ``NodeLocation``): the key of each
    /// keyed node on the way, and the position of each unkeyed one among its parent's
    /// unkeyed fields, as the parser names the nodes of its problems.
    ///
    /// For the few nodes that problems found after parsing name (parsing keeps no parents):
    /// one walk over the nodes, however many are asked for, so that a hundred problems in a
    /// long list cost one walk and not a hundred.
    func locations(of indexes: Set<Int>) -> [Int: NodeLocation] {
        var locations: [Int: NodeLocation] = [:]
        guard let last = indexes.max() else { return locations }
        var afterRoot: UInt32?
        // The `VAL`/`REF` nodes the walk is inside: where their fields end, how many unkeyed
        // fields were met so far, and the step that reached them.
        var open: [(end: Int, unkeyedCount: Int, step: GCodableError.PathComponent?)] = []
        for (index, node) in nodes.enumerated() {
            if index > last { break }
            while let innermost = open.last, innermost.end == index { open.removeLast() }
            var step: GCodableError.PathComponent?
            if node.keyID != 0 {
                step = keys.pathComponent(for: node.keyID) // a top-level node has none, unless invalid
            } else if let innermost = open.last {
                step = .index(innermost.unkeyedCount)
                open[open.count - 1].unkeyedCount += 1
            }
            if open.isEmpty { afterRoot = index > 0 ? node.objectID : nil }
            if indexes.contains(index) {
                locations[index] = NodeLocation(path: open.compactMap(\.step) + (step.map { [$0] } ?? []), afterRoot: afterRoot)
            }
            if node.kind.hasFields && node.next > index + 1 { open.append((node.next, 0, step)) }
        }
        return locations
    }

    /// The location of the node at `index` (a walk up to it).
    func location(of index: Int) -> NodeLocation {
        locations(of: [index])[index] ?? NodeLocation()
    }

    /// Reports `found` with the location of each problem's node (one walk for all of them).
    func reportLocated(_ found: [NodeProblem], to problems: ProblemLog?) throws {
        let locations = self.locations(of: Set(found.map(\.node)))
        for found in found {
            try problems.report(found.problem.located(at: locations[found.node] ?? NodeLocation()))
        }
    }
}
