/// The head of a request, the request line and header section, with the facts the server
/// acts on derived once when it was parsed.
public struct RequestHead: Equatable, Sendable {
    /// The request method.
    public let method: HTTPMethod
    /// The request target exactly as sent, such as `/graphs/1?format=json`.
    public let target: String
    /// The protocol version of the request: HTTP/1.0 or HTTP/1.1.
    public let version: HTTPVersion
    /// The header fields, in the order received.
    public let headers: HTTPHeaders

    /// The target's path, still percent-encoded: `/` for an absolute target without one,
    /// the authority for CONNECT, `*` for `OPTIONS *`.
    public let path: String
    /// What follows the first `?` of the target, still percent-encoded; nil without a `?`.
    public let query: String?
    /// Whether the client lets the connection stay open after the response: HTTP/1.1 unless
    /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    public let keepAlive: Bool
    /// Whether an HTTP/1.1 client sent `Expect: 100-continue` and may wait for a `100 Continue`
    /// before sending the body; the server sends it only if it will read the body. (HTTP/1.0
    /// clients cannot ask for it: RFC 9110 §10.1.1.)
    public let expectsContinue: Bool
    /// How the body is delimited.
    public let bodyLength: BodyLength

    /// The head of a request with `line` and `headers`, checked as RFC 9110 and RFC 9112
    /// require of a server: exactly one valid `Host` in HTTP/1.1 and at most one in
    /// HTTP/1.0 (400), a target form the method allows (400), unambiguous body framing
    /// (400, or 501 for unknown transfer codings) and no expectation but `100-continue` (417).
    init(_ line: RequestLine, headers: HTTPHeaders) throws(HTTPParseError) {
        try Self.checkHost(headers, version: line.version)
        let target = try RequestTarget(line.target, method: line.method)
        self.method = line.method
        self.target = line.target
        self.version = line.version
        self.headers = headers
        self.path = target.path
        self.query = target.query
        self.bodyLength = try BodyLength(headers: headers, version: line.version)
        self.expectsContinue = try Self.expectsContinue(headers, version: line.version)
        self.keepAlive =
            !headers.contains(token: "close", in: "Connection")
            && (line.version == .http1_1 || headers.contains(token: "keep-alive", in: "Connection"))
    }

    /// Checks RFC 9112 §3.2: a server answers 400 to an HTTP/1.1 request without `Host`, and
    /// to any request with several `Host` lines or an invalid `Host` value.
    private static func checkHost(_ headers: HTTPHeaders, version: HTTPVersion) throws(HTTPParseError) {
        switch headers.count(of: "Host") {
        case 0:
            guard version == .http1_0 else { throw .badRequest(.field("Host"), "missing from an HTTP/1.1 request") }
        case 1:
            // uri-host [":" port]: reg-name, IPv4 or IP-literal characters, never whitespace.
            func isHostByte(_ byte: UInt8) -> Bool {
                if ASCII.isLetter(byte) || ASCII.isDigit(byte) { return true }
                switch byte {
                case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
                    UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
                    UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"),
                    UInt8(ascii: "%"):
                    return true
                default:
                    return false
                }
            }
            if let host = headers.first("Host"), let byte = host.utf8.first(where: { !isHostByte($0) }) {
                throw .badRequest(.field("Host"), "byte \(ASCII.hex(byte)) cannot be in a host")
            }
        default:
            throw .badRequest(.field("Host"), "more than one")
        }
    }

    /// Whether the client waits for `100 Continue`. Any expectation but `100-continue` is
    /// answered 417 (RFC 9110 §10.1.1); HTTP/1.0 clients' `100-continue` is ignored.
    private static func expectsContinue(_ headers: HTTPHeaders, version: HTTPVersion) throws(HTTPParseError) -> Bool {
        guard headers.count(of: "Expect") > 0 else { return false }
        let expectations = headers.values("Expect")
        guard !expectations.isEmpty,
            expectations.allSatisfy({ ASCII.equalsIgnoringCase($0, "100-continue") })
        else {
            throw HTTPParseError(.expectationFailed, .field("Expect"), "only 100-continue is supported")
        }
        return version == .http1_1
    }
}
