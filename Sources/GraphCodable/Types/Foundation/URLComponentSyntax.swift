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

    /// An IP literal between brackets (RFC 3986 `IP-literal`, with RFC 6874's zone
    /// identifiers): an IPv6 address, optionally followed by `%25` and a zone identifier
    /// (unreserved characters and percent-encodings), or an `IPvFuture`.
    private static func acceptsIPLiteral(_ inner: Substring.UTF8View) -> Bool {
        if let version = inner.first, version | 0x20 == UInt8(ascii: "v") {
            return acceptsIPvFuture(inner.dropFirst())
        }
        guard let percent = inner.firstIndex(of: UInt8(ascii: "%")) else { return acceptsIPv6(inner) }
        let zone = inner[percent...]
        return acceptsIPv6(inner[..<percent]) && zone.starts(with: "%25".utf8) && zone.count > 3
            && isPercentEncoded(zone.dropFirst(3), allowing: unreservedCharacters)
    }

    /// RFC 3986 `IPvFuture` after its `v`: hex digits, a dot, then one or more unreserved,
    /// sub-delimiter or `:` characters.
    private static func acceptsIPvFuture(_ rest: Substring.UTF8View) -> Bool {
        guard let dot = rest.firstIndex(of: UInt8(ascii: ".")) else { return false }
        let version = rest[..<dot], text = rest[rest.index(after: dot)...]
        return !version.isEmpty && version.allSatisfy(hexDigits.contains) && !text.isEmpty && text.allSatisfy(userInfoCharacters.contains)
    }

    /// RFC 3986 `IPv6address`: eight groups of one to four hex digits separated by colons,
    /// the last two of which may be an IPv4 address; or fewer groups with one `::` standing
    /// for at least one group of zeros.
    private static func acceptsIPv6(_ address: Substring.UTF8View) -> Bool {
        let colon = UInt8(ascii: ":")
        let text = Array(address)
        var compressed = false
        var groups = 0
        var index = 0
        if text.starts(with: [colon, colon]) {
            compressed = true
            index = 2
            if index == text.count { return true }
        }
        while index < text.count {
            let end = text[index...].firstIndex(of: colon) ?? text.count
            let group = text[index ..< end]
            if end == text.count, group.contains(UInt8(ascii: ".")) {
                return acceptsIPv4(group) && (compressed ? groups + 2 <= 7 : groups + 2 == 8)
            }
            guard (1 ... 4).contains(group.count), group.allSatisfy(hexDigits.contains) else { return false }
            groups += 1
            guard end < text.count else { break }
            index = end + 1
            if index < text.count, text[index] == colon {
                guard !compressed else { return false }
                compressed = true
                index += 1
                if index == text.count { break }
            } else if index == text.count {
                return false // a single colon at the end
            }
        }
        return compressed ? groups <= 7 : groups == 8
    }

    /// RFC 3986 `IPv4address`: four decimal octets 0–255 without leading zeros.
    private static func acceptsIPv4(_ address: ArraySlice<UInt8>) -> Bool {
        let octets = address.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return octets.count == 4
            && octets.allSatisfy { octet in
                (1 ... 3).contains(octet.count) && octet.allSatisfy(digits.contains)
                    && (octet.count == 1 || octet.first != UInt8(ascii: "0"))
                    && Int(String(decoding: octet, as: UTF8.self))! <= 255
            }
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

    private static let letters = ASCIISet.letters
    private static let digits = ASCIISet.digits
    private static let hexDigits = digits.union(ASCIISet("ABCDEFabcdef"))
    private static let unreservedCharacters = letters.union(digits).union(ASCIISet("-._~"))
    private static let subDelimiters = ASCIISet("!$&'()*+,;=")
    private static let schemeCharacters = letters.union(digits).union(ASCIISet("+-."))
    private static let userInfoCharacters = unreservedCharacters.union(subDelimiters).union(ASCIISet(":"))
    private static let registeredNameCharacters = unreservedCharacters.union(subDelimiters)
    private static let pathCharacters = registeredNameCharacters.union(ASCIISet(":@/"))
    private static let queryCharacters = pathCharacters.union(ASCIISet("?"))
}
