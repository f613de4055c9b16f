import Foundation

/// The number a Decimal's archived text writes (Docs/ArchiveFormat.md, "Decimal text"):
/// `-? D+ (. D+)? (e -? D+)?`, all of the text, with a power of ten of at most nine
/// significant digits.
///
/// Foundation's parser cannot be trusted with such text alone: it keeps 38 or so digits
/// and drops the rest without a word, and refuses some numbers a Decimal holds (`1e128`,
/// which is 10 × 10^127). So the text is read here, handed to the parser in a form it reads
/// exactly, and the result is checked against it.
struct DecimalText: Equatable {
    /// Whether the number is below zero (never for a zero).
    let negative: Bool
    /// The significant digits in ASCII, without leading or trailing zeros; empty for a zero.
    let digits: [UInt8]
    /// The power of ten the digits are multiplied by; for a zero, the text's own (`0.000`
    /// is a zero with exponent −3).
    let exponent: Int

    /// The largest significand of a Decimal, 2^128 − 1.
    private static let largestSignificand = Array("340282366920938463463374607431768211455".utf8)
    private static let exponents = -128 ... 127

    init?(_ text: String) {
        var bytes = text.utf8[...]
        func digits() -> [UInt8]? {
            let run = bytes.prefix { (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains($0) }
            bytes = bytes.dropFirst(run.count)
            return run.isEmpty ? nil : Array(run)
        }
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        guard let integer = digits() else { return nil }
        var fraction: [UInt8] = []
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard let run = digits() else { return nil }
            fraction = run
        }
        var power = 0
        if bytes.first == UInt8(ascii: "e") {
            bytes = bytes.dropFirst()
            let negativePower = bytes.first == UInt8(ascii: "-")
            if negativePower { bytes = bytes.dropFirst() }
            guard let run = digits() else { return nil }
            let significant = run.drop { $0 == UInt8(ascii: "0") }
            guard significant.count <= 9 else { return nil }
            power = significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } * (negativePower ? -1 : 1)
        }
        guard bytes.isEmpty else { return nil }
        let all = integer + fraction
        power -= fraction.count
        guard let first = all.firstIndex(where: { $0 != UInt8(ascii: "0") }),
            let last = all.lastIndex(where: { $0 != UInt8(ascii: "0") })
        else {
            self.init(negative: false, digits: [], exponent: power)
            return
        }
        self.init(negative: negative, digits: Array(all[first ... last]), exponent: power + all.count - 1 - last)
    }

    private init(negative: Bool, digits: [UInt8], exponent: Int) {
        self.negative = negative
        self.digits = digits
        self.exponent = exponent
    }

    /// The same number as `m e k` with a significand `m` below 2^128 and `k` in −128 … 127,
    /// which Foundation's parser reads exactly; nil when no Decimal holds the number.
    var exactText: String? {
        guard !digits.isEmpty else { return Self.exponents.contains(exponent) ? "0e\(exponent)" : nil }
        // A power above 127 moves into the significand as zeros.
        let shift = max(0, exponent - Self.exponents.upperBound)
        guard shift <= Self.largestSignificand.count, Self.exponents.contains(exponent - shift) else { return nil }
        let significand = digits + repeatElement(UInt8(ascii: "0"), count: shift)
        guard
            significand.count < Self.largestSignificand.count
                || significand.count == Self.largestSignificand.count
                    && !Self.largestSignificand.lexicographicallyPrecedes(significand)
        else { return nil }
        return (negative ? "-" : "") + String(decoding: significand, as: UTF8.self) + "e\(exponent - shift)"
    }
}

extension Decimal {
    /// The decimal an archive's text stands for: `NaN`, or a ``DecimalText`` that a
    /// Decimal holds exactly.
    init?(archivedText text: String) {
        if text == "NaN" {
            self = .nan
            return
        }
        guard let number = DecimalText(text), let exact = number.exactText,
            let value = Decimal(string: exact, locale: nil), !value.isNaN, DecimalText(value.archivedText) == number
        else { return nil }
        self = value
    }

    /// The text a Decimal is archived as: `NaN`, a zero with its exponent (`0e-3`: the
    /// description would drop it), or the description.
    var archivedText: String {
        isNaN ? "NaN" : isZero && exponent != 0 ? "0e\(exponent)" : description
    }
}
