import Foundation
import Synchronization

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
            guard let level = Self.allCases.first(where: { "\($0)" == name }) else { return nil }
            self = level
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
        var line = "time=\(Self.timestamp()) level=\(eventLevel) msg=\(Self.quoted(message))"
        for (key, value) in fields { line += " \(key)=\(Self.quoted(value))" }
        // A log that cannot be written (its reader gone) must not stop the service.
        try? FileHandle.standardError.write(contentsOf: Data((line + "\n").utf8))
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
