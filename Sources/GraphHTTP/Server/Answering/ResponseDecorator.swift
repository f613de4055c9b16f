import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The head every answer gets, whoever made it (a handler, or the connection answering an
/// unreadable request): the answer's status and fields, then the fields the server sets
/// itself (its request id, its date, the CORS fields and the framing).
struct ResponseDecorator: Sendable {
    let cors: CORSPolicy

    /// Appends the head of `response`, framed by `framing`, to `bytes`; `requestID` comes
    /// from ``RequestID`` (token characters). The fields the server sets take the place of
    /// any the response has under their names.
    func writeHead(of response: Response, for head: RequestHead?, requestID: String, framing: ResponseFraming, to bytes: inout [UInt8]) {
        var headers = response.headers
        cors.decorate(&headers, requestHeaders: head?.headers)
        ResponseHead.writeStatusLine(response.status, to: &bytes)
        for field in headers where !Self.setByServer.contains(where: { ASCII.equalsIgnoringCase($0, field.name) }) {
            ResponseHead.writeField(field.name, field.value, to: &bytes)
        }
        // Both safe as they are: the id is token characters, the date is the server's own.
        ResponseHead.writeField("X-Request-Id", requestID, to: &bytes)
        ResponseHead.writeField("Date", Self.httpDate(), to: &bytes)
        framing.writeFields(to: &bytes)
        ResponseHead.writeEnd(to: &bytes)
    }

    /// The fields written after the answer's own, which leave theirs out.
    private static let setByServer = ["X-Request-Id", "Date"] + ResponseFraming.fieldNames

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
