import Foundation
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

    private func write(_ eventLevel: Level, _ message: String, _ fields: KeyValuePairs<String, String>) {
        guard eventLevel <= level.withLock({ $0 }) else { return }
        var line = "time=" + Self.timestamp() + " level=" + eventLevel.name + " msg=" + Self.quoted(message)
        for (key, value) in fields { line += " " + key + "=" + Self.quoted(value) }
        line += "\n"
        line.withUTF8 { Self.writeToStandardError($0) }
    }

    /// Writes the bytes whole, retrying interrupted and partial writes. A log that cannot be
    /// written (its reader gone) must not stop the service: other failures drop the line.
    private static func writeToStandardError(_ bytes: UnsafeBufferPointer<UInt8>) {
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

    /// `value`, in quotes when it has spaces, quotes, `=` or control characters.
    private static func quoted(_ value: String) -> String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "\"" && $0 != "=" && $0 != "\\" && $0.value != 0x7F }
        if plain { return value }
        var escaped = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    private static func timestamp() -> String {
        Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
