import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every answer carries, whoever made it (a handler, or the connection answering an
/// unreadable request): its request id, its date, and the CORS fields.
struct ResponseDecorator: Sendable {
    let cors: CORSPolicy

    /// Adds the fields to `response`; `requestID` comes from ``RequestID`` (token characters).
    func decorate(_ response: inout Response, for head: RequestHead?, requestID: String) {
        // Both safe as they are: the id is token characters, the date is the server's own.
        response.headers.replace(checked: HTTPHeaders.Field(name: "X-Request-Id", value: requestID))
        response.headers.replace(checked: HTTPHeaders.Field(name: "Date", value: Self.httpDate()))
        cors.decorate(&response.headers, origin: head?.headers.first("Origin"))
    }

    /// The current time as an HTTP date (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`,
    /// made once a second.
    static func httpDate(_ seconds: Int = time(nil)) -> String {
        latestDate.withLock { latest in
            if latest.seconds != seconds { latest = (seconds, UTCTime(secondsSince1970: seconds).httpDate) }
            return latest.text
        }
    }

    private static let latestDate = Mutex((seconds: Int.min, text: ""))
}
