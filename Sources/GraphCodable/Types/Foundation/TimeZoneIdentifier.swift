/// The time zone identifiers archives may hold (Docs/ArchiveFormat.md, code 47): the
/// format's rule is syntax alone, the tz database's form of names; whether this platform
/// knows a zone is decoding's question, not the format's.
enum TimeZoneIdentifier {
    /// The longest identifier: well above any zone's name, and bounded.
    static let maximumLength = 255

    /// Names separated by `/`, each a letter, then letters, digits, `_`, `-` and `+`
    /// (`America/Argentina/Buenos_Aires`, `Etc/GMT+5`, `EST5EDT`, `GMT+0101`).
    static func isWellFormed(_ identifier: String) -> Bool {
        guard identifier.utf8.count <= maximumLength else { return false }
        return identifier.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { name in
            guard let first = name.first, ASCIISet.letters.contains(first) else { return false }
            return name.allSatisfy(nameCharacters.contains)
        }
    }

    /// The identifier Foundation gives a zone `offset` seconds from GMT: `GMT`, or `GMT`,
    /// the sign, and the hours and minutes of the offset rounded to the nearest minute
    /// (half a minute away from zero), two digits each; `GMT` when that is 0 minutes.
    static func fixedOffset(_ offset: Int) -> String {
        let minutes = (offset.magnitude + 30) / 60
        guard minutes > 0 else { return "GMT" }
        let digits = { (number: UInt) in number < 10 ? "0\(number)" : "\(number)" }
        return "GMT" + (offset < 0 ? "-" : "+") + digits(minutes / 60) + digits(minutes % 60)
    }

    private static let nameCharacters = ASCIISet.letters.union(ASCIISet.digits).union(ASCIISet("_-+"))
}
