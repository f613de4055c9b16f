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
    /// The peak as a multiple of the archive the operation reads, when the workload says.
    var peakMultiple: Double?
    /// The least throughput the operation should reach, in MB/s.
    var speedGoal: Double?
    /// The most peak memory the operation should take, as a multiple of its archive.
    var memoryGoal: Double?
    /// Throughput of the bytes, when both are known.
    var megabytesPerSecond: Double? { bytes.map { Double($0) / seconds / 1e6 } }
    /// Whether every goal is met, when there is one.
    var meetsGoals: Bool? {
        guard speedGoal != nil || memoryGoal != nil else { return nil }
        let fastEnough = zip(megabytesPerSecond, speedGoal).map { $0 >= $1 } ?? true
        let smallEnough = zip(peakMultiple, memoryGoal).map { $0 <= $1 } ?? true
        return fastEnough && smallEnough
    }

    private enum CodingKeys: String, CodingKey {
        case workload, operation, coder, seconds, bytes, peakBytes, ratioToGraphCodable, peakMultiple, speedGoal, memoryGoal
        case megabytesPerSecond, meetsGoals
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
        try container.encodeIfPresent(peakMultiple, forKey: .peakMultiple)
        try container.encodeIfPresent(speedGoal, forKey: .speedGoal)
        try container.encodeIfPresent(memoryGoal, forKey: .memoryGoal)
        try container.encodeIfPresent(megabytesPerSecond, forKey: .megabytesPerSecond)
        try container.encodeIfPresent(meetsGoals, forKey: .meetsGoals)
    }
}

/// Both values, when both are there.
private func zip<A, B>(_ first: A?, _ second: B?) -> (A, B)? {
    guard let first, let second else { return nil }
    return (first, second)
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

    /// Starts a workload: a heading in the table, whose last columns are the ratio to
    /// GraphCodable's time, or with `goals` each operation's goals and whether it meets them.
    func begin(_ workload: String, goals: Bool = false) {
        self.workload = workload
        guard !asJSON else { return }
        print("\n" + workload)
        print(
            goals
                ? Self.row("operation", "call", "median", "bytes", "MB/s", "≥ goal", "peak MB", "× archive", "≤ goal", "")
                : Self.row("operation", "coder", "median", "bytes", "MB/s", "peak MB", "× GraphCodable's time"))
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

    /// Times `run` alone, for the caller to complete and ``add(_:)``.
    func time(_ operation: String, _ coder: String, bytes: Int?, _ run: @escaping () throws -> Void) throws -> MeasuredRun {
        let (times, peaks) = try Timing.medians([run], runs: runs)
        return MeasuredRun(workload: workload, operation: operation, coder: coder, seconds: times[0], bytes: bytes, peakBytes: peaks[0])
    }

    func add(_ measurement: MeasuredRun) {
        measurements.append(measurement)
        guard !asJSON else { return }
        let common = [
            measurement.operation, measurement.coder, Self.duration(measurement.seconds), measurement.bytes.map { $0.formatted() } ?? "",
            measurement.megabytesPerSecond.map { String(format: "%.0f", $0) } ?? "",
        ]
        let peak = measurement.peakBytes.map { String(format: "%.1f", Double($0) / 1e6) } ?? ""
        if let meets = measurement.meetsGoals {
            let goals = [
                measurement.speedGoal.map { String(format: "%.0f", $0) } ?? "", peak,
                measurement.peakMultiple.map { String(format: "%.2f", $0) } ?? "",
                measurement.memoryGoal.map { String(format: "%g", $0) } ?? "", meets ? "met" : "MISSED",
            ]
            print(Self.row(common + goals))
        } else {
            print(Self.row(common + [peak, measurement.ratioToGraphCodable.map { String(format: "%.2f×", $0) } ?? ""]))
        }
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

    private static func row(_ columns: String...) -> String { row(columns) }

    private static func row(_ columns: [String]) -> String {
        let widths = columns.count > 7 ? [20, 34, 11, 13, 7, 7, 9, 10, 7, 7] : [30, 28, 11, 13, 7, 9, 22]
        return zip(columns, widths).enumerated().map { index, pair in
            index < 2
                ? pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
                : String(repeating: " ", count: max(0, pair.1 - pair.0.count)) + pair.0
        }.joined(separator: " ")
    }
}
