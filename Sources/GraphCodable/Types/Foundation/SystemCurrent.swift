/// Which of the system's own values an archived `Locale`, `TimeZone` or `Calendar` is.
/// Such a value is read back as the reader's system value, as Foundation's `Codable` does:
/// the writer's preferences that Foundation attaches to it are not public, so they cannot
/// be archived.
enum SystemCurrent: String {
    /// The system's value when it is read (`Locale.current`, `Calendar.current`).
    case current
    /// The value that follows the system's settings (`Locale.autoupdatingCurrent`…).
    case autoupdatingCurrent

    /// Which system value `value` is, if it is one.
    static func of<Value: Equatable>(_ value: Value, autoupdating: Value, current: Value? = nil) -> SystemCurrent? {
        if value == autoupdating { return .autoupdatingCurrent }
        if let current, value == current { return .current }
        return nil
    }

    /// Writes which system value it is (under the key `current`).
    func encode(to encoder: GEncoder) throws {
        try encoder.encode(rawValue, for: Key.current)
    }

    /// Reads which system value an archived value is, if any.
    static func decode(from decoder: GDecoder) throws -> SystemCurrent? {
        guard let name: String = try decoder.decodeIfPresent(for: Key.current) else { return nil }
        guard let kind = SystemCurrent(rawValue: name) else { throw GCodableError.corrupted("unknown system value \"\(name)\"") }
        return kind
    }

    private enum Key: String { case current }
}
