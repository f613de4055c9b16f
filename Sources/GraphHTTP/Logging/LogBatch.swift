/// Lines of the process's ``Log`` gathered to be written together. An ``IOLoop`` gathers
/// the access-log lines of one turn (every exchange its events finished) and writes them with
/// one system call at the turn's end: a `write(2)` per request was a twentieth of the
/// server's time on small requests.
struct LogBatch {
    /// The lines gathered since the last ``write()``.
    private(set) var bytes: [UInt8] = []
    /// The calendar fields of the latest second a line was added in.
    private var latest = UTCTime(secondsSince1970: 0)
    private var latestSecond = 0

    /// Adds a line, if ``Log/shared`` logs `level` now.
    mutating func add(_ level: Log.Level, _ message: String, _ fields: KeyValuePairs<String, String>) {
        guard Log.shared.logs(level) else { return }
        Log.appendLine(level, message, fields, at: now(), to: &bytes)
    }

    /// ``UTCTime/now()``, its calendar worked out once a second.
    private mutating func now() -> UTCTime {
        let (second, millisecond) = UTCTime.clock()
        if second != latestSecond { (latest, latestSecond) = (UTCTime(secondsSince1970: second), second) }
        var time = latest
        time.millisecond = millisecond
        return time
    }

    /// Writes the lines gathered, if any, and starts again.
    mutating func write() {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { Log.writeToStandardError($0) }
        bytes.removeAll(keepingCapacity: bytes.capacity <= Self.keptCapacity)
    }

    /// Room kept between turns; a turn that needed more gives its excess back.
    private static let keptCapacity = 64 * 1024
}
