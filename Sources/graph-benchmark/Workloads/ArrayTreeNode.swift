import Foundation
import GraphCodable

/// A tree whose nodes each have a 7-character name, an array of 30 small `Int`s and
/// children: the shape of a typical document model.
struct ArrayTreeNode: GCodable, Codable, Equatable {
    var name: String
    var values: [Int]
    var children: [ArrayTreeNode]

    enum CodingKeys: String, CodingKey { case name, values, children }

    init(name: String, values: [Int], children: [ArrayTreeNode]) {
        self.name = name
        self.values = values
        self.children = children
    }

    func encode(to encoder: GEncoder) throws {
        try encoder.encode(name, for: CodingKeys.name)
        try encoder.encode(values, for: CodingKeys.values)
        try encoder.encode(children, for: CodingKeys.children)
    }

    init(from decoder: GDecoder) throws {
        name = try decoder.decode(for: CodingKeys.name)
        values = try decoder.decode(for: CodingKeys.values)
        children = try decoder.decode(for: CodingKeys.children)
    }

    /// A tree of `count` nodes, each with up to `fanOut` children, filled from `generator`.
    static func tree(count: Int, fanOut: Int, using generator: inout some RandomNumberGenerator) -> ArrayTreeNode {
        var nodes = (0 ..< count).map { index in
            ArrayTreeNode(
                name: String(format: "n%06d", index), values: (0 ..< 30).map { _ in Int.random(in: 0 ..< 1000, using: &generator) },
                children: [])
        }
        for index in stride(from: count - 1, to: 0, by: -1) {
            nodes[(index - 1) / fanOut].children.insert(nodes[index], at: 0)
        }
        return nodes[0]
    }
}
