import Foundation
import GraphCodable
import SeededRandom

/// Inspection without types, through the public API a user calls, on archives shaped like
/// users' (``InspectShapes``): each operation's throughput in MB/s of archive (of JSON text
/// for the JSON form) and its peak memory as a multiple of the archive, each beside its goal
/// (validation's throughput is the reference the others are set against).
enum InspectWorkload {
    /// An operation of the inspection API and what it should reach.
    struct Operation: Sendable {
        let name: String
        let call: String
        /// The least throughput, in MB/s of what `measuresText` says.
        let speedGoal: Double
        /// The most peak memory, in multiples of the archive (plus the text once, for the
        /// JSON form written); nil when the operation has none.
        let memoryGoal: Double?
        /// Whether the throughput counts the JSON text rather than the archive.
        let measuresText: Bool
        let run: @Sendable (_ archive: Bytes, _ json: [UInt8]) throws -> Void
    }

    static let operations = [
        Operation(
            name: "validate", call: "GraphDecoder().validate", speedGoal: 300, memoryGoal: 0.1, measuresText: false,
            run: { archive, _ in _ = GraphDecoder().validate(archive) }),
        Operation(
            name: "stats", call: "GraphDecoder().statistics(from:)", speedGoal: 300, memoryGoal: 0.1, measuresText: false,
            run: { archive, _ in _ = try GraphDecoder().statistics(from: archive) }),
        Operation(
            name: "model", call: "GraphArchive(bytes:)", speedGoal: 300, memoryGoal: 8, measuresText: false,
            run: { archive, _ in _ = try GraphArchive(bytes: archive) }),
        Operation(
            name: "dump", call: "GraphDecoder().dump(from:to:)", speedGoal: 100, memoryGoal: 8, measuresText: false,
            run: { archive, _ in try GraphDecoder().dump(from: archive) { _ in } }),
        Operation(
            name: "convert", call: "….converted(internal…: 2).bytes()", speedGoal: 100, memoryGoal: 8, measuresText: false,
            run: { archive, _ in _ = try GraphArchive(bytes: archive).converted(internalBinaryIOVersion: 2).bytes() }),
        Operation(
            name: "JSON written", call: "GraphArchive(bytes:).jsonData()", speedGoal: 300, memoryGoal: 8, measuresText: true,
            run: { archive, _ in _ = try GraphArchive(bytes: archive).jsonData(indented: false) }),
        Operation(
            name: "JSON read", call: "GraphArchive(json:).bytes()", speedGoal: 200, memoryGoal: nil, measuresText: true,
            run: { _, json in _ = try GraphArchive(json: json).bytes() }),
    ]

    /// The operation that `graph-benchmark profile-inspect` names `command` ("json-written"
    /// for "JSON written").
    static func operation(command: String) -> Operation? {
        operations.first { $0.name.lowercased().replacingOccurrences(of: " ", with: "-") == command }
    }

    /// The archive of the shape `name`, or else of the file at the path `name`.
    static func archive(shapeOrPath name: String) throws -> Bytes {
        var generator = SplitMix64(seed: 42)
        if InspectShapes.names.contains(name) { return try InspectShapes.shape(named: name, &generator).archive }
        return Bytes(try Data(contentsOf: URL(fileURLWithPath: name)))
    }

    /// The JSON form of `archive`.
    static func json(of archive: Bytes) throws -> [UInt8] {
        [UInt8](try GraphArchive(bytes: archive).jsonData(indented: false))
    }

    static func run(_ report: Report, _ generator: inout SplitMix64) throws {
        for name in InspectShapes.names {
            let shape = try InspectShapes.shape(named: name, &generator)
            report.begin("inspect \(shape.name): \(shape.summary); \(shape.archive.count.formatted()) bytes", goals: true)
            try inspect(shape.archive, report)
        }
    }

    /// The archive in the file at `path` (`graph-benchmark file PATH`): what the library
    /// alone takes for the bytes a server load test sends.
    static func run(file path: String, _ report: Report) throws {
        let archive = Bytes(try Data(contentsOf: URL(fileURLWithPath: path)))
        report.begin("inspect: \(path), \(archive.count.formatted()) bytes", goals: true)
        try inspect(archive, report)
    }

    /// Every operation on `archive`.
    private static func inspect(_ archive: Bytes, _ report: Report) throws {
        let json = try json(of: archive)
        for operation in operations {
            let measured = operation.measuresText ? json.count : archive.count
            var run = try report.time(operation.name, operation.call, bytes: measured) { try operation.run(archive, json) }
            run.peakMultiple = run.peakBytes.map {
                Double($0 - (operation.name == "JSON written" ? json.count : 0)) / Double(archive.count)
            }
            run.speedGoal = operation.speedGoal
            run.memoryGoal = operation.memoryGoal
            report.add(run)
        }
        report.note(String(format: "the compact JSON form is %.1f times the archive's size", Double(json.count) / Double(archive.count)))
    }
}
