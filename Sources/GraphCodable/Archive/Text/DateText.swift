/// How dumps show a date: `2026-11-23 18:05:00 +0000` (UTC, the proleptic Gregorian
/// calendar, whole seconds, as `Date.description` shows it), computed here because
/// Foundation's `Date.description` traps on NaN. Dates that are not finite, or beyond
/// ±2⁵³ seconds, show their seconds since 2001-01-01 00:00:00 UTC.
enum DateText {
    /// Seconds from 1970-01-01 to 2001-01-01.
    private static let referenceDateOffset: Int64 = 978_307_200

    static func describe(secondsSinceReferenceDate seconds: Double) -> String {
        var utf8: [UInt8] = []
        utf8.appendDate(secondsSinceReferenceDate: seconds)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Appends to `utf8` the text of ``describe(secondsSinceReferenceDate:)``.
    fileprivate static func append(secondsSinceReferenceDate seconds: Double, to utf8: inout [UInt8]) {
        guard seconds.isFinite, seconds.magnitude <= 0x1p53 else {
            utf8.append(contentsOf: "\(seconds) s from 2001-01-01 00:00:00 +0000".utf8)
            return
        }
        let whole = seconds.rounded(.down)
        let unixSeconds = Int64(whole) + referenceDateOffset
        let (days, secondOfDay) = floorDivision(unixSeconds, 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        if year < 0 { utf8.append(UInt8(ascii: "-")) }
        appendPadded(year.magnitude, 4, then: "-", to: &utf8)
        appendPadded(UInt64(month), 2, then: "-", to: &utf8)
        appendPadded(UInt64(day), 2, then: " ", to: &utf8)
        appendPadded(UInt64(secondOfDay / 3600), 2, then: ":", to: &utf8)
        appendPadded(UInt64(secondOfDay / 60 % 60), 2, then: ":", to: &utf8)
        appendPadded(UInt64(secondOfDay % 60), 2, then: " ", to: &utf8)
        utf8.append(contentsOf: "+0000".utf8)
    }

    /// The year, month and day of a day counted from 1970-01-01 (Gregorian, proleptic).
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let (era, dayOfEra) = floorDivision(days + 719_468, 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// Appends the digits of `value`, with zeros before them up to `width`, then `separator`.
    private static func appendPadded(_ value: UInt64, _ width: Int, then separator: Unicode.Scalar, to utf8: inout [UInt8]) {
        IntegerDigits.with(value, minimumDigits: width) { utf8.append(contentsOf: $0) }
        utf8.append(UInt8(ascii: separator))
    }
}

extension Array where Element == UInt8 {
    /// Appends the text a dump shows for a date (``DateText``).
    mutating func appendDate(secondsSinceReferenceDate seconds: Double) {
        DateText.append(secondsSinceReferenceDate: seconds, to: &self)
    }
}
