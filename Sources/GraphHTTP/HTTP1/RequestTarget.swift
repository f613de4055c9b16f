/// The path and query of a request target, which must have one of the four forms of
/// RFC 9112 §3.2: origin (`/path?query`), absolute (`http://host/path?query`), authority
/// (`host:port`, for CONNECT only) or asterisk (`*`, for OPTIONS only).
struct RequestTarget: Sendable {
    /// The path, still percent-encoded: `/` for an absolute target without one, the
    /// authority for CONNECT, `*` for the asterisk form.
    let path: String
    /// What follows the first `?`, still percent-encoded; nil when there is no `?`.
    let query: String?

    /// Splits `target`, the visible-ASCII request target of a `method` request.
    init(_ target: String, method: HTTPMethod) throws(HTTPParseError) {
        if method == .connect {
            guard target.utf8.first != UInt8(ascii: "/"), target != "*", Self.schemeEnd(target) == nil else {
                throw .badRequest(.requestTarget, "CONNECT needs the authority form host:port")
            }
            (path, query) = (target, nil)
        } else if target == "*" {
            guard method == .options else { throw .badRequest(.requestTarget, "only OPTIONS may target *") }
            (path, query) = (target, nil)
        } else if target.utf8.first == UInt8(ascii: "/") {
            (path, query) = Self.split(target[...])
        } else if let schemeEnd = Self.schemeEnd(target) {
            let afterScheme = target[schemeEnd...]
            let pathStart = afterScheme.utf8.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? afterScheme.endIndex
            let (path, query) = Self.split(afterScheme[pathStart...])
            (self.path, self.query) = (path.isEmpty ? "/" : path, query)
        } else {
            throw .badRequest(.requestTarget, "neither a path, an absolute URI nor *")
        }
    }

    /// `pathAndQuery` split at its first `?`.
    private static func split(_ pathAndQuery: Substring) -> (path: String, query: String?) {
        let bytes = pathAndQuery.utf8
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return (String(pathAndQuery), nil) }
        return (String(pathAndQuery[..<mark]), String(pathAndQuery[bytes.index(after: mark)...]))
    }

    /// Where the authority starts in an absolute target, after `scheme://`; nil if
    /// `target` does not start with a scheme (RFC 3986 §3.1) and `://`.
    private static func schemeEnd(_ target: String) -> String.Index? {
        guard let colon = target.utf8.firstIndex(of: ASCII.colon), target.utf8[colon...].starts(with: "://".utf8) else { return nil }
        let scheme = target[..<colon].utf8
        func isSchemeByte(_ byte: UInt8) -> Bool {
            ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }
        guard let first = scheme.first, ASCII.isLetter(first), scheme.allSatisfy(isSchemeByte) else { return nil }
        return target.utf8.index(colon, offsetBy: 3)
    }
}
