import Foundation
import GraphCodable
import SeededRandom

/// Archives shaped like users' archives, for the inspection workload, each of some 10 MB
/// and built from seeded random values: records with arrays and dictionaries in chains,
/// a graph of shared objects with cycles, long series of doubles, and a tree of folders
/// full of strings.
enum InspectShapes {
    /// An archive and what it holds.
    struct Shape {
        let name: String
        let summary: String
        let archive: Bytes
    }

    static let names = ["records", "graph", "series", "folders"]

    /// The shape `name`, one of ``names``.
    static func shape(named name: String, _ generator: inout SplitMix64) throws -> Shape {
        switch name {
        case "records":
            let records = Record.chains(count: 100_000, &generator)
            defer { for record in records { record.previous = nil } }
            return Shape(
                name: name,
                summary: "100,000 objects: a name, 8 Doubles, a 2-entry [String: Int], a link to the one before in chains of 10",
                archive: try GraphEncoder().encode(records) as Bytes)
        case "graph":
            let stations = GraphWorkload.build(GraphWorkload.links(count: 400_000, cycles: true, &generator))
            defer { GraphWorkload.detach(stations) }
            return Shape(
                name: name, summary: "400,000 objects: an Int, a short name, 3 shared links and a cycle every 100",
                archive: try GraphEncoder().encode(stations) as Bytes)
        case "series":
            return Shape(
                name: name, summary: "500 series: a name, a Date, 3 labels, 2,500 Doubles",
                archive: try GraphEncoder().encode(Series.many(count: 500, samples: 2_500, &generator)) as Bytes)
        case "folders":
            let root = Folder.tree(files: 100_000, &generator)
            return Shape(
                name: name, summary: "a folder tree of 100,000 files: names, sizes, Dates, tags, links to the parent",
                archive: try GraphEncoder().encode(root) as Bytes)
        default:
            throw BenchmarkFailure("no shape \"\(name)\"; shapes: \(names.joined(separator: ", "))")
        }
    }

    /// A record linked to the one before it.
    final class Record: GCodable {
        let name: String
        let readings: [Double]
        let tags: [String: Int]
        var previous: Record?

        init(name: String, readings: [Double], tags: [String: Int]) {
            self.name = name
            self.readings = readings
            self.tags = tags
        }

        private enum Key: String { case name, readings, tags, previous }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            readings = try decoder.decode(for: Key.readings)
            tags = try decoder.decode(for: Key.tags)
            try decoder.deferDecode(for: Key.previous) { self.previous = $0 }
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(readings, for: Key.readings)
            try encoder.encode(tags, for: Key.tags)
            try encoder.encode(previous, for: Key.previous)
        }

        /// `count` records, each but every tenth linked to the one before.
        static func chains(count: Int, _ generator: inout SplitMix64) -> [Record] {
            let records = (0 ..< count).map { index in
                Record(
                    name: "item \(index)", readings: (0 ..< 8).map { _ in Double.random(in: 0 ... 100, using: &generator) },
                    tags: ["a\(index % 7)": index, "b\(index % 11)": -index])
            }
            for index in records.indices where index % 10 != 0 { records[index].previous = records[index - 1] }
            return records
        }
    }

    /// A time series.
    struct Series: GCodable {
        let name: String
        let start: Date
        let labels: [String: String]
        let samples: [Double]

        private enum Key: String { case name, start, labels, samples }

        init(name: String, start: Date, labels: [String: String], samples: [Double]) {
            self.name = name
            self.start = start
            self.labels = labels
            self.samples = samples
        }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            start = try decoder.decode(for: Key.start)
            labels = try decoder.decode(for: Key.labels)
            samples = try decoder.decode(for: Key.samples)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(start, for: Key.start)
            try encoder.encode(labels, for: Key.labels)
            try encoder.encode(samples, for: Key.samples)
        }

        static func many(count: Int, samples: Int, _ generator: inout SplitMix64) -> [Series] {
            (0 ..< count).map { index in
                var level = Double.random(in: -20 ... 40, using: &generator)
                return Series(
                    name: "sensor \(index)", start: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3_600),
                    labels: ["site": "site \(index % 12)", "unit": "°C", "kind": index % 3 == 0 ? "air" : "soil"],
                    samples: (0 ..< samples).map { _ in
                        level += Double.random(in: -0.5 ... 0.5, using: &generator)
                        return level
                    })
            }
        }
    }

    /// A file of a folder.
    struct File: GCodable {
        let name: String
        let size: Int
        let modified: Date
        let tags: [String]

        private enum Key: String { case name, size, modified, tags }

        init(name: String, size: Int, modified: Date, tags: [String]) {
            self.name = name
            self.size = size
            self.modified = modified
            self.tags = tags
        }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            size = try decoder.decode(for: Key.size)
            modified = try decoder.decode(for: Key.modified)
            tags = try decoder.decode(for: Key.tags)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(size, for: Key.size)
            try encoder.encode(modified, for: Key.modified)
            try encoder.encode(tags, for: Key.tags)
        }
    }

    /// A folder that knows its parent.
    final class Folder: GCodable {
        let name: String
        var files: [File] = []
        var children: [Folder] = []
        weak var parent: Folder?

        init(name: String) { self.name = name }

        private enum Key: String { case name, files, children, parent }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            files = try decoder.decode(for: Key.files)
            children = try decoder.decode(for: Key.children)
            try decoder.deferDecode(for: Key.parent) { self.parent = $0 }
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(files, for: Key.files)
            try encoder.encode(children, for: Key.children)
            try encoder.encodeConditional(parent, for: Key.parent)
        }

        /// Folders of 20 files each, 5 subfolders to a folder, until `files` files.
        static func tree(files count: Int, _ generator: inout SplitMix64) -> Folder {
            let words = ["report", "photo", "draft", "notes", "invoice", "plan", "scan", "backup", "résumé", "日程"]
            let extensions = ["pdf", "jpg", "txt", "md", "xlsx", "png"]
            let root = Folder(name: "/")
            var open = [root]
            var next = 0
            var made = 0
            while made < count {
                let folder = open[next]
                next += 1
                for _ in 0 ..< 20 where made < count {
                    let word = words[Int.random(in: 0 ..< words.count, using: &generator)]
                    folder.files.append(
                        File(
                            name: "\(word) \(made).\(extensions[made % extensions.count])",
                            size: Int.random(in: 0 ..< 50_000_000, using: &generator),
                            modified: Date(
                                timeIntervalSince1970: Double(Int.random(in: 1_500_000_000 ..< 1_800_000_000, using: &generator))),
                            tags: made % 4 == 0 ? [] : [words[made % words.count], made % 2 == 0 ? "shared" : "private"]))
                    made += 1
                }
                for index in 0 ..< 5 {
                    let child = Folder(name: "\(folder.name == "/" ? "" : folder.name)/f\(index)")
                    child.parent = folder
                    folder.children.append(child)
                    open.append(child)
                }
            }
            return root
        }
    }
}
