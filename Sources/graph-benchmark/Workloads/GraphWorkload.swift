import Foundation
import GraphCodable
import SeededRandom

/// Object graphs: class instances each with an `Int`, a short `String` and links to 3
/// random earlier instances among the last 50, and every 100th also to a later one (so
/// the graph has cycles), encoded as one array. Time per object at 10,000, 100,000 and
/// 1,000,000 objects, and against `NSKeyedArchiver` at the size it can manage (it is
/// quadratic on Linux: 2,000 objects take it some 20 s to encode).
enum GraphWorkload {
    final class Station: GCodable {
        let number: Int
        let name: String
        var links: [Station] = []

        init(number: Int, name: String) {
            self.number = number
            self.name = name
        }

        private enum Key: String { case number, name, links }

        init(from decoder: GDecoder) throws {
            number = try decoder.decode(for: Key.number)
            name = try decoder.decode(for: Key.name)
            try decoder.deferDecode(for: Key.links) { self.links = $0 }
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(number, for: Key.number)
            try encoder.encode(name, for: Key.name)
            try encoder.encode(links, for: Key.links)
        }
    }

    /// The links of `count` objects: 3 earlier ones among the last 50, and with `cycles`, for
    /// every 100th a later one.
    static func links(count: Int, cycles: Bool, _ generator: inout SplitMix64) -> [[Int]] {
        (0 ..< count).map { index in
            var links = index == 0 ? [] : (0 ..< 3).map { _ in Int.random(in: max(0, index - 50) ..< index, using: &generator) }
            if cycles && index % 100 == 0 && index + 10 < count { links.append(index + 10) }
            return links
        }
    }

    /// A graph's objects and their archive.
    typealias Graph = (stations: [Station], archive: Bytes)

    static func run(_ report: Report, _ generator: inout SplitMix64) throws {
        var kept: [Int: Graph] = [:]
        for count in [10_000, 100_000, 1_000_000] {
            report.begin("graph: \(count.formatted()) objects with shared links and cycles")
            let edges = links(count: count, cycles: true, &generator)
            let stations = build(edges)
            let archive = try GraphEncoder().encode(stations) as Bytes
            let decoded = try GraphDecoder().decode([Station].self, from: archive)
            guard decoded.count == count, decoded[1].links.count == 3 else { throw BenchmarkFailure("the graph did not come back") }
            // Beside each coder, the least any coder of this graph does, in plain Swift: to
            // encode, find every object's id by its identity; to decode, build the objects.
            try report.compare(
                "encode",
                [
                    ("GraphEncoder", archive.count, { _ = try GraphEncoder().encode(stations) as Bytes }),
                    ("floor: ids by identity", nil, { _ = identities(of: stations) }),
                ])
            try report.compare(
                "decode",
                [
                    ("GraphDecoder", archive.count, { _ = try GraphDecoder().decode([Station].self, from: archive) }),
                    ("floor: build the objects", nil, { _ = build(edges) }),
                ])
            let perObject = report.measurements.suffix(4).map { $0.seconds / Double(count) * 1e6 }
            report.note(
                String(
                    format: "%.2f µs per object to encode (floor %.2f), %.2f to decode (floor %.2f)",
                    perObject[0], perObject[1], perObject[2], perObject[3]))
            detach(decoded)
            if count == 100_000 { detach(stations) } else { kept[count] = (stations, archive) }
        }
        if let small = kept[10_000], let large = kept[1_000_000] {
            try compareSizes(report, small: small, large: large)
            detach(small.stations)
            detach(large.stations)
        }
        try compareWithKeyedArchiver(report, &generator)
    }

