import Foundation

// Foundation value types with structure are `VAL`s identified by a stable native code
// (never by a platform type name), whose fields are natives every reader can show.

extension PersonNameComponents: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .personNameComponents }

    private enum Key: String {
        case namePrefix, givenName, middleName, familyName, nameSuffix, nickname, phoneticRepresentation
    }

    public init(from decoder: GDecoder) throws {
        self.init()
        namePrefix = try decoder.decodeIfPresent(for: Key.namePrefix)
        givenName = try decoder.decodeIfPresent(for: Key.givenName)
        middleName = try decoder.decodeIfPresent(for: Key.middleName)
        familyName = try decoder.decodeIfPresent(for: Key.familyName)
        nameSuffix = try decoder.decodeIfPresent(for: Key.nameSuffix)
        nickname = try decoder.decodeIfPresent(for: Key.nickname)
        phoneticRepresentation = try decoder.decodeIfPresent(for: Key.phoneticRepresentation)
    }

    public func encode(to encoder: GEncoder) throws {
        try encoder.encodeIfPresent(namePrefix, for: Key.namePrefix)
        try encoder.encodeIfPresent(givenName, for: Key.givenName)
        try encoder.encodeIfPresent(middleName, for: Key.middleName)
        try encoder.encodeIfPresent(familyName, for: Key.familyName)
        try encoder.encodeIfPresent(nameSuffix, for: Key.nameSuffix)
        try encoder.encodeIfPresent(nickname, for: Key.nickname)
        try encoder.encodeIfPresent(phoneticRepresentation, for: Key.phoneticRepresentation)
    }
}

extension IndexSet: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .indexSet }

    /// Stores the ranges of the set, as one packed array.
    public func encode(to encoder: GEncoder) throws {
        try encoder.encode(rangeView.map { $0 })
    }

    /// Indexes range from 0 to `Int.max - 1` (Foundation traps on others).
    public init(from decoder: GDecoder) throws {
        self.init()
        for range in try decoder.decode() as [Range<Int>] {
            guard range.lowerBound >= 0, range.upperBound < Int.max else {
                throw GCodableError.dataCorrupted(.init(debugDescription: "index range \(range) outside 0..<Int.max"))
            }
            insert(integersIn: range)
        }
    }
}

extension IndexPath: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .indexPath }

    /// Stores the indexes, as one packed array.
    public func encode(to encoder: GEncoder) throws {
        try encoder.encode(Array(self))
    }

    public init(from decoder: GDecoder) throws {
        self.init(indexes: try decoder.decode() as [Int])
    }
}

extension TimeZone: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .timeZone }

    /// Stores the identifier.
    public func encode(to encoder: GEncoder) throws {
        try encoder.encode(identifier)
    }

    public init(from decoder: GDecoder) throws {
        let identifier: String = try decoder.decode()
        guard let zone = TimeZone(identifier: identifier) else {
            throw GCodableError.dataCorrupted(.init(debugDescription: "unknown time zone \"\(identifier)\""))
        }
        self = zone
    }
}

extension Locale: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .locale }

    /// Stores the identifier.
    public func encode(to encoder: GEncoder) throws {
        try encoder.encode(identifier)
    }

    public init(from decoder: GDecoder) throws {
        self.init(identifier: try decoder.decode() as String)
    }
}

extension CharacterSet: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .characterSet }

    /// Stores the bitmap representation.
    public func encode(to encoder: GEncoder) throws {
        try encoder.encode(bitmapRepresentation)
    }

    /// A bitmap is 8192 bytes for the basic plane, then 1 + 8192 bytes for each other plane
    /// (its number, 1 to 16, then its bitmap).
    public init(from decoder: GDecoder) throws {
        let bitmap: Data = try decoder.decode()
        let planes = bitmap.count >= 8192 && (bitmap.count - 8192) % 8193 == 0 ? (bitmap.count - 8192) / 8193 : -1
        let planeNumbersValid = planes >= 0 && (0 ..< planes).allSatisfy { (1 ... 16).contains(bitmap[bitmap.startIndex + 8192 + $0 * 8193]) }
        guard planeNumbersValid else {
            throw GCodableError.dataCorrupted(.init(debugDescription: "a CharacterSet bitmap of \(bitmap.count) bytes is malformed"))
        }
        self.init(bitmapRepresentation: bitmap)
    }
}

extension URLComponents: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .urlComponents }

    /// Stores the URL string the components form.
    public func encode(to encoder: GEncoder) throws {
        guard let string else {
            throw GCodableError.cannotEncode(Self.self, .init(debugDescription: "the components form no URL string"))
        }
        try encoder.encode(string)
    }

    public init(from decoder: GDecoder) throws {
        let string: String = try decoder.decode()
        guard let components = URLComponents(string: string) else {
            throw GCodableError.dataCorrupted(.init(debugDescription: "invalid URL components \"\(string)\""))
        }
        self = components
    }
}

