import Foundation
import SeededRandom
import Testing

@testable import GraphCodable

/// `GraphDecoder.statistics(from:)` counts every byte once: its shares are held to a count
/// made another way, from the offsets of a parsed archive's node list.
@Suite struct StatisticsTests {
    /// Each node's bytes as the node list places them: from its tag to the next node's, less
    /// the `END`s in between, each of which is a byte of the value it closes.
    struct ExpectedShares: Equatable {
        var typeBytes: [UInt32: Int] = [:]
        var instances: [UInt32: Int] = [:]
        var keyBytes: [UInt32: Int] = [:]
        var occurrences: [UInt32: Int] = [:]

        init(_ archive: ParsedArchive) {
            let nodes = archive.nodes
            let bodyEnd = archive.header.bodyRange.upperBound
            var open: [(next: Int, type: UInt32, key: UInt32)] = []
            for (index, node) in nodes.enumerated() {
                while let last = open.last, last.next == index { open.removeLast() }
                let type = node.typeReference != 0 ? node.typeReference : open.last?.type ?? 0
                let key = node.keyID != 0 ? node.keyID : open.last?.key ?? 0
                if node.typeReference != 0 { instances[node.typeReference, default: 0] += 1 }
                if node.keyID != 0 { occurrences[node.keyID, default: 0] += 1 }
                if node.kind.hasFields { open.append((node.next, type, key)) }
                // The values whose fields end with this node each close with a one-byte END.
                let closing = open.filter { $0.next == index + 1 }
                for value in closing {
                    typeBytes[value.type, default: 0] += 1
                    keyBytes[value.key, default: 0] += 1
                }
                let end = (index + 1 < nodes.count ? nodes[index + 1].offset : bodyEnd) - closing.count
                typeBytes[type, default: 0] += end - node.offset
                keyBytes[key, default: 0] += end - node.offset
            }
        }

        init(_ statistics: GraphArchiveStatistics) {
            for type in statistics.types {
                typeBytes[type.reference] = type.bytes
                instances[type.reference] = type.instances
            }
            if statistics.untypedBytes > 0 { typeBytes[0] = statistics.untypedBytes }
            if statistics.unkeyedBytes > 0 { keyBytes[0] = statistics.unkeyedBytes }
        }
    }

