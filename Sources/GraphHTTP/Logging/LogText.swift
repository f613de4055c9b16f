/// Lines of the log in logfmt, composed straight into their bytes: `time=… level=… msg=…`,
/// then the fields, each written as it is added, numbers as digits: the access log's line
/// is written for every request, so its fields make no `String` or dictionary literal of
/// their own.
struct LogText {
    /// The lines composed so far, the last unfinished until ``endLine()``.
    var bytes: [UInt8] = []

    /// Starts a line of `level` with `message`, logged at `time`.
    mutating func startLine(_ level: Log.Level, _ message: String, at time: UTCTime) {
        bytes += "time=".utf8
        time.appendISO8601(to: &bytes)
        bytes += " level=".utf8
        bytes += level.name.utf8
        bytes += " msg=".utf8
        appendQuoted(message)
    }

    /// Adds the field `key=value`, `value` in quotes when it must be.
    mutating func add(_ key: String, _ value: String) {
        appendKey(key)
        appendQuoted(value)
    }

    /// Adds the field `key=value`, `value` in decimal.
    mutating func add(_ key: String, _ value: Int) {
        appendKey(key)
        ASCII.appendDecimal(value, to: &bytes)
    }

    /// Adds the field `key=true` or `key=false`.
    mutating func add(_ key: String, _ value: Bool) {
        appendKey(key)
        bytes += (value ? "true" : "false").utf8
    }

    /// Adds the field `key=value`, a duration given in nanoseconds shown in milliseconds
    /// with one decimal, rounded: `1.3` for 1,250,000.
    mutating func add(_ key: String, milliseconds nanoseconds: UInt64) {
        appendKey(key)
        let tenths = Int(clamping: nanoseconds / 100_000 + (nanoseconds % 100_000 >= 50_000 ? 1 : 0))
        ASCII.appendDecimal(tenths / 10, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(tenths % 10))
    }

    /// Ends the line with a line feed.
    mutating func endLine() {
        bytes.append(UInt8(ascii: "\n"))
    }

    private mutating func appendKey(_ key: String) {
        bytes.append(ASCII.space)
        bytes += key.utf8
        bytes.append(UInt8(ascii: "="))
    }

    /// Appends `value`, in quotes when it is empty or has spaces, quotes, `=`, backslashes or
    /// control characters (escaped then).
    private mutating func appendQuoted(_ value: String) {
        func isPlain(_ byte: UInt8) -> Bool {
            byte > 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "=") && byte != UInt8(ascii: "\\") && byte != 0x7F
        }
        let utf8 = value.utf8
        let plain = !utf8.isEmpty && (utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPlain) } ?? utf8.allSatisfy(isPlain))
        if plain {
            bytes += utf8
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": bytes += #"\""#.utf8
            case "\\": bytes += #"\\"#.utf8
            case "\n": bytes += #"\n"#.utf8
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: bytes += "\\u{\(String(scalar.value, radix: 16))}".utf8
            default: UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
