import Synchronization

extension GraphArchive {
    /// The checked bytes a model was read from, which stand for its body while the model is
    /// unedited: its bytes, JSON form, dump and conversion start from them, and the body's
    /// nodes are built the first time they are asked for (and kept, for every copy of the
    /// model). The limits they were checked under were charged, at reading, with the memory
    /// of the nodes, so building them cannot exceed the budget.
    final class Source: Sendable {
        let bytes: [UInt8]
        /// The limits the bytes were checked under.
        let limits: ArchiveLimits
        private let builtBody = Mutex<[Node]?>(nil)

        init(bytes: [UInt8], limits: ArchiveLimits) {
            self.bytes = bytes
            self.limits = limits
        }

        /// The body's nodes, built at the first call.
        var body: [Node] {
            builtBody.withLock { built in
                if let built { return built }
                let body: [Node]
                do {
                    body = Self.body(of: try ParsedArchive(bytes: bytes, limits: limits))
                } catch {
                    preconditionFailure("an archive that was read and checked reads again under the same limits: \(error)")
                }
                built = body
                return body
            }
        }

        /// The memory the nodes of the body of `archive` take.
        static func memory(ofBodyOf archive: ParsedArchive) -> Int {
            var arrays = 0
            var payloadBytes = 0
            for node in archive.nodes {
                arrays += node.kind.hasFields || !node.payload.isEmpty ? 1 : 0
                payloadBytes += node.payload.count
            }
            return memory(nodes: archive.nodes.count, arrays: arrays, payloadBytes: payloadBytes)
        }

        /// The memory of a body of `nodes` nodes, `arrays` of which hold fields or a payload,
        /// with `payloadBytes` bytes of payloads.
        static func memory(nodes: Int, arrays: Int, payloadBytes: Int) -> Int {
            nodes * nodeCost + arrays * arrayCost + payloadBytes
        }

        /// The memory of a node beyond its payload, and of an array's header.
        private static let nodeCost = MemoryLayout<Node>.stride
        private static let arrayCost = 32

        /// The nodes of the body of `archive`, each `VAL` and `REF` with its fields, each list
        /// of fields made at its size.
        private static func body(of archive: ParsedArchive) -> [Node] {
            let nodes = archive.nodes
            // How many nodes start at `start` and follow each other up to `end`.
            func siblings(from start: Int, to end: Int) -> Int {
                var count = 0
                var index = start
                while index < end {
                    count += 1
                    index = nodes[index].next
                }
                return count
            }
            var body: [Node] = []
            body.reserveCapacity(siblings(from: 0, to: nodes.count))
            var open: [(node: Node, end: Int)] = []
            func attach(_ node: Node) {
                if open.isEmpty { body.append(node) } else { open[open.count - 1].node.fields.append(node) }
            }
            for (index, flat) in nodes.enumerated() {
                while let top = open.last, top.end == index {
                    open.removeLast()
                    attach(top.node)
                }
                var node = Node(
                    kind: Node.Kind(flat.kind), key: flat.keyID, type: flat.typeReference, objectID: flat.objectID,
                    payload: flat.kind.hasPayload ? Array(archive.bytes[flat.payload]) : [])
                if flat.kind.hasFields {
                    node.fields.reserveCapacity(siblings(from: index + 1, to: flat.next))
                    open.append((node, flat.next))
                } else {
                    attach(node)
                }
            }
            while let top = open.popLast() { attach(top.node) }
            return body
        }
    }
}
