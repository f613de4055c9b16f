import Foundation
import GraphCodable

/// The types the test servers know, and archives of them.
enum TestModels {
    static var registry: GTypeRegistry { GTypeRegistry([Node.self, Reading.self, Slow.self]) }

    /// A tree of nodes with a weak parent link (a cycle) and a node shared by two others.
    final class Node: GCodable {
        var name: String
        var children: [Node] = []
        weak var parent: Node?
        var friend: Node?

        init(name: String) { self.name = name }

        private enum Key: String { case name, children, parent, friend }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            children = try decoder.decode(for: Key.children)
            friend = try decoder.decodeIfPresent(for: Key.friend)
            try decoder.deferDecode(for: Key.parent) { [unowned self] (parent: Node?) in self.parent = parent }
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(children, for: Key.children)
            try encoder.encodeIfPresent(friend, for: Key.friend)
            try encoder.encodeConditional(parent, for: Key.parent)
        }
    }

    /// An opaque BinaryIO value: its payload has no layout readers know.
    struct Reading: GBinaryCodable, Equatable {
        var sensor: Int
        var value: Double

        init(sensor: Int, value: Double) { (self.sensor, self.value) = (sensor, value) }

        func write(to wbuffer: inout BinaryWriteBuffer) throws {
            try sensor.write(to: &wbuffer)
            try value.write(to: &wbuffer)
        }

        init(from rbuffer: inout BinaryReadBuffer) throws {
            sensor = try Int(from: &rbuffer)
            value = try Double(from: &rbuffer)
        }
    }

    /// A value whose decoding takes a while, to keep a worker busy.
    struct Slow: GCodable {
        static let seconds = 2.5
        init() {}
        init(from decoder: GDecoder) throws { Thread.sleep(forTimeInterval: Self.seconds) }
        func encode(to encoder: GEncoder) throws { try encoder.encode(0) }
    }

    static func graph() -> Node {
        let root = Node(name: "root")
        let shared = Node(name: "shared")
        for index in 0 ..< 3 {
            let child = Node(name: "child \(index)")
            child.parent = root
            child.friend = shared
            root.children.append(child)
        }
        shared.parent = root
        root.children.append(shared)
        return root
    }

    static var graphArchive: [UInt8] { (try? GraphEncoder().encode(graph()) as Bytes) ?? [] }
    static var readingsArchive: [UInt8] { (try? GraphEncoder().encode([Reading(sensor: 7, value: 1.5), Reading(sensor: 8, value: -2)]) as Bytes) ?? [] }
    static var nativesArchive: [UInt8] { (try? GraphEncoder().encode(["a": [1.5, 2], "b": [], "é": [.nan]] as [String: [Double]]) as Bytes) ?? [] }
    static var slowArchive: [UInt8] { (try? GraphEncoder().encode(Slow()) as Bytes) ?? [] }
}
