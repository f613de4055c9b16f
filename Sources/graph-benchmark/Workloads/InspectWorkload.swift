import Foundation
import GraphCodable
import SeededRandom

/// Inspection without types, on an archive of some 10 MB: 100,000 class instances each
/// with a name, 8 `Double`s, a 2-entry `[String: Int]` and a link. Throughput of each
/// operation in MB/s of archive (of JSON text for the JSON form), with Foundation's
/// `JSONSerialization` on the same text for scale.
enum InspectWorkload {
    final class Item: GCodable {
        let name: String
        let readings: [Double]
        let tags: [String: Int]
        var next: Item?

        init(name: String, readings: [Double], tags: [String: Int]) {
            self.name = name
            self.readings = readings
            self.tags = tags
        }

        private enum Key: String { case name, readings, tags, next }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            readings = try decoder.decode(for: Key.readings)
            tags = try decoder.decode(for: Key.tags)
            try decoder.deferDecode(for: Key.next) { self.next = $0 }
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(readings, for: Key.readings)
            try encoder.encode(tags, for: Key.tags)
            try encoder.encode(next, for: Key.next)
        }
    }

    /// The archive in the file at `path` (`graph-benchmark file PATH`): what the library
    /// alone takes for the bytes a server load test sends.
    static func run(file path: String, _ report: Report) throws {
        let archive = Bytes(try Data(contentsOf: URL(fileURLWithPath: path)))
        report.begin("inspect: \(path), \(archive.count.formatted()) bytes")
        try inspect(archive, report)
    }

    /// Validation, dump and conversion of `archive`.
    private static func inspect(_ archive: Bytes, _ report: Report) throws {
        let decoder = GraphDecoder()
        try report.compare("parse + validate", [("GraphDecoder.validate", archive.count, { _ = decoder.validate(archive) })])
        try report.compare(
            "parse + dump", [("GraphDecoder.dump", archive.count, { try decoder.dump(from: archive, options: .readable) { _ in } })])
        try report.compare(
            "parse + convert to internal 2",
            [("GraphDecoder.convert", archive.count, { _ = try decoder.convert(archive, internalBinaryIOVersion: 2) })])
    }

    static func run(_ report: Report, _ generator: inout SplitMix64) throws {
        let items = (0 ..< 100_000).map { index in
            Item(
                name: "item \(index)", readings: (0 ..< 8).map { _ in Double.random(in: 0 ... 100, using: &generator) },
                tags: ["a\(index % 7)": index, "b\(index % 11)": -index])
        }
        for item in items { item.next = items[Int.random(in: 0 ..< items.count, using: &generator)] }
        let archive = try GraphEncoder().encode(items) as Bytes
        for item in items { item.next = nil }
        report.begin("inspect: an archive of \(archive.count.formatted()) bytes (100,000 objects)")
        let decoder = GraphDecoder()
        var json: [UInt8] = []
        try decoder.writeJSON(from: archive, indented: false) { json += $0 }
        let object = try JSONSerialization.jsonObject(with: Data(json))
        try inspect(archive, report)
        try report.compare(
            "write the JSON form",
            [
                ("GraphDecoder.writeJSON", json.count, { try decoder.writeJSON(from: archive, indented: false) { _ in } }),
                ("JSONSerialization.data", json.count, { _ = try JSONSerialization.data(withJSONObject: object) }),
            ])
        try report.compare(
            "read the JSON form back",
            [
                ("GraphArchive.bytes(fromJSON:)", json.count, { _ = try GraphArchive.bytes(fromJSON: json) }),
                ("JSONSerialization.jsonObject", json.count, { _ = try JSONSerialization.jsonObject(with: Data(json)) }),
            ])
        report.note(String(format: "the compact JSON form is %.1f times the archive's size", Double(json.count) / Double(archive.count)))
    }
}
