import Foundation
import GraphCodable
import Synchronization

/// The types the test servers know, and archives of them.
enum TestModels {
    static var registry: GTypeRegistry {
        GTypeRegistry([
            Node.self, Reading.self, Held.self, [Reading].self, [String: [Double]].self, Deep.self,
            Link.self, Chain.self, Misread.Chain.self, NaiveLink.self, [NaiveLink].self, Mood.self, Pet.self, Cat.self, Shelter.self,
        ])
    }

    /// A tree as deep as its archive allows, with no field but its children.
    indirect enum Deep: GCodable {
        case leaf
        case node([Deep])

        init(from decoder: GDecoder) throws {
            self = decoder.unkeyedCount == 0 ? .leaf : .node(try decoder.decode())
        }

        func encode(to encoder: GEncoder) throws {
            if case .node(let children) = self { try encoder.encode(children) }
        }
    }

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

    /// A value whose decoding waits until its test opens its gate, to keep a worker busy for
    /// exactly as long as the test needs, however slow the machine.
    struct Held: GCodable {
        let gate: Int

        init(gate: Int) { self.gate = gate }

        init(from decoder: GDecoder) throws {
            gate = try decoder.decode()
            Gate.wait(for: gate)
        }

        func encode(to encoder: GEncoder) throws { try encoder.encode(gate) }
    }

    /// What holds the decoding of ``Held`` values: closed until ``open()``, and at most 30
    /// seconds, so that a failed test cannot hang the suite. Each test has its own.
    final class Gate: Sendable {
        private static let all = Mutex<[Int: DispatchSemaphore]>([:])
        private static let nextID = Atomic(0)
        private let id = Gate.nextID.wrappingAdd(1, ordering: .relaxed).newValue
        private let semaphore = DispatchSemaphore(value: 0)

        init() { Self.all.withLock { $0[id] = semaphore } }

        /// An archive of a ``Held`` value waiting for this gate.
        var archive: [UInt8] { (try? GraphEncoder().encode(Held(gate: id)) as Bytes) ?? [] }

        /// Lets every decoding waiting for this gate, now and later, go on.
        func open() {
            Self.all.withLock { _ = $0.removeValue(forKey: id) }
            for _ in 0 ..< 64 { semaphore.signal() }
        }

        deinit { open() }

        static func wait(for id: Int) {
            guard let semaphore = all.withLock({ $0[id] }) else { return }
            _ = semaphore.wait(timeout: .now() + 30)
        }
    }

    /// One link of a chain: it holds the link before it. Releasing a long chain recurses
    /// once per link, unless, as here, the link takes its chain apart as it goes.
    final class Link: GCodable {
        var previous: [Link] = []

        init() {}

        deinit {
            var pending = previous
            previous.removeAll()
            while var link = pending.popLast() {
                if isKnownUniquelyReferenced(&link) {
                    pending.append(contentsOf: link.previous)
                    link.previous.removeAll()
                }
            }
        }

        init(from decoder: GDecoder) throws { previous = try decoder.decode() }
        func encode(to encoder: GEncoder) throws { try encoder.encode(previous) }
    }

    /// A link that leaves its release to the runtime: a chain of them recurses once per link.
    final class NaiveLink: GCodable {
        var previous: [NaiveLink] = []

        init() {}
        init(from decoder: GDecoder) throws { previous = try decoder.decode() }
        func encode(to encoder: GEncoder) throws { try encoder.encode(previous) }
    }

    /// The links of a chain, oldest first (so that each decodes after the one it holds), and
    /// a number after them.
    struct Chain: GCodable {
        var links: [Link]
        var count: Int

        init(length: Int) {
            links = []
            links.reserveCapacity(length)
            for _ in 0 ..< length {
                let link = Link()
                link.previous = links.last.map { [$0] } ?? []
                links.append(link)
            }
            count = length
        }

        enum CodingKey: String { case links, count }

        init(from decoder: GDecoder) throws {
            links = try decoder.decode(for: CodingKey.links)
            count = try decoder.decode(for: CodingKey.count)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(links, for: CodingKey.links)
            try encoder.encode(count, for: CodingKey.count)
        }
    }

    /// An enum with a raw value: an archive may hold a raw value it lacks.
    enum Mood: String, GCodable { case calm, busy }

    enum Misread {
        /// A chain read with the wrong type for its count: the decoding fails after every
        /// link is built, and drops them. (Its name is the chain's, as the root's must be.)
        struct Chain: GCodable {
            init(from decoder: GDecoder) throws {
                let _: [Link] = try decoder.decode(for: TestModels.Chain.CodingKey.links)
                let _: String = try decoder.decode(for: TestModels.Chain.CodingKey.count)
            }

            func encode(to encoder: GEncoder) throws {}
        }
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
    static var readingsArchive: [UInt8] {
        (try? GraphEncoder().encode([Reading(sensor: 7, value: 1.5), Reading(sensor: 8, value: -2)]) as Bytes) ?? []
    }
    static var nativesArchive: [UInt8] {
        (try? GraphEncoder().encode(["a": [1.5, 2], "b": [], "é": [.nan]] as [String: [Double]]) as Bytes) ?? []
    }
}
