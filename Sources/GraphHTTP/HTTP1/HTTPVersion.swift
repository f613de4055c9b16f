/// An HTTP protocol version, `HTTP/major.minor` on the wire.
public struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    /// The major version: 1 for HTTP/1.x.
    public let major: Int
    /// The minor version: 0 or 1 for HTTP/1.x.
    public let minor: Int

    /// The version `HTTP/major.minor`.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// The version as written on a request or status line, such as `HTTP/1.1`.
    public var description: String { "HTTP/\(major).\(minor)" }

    /// HTTP/1.0 (RFC 1945): connections close after each exchange unless both sides agree otherwise.
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    /// HTTP/1.1 (RFC 9112): persistent connections, chunked transfer coding, `Host` required.
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)
}
