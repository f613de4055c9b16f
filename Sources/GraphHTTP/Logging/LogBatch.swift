/// Lines of the process's ``Log`` gathered to be written together. An ``IOLoop`` gathers
/// the access-log lines of one turn (every exchange its events finished) and writes them with
/// one system call at the turn's end, so that a request costs no `write(2)` of its own. A
/// turn that gathers more than ``limit`` bytes writes them as it goes, so that however many
/// requests a turn finishes, its lines take bounded memory.
struct LogBatch {
    /// The lines gathered since the last ``write()``.
    private(set) var text = LogText()
    /// Where lines are written: standard error, unless a test looks at them.
    private let output: (UnsafeBufferPointer<UInt8>) -> Void
    /// The calendar fields of the latest second a line was added in.
    private var latest = UTCTime(secondsSince1970: 0)
    private var latestSecond = 0

    /// Bytes of lines held at most before they are written.
    static let limit = 64 * 1024

    init(output: @escaping (UnsafeBufferPointer<UInt8>) -> Void = Log.writeToStandardError) {
        self.output = output
    }

    /// Adds a line, if ``Log/shared`` logs `level` now, with the fields `addFields` adds.
    mutating func add(_ level: Log.Level, _ message: String, fields addFields: (inout LogText) -> Void) {
        guard Log.shared.logs(level) else { return }
        text.startLine(level, message, at: now())
        addFields(&text)
        text.endLine()
        if text.bytes.count >= Self.limit { write() }
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
        guard !text.bytes.isEmpty else { return }
        text.bytes.withUnsafeBufferPointer { output($0) }
        text.bytes.removeAll(keepingCapacity: true)
    }
}
