import Foundation

extension URLComponents: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .urlComponents }

    private enum Key: String { case scheme, user, password, host, port, path, query, fragment }

    /// The optional components as `==` compares them (percent-encoded), each with its key
    /// and syntax, in the order they are set (the scheme first, as it changes how a host is set).
    private static var components: [(Key, WritableKeyPath<URLComponents, String?>, URLComponentSyntax)] {
        [
            (.scheme, \.scheme, .scheme), (.user, \.percentEncodedUser, .userInfo),
            (.password, \.percentEncodedPassword, .userInfo), (.host, \.encodedHost, .host),
            (.query, \.percentEncodedQuery, .queryOrFragment), (.fragment, \.percentEncodedFragment, .queryOrFragment),
        ]
    }

    /// Stores each component as it is held, percent-encoded (not the URL string, which
    /// cannot express every set of components: a user holding a colon, a host with spaces).
    public func encode(to encoder: GEncoder) throws {
        for (key, path, syntax) in Self.components {
            try encoder.encodeIfPresent(Self.checked(self[keyPath: path], key, syntax, encoding: true), for: key)
        }
        try encoder.encodeIfPresent(port, for: Key.port)
        try encoder.encode(Self.checked(percentEncodedPath, .path, .path, encoding: true), for: Key.path)
    }

    public init(from decoder: GDecoder) throws {
        self.init()
        for (key, path, syntax) in Self.components {
            self[keyPath: path] = try Self.checked(decoder.decodeIfPresent(for: key), key, syntax, encoding: false)
        }
        if let port: Int = try decoder.decodeIfPresent(for: Key.port) {
            guard port >= 0 else { throw GCodableError.corrupted("the URLComponents port \(port) is negative", rule: .urlComponentsSyntax) }
            self.port = port
        }
        percentEncodedPath = try Self.checked(decoder.decode(for: Key.path), .path, .path, encoding: false) ?? ""
    }

    /// `value`, if it has the component's syntax: Foundation's setters trap on anything else.
    private static func checked(_ value: String?, _ key: Key, _ syntax: URLComponentSyntax, encoding: Bool) throws -> String? {
        guard let value, !syntax.accepts(value) else { return value }
        let problem = "the URLComponents \(key.rawValue) \"\(value)\" is not percent-encoded as RFC 3986 requires"
        throw encoding ? GCodableError.cannotEncode(Self.self, problem) : GCodableError.corrupted(problem, rule: .urlComponentsSyntax)
    }
}
