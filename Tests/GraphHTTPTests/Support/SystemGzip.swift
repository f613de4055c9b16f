import Foundation
import Testing

/// The system's `gzip`, the reference that the server's compression is checked against.
enum SystemGzip {
    /// `gzipped` decompressed by `gzip -dc`, read from a temporary file so that no pipe
    /// can fill while the other end waits; fails if gzip reports anything wrong.
    static func decompress(_ gzipped: [UInt8]) throws -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("SystemGzip-\(UUID().uuidString).gz")
        try Data(gzipped).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let decompressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "gzip -dc exited with status \(process.terminationStatus)")
        return [UInt8](decompressed)
    }
}
