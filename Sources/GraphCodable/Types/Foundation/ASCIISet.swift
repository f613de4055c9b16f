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

    /// The ASCII letters, either case.
    static let letters = ASCIISet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    /// The lowercase ASCII letters.
    static let lowercaseLetters = ASCIISet("abcdefghijklmnopqrstuvwxyz")
    /// The ASCII digits.
    static let digits = ASCIISet("0123456789")
}
