/// How the head of a response is written: its status line, its field lines, and the empty
/// line that ends it (RFC 9112 §4 and §5).
///
/// The status line always says HTTP/1.1, whatever the request's version: a server sends the
/// highest minor version it supports (RFC 9110 §2.5), and ``ResponseFraming`` keeps what it
/// writes readable by HTTP/1.0 clients.
enum ResponseHead {
    /// The interim response that tells a client waiting after `Expect: 100-continue` to
    /// send its body.
    static let continueBytes: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Appends the status line of `status`.
    static func writeStatusLine(_ status: HTTPStatus, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "HTTP/1.1 ".utf8)
        let code = status.code // three digits
        bytes.append(UInt8(ascii: "0") + UInt8(code / 100))
        bytes.append(UInt8(ascii: "0") + UInt8(code / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(code % 10))
        bytes.append(ASCII.space)
        bytes.append(contentsOf: status.reasonPhrase.utf8)
        bytes.append(contentsOf: crlf)
    }

    /// Appends the field line `name: value`; both must be safe as ``HTTPHeaders`` keeps them.
    static func writeField(_ name: String, _ value: String, to bytes: inout [UInt8]) {
        writeFieldName(name, to: &bytes)
        bytes.append(contentsOf: value.utf8)
        bytes.append(contentsOf: crlf)
    }

    /// Appends the field line `name: value` of a number.
    static func writeField(_ name: String, _ value: Int, to bytes: inout [UInt8]) {
        writeFieldName(name, to: &bytes)
        ASCII.appendDecimal(value, to: &bytes)
        bytes.append(contentsOf: crlf)
    }

    /// Appends the empty line that ends the head.
    static func writeEnd(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: crlf)
    }

    private static func writeFieldName(_ name: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(ASCII.colon)
        bytes.append(ASCII.space)
    }

    private static let crlf: [UInt8] = [ASCII.cr, ASCII.lf]
}
