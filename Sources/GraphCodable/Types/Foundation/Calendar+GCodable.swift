import Foundation

extension Calendar: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .calendar }

    private enum Key: String { case identifier, locale, timeZone, firstWeekday, minimumDaysInFirstWeek }

    /// Stores the identifier (by its CLDR name), the locale, the time zone, the first
    /// weekday and the minimum days in the first week; for ``current`` and
    /// ``autoupdatingCurrent``, only which of the system's calendars it is (see ``SystemCurrent``).
    public func encode(to encoder: GEncoder) throws {
        if let system = SystemCurrent.of(self, autoupdating: .autoupdatingCurrent, current: .current) {
            return try system.encode(to: encoder)
        }
        guard let name = Self.names.first(where: { $0.identifier == identifier })?.name else {
            throw GCodableError.cannotEncode(Self.self, "the calendar \(identifier) has no archived name on this platform")
        }
        try encoder.encode(name, for: Key.identifier)
        try encoder.encodeIfPresent(locale, for: Key.locale)
        try encoder.encode(timeZone, for: Key.timeZone)
        try encoder.encode(firstWeekday, for: Key.firstWeekday)
        try encoder.encode(minimumDaysInFirstWeek, for: Key.minimumDaysInFirstWeek)
    }

    public init(from decoder: GDecoder) throws {
        switch try SystemCurrent.decode(from: decoder) {
        case .current:
            self = .current
            return
        case .autoupdatingCurrent:
            self = .autoupdatingCurrent
            return
        case nil: break
        }
        let name: String = try decoder.decode(for: Key.identifier)
        guard Self.archivedNames.contains(name) else {
            throw GCodableError.corrupted("unknown calendar \"\(ShownText.shown(name))\"", rule: .calendarFields)
        }
        if let identifier = Self.names.first(where: { $0.name == name })?.identifier {
            self.init(identifier: identifier)
        } else if decoder.checksFormatOnly {
            self.init(identifier: .gregorian)
        } else {
            throw GCodableError.unknownHere("the calendar \"\(name)\" is not one this platform's Foundation has")
        }
        locale = try decoder.decodeIfPresent(for: Key.locale)
        timeZone = try decoder.decode(for: Key.timeZone)
        firstWeekday = try Self.weekdayNumber(decoder.decode(for: Key.firstWeekday), "first weekday")
        minimumDaysInFirstWeek = try Self.weekdayNumber(decoder.decode(for: Key.minimumDaysInFirstWeek), "minimum days in the first week")
    }

    /// `value` if it is a number of days in a week (1…7); Foundation silently changes others.
    private static func weekdayNumber(_ value: Int, _ name: String) throws -> Int {
        guard (1 ... 7).contains(value) else { throw GCodableError.corrupted("a \(name) of \(value) is not 1…7", rule: .calendarFields) }
        return value
    }

    /// The calendars an archive may name: the CLDR identifiers of every calendar Foundation
    /// has on any platform (Docs/ArchiveFormat.md, code 53).
    static let archivedNames: Set<String> = [
        "gregorian", "buddhist", "chinese", "coptic", "ethiopic", "ethioaa", "hebrew", "iso8601", "indian", "islamic",
        "islamic-civil", "japanese", "persian", "roc", "islamic-tbla", "islamic-umalqura", "bangla", "dangi", "gujarati",
        "kannada", "malayalam", "marathi", "odia", "tamil", "telugu", "vikram", "vietnamese",
    ]

    /// The archived name of each calendar this platform has: its CLDR identifier.
    static let names: [(identifier: Identifier, name: String)] = {
        var names: [(Identifier, String)] = [
            (.gregorian, "gregorian"), (.buddhist, "buddhist"), (.chinese, "chinese"), (.coptic, "coptic"),
            (.ethiopicAmeteMihret, "ethiopic"), (.ethiopicAmeteAlem, "ethioaa"), (.hebrew, "hebrew"),
            (.iso8601, "iso8601"), (.indian, "indian"), (.islamic, "islamic"), (.islamicCivil, "islamic-civil"),
            (.japanese, "japanese"), (.persian, "persian"), (.republicOfChina, "roc"),
            (.islamicTabular, "islamic-tbla"), (.islamicUmmAlQura, "islamic-umalqura"),
        ]
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            names += [
                (.bangla, "bangla"), (.dangi, "dangi"), (.gujarati, "gujarati"), (.kannada, "kannada"),
                (.malayalam, "malayalam"), (.marathi, "marathi"), (.odia, "odia"), (.tamil, "tamil"),
                (.telugu, "telugu"), (.vikram, "vikram"), (.vietnamese, "vietnamese"),
            ]
        }
        return names
    }()
}
