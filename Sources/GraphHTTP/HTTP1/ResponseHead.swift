/// The head of a response: its status and header fields.
///
/// The status line always says HTTP/1.1, whatever the request's version: a server sends the
/// highest minor version it supports (RFC 9110 §2.5), and ``ResponseFraming`` keeps what it
/// writes readable by HTTP/1.0 clients.
struct ResponseHead: Equatable, Sendable {
    var status: HTTPStatus
    var headers: HTTPHeaders

    init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.headers = headers
    }

    /// The interim response that tells a client waiting after `Expect: 100-continue` to
    /// send its body.
    static let continueBytes: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Appends the status line, the field lines and the empty line that ends the head.
    func write(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "HTTP/1.1 ".utf8)
        let code = status.code  // three digits
        bytes.append(UInt8(ascii: "0") + UInt8(code / 100))
        bytes.append(UInt8(ascii: "0") + UInt8(code / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(code % 10))
        bytes.append(ASCII.space)
        bytes.append(contentsOf: status.reasonPhrase.utf8)
        bytes.append(contentsOf: Self.crlf)
        for field in headers {
            bytes.append(contentsOf: field.name.utf8)
            bytes.append(contentsOf: ": ".utf8)
            bytes.append(contentsOf: field.value.utf8)
            bytes.append(contentsOf: Self.crlf)
        }
        bytes.append(contentsOf: Self.crlf)
    }

    private static let crlf: [UInt8] = [ASCII.cr, ASCII.lf]
}
