import Foundation
import GraphCodable
import SeededRandom

/// Valid archives that tests of every reader run over.
enum ArchiveSamples {
    /// Archives of every shape the tests produce: random samples, identity and
    /// inheritance examples, BinaryIO classes, long chains, large graphs, older programs' archives.
    static func everyShape() throws -> [Bytes] {
        var archives: [Bytes] = []
        var generator = SplitMix64(seed: 8)
        for index in 0 ..< 200 {
            let sample = Sample.random(depth: 4, using: &generator)
            archives.append(try GraphEncoder(index.isMultiple(of: 3) ? .omitChecksum : []).encode(sample) as Bytes)
        }
        archives.append(try GraphEncoder().encode(IdentityExamples.cyclicModel()) as Bytes)
        archives.append(try GraphEncoder().encode(IdentityExamples.screen()) as Bytes)
        archives.append(try GraphEncoder().encode([InheritanceExamples.A(), InheritanceExamples.B()]) as Bytes)
        let blob = BinaryReferenceExamples.TaggedBlob([1, 2])
        archives.append(try GraphEncoder().encode([blob, blob] as [BinaryReferenceExamples.Blob]) as Bytes)
        archives.append(try GraphEncoder(.mimicSwiftCodable).encode([blob, blob] as [BinaryReferenceExamples.Blob]) as Bytes)
        let numeric = [Binary.NumericData(vector: SIMD3(1, 2, 3), flag: true)]
        archives.append(try GraphEncoder(binaryIOVersion: 1).encode(numeric) as Bytes)
        let chain = Link.chain(300)!
        archives.append(try GraphEncoder().encode(chain) as Bytes)
        let graph = GraphNode.randomGraph(count: 2_000, extraEdges: 1_000, seed: 3)
        archives.append(try GraphEncoder().encode(graph[0]) as Bytes)
        graph.forEach { $0.edges = [] }
        for name in ["versioning", "obsoleting", "obsoleting-two", "point-v0", "generics", "numeric-v0", "person-v1", "account-v1"] {
            archives.append(Array(try Repository.evolutionFixture("\(name).graph")))
        }
        return archives
    }

    /// Valid archives of varied shapes, with and without checksum.
    static let checksummedOrNot: [(bytes: Bytes, checksummed: Bool)] = {
        var generator = SplitMix64(seed: 31)
        var archives: [(Bytes, Bool)] = []
        for index in 0 ..< 24 {
            let sample = Sample.list((0 ..< 4).map { _ in Sample.random(depth: 3, using: &generator) })
            let checksummed = index.isMultiple(of: 2)
            archives.append((try! GraphEncoder(checksummed ? [] : .omitChecksum).encode(sample) as Bytes, checksummed))
        }
        return archives
    }()
}