    /// The time per object at 1,000,000 objects against that at 10,000, measured in the same
    /// rounds (the machine's speed changes from minute to minute, so sizes timed minutes
    /// apart compare poorly): each round codes the small graph 100 times and the large once.
    private static func compareSizes(_ report: Report, small: Graph, large: Graph) throws {
        let repeats = large.stations.count / small.stations.count
        report.begin(
            "graph: \(large.stations.count.formatted()) objects against \(repeats) × \(small.stations.count.formatted()), in the same rounds"
        )
        try report.compare(
            "encode",
            [
                (
                    "GraphEncoder, \(repeats) × small", repeats * small.archive.count,
                    {
                        for _ in 0 ..< repeats { _ = try GraphEncoder().encode(small.stations) as Bytes }
                    }
                ),
                ("GraphEncoder, large", large.archive.count, { _ = try GraphEncoder().encode(large.stations) as Bytes }),
            ])
        try report.compare(
            "decode",
            [
                (
                    "GraphDecoder, \(repeats) × small", repeats * small.archive.count,
                    {
                        for _ in 0 ..< repeats { _ = try GraphDecoder().decode([Station].self, from: small.archive) }
                    }
                ),
                ("GraphDecoder, large", large.archive.count, { _ = try GraphDecoder().decode([Station].self, from: large.archive) }),
            ])
        let ratios = report.measurements.suffix(4).compactMap(\.ratioToGraphCodable)
        report.note(String(format: "per object, the large graph over the small: %.2f to encode, %.2f to decode", ratios[0], ratios[1]))
    }

    /// The objects of a graph with the given links.
    static func build(_ edges: [[Int]]) -> [Station] {
        let stations = edges.indices.map { Station(number: $0, name: "s\($0 % 1000)") }
        for (station, targets) in zip(stations, edges) { station.links = targets.map { stations[$0] } }
        return stations
    }

    /// Breaks the cycles of a graph so that it is freed.
    static func detach(_ stations: [Station]) {
        for station in stations { station.links = [] }
    }

    /// A number for each object met, in the order met, found by its identity.
    static func identities(of stations: [Station]) -> [ObjectIdentifier: Int] {
        var ids: [ObjectIdentifier: Int] = [:]
        func meet(_ object: Station) {
            let identity = ObjectIdentifier(object)
            if ids[identity] == nil { ids[identity] = ids.count }
        }
        for station in stations {
            meet(station)
            station.links.forEach(meet)
        }
        return ids
    }

    private static func compareWithKeyedArchiver(_ report: Report, _ generator: inout SplitMix64) throws {
        let count = 300
        // Without cycles: NSKeyedUnarchiver on Linux recurses through them until the stack ends.
        report.begin("graph: \(count) objects with shared links, against NSKeyedArchiver")
        let edges = links(count: count, cycles: false, &generator)
        let stations = (0 ..< count).map { Station(number: $0, name: "s\($0)") }
        for (station, targets) in zip(stations, edges) { station.links = targets.map { stations[$0] } }
        let objects = (0 ..< count).map { KeyedArchiverStation(number: $0, name: "s\($0)") }
        for (object, targets) in zip(objects, edges) { object.links = targets.map { objects[$0] } }
        let archive = try GraphEncoder().encode(stations) as Bytes
        let keyed = try NSKeyedArchiver.archivedData(withRootObject: objects as NSArray, requiringSecureCoding: true)
        try report.compare(
            "encode",
            [
                ("GraphEncoder", archive.count, { _ = try GraphEncoder().encode(stations) as Bytes }),
                (
                    "NSKeyedArchiver", keyed.count,
                    { _ = try NSKeyedArchiver.archivedData(withRootObject: objects as NSArray, requiringSecureCoding: true) }
                ),
            ])
        try report.compare(
            "decode",
            [
                ("GraphDecoder", archive.count, { _ = try GraphDecoder().decode([Station].self, from: archive) }),
                (
                    "NSKeyedUnarchiver", keyed.count,
                    { _ = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [NSArray.self, KeyedArchiverStation.self], from: keyed) }
                ),
            ])
        for station in stations { station.links = [] }
        for object in objects { object.links = [] }
    }
}

/// The graph workload's objects for `NSKeyedArchiver`, which archives top-level classes
/// only on Linux.
final class KeyedArchiverStation: NSObject, NSSecureCoding {
    static let supportsSecureCoding = true
    let number: Int
    let name: String
    var links: [KeyedArchiverStation] = []

    init(number: Int, name: String) {
        self.number = number
        self.name = name
    }

    func encode(with coder: NSCoder) {
        coder.encode(number, forKey: "number")
        coder.encode(name as NSString, forKey: "name")
        coder.encode(links as NSArray, forKey: "links")
    }

    init?(coder: NSCoder) {
        number = coder.decodeInteger(forKey: "number")
        name = coder.decodeObject(of: NSString.self, forKey: "name").map { String($0) } ?? ""
        links = coder.decodeObject(of: [NSArray.self, KeyedArchiverStation.self], forKey: "links") as? [KeyedArchiverStation] ?? []
    }
}
