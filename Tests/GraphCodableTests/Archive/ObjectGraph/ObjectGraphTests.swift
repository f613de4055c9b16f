import Foundation
import GraphCodable
import Testing

/// `GraphDecoder.objectGraph(from:around:depth:limit:)` shows the objects of an archive,
/// shared ones and cycles included, around any of them and within its bounds.
@Suite struct ObjectGraphTests {
    typealias Link = ValidCorpus.Link

    /// A closed chain of `length` links held by an array at the root.
    static func ring(_ length: Int) throws -> [UInt8] {
        try GraphEncoder().encode([ValidCorpus.Chain(length: length, closes: true).head]) as Bytes
    }

    @Test func aRingIsDrawnWholeWithOneReferenceClosingTheCycle() throws {
        let graph = try GraphDecoder().objectGraph(from: try Self.ring(5), depth: 10)
        #expect(graph.centre == 0 && graph.objectCount == 5)
        #expect(graph.nodes.map(\.id) == [0, 1, 2, 3, 4, 5])
        #expect(graph.nodes.map(\.distance) == [0, 1, 2, 3, 4, 5])
        #expect(graph.nodes[0].isRoot && graph.nodes[0].typeName == "Array" && graph.nodes.dropFirst().allSatisfy { !$0.isRoot })
        #expect(graph.nodes[1].typeName.hasSuffix("Link") && graph.nodes[2].typeName.hasSuffix("NamedLink"))
        #expect(graph.nodes[1].summary == "number: 0" && graph.nodes[1].path == "root[0]" && graph.nodes[1].kind == .classType)
        // The first link is held by the array and by the last link: shared.
        #expect(graph.nodes.map(\.references) == [0, 2, 1, 1, 1, 1])
        let edges = graph.edges.map { "\($0.from)→\($0.to) \($0.label) \($0.kind.rawValue)\($0.closesCycle ? " closes" : "")" }
        #expect(
            edges == [
                "0→1 [0] definition", "1→2 .next definition", "2→3 .next definition", "3→4 .next definition",
                "4→5 .next definition", "5→1 .next strong closes",
            ])
        #expect(graph.more.isEmpty)
    }

    @Test func boundsCountTheObjectsLeftOutByType() throws {
        let bytes = try Self.ring(50)
        let near = try GraphDecoder().objectGraph(from: bytes, depth: 2)
        #expect(near.nodes.map(\.id) == [0, 1, 2])
        #expect(near.more.count == 1 && near.more[0].from == 2 && near.more[0].count == 1 && near.more[0].typeName.hasSuffix(".Link"))
        let few = try GraphDecoder().objectGraph(from: bytes, depth: 64, limit: 4)
        #expect(few.nodes.count == 4 && few.edges.allSatisfy { edge in few.nodes.contains { $0.id == edge.to } })
        #expect(try GraphDecoder().objectGraph(from: bytes, depth: 0).nodes.map(\.id) == [0])

        let around = try GraphDecoder().objectGraph(from: bytes, around: 30, depth: 1)
        #expect(around.centre == 30 && around.nodes.map(\.id) == [30, 31] && around.nodes[0].distance == 0)
        #expect(around.nodes[0].path == "object(30)" || around.nodes[0].path.hasPrefix("root[0]"))
        let missing = try #require(throws: GCodableError.self) { try GraphDecoder().objectGraph(from: bytes, around: 51) }
        guard case .valueNotFound = missing else { throw missing }
    }

    @Test func conditionalReferencesAreMarked() throws {
        let window = IdentityExamples.Window()
        let view = IdentityExamples.View()
        view.parent = window
        let graph = try GraphDecoder().objectGraph(from: try GraphEncoder().encode(window) as Bytes)
        let conditional = graph.edges.filter { $0.kind == .conditional }
        #expect(conditional.count == 1 && conditional[0].label == ".parent" && conditional[0].to == graph.centre)
        #expect(conditional[0].closesCycle)
    }

    @Test func theDOTFormQuotesWhatItShows() throws {
        struct Named: GCodable {
            var name: String
            private enum Key: String { case name }
            init(name: String) { self.name = name }
            init(from decoder: GDecoder) throws { name = try decoder.decode(for: Key.name) }
            func encode(to encoder: GEncoder) throws { try encoder.encode(name, for: Key.name) }
        }
        let dot = try GraphDecoder().objectGraph(from: try GraphEncoder().encode(Named(name: "a \"b\" \\ c")) as Bytes).dot
        #expect(dot.hasPrefix("digraph archive {\n") && dot.hasSuffix("\n}"))
        #expect(dot.contains(#"root [label="Named\nname: \"a \\\"b\\\" \\\\ c\"", peripheries=2];"#), "\(dot)")
        let ring = try GraphDecoder().objectGraph(from: try Self.ring(3)).dot
        #expect(ring.contains(##"o3 -> o1 [label=".next", penwidth=2, color="#b03030", constraint=false];"##), "\(ring)")
    }

    /// An object holding a thousand pointers to one shown object lists the first 64 of them;
    /// an object written after a value 400 steps deep is named by its own path.
    @Test func referencesAndPathsAreBounded() throws {
        let link = Link(1)
        let many = try GraphDecoder().objectGraph(from: try GraphEncoder().encode(Array(repeating: link, count: 1000)) as Bytes)
        #expect(many.edges.count == GraphObjectGraph.maximumEdgesPerObject)
        #expect(many.omittedEdgeCount == 1000 - GraphObjectGraph.maximumEdgesPerObject)
        #expect(many.edges.first?.label == "[0]" && many.edges.last?.label == "[63]")

        var deep: Sample = .int(0)
        for _ in 0 ..< 200 { deep = .list([deep]) }
        struct Holder: GCodable {
            var deep: Sample
            var link: Link
            private enum Key: String { case deep, link }
            init(deep: Sample, link: Link) {
                self.deep = deep
                self.link = link
            }
            init(from decoder: GDecoder) throws {
                deep = try decoder.decode(for: Key.deep)
                link = try decoder.decode(for: Key.link)
            }
            func encode(to encoder: GEncoder) throws {
                try encoder.encode(deep, for: Key.deep)
                try encoder.encode(link, for: Key.link)
            }
        }
        let graph = try GraphDecoder().objectGraph(from: try GraphEncoder().encode(Holder(deep: deep, link: link)) as Bytes)
        #expect(graph.nodes.map(\.path) == ["root", "root.link"])
    }

    @Test func everyCorpusFileIsDrawnOrRefused() throws {
        for file in ConformanceCorpus.files {
            guard let graph = try? GraphDecoder().objectGraph(from: file.bytes, depth: 64, limit: 1000) else { continue }
            let ids = graph.nodes.map(\.id)
            #expect(Set(ids).count == ids.count && ids.first == graph.centre, "\(file.name)")
            #expect(graph.edges.allSatisfy { ids.contains($0.from) && ids.contains($0.to) }, "\(file.name)")
            #expect(graph.more.allSatisfy { ids.contains($0.from) && $0.count > 0 }, "\(file.name)")
        }
    }
}
