import Foundation
import GraphCodable

/// A tree whose nodes each has a 7-character name, 30 keyed `Int` fields and children.
struct KeyedTreeNode: GCodable, Codable, Equatable {
    var name: String
    var values: [Int]
    var children: [KeyedTreeNode]

    enum ValueKey: String, CaseIterable, CodingKey {
        case v00, v01, v02, v03, v04, v05, v06, v07, v08, v09
        case v10, v11, v12, v13, v14, v15, v16, v17, v18, v19
        case v20, v21, v22, v23, v24, v25, v26, v27, v28, v29
    }

    enum Key: String, CodingKey { case name, children }

    init(name: String, values: [Int], children: [KeyedTreeNode]) {
        self.name = name
        self.values = values
        self.children = children
    }

    func encode(to encoder: GEncoder) throws {
        try encoder.encode(name, for: Key.name)
        for (key, value) in zip(ValueKey.allCases, values) { try encoder.encode(value, for: key) }
        try encoder.encode(children, for: Key.children)
    }

    init(from decoder: GDecoder) throws {
        name = try decoder.decode(for: Key.name)
        values = try ValueKey.allCases.map { try decoder.decode(for: $0) }
        children = try decoder.decode(for: Key.children)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(name, forKey: .name)
        var values = encoder.container(keyedBy: ValueKey.self)
        for (key, value) in zip(ValueKey.allCases, self.values) { try values.encode(value, forKey: key) }
        try container.encode(children, forKey: .children)
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        name = try container.decode(String.self, forKey: .name)
        let values = try decoder.container(keyedBy: ValueKey.self)
        self.values = try ValueKey.allCases.map { try values.decode(Int.self, forKey: $0) }
        children = try container.decode([KeyedTreeNode].self, forKey: .children)
    }

    /// A tree of `count` nodes, each with up to `fanOut` children, filled from `generator`.
    static func tree(count: Int, fanOut: Int, using generator: inout some RandomNumberGenerator) -> KeyedTreeNode {
        var nodes = (0 ..< count).map { index in
            KeyedTreeNode(
                name: String(format: "n%06d", index),
                values: (0 ..< 30).map { _ in Int.random(in: -1_000_000 ... 1_000_000, using: &generator) },
                children: [])
        }
        for index in stride(from: count - 1, to: 0, by: -1) {
            nodes[(index - 1) / fanOut].children.insert(nodes[index], at: 0)
        }
        return nodes[0]
    }
}
