import Foundation
import GraphCodable

/// The tree of graph-benchmark's tree workload, declared as a user declares it: each node
/// has a 7-character name, an array of 30 small `Int`s and children.
struct ArrayTreeNode: GCodable, Equatable {
    var name: String
    var values: [Int]
    var children: [ArrayTreeNode]

    init(name: String, values: [Int], children: [ArrayTreeNode]) {
        self.name = name
        self.values = values
        self.children = children
    }

    private enum Key: String { case name, values, children }

    func encode(to encoder: GEncoder) throws {
        try encoder.encode(name, for: Key.name)
        try encoder.encode(values, for: Key.values)
        try encoder.encode(children, for: Key.children)
    }

    init(from decoder: GDecoder) throws {
        name = try decoder.decode(for: Key.name)
        values = try decoder.decode(for: Key.values)
        children = try decoder.decode(for: Key.children)
    }

    /// A tree of `count` nodes, each with up to `fanOut` children, as graph-benchmark makes it.
    static func tree(count: Int, fanOut: Int, using generator: inout some RandomNumberGenerator) -> ArrayTreeNode {
        var nodes = (0 ..< count).map { index in
            ArrayTreeNode(
                name: String(format: "n%06d", index),
                values: (0 ..< 30).map { _ in Int.random(in: 0 ..< 1000, using: &generator) }, children: [])
        }
        for index in stride(from: count - 1, to: 0, by: -1) {
            nodes[(index - 1) / fanOut].children.insert(nodes[index], at: 0)
        }
        return nodes[0]
    }
}

extension TreeNode {
    /// The protobuf message of `node`, field for field.
    init(_ node: ArrayTreeNode) {
        self.init()
        name = node.name
        values = node.values.map(Int64.init)
        children = node.children.map(TreeNode.init)
    }
}

/// A seeded generator (SplitMix64), so that the inputs are graph-benchmark's.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }
}
