import Foundation

extension DateComponents: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .dateComponents }

    private enum Key: String {
        case calendar, timeZone, era, year, month, day, hour, minute, second, nanosecond, weekday, weekdayOrdinal
        case quarter, weekOfMonth, weekOfYear, yearForWeekOfYear, dayOfYear, isLeapMonth, isRepeatedDay
    }

    /// The integer components, by key.
    private static var integerComponents: [(Key, WritableKeyPath<DateComponents, Int?>)] {
        [
            (.era, \.era), (.year, \.year), (.month, \.month), (.day, \.day), (.hour, \.hour),
            (.minute, \.minute), (.second, \.second), (.nanosecond, \.nanosecond), (.weekday, \.weekday),
            (.weekdayOrdinal, \.weekdayOrdinal), (.quarter, \.quarter), (.weekOfMonth, \.weekOfMonth),
            (.weekOfYear, \.weekOfYear), (.yearForWeekOfYear, \.yearForWeekOfYear), (.dayOfYear, \.dayOfYear),
        ]
    }

    /// Stores the calendar, the time zone, and each component that is set. A component may
    /// not be `Int.min`: Foundation's calendars trap on it when making a date.
    public func encode(to encoder: GEncoder) throws {
        try encoder.encodeIfPresent(calendar, for: Key.calendar)
        try encoder.encodeIfPresent(timeZone, for: Key.timeZone)
        for (key, path) in Self.integerComponents {
            guard self[keyPath: path] != .min else {
                throw GCodableError.cannotEncode(Self.self, "the \(key.rawValue) Int.min would make Foundation's calendars trap")
            }
            try encoder.encodeIfPresent(self[keyPath: path], for: key)
        }
        try encoder.encodeIfPresent(isLeapMonth, for: Key.isLeapMonth)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            try encoder.encodeIfPresent(isRepeatedDay, for: Key.isRepeatedDay)
        }
    }

    public init(from decoder: GDecoder) throws {
        self.init()
        calendar = try decoder.decodeIfPresent(for: Key.calendar)
        timeZone = try decoder.decodeIfPresent(for: Key.timeZone)
        for (key, path) in Self.integerComponents {
            let value: Int? = try decoder.decodeIfPresent(for: key)
            guard value != .min else {
                throw GCodableError.corrupted(
                    "the \(key.rawValue) Int.min would make Foundation's calendars trap", rule: .dateComponentsFields)
            }
            self[keyPath: path] = value
        }
        isLeapMonth = try decoder.decodeIfPresent(for: Key.isLeapMonth)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            isRepeatedDay = try decoder.decodeIfPresent(for: Key.isRepeatedDay)
        }
    }
}
