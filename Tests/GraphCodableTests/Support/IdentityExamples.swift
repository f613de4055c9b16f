import GraphCodable

/// The object graphs of the guide's identity examples, which other tests archive too: a view
/// tree whose weak parents come back with `deferDecode`, and a model of named nodes whose
/// connections share nodes and close cycles.
enum IdentityExamples {
    class ViewNode: GCodable, CustomStringConvertible, Hashable {
        private(set) var childs = Set<ViewNode>()

        weak var parent: ViewNode? {
            willSet { if newValue !== parent { parent?.childs.remove(self) } }
            didSet { if parent !== oldValue { parent?.childs.insert(self) } }
        }

        init() {}

        static func == (lhs: ViewNode, rhs: ViewNode) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        private enum Key: String { case childs, parent }

        var description: String { "\(type(of: self)) \(childs.map(\.description).sorted())" }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(childs, for: Key.childs)
            try encoder.encodeConditional(parent, for: Key.parent)
        }

        required init(from decoder: GDecoder) throws {
            childs = try decoder.decode(for: Key.childs)
            try decoder.deferDecode(for: Key.parent) { self.parent = $0 }
        }
    }

    class View: ViewNode {}

    class Window: View {}

    class Screen: View {}

    final class Model: GCodable, Equatable {
        final class Node: GCodable, Equatable {
            static func == (lhs: Node, rhs: Node) -> Bool {
                lhs.name == rhs.name && lhs.connections.map(\.name) == rhs.connections.map(\.name)
            }

            private(set) var connections = [Node]()
            let name: String

            func connect(to nodes: Node...) { connections.append(contentsOf: nodes) }

            init(_ name: String) { self.name = name }

            private enum Key: String { case name, connections }

            init(from decoder: GDecoder) throws {
                name = try decoder.decode(for: Key.name)
                try decoder.deferDecode(for: Key.connections) { self.connections = $0 }
            }

            func encode(to encoder: GEncoder) throws {
                try encoder.encode(name, for: Key.name)
                try encoder.encode(connections, for: Key.connections)
            }

            func removeConnections() { connections.removeAll() }
        }

        private(set) var nodes = [String: Node]()

        init() {}

        static func == (lhs: Model, rhs: Model) -> Bool { lhs.nodes == rhs.nodes }

        private enum Key: String { case nodes }

        init(from decoder: GDecoder) throws { nodes = try decoder.decode(for: Key.nodes) }

        func encode(to encoder: GEncoder) throws { try encoder.encode(nodes, for: Key.nodes) }

        func newNode(_ name: String) -> Node {
            if let node = nodes[name] { return node }
            let node = Node(name)
            nodes[name] = node
            return node
        }

        deinit { nodes.values.forEach { $0.removeConnections() } }
    }

    /// Four named nodes whose connections share nodes and close cycles.
    static func cyclicModel() -> Model {
        let model = Model()
        let nodes = ["a", "b", "c", "d"].map { model.newNode($0) }
        nodes[0].connect(to: nodes[1], nodes[2], nodes[0])
        nodes[1].connect(to: nodes[3], nodes[0])
        nodes[2].connect(to: nodes[2], nodes[3])
        nodes[3].connect(to: nodes[1])
        return model
    }

    /// A screen holding a window holding a view, each the weak parent of the next.
    static func screen() -> Screen {
        let screen = Screen()
        let window = IdentityExamples.Window()
        let view = IdentityExamples.View()
        view.parent = window
        window.parent = screen
        return screen
    }
}
