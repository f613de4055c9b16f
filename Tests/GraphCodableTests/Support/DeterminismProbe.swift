import Foundation
import GraphCodable
import Testing

/// The determinism probe (Tests/DeterminismProbe), run as a process of its own: archives of
/// equal data written by different processes, whose hashing differs.
enum DeterminismProbe {
    /// The bytes that `hex` spells, two digits a byte.
    static func bytes(hex: String) -> Bytes {
        var bytes: Bytes = []
        var digits = hex.makeIterator()
        while let high = digits.next(), let low = digits.next() { bytes.append(UInt8(String([high, low]), radix: 16)!) }
        return bytes
    }

    /// The probe's three lines (deterministic archive, default archive, words' order) in a
    /// process with `environment` added to this one's.
    static func run(_ environment: [String: String]) throws -> [String] {
        let process = Process()
        process.executableURL = try probeURL()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The probe executable, built beside the tests.
    private static func probeURL() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0 ..< 4 {
            let probe = directory.appendingPathComponent("determinism-probe")
            if FileManager.default.isExecutableFile(atPath: probe.path) { return probe }
            directory.deleteLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "determinism-probe beside \(CommandLine.arguments[0])"])
    }
}
