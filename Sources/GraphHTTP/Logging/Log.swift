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
        case error, warning, info, debug

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
        var line: [UInt8] = []
        line.reserveCapacity(256)
        appendLine(level, message, fields, at: time, to: &line)
        return line
    }

    /// Appends ``line(_:_:_:at:)`` to `line`.
    static func appendLine(_ level: Level, _ message: String, _ fields: KeyValuePairs<String, String>, at time: UTCTime, to line: inout [UInt8]) {
        line += "time=".utf8
        time.appendISO8601(to: &line)
        line += " level=".utf8
        line += level.name.utf8
        line += " msg=".utf8
        appendQuoted(message, to: &line)
        for (key, value) in fields {
            line.append(UInt8(ascii: " "))
            line += key.utf8
            line.append(UInt8(ascii: "="))
            appendQuoted(value, to: &line)
        }
        line.append(UInt8(ascii: "\n"))
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

    /// Appends `value`, in quotes when it is empty or has spaces, quotes, `=`, backslashes or
    /// control characters (escaped then).
    private static func appendQuoted(_ value: String, to line: inout [UInt8]) {
        func isPlain(_ byte: UInt8) -> Bool {
            byte > 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "=") && byte != UInt8(ascii: "\\") && byte != 0x7F
        }
        let utf8 = value.utf8
        let plain = !utf8.isEmpty && (utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPlain) } ?? utf8.allSatisfy(isPlain))
        if plain {
            line += value.utf8
            return
        }
        line.append(UInt8(ascii: "\""))
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": line += #"\""#.utf8
            case "\\": line += #"\\"#.utf8
            case "\n": line += #"\n"#.utf8
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: line += "\\u{\(String(scalar.value, radix: 16))}".utf8
            default: UTF8.encode(scalar) { line.append($0) }
            }
        }
        line.append(UInt8(ascii: "\""))
    }
}