    static func check(_ bytes: [UInt8], _ name: String) throws {
        let statistics = try GraphDecoder().statistics(from: bytes)
        let few = try GraphDecoder().statistics(from: bytes, limit: 1)
        let archive = try ParsedArchive(bytes: bytes)
        let tables = statistics.headerBytes + statistics.typeTableBytes + statistics.keyTableBytes
        #expect(statistics.archiveBytes == bytes.count, "\(name)")
        #expect(tables + statistics.bodyBytes == bytes.count, "\(name)")
        #expect(tables + statistics.types.map(\.bytes).reduce(0, +) + statistics.untypedBytes == bytes.count, "\(name)")
        #expect(tables + statistics.keys.map(\.bytes).reduce(0, +) + statistics.unkeyedBytes == bytes.count, "\(name)")
        #expect(statistics.otherTypes == .init(count: 0, values: 0, bytes: 0) && statistics.otherKeys == statistics.otherTypes)
        #expect(few.types.count <= 1 && few.keys.count <= 1, "\(name)")
        #expect(few.types.map(\.bytes).reduce(0, +) + few.otherTypes.bytes + few.untypedBytes + tables == bytes.count, "\(name)")
        #expect(few.keys.map(\.bytes).reduce(0, +) + few.otherKeys.bytes + few.unkeyedBytes + tables == bytes.count, "\(name)")
        #expect(few.types.map(\.instances).reduce(0, +) + few.otherTypes.values == statistics.types.map(\.instances).reduce(0, +))
        #expect(few.otherKeys.count == max(0, statistics.keys.count - 1) && few.types.first == statistics.types.first)
        #expect(statistics.rootParts.map(\.bytes).reduce(0, +) == statistics.bodyBytes, "\(name)")
        #expect(statistics.nodeCount == archive.nodes.count, "\(name)")
        #expect(few.rootParts.count <= 1 && few.rootParts.map(\.bytes).reduce(0, +) + few.otherParts.bytes == statistics.bodyBytes)

        let expected = ExpectedShares(archive)
        var counted = ExpectedShares(statistics)
        for key in statistics.keys {
            let id = try #require(archive.keys.keys.firstIndex(of: key.key)).advanced(by: 1)
            counted.keyBytes[UInt32(id)] = key.bytes
            counted.occurrences[UInt32(id)] = key.occurrences
        }
        #expect(counted.typeBytes == expected.typeBytes.filter { $0.value > 0 }, "\(name)")
        #expect(counted.instances == expected.instances.filter { expected.typeBytes[$0.key] != nil }, "\(name)")
        #expect(counted.keyBytes == expected.keyBytes.filter { $0.value > 0 }, "\(name)")
        #expect(counted.occurrences == expected.occurrences, "\(name)")
        let typeMap = try GraphDecoder().typeMap(from: bytes)
        for type in statistics.types {
            let entry = try #require(typeMap.first { $0.reference == type.reference }, "\(name)")
            #expect(
                entry.instances == type.instances && ShownText.shown(entry.qualifiedName, limit: 200) == type.name
                    && entry.kind == type.kind, "\(name)")
        }
    }

    @Test func everyValidCorpusFileAddsUpToItsSize() throws {
        #expect(ConformanceCorpus.valid.count > 50)
        for file in ConformanceCorpus.valid { try Self.check(file.bytes, file.name) }
    }

    @Test func randomArchivesAddUpToTheirSize() throws {
        var generator = SplitMix64(seed: 91)
        for index in 0 ..< 200 {
            let sample = Sample.random(depth: 4, using: &generator)
            let options: GraphEncoder.Options = index.isMultiple(of: 2) ? [] : .fixedWidthIntegers
            try Self.check(try GraphEncoder(options).encode(sample) as Bytes, "sample \(index)")
        }
    }

    /// An invalid file is refused with the error a parse gives, or (a fault in a payload, which
    /// statistics do not read) counted like any other.
    @Test func invalidCorpusFilesAreRefusedOrCounted() throws {
        for file in ConformanceCorpus.invalid {
            guard let statistics = try? GraphDecoder().statistics(from: file.bytes) else { continue }
            let tables = statistics.headerBytes + statistics.typeTableBytes + statistics.keyTableBytes
            #expect(statistics.rootParts.map(\.bytes).reduce(0, +) == statistics.bodyBytes, "\(file.name)")
            #expect(tables + statistics.types.map(\.bytes).reduce(0, +) + statistics.untypedBytes == file.bytes.count, "\(file.name)")
        }
    }

    final class Station: GCodable {
        var name: String
        var position: [Double]
        var links: [Station] = []

        init(name: String, position: [Double]) {
            self.name = name
            self.position = position
        }

        private enum Key: String { case name, position, links }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            position = try decoder.decode(for: Key.position)
            links = try decoder.decode(for: Key.links)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(position, for: Key.position)
            try encoder.encode(links, for: Key.links)
        }
    }

    struct Network: GCodable {
        var title: String
        var stations: [Station]

        init(title: String, stations: [Station]) {
            self.title = title
            self.stations = stations
        }

        private enum Key: String { case title, stations }

        init(from decoder: GDecoder) throws {
            title = try decoder.decode(for: Key.title)
            stations = try decoder.decode(for: Key.stations)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(title, for: Key.title)
            try encoder.encode(stations, for: Key.stations)
        }
    }

    /// Shared objects are counted where they are defined, the root's parts by its fields, and
    /// the largest values by their whole node, with their paths.
    @Test func partsTypesAndLargestValuesOfANetwork() throws {
        let hub = Station(name: "Hub", position: Array(repeating: 1.5, count: 100))
        let stations = (0 ..< 5).map { Station(name: "S\($0)", position: [Double($0), 0]) }
        for station in stations { station.links = [hub] }
        hub.links = stations
        let bytes = try GraphEncoder().encode(Network(title: String(repeating: "t", count: 300), stations: [hub] + stations)) as Bytes
        let statistics = try GraphDecoder().statistics(from: bytes, largestValueCount: 2)
        try Self.check(bytes, "network")

        let station = try #require(statistics.types.first { $0.name.hasSuffix("Station") })
        #expect(station.instances == 6 && station.kind == .classType)
        #expect(statistics.rootParts.map(\.path).sorted() == ["root", "root.stations", "root.title"])
        #expect(statistics.rootParts.first { $0.path == "root.stations" }?.count == 1)
        #expect(statistics.largestValues.map(\.path) == ["root.stations[0].position", "root.title"])
        #expect(statistics.largestValues.map(\.typeName) == ["Array<Double>", "String"])
        let title = try #require(statistics.largestValues.last)
        #expect(title.bytes > 300 && Array(bytes[title.offset + title.bytes - 3 ..< title.offset + title.bytes]) == Array("ttt".utf8))
        #expect(try GraphDecoder().statistics(from: bytes, largestValueCount: 0).largestValues.isEmpty)
    }

    /// What an archive may make long (a path 10,000 levels deep, a name of megabytes) is cut
    /// as messages cut it, so that the statistics stay small whatever the archive.
    @Test func deepPathsAndLongNamesAreCut() throws {
        var nested: Sample = .string(String(repeating: "x", count: 50))
        for _ in 0 ..< 200 { nested = .list([nested]) }
        let deep = try GraphDecoder().statistics(from: try GraphEncoder().encode(nested) as Bytes, largestValueCount: 1)
        let path = try #require(deep.largestValues.first?.path)
        #expect(path.contains("…(") && path.count < 400, "\(path.prefix(400))")

        let longKey = String(repeating: "k", count: 100_000)
        let keyed = try GraphDecoder().statistics(from: try GraphEncoder().encode([longKey: 1]) as Bytes)
        #expect(keyed.types.allSatisfy { $0.name.count <= 201 })
        #expect(keyed.largestValues.allSatisfy { $0.path.count < 400 && $0.typeName.count <= 201 })
    }

    @Test func aBrokenBodyIsRefusedWhereAParseRefusesIt() throws {
        var bytes = try GraphEncoder(.omitChecksum).encode(["a": 1, "b": 2]) as Bytes
        bytes[ArchiveHeader.size] = 0x0F
        let error = try #require(throws: GCodableError.self) { try GraphDecoder().statistics(from: bytes) }
        let expected = try #require(throws: GCodableError.self) { try GraphDecoder().dump(from: bytes) }
        #expect(error.context.byteOffset == expected.context.byteOffset && error.context.byteOffset == ArchiveHeader.size)
    }
}
