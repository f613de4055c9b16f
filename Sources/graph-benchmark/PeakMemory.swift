import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How much memory an operation takes at its peak: how far the process's resident memory
/// rises above where it stood before, read from Linux's `/proc` (whose high-water mark can
/// be reset); nil where there is none. The allocator first gives back the memory it kept
/// from earlier work, so that what the operation takes shows as growth.
enum PeakMemory {
    static func measure(_ operation: () throws -> Void) throws -> Int? {
        guard resetHighWaterMark(), let before = statusField("VmRSS") else {
            try operation()
            return nil
        }
        try operation()
        return statusField("VmHWM").map { max(0, $0 - before) }
    }

    /// Brings the high-water mark of resident memory down to the current size.
    private static func resetHighWaterMark() -> Bool {
        trimAllocator()
        guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? file.close() }
        return (try? file.write(contentsOf: Data("5".utf8))) != nil
    }

    /// Has glibc's allocator give its free memory back to the system (`malloc_trim`, which
    /// Swift's Glibc module does not declare).
    private static func trimAllocator() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(symbol, to: Trim.self)(0) }
        #endif
    }

    /// A size in bytes from `/proc/self/status` ("VmRSS:  1234 kB").
    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
    }
}
