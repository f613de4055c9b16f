/// The nearest `Double` to a decimal number of everyday data, found with exact integer
/// arithmetic: when its significant digits are at most 19 (they fit 64 bits) and its power
/// of ten is within ±19 (it fits 64 bits too), the number is an integer product or an
/// integer quotient and remainder, which round to 53 bits exactly as the number would. Other
/// numbers are left to the C library's correctly rounded `strtod`, which costs some ten times
/// as much for numbers of 17 digits, those that print most `Double`s.
enum DoubleFromDecimal {
    /// The powers of ten that fit 64 bits.
    private static let powersOfTen: [UInt64] = (0 ... 19).map { exponent in (0 ..< exponent).reduce(1) { power, _ in power * 10 } }

    /// The nearest `Double` to the JSON number `text` (RFC 8259's grammar), ties to even; nil
    /// when the number is beyond this method's reach.
    static func nearestDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let isNegative = index < text.count && text[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var significand: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        /// Takes the digits from the index on; those after the decimal point lower the exponent.
        /// Once a digit other than 0 is taken, the rest go up to eight at a time.
        func takeDigits(afterPoint: Bool) -> Bool {
            while index < text.count, case let digit = text[index] &- UInt8(ascii: "0"), digit < 10 {
                if significand != 0, let run = digitRun(text, at: index) {
                    guard significantDigits + run.count <= 19 else { return false }
                    significand = significand * powersOfTen[run.count] + run.value
                    significantDigits += run.count
                    if afterPoint { exponent -= run.count }
                    index += run.count
                    continue
                }
                if significand != 0 || digit != 0 {
                    guard significantDigits < 19 else { return false }
                    significand = significand * 10 + UInt64(digit)
                    significantDigits += 1
                }
                if afterPoint { exponent -= 1 }
                index += 1
            }
            return true
        }
        guard takeDigits(afterPoint: false) else { return nil }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            guard takeDigits(afterPoint: true) else { return nil }
        }
        if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            let isNegativeExponent = index < text.count && text[index] == UInt8(ascii: "-")
            if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
            var written = 0
            while index < text.count, case let digit = text[index] &- UInt8(ascii: "0"), digit < 10 {
                guard written < 1_000 else { return nil }
                written = written * 10 + Int(digit)
                index += 1
            }
            exponent += isNegativeExponent ? -written : written
        }
        guard index == text.count, (-19 ... 19).contains(exponent) else { return nil }
        guard significand != 0 else { return isNegative ? -0.0 : 0.0 }
        let magnitude: Double
        if exponent >= 0 {
            let product = significand.multipliedFullWidth(by: powersOfTen[exponent])
            magnitude = rounded(UInt128(product.high) << 64 | UInt128(product.low), isExact: true, exponent: 0)
        } else {
            // significand × 2^shift × 2^64 / 10^-exponent: a quotient of at least 64 bits.
            let divisor = powersOfTen[-exponent]
            let shift = significand.leadingZeroBitCount
            let (high, rest) = (significand << shift).quotientAndRemainder(dividingBy: divisor)
            let (low, remainder) = divisor.dividingFullWidth((high: rest, low: 0))
            magnitude = rounded(UInt128(high) << 64 | UInt128(low), isExact: remainder == 0, exponent: -64 - shift)
        }
        return isNegative ? -magnitude : magnitude
    }

    /// The digits that start at `index` (at most eight) and their value, read as one word:
    /// nil when the text is shorter than a word.
    @inline(__always)
    private static func digitRun(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (count: Int, value: UInt64)? {
        guard text.count >= 8, let base = text.baseAddress else { return nil }
        // The word that starts at the index, or the text's last word shifted down to it (the
        // bytes past the text then read as zeros, which are no digits).
        let start = min(index, text.count - 8)
        let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)) >> (8 * UInt64(index - start))
        let count = JSONText.firstMarked(JSONText.nonDigits(word))
        guard count > 0 else { return nil }
        // Each byte's digit value, first digit lowest; shifted up so that the bytes past the
        // run leave and zeros (leading zero digits) come in below. Then pairs of digits are
        // joined into bytes, pairs of those into 16-bit lanes, and those into one number.
        var lanes = (word &- 0x3030_3030_3030_3030) << (8 * UInt64(8 - count))
        lanes = (lanes &* (10 << 8 + 1)) >> 8 & 0x00FF_00FF_00FF_00FF
        lanes = (lanes &* (100 << 16 + 1)) >> 16 & 0x0000_FFFF_0000_FFFF
        lanes = (lanes &* (10_000 << 32 + 1)) >> 32
        return (count, lanes)
    }

    /// `(value + fraction) × 2^exponent` rounded to 53 bits, ties to even, where the fraction
    /// is in [0, 1) and is 0 exactly when `isExact`. Results are within the normal range.
    private static func rounded(_ value: UInt128, isExact: Bool, exponent: Int) -> Double {
        let width = UInt128.bitWidth - value.leadingZeroBitCount
        guard width > 53 else {
            // Only integers (exact) are this short: their Double is exact.
            return Double(sign: .plus, exponent: exponent, significand: Double(UInt64(truncatingIfNeeded: value)))
        }
        let shift = width - 53
        var mantissa = UInt64(truncatingIfNeeded: value >> shift)
        let rest = value & ((1 << shift) - 1)
        let half = UInt128(1) << (shift - 1)
        if rest > half || (rest == half && (!isExact || mantissa & 1 == 1)) { mantissa += 1 }
        return Double(sign: .plus, exponent: exponent + shift, significand: Double(mantissa))
    }
}
