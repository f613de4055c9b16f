extension ParsedArchive {
    /// A reference met inside an object: where it is, and what it leads to.
    private struct Reference {
        let target: Int
        /// The node holding it: the pointer, or the definition nested in the object.
        let node: Int
        let kind: GraphObjectGraph.Edge.Kind
    }

    /// The object graph around the object `centre` (nil: the root), within `depth`
    /// references and `limit` objects (see ``GraphObjectGraph``). Objects are their
    /// definitions' node indexes here; a root without identity is node 0.
    func objectGraph(around centre: UInt32?, depth: Int, limit: Int) throws -> GraphObjectGraph {
        let root = rootObject
        let start: Int?
        if let centre {
            start = centre != 0 ? definitions[centre] : nodes[0].objectID == 0 && root == 0 ? 0 : nil
        } else {
            start = root
        }
        guard let start else {
            let what = centre.map { "no object \($0)" } ?? "no root object (its root is a conditional pointer to an object not encoded)"
            throw GCodableError.valueNotFound(AnyObject.self, .init(debugDescription: "the archive defines \(what)"))
        }
        // Breadth first from the centre: each object shown with its distance and its references.
        // By node index: the distance of each object shown, -1 for the others.
        var distances = [Int32](repeating: -1, count: nodes.count)
        distances[start] = 0
        var order = [start]
        var references: [Int: [Reference]] = [:]
        var next = 0
        while next < order.count {
            let object = order[next]
            next += 1
            let found = self.references(in: object)
            references[object] = found
            let distance = Int(distances[object])
            var followed = 0
            for reference in found where distances[reference.target] < 0 && distance < depth && order.count < limit {
                guard followed < GraphObjectGraph.maximumFanOut else { break }
                followed += 1
                distances[reference.target] = Int32(distance + 1)
                order.append(reference.target)
            }
        }

        // The references among the shown objects, at most maximumEdgesPerObject from each (the
        // rest counted), and those to objects not shown, counted by type.
        let cycles = cycleClosingReferences(from: start, order: order, references: references)
        var listed: [(object: Int, reference: Reference, closesCycle: Bool)] = []
        var omittedEdgeCount = 0
        var more: [GraphObjectGraph.More] = []
        for object in order {
            var hidden: [UInt32: Set<Int>] = [:]
            var count = 0
            for (position, reference) in references[object, default: []].enumerated() {
                if distances[reference.target] < 0 {
                    hidden[nodes[reference.target].typeReference, default: []].insert(reference.target)
                } else if count < GraphObjectGraph.maximumEdgesPerObject {
                    count += 1
                    listed.append((object, reference, cycles.contains(Pair(object, position))))
                } else {
                    omittedEdgeCount += 1
                }
            }
            more += hidden.map { .init(from: id(of: object), typeName: typeName(of: nodes[$0.value.first!]), count: $0.value.count) }
                .sorted { ($0.count, $1.typeName) > ($1.count, $0.typeName) }
        }
        var labels: [Int: String] = [:]
        for (object, kept) in Dictionary(grouping: listed, by: \.object) {
            labels.merge(relativePaths(in: object, to: Set(kept.map(\.reference.node)))) { first, _ in first }
        }
        let edges = listed.map { edge in
            GraphObjectGraph.Edge(
                from: id(of: edge.object), to: id(of: edge.reference.target), label: labels[edge.reference.node] ?? "",
                kind: edge.reference.kind, closesCycle: edge.closesCycle)
        }
        let paths = pathTexts(of: Set(order))
        let incoming = referenceCounts(of: Set(order))
        let shown = order.map { object in
            let node = nodes[object]
            return GraphObjectGraph.Node(
                id: id(of: object), typeName: typeName(of: node), kind: types.resolve(node.typeReference)?.mapKind,
                summary: summary(of: object), path: paths[object] ?? GCodableError.Context.rootStart, byteOffset: node.offset,
                isRoot: object == root, references: incoming[object, default: 0], distance: Int(distances[object]))
        }
        return GraphObjectGraph(
            centre: id(of: start), objectCount: definitions.count, nodes: shown, edges: edges, omittedEdgeCount: omittedEdgeCount,
            more: more)
    }

    /// The root object: the definition a root pointer points to, or node 0 (nil for a root
    /// pointer to no object: a conditional one whose object was not encoded).
    private var rootObject: Int? {
        let root = nodes[0]
        return root.kind == .pts || root.kind == .ptc ? definitions[root.objectID] : 0
    }

    /// The id the graph gives the object at `index`.
    private func id(of index: Int) -> UInt32 { nodes[index].objectID }

    /// The references inside the object at `index`, in body order: its pointers, and the
    /// objects defined inside it, whose own fields are theirs, not its.
    private func references(in index: Int) -> [Reference] {
        var found: [Reference] = []
        var field = index + 1
        while field < nodes[index].next {
            let node = nodes[field]
            if node.kind == .pts || node.kind == .ptc {
                if let target = definitions[node.objectID] {
                    found.append(.init(target: target, node: field, kind: node.kind == .pts ? .strong : .conditional))
                }
            } else if node.objectID != 0 {
                found.append(.init(target: field, node: field, kind: .definition))
                field = node.next
                continue
            }
            field += 1
        }
        return found
    }

    /// How many places hold each of `objects`: pointers to it anywhere, and its definition
    /// when inside another object.
    private func referenceCounts(of objects: Set<Int>) -> [Int: Int] {
        var counts: [Int: Int] = [:]
        var open: [Int] = []
        for (index, node) in nodes.enumerated() {
            while let last = open.last, last == index { open.removeLast() }
            if node.kind == .pts || node.kind == .ptc {
                if let target = definitions[node.objectID], objects.contains(target) { counts[target, default: 0] += 1 }
            } else if node.objectID != 0 && !open.isEmpty && objects.contains(index) {
                counts[index, default: 0] += 1
            }
            if node.kind.hasFields { open.append(node.next) }
        }
        return counts
    }

    /// An object's `position`-th reference.
    private struct Pair: Hashable {
        let object: Int
        let position: Int
        init(_ object: Int, _ position: Int) {
            self.object = object
            self.position = position
        }
    }

    /// The references among the shown objects that lead back to an object on the way to
    /// them from the centre: the back edges of a depth-first walk from it.
    private func cycleClosingReferences(from start: Int, order: [Int], references: [Int: [Reference]]) -> Set<Pair> {
        let shown = Set(order)
        var closing = Set<Pair>()
        var state: [Int: Bool] = [:] // false while on the walk's path, true once left
        var stack: [(object: Int, position: Int)] = [(start, 0)]
        state[start] = false
        while let (object, position) = stack.last {
            let found = references[object, default: []]
            guard position < found.count else {
                state[object] = true
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].position += 1
            let target = found[position].target
            guard shown.contains(target) else { continue }
            switch state[target] {
            case false?: closing.insert(Pair(object, position))
            case nil:
                state[target] = false
                stack.append((target, 0))
            default: break
            }
        }
        return closing
    }

    /// A node's type name (its first 200 characters: a name of megabytes is not repeated for
    /// every object), or what an untyped node is.
    private func typeName(of node: ArchiveNode) -> String {
        types.resolve(node.typeReference).map { ShownText.shown($0.displayName, limit: 200) }
            ?? (node.kind == .nil ? "nil" : "untyped \(node.kind.code)")
    }

    /// A short text of what the object holds: its value when stored as one unit, or else
    /// its first field stored as one native unit, with its key.
    private func summary(of index: Int) -> String {
        let node = nodes[index]
        if node.kind.hasPayload { return payloadText(of: node) }
        var field = index + 1
        while field < node.next {
            let candidate = nodes[field]
            if candidate.kind == .biv && candidate.objectID == 0, case .native? = types.resolve(candidate.typeReference) {
                let key = keys.key(for: candidate.keyID).map { "\(ShownText.shown($0, limit: 24)): " } ?? ""
                return key + payloadText(of: candidate)
            }
            field = candidate.kind.hasFields ? candidate.next : field + 1
        }
        return ""
    }

    private func payloadText(of node: ArchiveNode) -> String {
        guard case .native(let layout)? = types.resolve(node.typeReference) else { return "{ \(node.payload.count) bytes }" }
        var reader = payloadReader(of: node)
        return NativeDescription.text(of: layout, &reader, limit: Self.summaryLength) ?? "<unreadable \(layout)>"
    }

    /// The characters of a value a summary shows.
    private static let summaryLength = 40

    /// The path text of each node of `indexes` (Docs/ArchiveFormat.md "Paths"), in one walk
    /// up to the last: only the steps a path shows are made, so a node 10,000 levels deep
    /// costs its 32 steps.
    private func pathTexts(of indexes: Set<Int>) -> [Int: String] {
        var texts: [Int: String] = [:]
        guard let last = indexes.max() else { return texts }
        var afterRoot: UInt32?
        var open: [(end: Int, unkeyed: Int, step: GCodableError.PathComponent?)] = []
        for index in 0 ... last {
            let node = nodes[index]
            while let innermost = open.last, innermost.end == index { open.removeLast() }
            var step: GCodableError.PathComponent?
            if node.keyID != 0 {
                step = keys.pathComponent(for: node.keyID)
            } else if !open.isEmpty {
                step = .index(open[open.count - 1].unkeyed)
                open[open.count - 1].unkeyed += 1
            }
            if open.isEmpty { afterRoot = index > 0 ? node.objectID : nil }
            if indexes.contains(index) {
                // The steps of the open values (a top-level one has none), then its own.
                let skipped = open.first.map { $0.step == nil ? 1 : 0 } ?? 0
                let count = open.count - skipped + (step == nil ? 0 : 1)
                let start = afterRoot.map(GCodableError.afterRootStart) ?? GCodableError.Context.rootStart
                texts[index] =
                    start
                    + GCodableError.PathComponent.joined(count: count) { position in
                        (position + skipped < open.count ? open[position + skipped].step! : step!).description
                    }
            }
            if node.kind.hasFields && node.next > index + 1 { open.append((node.next, 0, step)) }
        }
        return texts
    }

    /// The paths from the object at `object` to the nodes of `wanted` inside it (`.links[1]`),
    /// in one walk over its fields, only the steps a path shows made.
    private func relativePaths(in object: Int, to wanted: Set<Int>) -> [Int: String] {
        var paths: [Int: String] = [:]
        var open: [(end: Int, unkeyed: Int, step: GCodableError.PathComponent)] = []
        var unkeyed = 0
        var field = object + 1
        while field < nodes[object].next && paths.count < wanted.count {
            while let innermost = open.last, innermost.end == field { open.removeLast() }
            let node = nodes[field]
            let step: GCodableError.PathComponent
            if node.keyID != 0 {
                step = keys.pathComponent(for: node.keyID)
            } else if open.isEmpty {
                step = .index(unkeyed)
                unkeyed += 1
            } else {
                step = .index(open[open.count - 1].unkeyed)
                open[open.count - 1].unkeyed += 1
            }
            if wanted.contains(field) {
                paths[field] = GCodableError.PathComponent.joined(count: open.count + 1) { position in
                    (position < open.count ? open[position].step : step).description
                }
            }
            if node.objectID != 0 && node.kind != .pts && node.kind != .ptc {
                field = node.next // an object defined inside: its fields are its own
                continue
            }
            if node.kind.hasFields && node.next > field + 1 { open.append((node.next, 0, step)) }
            field += 1
        }
        return paths
    }
}
