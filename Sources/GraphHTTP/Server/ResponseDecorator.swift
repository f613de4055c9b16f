#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every answer carries, whoever made it (a handler, or the connection answering an
/// unreadable request): its request id, its date, and the CORS fields.
struct ResponseDecorator: Sendable {
    let cors: CORSPolicy

    func decorate(_ response: inout Response, for head: RequestHead?, requestID: String) {
        response.headers.replace(name: "X-Request-Id", value: requestID)
        response.headers.replace(name: "Date", value: Self.httpDate())
        cors.decorate(&response.headers, origin: head?.headers.first("Origin"))
    }

    /// The current time as an HTTP date (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate(_ seconds: Int = time(nil)) -> String {
        var clock = time_t(seconds)
        var parts = tm()
        gmtime_r(&clock, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
