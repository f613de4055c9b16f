/// How dumps show a date: `2026-11-23 18:05:00 +0000` (UTC, the proleptic Gregorian
/// calendar, whole seconds, as `Date.description` shows it), computed here because
/// Foundation's `Date.description` traps on NaN. Dates that are not finite, or beyond
/// ±2⁵³ seconds, show their seconds since 2001-01-01 00:00:00 UTC.
enum DateText {
    /// Seconds from 1970-01-01 to 2001-01-01.
    private static let referenceDateOffset: Int64 = 978_307_200

    static func describe(secondsSinceReferenceDate seconds: Double) -> String {
        guard seconds.isFinite, seconds.magnitude <= 0x1p53 else {
            return "\(seconds) s from 2001-01-01 00:00:00 +0000"
        }
        let whole = seconds.rounded(.down)
        let unixSeconds = Int64(whole) + referenceDateOffset
        let (days, secondOfDay) = floorDivision(unixSeconds, 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        var text = (year < 0 ? "-" : "") + padded(year.magnitude, 4) + "-" + padded(UInt64(month), 2) + "-" + padded(UInt64(day), 2)
        text +=
            " " + padded(UInt64(secondOfDay / 3600), 2) + ":" + padded(UInt64(secondOfDay / 60 % 60), 2) + ":"
            + padded(UInt64(secondOfDay % 60), 2)
        return text + " +0000"
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

    private static func padded(_ value: UInt64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
