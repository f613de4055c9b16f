import Foundation
import GraphCodable
import SeededRandom

/// The Codable bridge: plain `Codable` models, their conformances the compiler's, encoded
/// and decoded by GraphCodable through their containers, beside the same shape coded the
/// `GCodable` way (what the container machinery costs) and beside Foundation's coders.
enum BridgeWorkload {
    /// The tree workload's tree, declared plain `Codable`.
    struct PlainTreeNode: Codable, Equatable {
        var name: String
        var values: [Int]
        var children: [PlainTreeNode]

        init(_ node: ArrayTreeNode) {
            name = node.name
            values = node.values
            children = node.children.map(PlainTreeNode.init)
        }
    }

    /// Animals of a small class hierarchy, each in a list and in a dictionary by name. The
    /// subclass writes its superclass's fields beside its own, so that Foundation's coders,
    /// which decode every animal as an `Animal`, read them too.
    class Animal: Codable {
        var name: String
        var weight: Double
        init(name: String, weight: Double) {
            self.name = name
            self.weight = weight
        }
    }

    final class Bird: Animal {
        var wingspan: Double
        private enum CodingKeys: String, CodingKey { case wingspan }

        init(name: String, weight: Double, wingspan: Double) {
            self.wingspan = wingspan
            super.init(name: name, weight: weight)
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            wingspan = try container.decode(Double.self, forKey: .wingspan)
            try super.init(from: decoder)
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(wingspan, forKey: .wingspan)
            try super.encode(to: encoder)
        }
    }

    struct Zoo: Codable {
        var animals: [Animal]
        var byName: [String: Animal]
    }

    static func run(_ report: Report, _ generator: inout SplitMix64) throws {
        let tree = ArrayTreeNode.tree(count: 13_700, fanOut: 4, using: &generator)
        let plain = PlainTreeNode(tree)
        report.begin("bridge: the tree's 13,700 nodes declared plain Codable (name, [Int] of 30, children)")
        let archive = try GraphEncoder().encode(plain) as Bytes
        guard try GraphDecoder().decode(PlainTreeNode.self, from: archive) == plain else {
            throw BenchmarkFailure("the plain Codable tree decoded as another value")
        }
        try compare(report, plain, archive: archive, twin: tree)

        let animals: [Animal] = (0 ..< 10_000).map { index in
            let weight = Double.random(in: 0.1 ... 500, using: &generator)
            return index % 3 == 0
                ? Bird(name: "bird \(index)", weight: weight, wingspan: Double.random(in: 0.1 ... 3, using: &generator))
                : Animal(name: "animal \(index)", weight: weight)
        }
        let zoo = Zoo(animals: animals, byName: Dictionary(uniqueKeysWithValues: animals.map { ($0.name, $0) }))
        report.begin("bridge: a zoo of 10,000 Codable animals (a third of them a subclass), each in a list and a dictionary")
        let zooArchive = try GraphEncoder().encode(zoo) as Bytes
        let back = try GraphDecoder().decode(Zoo.self, from: zooArchive)
        guard back.animals.count == animals.count, back.byName["bird 0"] === back.animals[0], back.animals[0] is Bird else {
            throw BenchmarkFailure("the zoo did not decode as the same graph")
        }
        try compare(report, zoo, archive: zooArchive, twin: nil as ArrayTreeNode?)
        report.note("Foundation's coders write each animal twice and decode two copies, every one a plain Animal")
    }

    /// Times GraphCodable's bridge on `value` (first), the `GCodable` twin of the same shape
    /// if any, and Foundation's JSON and binary property-list coders.
    private static func compare<Value: Codable, Twin: GCodable>(_ report: Report, _ value: Value, archive: Bytes, twin: Twin?) throws {
        let plistEncoder = PropertyListEncoder()
        plistEncoder.outputFormat = .binary
        let json = try JSONEncoder().encode(value)
        let plist = try plistEncoder.encode(value)
        var encoders: [(coder: String, bytes: Int?, run: () throws -> Void)] = [
            ("GraphEncoder, Codable", archive.count, { _ = try GraphEncoder().encode(value) as Bytes })
        ]
        var decoders: [(coder: String, bytes: Int?, run: () throws -> Void)] = [
            ("GraphDecoder, Codable", archive.count, { _ = try GraphDecoder().decode(Value.self, from: archive) })
        ]
        if let twin {
            let twinArchive = try GraphEncoder().encode(twin) as Bytes
            encoders.append(("GraphEncoder, GCodable", twinArchive.count, { _ = try GraphEncoder().encode(twin) as Bytes }))
            decoders.append(("GraphDecoder, GCodable", twinArchive.count, { _ = try GraphDecoder().decode(Twin.self, from: twinArchive) }))
        }
        encoders += [
            ("JSONEncoder", json.count, { _ = try JSONEncoder().encode(value) }),
            ("PropertyListEncoder", plist.count, { _ = try plistEncoder.encode(value) }),
        ]
        decoders += [
            ("JSONDecoder", json.count, { _ = try JSONDecoder().decode(Value.self, from: json) }),
            ("PropertyListDecoder", plist.count, { _ = try PropertyListDecoder().decode(Value.self, from: plist) }),
        ]
        try report.compare("encode", encoders)
        try report.compare("decode", decoders)
        report.note(String(format: "the archive is %.2f of the JSON's size", Double(archive.count) / Double(json.count)))
    }
}