extension DateComponents: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .dateComponents }

    private enum Key: String {
        case calendar, timeZone, era, year, month, day, hour, minute, second, nanosecond, weekday, weekdayOrdinal
        case quarter, weekOfMonth, weekOfYear, yearForWeekOfYear, isLeapMonth
    }

    private static let calendars: [Calendar.Identifier] = [
        .gregorian, .buddhist, .chinese, .coptic, .ethiopicAmeteMihret, .ethiopicAmeteAlem, .hebrew, .iso8601,
        .indian, .islamic, .islamicCivil, .japanese, .persian, .republicOfChina, .islamicTabular, .islamicUmmAlQura,
    ]

    private static func integerKeys(_ components: DateComponents) -> [(Key, Int?)] {
        [
            (.era, components.era), (.year, components.year), (.month, components.month), (.day, components.day),
            (.hour, components.hour), (.minute, components.minute), (.second, components.second),
            (.nanosecond, components.nanosecond), (.weekday, components.weekday),
            (.weekdayOrdinal, components.weekdayOrdinal), (.quarter, components.quarter),
            (.weekOfMonth, components.weekOfMonth), (.weekOfYear, components.weekOfYear),
            (.yearForWeekOfYear, components.yearForWeekOfYear),
        ]
    }

    /// Stores the calendar by identifier, the time zone, and each component that is set.
    public func encode(to encoder: GEncoder) throws {
        if let calendar, !Self.calendars.contains(calendar.identifier) {
            throw GCodableError.cannotEncode(Self.self, .init(debugDescription: "unsupported calendar \(calendar.identifier)"))
        }
        try encoder.encodeIfPresent(calendar.map { String(describing: $0.identifier) }, for: Key.calendar)
        try encoder.encodeIfPresent(timeZone, for: Key.timeZone)
        for (key, value) in Self.integerKeys(self) { try encoder.encodeIfPresent(value, for: key) }
        try encoder.encodeIfPresent(isLeapMonth, for: Key.isLeapMonth)
    }

    public init(from decoder: GDecoder) throws {
        self.init()
        if let name: String = try decoder.decodeIfPresent(for: Key.calendar) {
            guard let identifier = Self.calendars.first(where: { String(describing: $0) == name }) else {
                throw GCodableError.dataCorrupted(.init(debugDescription: "unknown calendar \"\(name)\"", path: [.key("calendar")]))
            }
            calendar = Calendar(identifier: identifier)
        }
        timeZone = try decoder.decodeIfPresent(for: Key.timeZone)
        era = try decoder.decodeIfPresent(for: Key.era)
        year = try decoder.decodeIfPresent(for: Key.year)
        month = try decoder.decodeIfPresent(for: Key.month)
        day = try decoder.decodeIfPresent(for: Key.day)
        hour = try decoder.decodeIfPresent(for: Key.hour)
        minute = try decoder.decodeIfPresent(for: Key.minute)
        second = try decoder.decodeIfPresent(for: Key.second)
        nanosecond = try decoder.decodeIfPresent(for: Key.nanosecond)
        weekday = try decoder.decodeIfPresent(for: Key.weekday)
        weekdayOrdinal = try decoder.decodeIfPresent(for: Key.weekdayOrdinal)
        quarter = try decoder.decodeIfPresent(for: Key.quarter)
        weekOfMonth = try decoder.decodeIfPresent(for: Key.weekOfMonth)
        weekOfYear = try decoder.decodeIfPresent(for: Key.weekOfYear)
        yearForWeekOfYear = try decoder.decodeIfPresent(for: Key.yearForWeekOfYear)
        isLeapMonth = try decoder.decodeIfPresent(for: Key.isLeapMonth)
    }
}

extension Measurement: GEncodable, GDecodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .measurement }

    private enum Key: String { case value, symbol, coefficient, constant }

    /// Stores the value and the unit's symbol; for a dimension, also the linear converter
    /// to its base unit, so that conversions keep working after decoding.
    public func encode(to encoder: GEncoder) throws {
        try encoder.encode(value, for: Key.value)
        try encoder.encode(unit.symbol, for: Key.symbol)
        if let dimension = unit as? Dimension {
            guard let converter = dimension.converter as? UnitConverterLinear else {
                throw GCodableError.cannotEncode(Self.self, .init(debugDescription: "only linear unit converters can be encoded"))
            }
            try encoder.encode(converter.coefficient, for: Key.coefficient)
            try encoder.encode(converter.constant, for: Key.constant)
        }
    }

    public init(from decoder: GDecoder) throws {
        let value: Double = try decoder.decode(for: Key.value)
        let symbol: String = try decoder.decode(for: Key.symbol)
        if let dimension = UnitType.self as? Dimension.Type {
            let converter = UnitConverterLinear(
                coefficient: try decoder.decode(for: Key.coefficient), constant: try decoder.decode(for: Key.constant))
            guard let unit = dimension.init(symbol: symbol, converter: converter) as? UnitType else {
                throw GCodableError.typeMismatch(UnitType.self, .init(debugDescription: "cannot rebuild the unit \"\(symbol)\""))
            }
            self.init(value: value, unit: unit)
        } else {
            self.init(value: value, unit: UnitType(symbol: symbol))
        }
    }
}
