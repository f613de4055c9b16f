import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The service's log: one line per event on standard error, in logfmt
/// (`time=… level=info msg=request method=POST path=/v1/dump status=200 …`), so that both
/// people and log collectors read it.
public final class Log: Sendable {
    /// How much is logged: each level includes the ones above it.
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        /// Failures of the server itself.
        case error
        /// What an operator should look at: limits reached, connections cut at a drain.
        case warning
        /// One line per request, and the server's start and stop.
        case info
        /// Everything, for finding a fault.
        case debug

        /// Whether `lhs` is more severe than `rhs` (error first).
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The level named `name` (`error`, `warning`, `info`, `debug`).
        public init?(name: String) {
            guard let level = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = level
        }

        /// The level's name, as lines show it.
        var name: String {
            switch self {
            case .error: "error"
            case .warning: "warning"
            case .info: "info"
            case .debug: "debug"
            }
        }
    }

    /// The process's log.
    public static let shared = Log()

    private let level = Mutex(Level.info)

    /// Logs events of `level` and above from now on.
    public func setLevel(_ newLevel: Level) {
        level.withLock { $0 = newLevel }
    }

    func error(_ message: String, _ fields: KeyValuePairs<String, String> = [:]) { write(.error, message, fields) }
    func warning(_ message: String, _ fields: KeyValuePairs<String, String> = [:]) { write(.warning, message, fields) }
    func info(_ message: String, _ fields: KeyValuePairs<String, String> = [:]) { write(.info, message, fields) }

    /// Whether events of `eventLevel` are logged now.
    func logs(_ eventLevel: Level) -> Bool { eventLevel <= level.withLock { $0 } }

    private func write(_ eventLevel: Level, _ message: String, _ fields: KeyValuePairs<String, String>) {
        guard logs(eventLevel) else { return }
        Self.line(eventLevel, message, fields, at: .now()).withUnsafeBufferPointer { Self.writeToStandardError($0) }
    }

    /// One line of the log, ending in a line feed: `time=… level=… msg=…`, then the fields.
    static func line(_ level: Level, _ message: String, _ fields: KeyValuePairs<String, String>, at time: UTCTime) -> [UInt8] {
        var text = LogText()
        text.startLine(level, message, at: time)
        for (key, value) in fields { text.add(key, value) }
        text.endLine()
        return text.bytes
    }

    /// Writes the bytes whole, retrying interrupted and partial writes. A log that cannot be
    /// written (its reader gone) must not stop the service: other failures drop the line.
    static func writeToStandardError(_ bytes: UnsafeBufferPointer<UInt8>) {
        var written = 0
        while written < bytes.count {
            #if canImport(Glibc)
            let count = Glibc.write(STDERR_FILENO, bytes.baseAddress! + written, bytes.count - written)
            #else
            let count = Darwin.write(STDERR_FILENO, bytes.baseAddress! + written, bytes.count - written)
            #endif
            if count > 0 {
                written += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
