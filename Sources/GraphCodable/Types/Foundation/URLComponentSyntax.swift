/// The characters each URL component may hold once percent-encoded (RFC 3986), as
/// Foundation's `URLComponents` checks them: its percent-encoded setters trap on anything
/// else, so an archived component is checked here first.
enum URLComponentSyntax {
    case scheme, userInfo, host, path, queryOrFragment

    /// Whether `value` is a valid percent-encoded form of the component.
    func accepts(_ value: String) -> Bool {
        switch self {
        case .scheme:
            guard let first = value.utf8.first, Self.letters.contains(first) else { return false }
            return value.utf8.allSatisfy { Self.schemeCharacters.contains($0) }
        case .host where value.utf8.count >= 2 && value.utf8.first == UInt8(ascii: "[") && value.utf8.last == UInt8(ascii: "]"):
            return Self.acceptsIPLiteral(value.utf8.dropFirst().dropLast())
        case .userInfo: return Self.isPercentEncoded(value.utf8, allowing: Self.userInfoCharacters)
        case .host: return Self.isPercentEncoded(value.utf8, allowing: Self.registeredNameCharacters)
        case .path: return Self.isPercentEncoded(value.utf8, allowing: Self.pathCharacters)
        case .queryOrFragment: return Self.isPercentEncoded(value.utf8, allowing: Self.queryCharacters)
        }
    }

    /// An IP literal between brackets: an address, then optionally `%25` and a zone id.
    private static func acceptsIPLiteral(_ inner: Substring.UTF8View) -> Bool {
        guard let percent = inner.firstIndex(of: UInt8(ascii: "%")) else {
            return inner.allSatisfy { userInfoCharacters.contains($0) }
        }
        let zone = inner[percent...]
        guard zone.starts(with: "%25".utf8) else { return false }
        return inner[..<percent].allSatisfy { userInfoCharacters.contains($0) }
            && isPercentEncoded(zone.dropFirst(3), allowing: unreservedCharacters)
    }

    /// Whether `bytes` are all ASCII in `allowed`, or `%` followed by two hex digits.
    private static func isPercentEncoded(_ bytes: some Collection<UInt8>, allowing allowed: ASCIISet) -> Bool {
        var hexDigitsDue = 0
        for byte in bytes {
            if hexDigitsDue > 0 {
                guard hexDigits.contains(byte) else { return false }
                hexDigitsDue -= 1
            } else if byte == UInt8(ascii: "%") {
                hexDigitsDue = 2
            } else if !allowed.contains(byte) {
                return false
            }
        }
        return hexDigitsDue == 0
    }

    private static let letters = ASCIISet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    private static let digits = ASCIISet("0123456789")
    private static let hexDigits = digits.union(ASCIISet("ABCDEFabcdef"))
    private static let unreservedCharacters = letters.union(digits).union(ASCIISet("-._~"))
    private static let subDelimiters = ASCIISet("!$&'()*+,;=")
    private static let schemeCharacters = letters.union(digits).union(ASCIISet("+-."))
    private static let userInfoCharacters = unreservedCharacters.union(subDelimiters).union(ASCIISet(":"))
    private static let registeredNameCharacters = unreservedCharacters.union(subDelimiters)
    private static let pathCharacters = registeredNameCharacters.union(ASCIISet(":@/"))
    private static let queryCharacters = pathCharacters.union(ASCIISet("?"))
}

/// A set of ASCII bytes, as a 128-bit mask.
struct ASCIISet {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ characters: String) {
        for byte in characters.utf8 where byte < 128 {
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << byte) != 0 : byte < 128 && high & (1 << (byte - 64)) != 0
    }

    func union(_ other: ASCIISet) -> ASCIISet {
        var union = self
        union.low |= other.low
        union.high |= other.high
        return union
    }
}
