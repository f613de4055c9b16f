import Foundation
import GraphCodable
import GraphHTTP

/// `graph-server sample NAME`: archives of the sample models, to try the service with,
/// written deterministically: the same bytes on every machine and in every run.
enum SampleArchives {
    static let names = ["network", "folders", "sensor", "zoo", "natives", "large", "metro", "deep"]

    /// The samples the server offers as examples (`GET /v1/samples`).
    static let offered = [
        ("network", "four stations on a loop, one shared by two lines: classes, sharing, a cycle"),
        ("folders", "a folder tree whose folders know their parent: weak links"),
        ("sensor", "a versioned value type whose readings are BinaryIO payloads"),
        ("zoo", "a plain Codable model: a subclass, animals shared by a list, a favourite and an index"),
        ("metro", "300,000 stations, 10 MB: a large graph with much sharing"),
    ].map { name, summary in SampleArchive(name: name, summary: summary) { try archive(named: name) } }

    /// The sample `name`; `stations` sizes the metro (1 to 10,000,000; 300,000 by default).
    static func archive(named name: String, stations: Int? = nil) throws -> [UInt8] {
        if let stations, name != "metro" || !(1 ... 10_000_000).contains(stations) {
            throw Arguments.Failure(description: "--stations sizes the metro sample, from 1 to 10000000 stations")
        }
        switch name {
        case "network": return try encoder.encode(network()) as Bytes
        case "folders": return try encoder.encode(folders()) as Bytes
        case "sensor":
            let sensor = SampleModels.Sensor(name: "greenhouse", readings: [19.5, 21.25, 22].map(SampleModels.Reading.init))
            return try encoder.encode(sensor) as Bytes
        case "zoo": return try encoder.encode(SampleModels.Zoo.sample()) as Bytes
        case "large":
            // 2 MiB of Doubles, for uploads of some size.
            return try encoder.encode((0 ..< 262_144).map { Double($0) / 7 }) as Bytes
        case "metro":
            return try encoder.encode(metro(stations: stations ?? 300_000)) as Bytes
        case "deep":
            return try encoder.encode(deepFolders(levels: 600_000)) as Bytes
        case "natives":
            let natives: [String: [Double?]] = ["temperatures": [19.5, nil, 21.25], "empty": [], "special": [.nan, -0.0, .infinity]]
            return try encoder.encode(natives) as Bytes
        default:
            throw Arguments.Failure(description: "no sample \"\(name)\"; samples: \(names.joined(separator: ", "))")
        }
    }

    private static var encoder: GraphEncoder { GraphEncoder(.deterministic) }

    /// Four stations on a loop, one of them shared by two lines: a graph with a cycle.
    private static func network() -> SampleModels.Network {
        let stations = ["Central", "Harbour", "Airport", "University"].map(SampleModels.Station.init)
        for (index, station) in stations.enumerated() { station.links = [stations[(index + 1) % stations.count]] }
        stations[0].links.append(stations[2])
        return SampleModels.Network(stations: stations)
    }

    /// A network of `count` stations (about 10 MB archived), each linked to the one before
    /// and to another earlier one, picked by a fixed pseudo-random sequence: a large graph
    /// with much sharing and shallow nesting.
    private static func metro(stations count: Int) -> SampleModels.Network {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        let stations = (0 ..< count).map { SampleModels.Station(name: "Station \($0)") }
        for (index, station) in stations.enumerated().dropFirst() {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            station.links = [stations[index - 1], stations[Int((seed >> 33) % UInt64(index))]]
        }
        return SampleModels.Network(stations: stations)
    }

    /// Folders nested `levels` deep, each the only child of the one before: decoding it, and
    /// releasing it, must not recurse once per level.
    private static func deepFolders(levels: Int) -> SampleModels.Folder {
        let root = SampleModels.Folder(name: "/")
        var deepest = root
        for level in 1 ..< levels {
            let folder = SampleModels.Folder(name: String(level))
            folder.parent = deepest
            deepest.children = [folder]
            deepest = folder
        }
        return root
    }

    /// A folder tree whose children know their parent.
    private static func folders() -> SampleModels.Folder {
        let root = SampleModels.Folder(name: "/")
        for name in ["docs", "photos"] {
            let folder = SampleModels.Folder(name: name)
            folder.parent = root
            root.children.append(folder)
        }
        let trip = SampleModels.Folder(name: "trip")
        trip.parent = root.children[1]
        root.children[1].children.append(trip)
        return root
    }
}
