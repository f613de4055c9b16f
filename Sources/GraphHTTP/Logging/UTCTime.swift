#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A moment in UTC broken down into its calendar fields, as log lines and HTTP dates show
/// it, composed without Foundation's formatters, so that stamping every request's log line
/// and answer stays cheap.
struct UTCTime {
    var year: Int
    /// 1 to 12.
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
    var millisecond: Int
    /// 0 for Sunday to 6 for Saturday.
    var weekday: Int

    /// The moment `seconds` and `millisecond` after 1970-01-01 00:00:00 UTC.
    init(secondsSince1970 seconds: Int, millisecond: Int = 0) {
        var clock = time_t(seconds)
        var parts = tm()
        gmtime_r(&clock, &parts)
        year = Int(parts.tm_year) + 1900
        month = Int(parts.tm_mon) + 1
        day = Int(parts.tm_mday)
        hour = Int(parts.tm_hour)
        minute = Int(parts.tm_min)
        second = Int(parts.tm_sec)
        self.millisecond = millisecond
        weekday = Int(parts.tm_wday)
    }

    /// Now, by the system's clock.
    static func now() -> UTCTime {
        let (second, millisecond) = clock()
        return UTCTime(secondsSince1970: second, millisecond: millisecond)
    }

    /// The system's clock: seconds since 1970 and the millisecond within the second.
    static func clock() -> (second: Int, millisecond: Int) {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        return (Int(clock.tv_sec), Int(clock.tv_nsec) / 1_000_000)
    }

    /// Appends the moment as ISO 8601 with milliseconds: `2026-11-26T13:28:17.538Z`.
    func appendISO8601(to text: inout [UInt8]) {
        ASCII.appendDecimal(year, minimumDigits: 4, to: &text)
        text.append(UInt8(ascii: "-"))
        ASCII.appendDecimal(month, minimumDigits: 2, to: &text)
        text.append(UInt8(ascii: "-"))
        ASCII.appendDecimal(day, minimumDigits: 2, to: &text)
        text.append(UInt8(ascii: "T"))
        appendClock(to: &text)
        text.append(UInt8(ascii: "."))
        ASCII.appendDecimal(millisecond, minimumDigits: 3, to: &text)
        text.append(UInt8(ascii: "Z"))
    }

    /// The moment as an HTTP date (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`.
    var httpDate: String {
        var text: [UInt8] = []
        text.reserveCapacity(29)
        text += Self.weekdays[weekday].utf8
        text += ", ".utf8
        ASCII.appendDecimal(day, minimumDigits: 2, to: &text)
        text.append(UInt8(ascii: " "))
        text += Self.months[month - 1].utf8
        text.append(UInt8(ascii: " "))
        ASCII.appendDecimal(year, minimumDigits: 4, to: &text)
        text.append(UInt8(ascii: " "))
        appendClock(to: &text)
        text += " GMT".utf8
        return String(decoding: text, as: UTF8.self)
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `hh:mm:ss`.
    private func appendClock(to text: inout [UInt8]) {
        ASCII.appendDecimal(hour, minimumDigits: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        ASCII.appendDecimal(minute, minimumDigits: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        ASCII.appendDecimal(second, minimumDigits: 2, to: &text)
    }
}
