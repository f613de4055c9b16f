import Foundation
import SeededRandom

/// Sources of Foundation values, with the edge cases where data is most easily lost on Linux.
enum FoundationSources {
    private static func randomText(_ generator: inout SplitMix64) -> String { ScalarSources.randomString(&generator, maximumLength: 10) }

    static var timeZones: ValueSource<TimeZone> {
        ValueSource(
            edgeCases: TimeZone.knownTimeZoneIdentifiers.compactMap(TimeZone.init(identifier:))
                + [-64800, -3601, -1, 0, 1, 59, 3599, 3661, 64800].compactMap(TimeZone.init(secondsFromGMT:))
                + [.autoupdatingCurrent, .current, TimeZone(identifier: "UTC")!, TimeZone(abbreviation: "EST")!]
        ) { generator in
            generator.chance(50)
                ? TimeZone(secondsFromGMT: Int.random(in: -64800 ... 64800, using: &generator))!
                : TimeZone(identifier: generator.pick(TimeZone.knownTimeZoneIdentifiers))!
        }
    }

    static var locales: ValueSource<Locale> {
        ValueSource(
            edgeCases: Locale.availableIdentifiers.map(Locale.init(identifier:)) + [.autoupdatingCurrent, .current, Locale(identifier: "")]
        ) { generator in
            let identifier = generator.pick(Locale.availableIdentifiers)
            return Locale(identifier: generator.chance(20) ? identifier + "@calendar=japanese;numbers=arab" : identifier)
        }
    }

