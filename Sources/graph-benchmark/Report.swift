import Foundation

/// One measured line: an operation of a coder on a workload, its median time, and what it
/// is compared with (GraphCodable's own figure on the same line, as a ratio).
struct MeasuredRun: Encodable {
    var workload: String
    var operation: String
    var coder: String
    var seconds: Double
    /// The size of what was written or read, when it means something (an archive, a text).
    var bytes: Int?
    /// How far the process's resident memory rose while it ran, when known.
    var peakBytes: Int?
    /// How many times GraphCodable's time this is (> 1: GraphCodable is faster).
    var ratioToGraphCodable: Double?
    /// Throughput of the bytes, when both are known.
    var megabytesPerSecond: Double? { bytes.map { Double($0) / seconds / 1e6 } }

    private enum CodingKeys: String, CodingKey {
        case workload, operation, coder, seconds, bytes, peakBytes, ratioToGraphCodable, megabytesPerSecond
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(workload, forKey: .workload)
        try container.encode(operation, forKey: .operation)
        try container.encode(coder, forKey: .coder)
        try container.encode(seconds, forKey: .seconds)
        try container.encodeIfPresent(bytes, forKey: .bytes)
        try container.encodeIfPresent(peakBytes, forKey: .peakBytes)
        try container.encodeIfPresent(ratioToGraphCodable, forKey: .ratioToGraphCodable)
        try container.encodeIfPresent(megabytesPerSecond, forKey: .megabytesPerSecond)
    }
}

/// Collects measurements and prints them: a table as they come, or JSON at the end.
final class Report {
    let asJSON: Bool
    /// The timed runs of each operation (after one to warm up).
    let runs: Int
    private(set) var measurements: [MeasuredRun] = []
    private var workload = ""

    init(asJSON: Bool, runs: Int) {
        self.asJSON = asJSON
        self.runs = runs
    }

    /// Starts a workload: a heading in the table.
    func begin(_ workload: String) {
        self.workload = workload
        guard !asJSON else { return }
        print("\n" + workload)
        print(Self.row("operation", "coder", "median", "bytes", "MB/s", "peak MB", "× GraphCodable's time"))
    }

    /// Times `operations` (GraphCodable's first) together, and records each.
    func compare(_ operation: String, _ coders: [(coder: String, bytes: Int?, run: () throws -> Void)]) throws {
        let (times, peaks) = try Timing.medians(coders.map(\.run), runs: runs)
        for (index, coder) in coders.enumerated() {
            add(
                MeasuredRun(
                    workload: workload, operation: operation, coder: coder.coder, seconds: times[index], bytes: coder.bytes,
                    peakBytes: peaks[index], ratioToGraphCodable: index == 0 ? nil : times[index] / times[0]))
        }
    }

    func add(_ measurement: MeasuredRun) {
        measurements.append(measurement)
        guard !asJSON else { return }
        print(
            Self.row(
                measurement.operation, measurement.coder, Self.duration(measurement.seconds),
                measurement.bytes.map { $0.formatted() } ?? "", measurement.megabytesPerSecond.map { String(format: "%.0f", $0) } ?? "",
                measurement.peakBytes.map { String(format: "%.1f", Double($0) / 1e6) } ?? "",
                measurement.ratioToGraphCodable.map { String(format: "%.2f×", $0) } ?? ""))
    }

    /// A note under the current workload.
    func note(_ text: String) {
        if !asJSON { print("  " + text) }
    }

    func finish() throws {
        guard asJSON else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(measurements), as: UTF8.self))
    }

    private static func duration(_ seconds: Double) -> String {
        seconds >= 1
            ? String(format: "%.2f s", seconds)
            : seconds >= 1e-3
                ? String(format: "%.2f ms", seconds * 1e3)
                : String(format: "%.1f µs", seconds * 1e6)
    }

    private static func row(_ columns: String...) -> String {
        let widths = [30, 28, 11, 13, 7, 9, 22]
        return zip(columns, widths).enumerated().map { index, pair in
            index < 2
                ? pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
                : String(repeating: " ", count: max(0, pair.1 - pair.0.count)) + pair.0
        }.joined(separator: " ")
    }
}
