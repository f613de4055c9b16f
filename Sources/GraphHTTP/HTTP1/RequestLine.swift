/// The request line of RFC 9112 §3, `method SP request-target SP HTTP-version`, parsed
/// strictly: single spaces, a token method, a visible-ASCII target and `HTTP/1.0` or `HTTP/1.1`.
struct RequestLine: Sendable {
    let method: HTTPMethod
    /// The request target exactly as sent.
    let target: String
    let version: HTTPVersion

    /// Parses the content of a request line, without its CRLF.
    init(parsing line: ArraySlice<UInt8>) throws(HTTPParseError) {
        try Self.checkStart(line)
        guard let methodEnd = line.firstIndex(of: ASCII.space) else {
            throw .badRequest(.requestLine, "no space after the method")
        }
        let method = line[..<methodEnd]
        if let byte = method.first(where: { !ASCII.isTokenByte($0) }) {
            throw .badRequest(.requestLine, "byte \(ASCII.hex(byte)) in the method")
        }
        let rest = line[(methodEnd + 1)...]
        guard let targetEnd = rest.firstIndex(of: ASCII.space) else {
            throw .badRequest(.requestLine, "no space after the request target")
        }
        let target = rest[..<targetEnd]
        guard !target.isEmpty else { throw .badRequest(.requestLine, "empty request target") }
        if let byte = target.first(where: { !ASCII.isVisible($0) }) {
            throw .badRequest(.requestLine, "byte \(ASCII.hex(byte)) in the request target")
        }
        self.method = HTTPMethod(rawValue: String(decoding: method, as: UTF8.self))
        self.target = String(decoding: target, as: UTF8.self)
        self.version = try Self.version(rest[(targetEnd + 1)...])
    }

    /// Checks what has arrived of a request line so far, so that input that cannot be HTTP
    /// (a TLS handshake, say) fails at its first byte instead of filling the line limit.
    /// A CR may start an empty line, which is skipped before a request line.
    static func checkStart(_ partialLine: ArraySlice<UInt8>) throws(HTTPParseError) {
        if let first = partialLine.first, first != ASCII.cr, !ASCII.isTokenByte(first) {
            throw .badRequest(.requestLine, "byte \(ASCII.hex(first)) cannot start a method")
        }
    }

    /// The version `HTTP/DIGIT.DIGIT`: 400 if malformed, 505 unless its major version is 1.
    /// A later 1.x is served as HTTP/1.1, the highest minor version this server implements
    /// (RFC 9110 §2.5).
    private static func version(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        func digit(_ byte: UInt8) -> Int? {
            ASCII.isDigit(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }
        let start = bytes.startIndex
        guard bytes.count == 8, bytes.starts(with: "HTTP/".utf8),
            let major = digit(bytes[start + 5]), bytes[start + 6] == UInt8(ascii: "."),
            let minor = digit(bytes[start + 7])
        else { throw .badRequest(.requestLine, "malformed HTTP version") }
        guard major == 1 else {
            throw HTTPParseError(.httpVersionNotSupported, .requestLine, "\(HTTPVersion(major: major, minor: minor)) is not supported")
        }
        return minor == 0 ? .http1_0 : .http1_1
    }
}
