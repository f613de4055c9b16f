extension RequestHead {
    /// How a request's body is delimited (RFC 9112 §6.3).
    public enum BodyLength: Equatable, Sendable {
        /// No body: the request has neither `Content-Length` nor `Transfer-Encoding`.
        case none
        /// A body of exactly this many bytes, from `Content-Length`.
        case length(Int)
        /// A chunked body, whose length is known only at its last chunk.
        case chunked

        /// The framing `headers` declare, with every ambiguity a request could be smuggled
        /// through answered 400: `Content-Length` beside `Transfer-Encoding`, differing or
        /// malformed lengths, `Transfer-Encoding` in HTTP/1.0, codings that do not end with
        /// `chunked`, `chunked` twice. Other codings before a final `chunked` are answered 501.
        init(headers: HTTPHeaders, version: HTTPVersion) throws(HTTPParseError) {
            let hasLength = headers.count(of: "Content-Length") > 0
            guard headers.count(of: "Transfer-Encoding") > 0 else {
                self = hasLength ? .length(try Self.contentLength(headers)) : .none
                return
            }
            guard !hasLength else {
                throw .badRequest(.field("Transfer-Encoding"), "sent with Content-Length")
            }
            guard version == .http1_1 else {
                throw .badRequest(.field("Transfer-Encoding"), "not allowed in an HTTP/1.0 request")
            }
            let codings = headers.values("Transfer-Encoding")
            guard let last = codings.last, ASCII.equalsIgnoringCase(last, "chunked") else {
                // RFC 9112 §6.3: without chunked last, the body's end cannot be found; a server MUST answer 400.
                throw .badRequest(.field("Transfer-Encoding"), "chunked is not the final coding")
            }
            if let coding = codings.first(where: { !ASCII.equalsIgnoringCase($0, "chunked") }) {
                throw HTTPParseError(.notImplemented, .field("Transfer-Encoding"), "the coding \"\(coding)\" is not supported")
            }
            guard codings.count == 1 else { throw .badRequest(.field("Transfer-Encoding"), "chunked more than once") }
            self = .chunked
        }

        /// The one length all `Content-Length` lines and list elements agree on; identical
        /// repeats are accepted (RFC 9110 §8.6).
        private static func contentLength(_ headers: HTTPHeaders) throws(HTTPParseError) -> Int {
            var length: Int?
            for field in headers where ASCII.equalsIgnoringCase(field.name, "Content-Length") {
                for element in field.value.utf8.split(separator: ASCII.comma, omittingEmptySubsequences: false) {
                    let digits = ASCII.trimmingWhitespace(element)
                    let value = try Self.decimal(digits)
                    guard length == nil || length == value else {
                        throw .badRequest(.field("Content-Length"), "different lengths \(length ?? 0) and \(value)")
                    }
                    length = value
                }
            }
            return length ?? 0
        }

        /// The value of `1*DIGIT`.
        private static func decimal(_ digits: Substring.UTF8View) throws(HTTPParseError) -> Int {
            guard !digits.isEmpty, digits.allSatisfy(ASCII.isDigit) else {
                throw .badRequest(.field("Content-Length"), "\"\(Substring(digits))\" is not a length")
            }
            var value = 0
            for digit in digits {
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, carry) = shifted.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
                guard !overflow, !carry else { throw .badRequest(.field("Content-Length"), "the length overflows") }
                value = sum
            }
            return value
        }
    }
}
