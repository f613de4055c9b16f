import Foundation
import GraphCodable
import Testing

/// Large graphs round-trip with their exact shape, with recursion bounded on both sides.
@Suite struct LargeGraphTests {
    @Test func aHundredThousandObjectsWithSharingAndCyclesKeepEveryEdge() throws {
        let result = try StackSizedThread.run(stackSize: 4 << 20) { () -> [String] in
            let nodes = GraphNode.randomGraph(count: 100_000, extraEdges: 60_000, seed: 11)
            defer { nodes.forEach { $0.edges = [] } }
            let data = try GraphEncoder().encode(nodes[0]) as Bytes
            let root = try GraphDecoder().decode(GraphNode.self, from: data)

            var decoded = [GraphNode?](repeating: nil, count: nodes.count)
            var pending = [root]
            while let node = pending.popLast() {
                guard decoded[node.index] == nil else { continue }
                decoded[node.index] = node
                pending.append(contentsOf: node.edges)
            }
            defer { decoded.forEach { $0?.edges = [] } }
            var problems: [String] = []
            for original in nodes {
                guard let copy = decoded[original.index] else {
                    problems.append("node \(original.index) missing")
                    continue
                }
                if copy.edges.map(\.index) != original.edges.map(\.index) { problems.append("node \(original.index) edges differ") }
                if !copy.edges.allSatisfy({ $0 === decoded[$0.index] }) { problems.append("node \(original.index) shares wrongly") }
            }
            return problems
        }
        #expect(result.isEmpty, "\(result.prefix(5))")
    }

    /// On a 1 MiB stack (where a debug build fits about 75 such levels), a chain of 20,000
    /// objects stops with an error that says how to decode it.
    @Test func deepChainsWithoutDeferDecodeStopWithAnErrorNotACrash() throws {
        let outcome = try StackSizedThread.run(stackSize: 1 << 20) { () -> (Int?, String?) in
            func depth(_ link: Link) -> Int {
                var count = 1
                var current = link
                while let next = current.next {
                    count += 1
                    current = next
                }
                return count
            }
            let short = try GraphDecoder().decode(Link.self, from: try GraphEncoder().encode(Link.chain(40)!) as Bytes)
            do {
                _ = try GraphDecoder().decode(Link.self, from: try GraphEncoder().encode(Link.chain(20_000)!) as Bytes)
                return (depth(short), nil)
            } catch let error as GCodableError {
                return (depth(short), "\(error)")
            }
        }
        #expect(outcome.0 == 40)
        #expect(outcome.1?.contains("deferDecode") == true)
    }

    /// Deeply nested values (no identity) are guarded the same way, on both sides. (The
    /// values are built and released on a large stack: releasing them recurses too.)
    @Test func deeplyNestedValuesStopWithAnErrorNotACrash() throws {
        let outcome = try StackSizedThread.run(stackSize: 256 << 20) { () -> (String?, String?) in
            let deep = ValueBox((0 ..< 4_000).reduce(Sample.int(0)) { inner, _ in .list([inner]) })
            let data = try GraphEncoder().encode(deep.value) as Bytes
            let errors = try StackSizedThread.run(stackSize: 1 << 20) { [unowned deep] () -> (String?, String?) in
                var encodeError: String?
                var decodeError: String?
                do { _ = try GraphEncoder().encode(deep.value) as Bytes } catch { encodeError = "\(error)" }
                do { _ = try GraphDecoder().decode(Sample.self, from: data) } catch { decodeError = "\(error)" }
                return (encodeError, decodeError)
            }
            withExtendedLifetime(deep) {}
            return errors
        }
        #expect(outcome.0?.contains("stack") == true)
        #expect(outcome.1?.contains("stack") == true)
    }
}

extension LargeGraphTests {
    /// A value nested in itself through an array: two levels a step.
    struct Nest: GCodable {
        let inner: [Nest]
        init(_ inner: [Nest]) { self.inner = inner }
        init(from decoder: GDecoder) throws { inner = try decoder.decode() }
        func encode(to encoder: GEncoder) throws { try encoder.encode(inner) }

        static func steps(_ count: Int) -> Nest { (0 ..< count).reduce(Nest([])) { inner, _ in Nest([inner]) } }
    }

    /// The same through an optional of an optional, which the encoder boxes in a `VAL` of
    /// its own: three levels a step.
    struct WrappedNest: GCodable {
        let inner: [WrappedNest??]
        init(_ inner: [WrappedNest??]) { self.inner = inner }
        init(from decoder: GDecoder) throws { inner = try decoder.decode() }
        func encode(to encoder: GEncoder) throws { try encoder.encode(inner) }

        static func steps(_ count: Int) -> WrappedNest {
            (0 ..< count).reduce(WrappedNest([])) { inner, _ in WrappedNest([.some(.some(inner))]) }
        }
    }

    /// The encoder writes values nested as deep as the default limits read, and refuses to
    /// write them a level deeper (which the decoder would refuse).
    @Test func valuesNestAtMostAsDeepAsReadersTakeByDefault() throws {
        let outcome = try StackSizedThread.run(stackSize: 256 << 20) { () -> (Int, Bool, String?) in
            // 5,000 nested values: the innermost at level 9,999, its empty array at 10,000.
            let deepest = ValueBox(Nest.steps(4_999))
            let archive = try GraphEncoder().encode(deepest.value) as Bytes
            let depth = GraphDecoder().validate(archive).maximumDepth
            let decoded = try GraphDecoder().decode(Nest.self, from: archive)
            var refusal: String?
            do { _ = try GraphEncoder().encode([deepest.value]) as Bytes } catch { refusal = "\(error)" }
            return (depth, decoded.inner.count == 1, refusal)
        }
        #expect(outcome.0 == 10_000)
        #expect(outcome.1)
        #expect(outcome.2?.contains("more than 10000 levels deep") == true, "\(outcome.2 ?? "encoded")")
        // Around the bound, each either reads back with the defaults or is refused when written.
        let outcomes = try StackSizedThread.run(stackSize: 256 << 20) { () -> [Bool?] in
            try (3_331 ... 3_334).map { steps in
                let nest = ValueBox(WrappedNest.steps(steps))
                do {
                    let archive = try GraphEncoder().encode(nest.value) as Bytes
                    return GraphDecoder().validate(archive).isValid && (try? GraphDecoder().decode(WrappedNest.self, from: archive)) != nil
                } catch GCodableError.cannotEncode(_, let context) where context.debugDescription.contains("levels deep") {
                    return nil
                }
            }
        }
        #expect(outcomes.contains(true) && outcomes.contains(nil) && !outcomes.contains(false), "\(outcomes)")
    }
}

/// A value shared with another thread without handing it ownership.
private final class ValueBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
