import Foundation
import GraphCodable
import SeededRandom

/// A node of a directed graph whose edges share nodes and close cycles, decoded with
/// `deferDecode`.
final class GraphNode: GCodable {
    let index: Int
    var edges: [GraphNode] = []

    init(index: Int) { self.index = index }

    private enum Key: String { case index, edges }

    init(from decoder: GDecoder) throws {
        index = try decoder.decode(for: Key.index)
        try decoder.deferDecode(for: Key.edges) { self.edges = $0 }
    }

    func encode(to encoder: GEncoder) throws {
        try encoder.encode(index, for: Key.index)
        try encoder.encode(edges, for: Key.edges)
    }

    /// `count` nodes: a random tree from node 0, plus random extra edges that share nodes
    /// and close cycles (self-loops included).
    static func randomGraph(count: Int, extraEdges: Int, seed: UInt64) -> [GraphNode] {
        var generator = SplitMix64(seed: seed)
        let nodes = (0 ..< count).map { GraphNode(index: $0) }
        for index in 1 ..< count { nodes[Int.random(in: 0 ..< index, using: &generator)].edges.append(nodes[index]) }
        for _ in 0 ..< extraEdges {
            nodes[Int.random(in: 0 ..< count, using: &generator)].edges.append(nodes[Int.random(in: 0 ..< count, using: &generator)])
        }
        return nodes
    }
}

/// A linked list decoded without deferDecode: each node waits for the next one.
final class Link: GCodable {
    let next: Link?
    init(next: Link?) { self.next = next }
    private enum Key: String { case next }
    init(from decoder: GDecoder) throws { next = try decoder.decode(for: Key.next) }
    func encode(to encoder: GEncoder) throws { try encoder.encode(next, for: Key.next) }

    /// A list of `length` links.
    static func chain(_ length: Int) -> Link? {
        (0 ..< length).reduce(nil as Link?) { next, _ in Link(next: next) }
    }
}

/// Work run on a thread of its own, with a stack of a chosen size: deep recursion meets its
/// bound there, whatever the stack of the test's thread.
enum StackSizedThread {
    /// Runs `body` on a thread with a stack of `stackSize` bytes and returns its result.
    static func run<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result { try body() }
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return try box.result!.get()
    }
}

/// The result of work done on another thread, read after the thread signals it is done.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