    /// Every calendar Foundation knows on this platform.
    static let calendarIdentifiers: [Calendar.Identifier] = {
        var identifiers: [Calendar.Identifier] = [
            .gregorian, .buddhist, .chinese, .coptic, .ethiopicAmeteMihret, .ethiopicAmeteAlem, .hebrew, .iso8601,
            .indian, .islamic, .islamicCivil, .japanese, .persian, .republicOfChina, .islamicTabular, .islamicUmmAlQura,
        ]
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            identifiers += [.bangla, .dangi, .gujarati, .kannada, .malayalam, .marathi, .odia, .tamil, .telugu, .vikram, .vietnamese]
        }
        return identifiers
    }()

    static var calendars: ValueSource<Calendar> {
        ValueSource(
            edgeCases: calendarIdentifiers.map { Calendar(identifier: $0) } + [.autoupdatingCurrent, .current]
        ) { generator in
            var calendar = Calendar(identifier: generator.pick(calendarIdentifiers))
            if generator.chance(70) { calendar.locale = locales.random(&generator) }
            if generator.chance(70) { calendar.timeZone = timeZones.random(&generator) }
            if generator.chance(50) { calendar.firstWeekday = Int.random(in: 1 ... 7, using: &generator) }
            if generator.chance(50) { calendar.minimumDaysInFirstWeek = Int.random(in: 1 ... 7, using: &generator) }
            return calendar
        }
    }

    private static var integerComponents: [WritableKeyPath<DateComponents, Int?>] {
        [
            \.era, \.year, \.month, \.day, \.hour, \.minute, \.second, \.nanosecond, \.weekday, \.weekdayOrdinal,
            \.quarter, \.weekOfMonth, \.weekOfYear, \.yearForWeekOfYear, \.dayOfYear,
        ]
    }

    /// Components a calendar computed for a date (every field set), or fields set one by one.
    static var dateComponents: ValueSource<DateComponents> {
        ValueSource(edgeCases: [DateComponents()]) { generator in
            if generator.chance(40) {
                let date = Date(timeIntervalSinceReferenceDate: Double.random(in: -1e10 ... 1e10, using: &generator))
                return calendars.random(&generator).dateComponents(in: timeZones.random(&generator), from: date)
            }
            var components = DateComponents()
            if generator.chance(50) { components.calendar = calendars.random(&generator) }
            if generator.chance(50) { components.timeZone = timeZones.random(&generator) }
            for path in integerComponents where generator.chance(40) {
                components[keyPath: path] =
                    generator.chance(80) ? Int.random(in: -100 ... 5000, using: &generator) : Int(bitPattern: UInt(generator.next()))
            }
            if generator.chance(30) { components.isLeapMonth = generator.chance(50) }
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), generator.chance(30) {
                components.isRepeatedDay = generator.chance(50)
            }
            return components
        }
    }

    static var characterSets: ValueSource<CharacterSet> {
        ValueSource(
            edgeCases: [
                CharacterSet(), .alphanumerics, .letters, .whitespacesAndNewlines, .punctuationCharacters, .symbols,
                .illegalCharacters, .urlQueryAllowed, CharacterSet().inverted, CharacterSet.alphanumerics.inverted,
                // Runs that start at the surrogates, and that end with them.
                CharacterSet(charactersIn: "\u{0}" ... "\u{D7FF}").inverted,
                CharacterSet(charactersIn: "\u{E000}" ... "\u{10FFFF}").inverted,
                randomScalars(50_000, seed: 1),
            ]
        ) { generator in
            var set = CharacterSet()
            for _ in 0 ..< generator.count(upTo: 6) {
                let plane = generator.chance(60) ? 0 : UInt32.random(in: 0 ... 16, using: &generator) << 16
                let start = plane + UInt32.random(in: 0 ... 0xFFF0, using: &generator)
                if generator.chance(50), let scalar = Unicode.Scalar(start) {
                    set.insert(scalar)
                } else if let lower = Unicode.Scalar(start),
                    let upper = Unicode.Scalar(start + UInt32.random(in: 0 ... 0x3000, using: &generator))
                {
                    set.insert(charactersIn: lower ... upper)
                }
            }
            return generator.chance(20) ? set.inverted : set
        }
    }

    static func randomScalars(_ count: Int, seed: UInt64) -> CharacterSet {
        var generator = SplitMix64(seed: seed)
        var set = CharacterSet()
        for _ in 0 ..< count {
            if let scalar = Unicode.Scalar(UInt32.random(in: 0 ... 0x10FFFF, using: &generator)) { set.insert(scalar) }
        }
        return set
    }

    static var indexSets: ValueSource<IndexSet> {
        ValueSource(
            edgeCases: [IndexSet(), IndexSet(integer: Int.max - 1), IndexSet(integersIn: 0 ..< Int.max), IndexSet(integer: 0)]
        ) { generator in
            var set = IndexSet()
            for _ in 0 ..< generator.count(upTo: 10) {
                let lower =
                    generator.chance(50) ? Int.random(in: 0 ... 1000, using: &generator) : Int.random(in: 0 ..< Int.max, using: &generator)
                set.insert(integersIn: lower ..< lower + Int.random(in: 1 ... 50, using: &generator).clamped(toAtMost: Int.max - lower))
            }
            return set
        }
    }

    static var indexPaths: ValueSource<IndexPath> {
        ValueSource(edgeCases: [IndexPath(), IndexPath(index: Int.min)]) { generator in
            IndexPath(indexes: ScalarSources.arrays(of: ScalarSources.integers(Int.self)).random(&generator))
        }
    }

    static var personNames: ValueSource<PersonNameComponents> {
        ValueSource(edgeCases: [PersonNameComponents()]) { generator in
            var name = PersonNameComponents()
            let fields: [WritableKeyPath<PersonNameComponents, String?>] = [
                \.namePrefix, \.givenName, \.middleName, \.familyName, \.nameSuffix, \.nickname,
            ]
            for field in fields where generator.chance(50) { name[keyPath: field] = randomText(&generator) }
            return name
        }
    }

    /// Text that looks like URL parts, with characters URLs must escape.
    private static func urlText(_ generator: inout SplitMix64) -> String {
        let pieces = [
            "a", "b", "1", "/", ":", "?", "#", "@", "%", "%20", "%zz", "^", " ", "é", "[", "]", "..", ".", "~", "+", "=", "&", "xn--",
            "::1", "\\",
        ]
        return (0 ..< generator.count(upTo: 8)).map { _ in generator.pick(pieces) }.joined()
    }

    private static let bases = [
        nil, URL(string: "http://h/"), URL(string: "https://example.com/a/b/"), URL(fileURLWithPath: "/tmp/dir/", isDirectory: true),
    ]

    static var urls: ValueSource<URL> {
        ValueSource(
            edgeCases: ["1a:b", "a%20b:c", "a^:b", "a b", "%zz", "https://example.com/a%20b?q=1#f", "file:///tmp/x"].compactMap {
                URL(dataRepresentation: Data($0.utf8), relativeTo: URL(string: "http://h/"))
            } + [URL(fileURLWithPath: "rel/p", isDirectory: true), URL(fileURLWithPath: "/abs/file.txt")]
        ) { generator in
            let text =
                generator.chance(30)
                ? generator.pick(["http://", "https://h.example/", "mailto:", "file:///", "urn:"]) + urlText(&generator)
                : urlText(&generator)
            let base = generator.pick(bases)
            return URL(dataRepresentation: Data(text.utf8), relativeTo: base) ?? URL(string: "http://fallback/")!
        }
    }

    static var urlComponents: ValueSource<URLComponents> {
        ValueSource(
            edgeCases: [URLComponents(), URLComponents(string: "https://user@example.com:8080/p/a?x=1#f")!]
        ) { generator in
            if generator.chance(30), let parsed = URLComponents(string: urlText(&generator)) { return parsed }
            var components = URLComponents()
            if generator.chance(60) { components.scheme = generator.pick(["http", "https", "tel", "x-custom+v1.2", "mailto"]) }
            if generator.chance(40) { components.user = urlText(&generator) }
            if generator.chance(30) { components.password = urlText(&generator) }
            if generator.chance(60) {
                components.host = generator.pick(["example.com", "a b", "bücher.example", "[::1]", "[fe80::1%en0]", "", "%41"])
            }
            if generator.chance(30) { components.port = Int.random(in: 0 ... 70000, using: &generator) }
            if generator.chance(70) { components.path = (generator.chance(50) ? "/" : "") + urlText(&generator) }
            if generator.chance(40) { components.query = urlText(&generator) }
            if generator.chance(20) {
                components.queryItems = [URLQueryItem(name: urlText(&generator), value: generator.chance(50) ? nil : urlText(&generator))]
            }
            if generator.chance(40) { components.fragment = urlText(&generator) }
            return components
        }
    }

    /// Units of every Foundation class (with linear and reciprocal converters), plain and
    /// custom units.
    static var units: [Unit] {
        [
            Unit(symbol: "widgets"),
            UnitAcceleration.gravity, UnitAngle.revolutions, UnitArea.acres, UnitConcentrationMass.gramsPerLiter,
            UnitDispersion.partsPerMillion, UnitDuration.hours, UnitElectricCharge.coulombs, UnitElectricCurrent.milliamperes,
            UnitElectricPotentialDifference.kilovolts, UnitElectricResistance.ohms, UnitEnergy.kilocalories, UnitFrequency.gigahertz,
            UnitFuelEfficiency.litersPer100Kilometers, UnitFuelEfficiency.milesPerGallon, UnitFuelEfficiency.milesPerImperialGallon,
            UnitIlluminance.lux, UnitInformationStorage.gibibytes, UnitLength.kilometers, UnitLength.meters, UnitLength.miles,
            UnitMass.pounds, UnitPower.horsepower, UnitPressure.bars, UnitSpeed.knots, UnitTemperature.fahrenheit,
            UnitTemperature.kelvin, UnitVolume.cups, UnitLength(symbol: "league", converter: UnitConverterLinear(coefficient: 4828.032)),
            UnitFuelEfficiency(symbol: "custom mpg", converter: UnitFuelEfficiency.milesPerGallon.converter),
        ]
    }

    static var measurements: ValueSource<Measurement<Unit>> {
        ValueSource { generator in
            Measurement(value: ScalarSources.doubles.random(&generator), unit: generator.pick(units))
        }
    }
}

extension Int {
    fileprivate func clamped(toAtMost maximum: Int) -> Int { Swift.min(self, maximum) }
}
