import GraphCodable

/// The JSON answer of `/v1/graph`: the objects around one, the references among them and
/// the objects further away counted by type (see `GraphObjectGraph`).
struct ObjectGraphAnswer: Encodable {
    struct Node: Encodable {
        let id: UInt32
        let type: String
        /// `classType`, `valueType`, `nativeValue` or `nativeLayout`; absent for an untyped node.
        let kind: String?
        let summary: String
        let path: String
        let byteOffset: Int
        let root: Bool
        let references: Int
        let distance: Int
    }

    struct Edge: Encodable {
        let from: UInt32
        let to: UInt32
        let label: String
        let kind: String
        let closesCycle: Bool
    }

    struct More: Encodable {
        let from: UInt32
        let type: String
        let count: Int
    }

    let centre: UInt32
    let objectCount: Int
    let nodes: [Node]
    let edges: [Edge]
    let omittedEdges: Int
    let more: [More]

    init(_ graph: GraphObjectGraph) {
        centre = graph.centre
        objectCount = graph.objectCount
        nodes = graph.nodes.map {
            Node(
                id: $0.id, type: $0.typeName, kind: $0.kind?.rawValue, summary: $0.summary, path: $0.path, byteOffset: $0.byteOffset,
                root: $0.isRoot, references: $0.references, distance: $0.distance)
        }
        edges = graph.edges.map { Edge(from: $0.from, to: $0.to, label: $0.label, kind: $0.kind.rawValue, closesCycle: $0.closesCycle) }
        omittedEdges = graph.omittedEdgeCount
        more = graph.more.map { More(from: $0.from, type: $0.typeName, count: $0.count) }
    }
}
