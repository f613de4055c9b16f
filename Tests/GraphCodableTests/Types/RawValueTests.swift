import Foundation
import GraphCodable
import SeededRandom
import Testing

/// Types with a raw value code with no code of their own: a type declares `GCodable` (or
/// `GPackCodable`, for packed containers) and nothing else. A raw value the type does not
/// have is an error that names the type, the value and where it was met.
@Suite struct RawValueTests {
    enum Suit: String, GCodable { case hearts, spades, diamonds = "♦︎" }
    enum Rank: Int, GCodable { case ace = 1, queen = 12, king = 13, minus = -7 }
    enum Level: UInt8, GCodable { case low, high = 200 }
    /// Packed: its containers are one BinaryIO block.
    enum Flag: UInt8, GPackCodable { case even, odd }

    struct Permissions: OptionSet, GCodable, Hashable {
        let rawValue: Int
        static let read = Permissions(rawValue: 1)
        static let write = Permissions(rawValue: 2)
        static let execute = Permissions(rawValue: 1 << 40)
    }

    /// Every kind of raw-value type in fields, arrays, optionals and dictionaries.
    struct Hand: GCodable, Equatable {
        var suit: Suit
        var ranks: [Rank]
        var level: Level?
        var noLevel: Level?
        var permissions: Permissions
        var levelsBySuit: [Suit: Level]
        var suitsByRank: [Rank: [Suit]]
        var flags: [Flag]
        var options: Set<Permissions>

        private enum Key: String { case suit, ranks, level, noLevel, permissions, levelsBySuit, suitsByRank, flags, options }

        init(
            suit: Suit, ranks: [Rank], level: Level?, noLevel: Level?, permissions: Permissions,
            levelsBySuit: [Suit: Level], suitsByRank: [Rank: [Suit]], flags: [Flag], options: Set<Permissions>
        ) {
            (self.suit, self.ranks, self.level, self.noLevel, self.permissions) = (suit, ranks, level, noLevel, permissions)
            (self.levelsBySuit, self.suitsByRank, self.flags, self.options) = (levelsBySuit, suitsByRank, flags, options)
        }

        init(from decoder: GDecoder) throws {
            suit = try decoder.decode(for: Key.suit)
            ranks = try decoder.decode(for: Key.ranks)
            level = try decoder.decodeIfPresent(for: Key.level)
            noLevel = try decoder.decodeIfPresent(for: Key.noLevel)
            permissions = try decoder.decode(for: Key.permissions)
            levelsBySuit = try decoder.decode(for: Key.levelsBySuit)
            suitsByRank = try decoder.decode(for: Key.suitsByRank)
            flags = try decoder.decode(for: Key.flags)
            options = try decoder.decode(for: Key.options)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(suit, for: Key.suit)
            try encoder.encode(ranks, for: Key.ranks)
            try encoder.encodeIfPresent(level, for: Key.level)
            try encoder.encodeIfPresent(noLevel, for: Key.noLevel)
            try encoder.encode(permissions, for: Key.permissions)
            try encoder.encode(levelsBySuit, for: Key.levelsBySuit)
            try encoder.encode(suitsByRank, for: Key.suitsByRank)
            try encoder.encode(flags, for: Key.flags)
            try encoder.encode(options, for: Key.options)
        }
    }

    static let hand = Hand(
        suit: .diamonds, ranks: [.ace, .minus, .king], level: .high, noLevel: nil, permissions: [.read, .execute],
        levelsBySuit: [.hearts: .low, .spades: .high], suitsByRank: [.queen: [.hearts, .diamonds], .ace: []],
        flags: [.odd, .even, .odd], options: [[], [.write], [.read, .write, .execute]])

    static func roundTrip<T: GCodable>(_ value: T) throws -> T {
        try GraphDecoder().decode(T.self, from: try GraphEncoder().encode(value) as Bytes)
    }

    static func expectRoundTrip<T: GCodable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try roundTrip(value) == value, sourceLocation: sourceLocation)
    }

    @Test func aloneInArraysAndAsOptionals() throws {
        for suit in [Suit.hearts, .spades, .diamonds] { try Self.expectRoundTrip(suit) }
        for rank in [Rank.ace, .queen, .king, .minus] { try Self.expectRoundTrip(rank) }
        for level in [Level.low, .high] { try Self.expectRoundTrip(level) }
        for flag in [Flag.even, .odd] { try Self.expectRoundTrip(flag) }
        for permissions in [Permissions(), .read, [.write, .execute], Permissions(rawValue: -1)] { try Self.expectRoundTrip(permissions) }
        try Self.expectRoundTrip([Suit.spades, .hearts, .diamonds, .spades])
        try Self.expectRoundTrip([Rank]())
        try Self.expectRoundTrip([Level.high, .low])
        try Self.expectRoundTrip([Flag.odd, .odd, .even])
        try Self.expectRoundTrip([Permissions.read, [.read, .write]])
        try Self.expectRoundTrip(Suit?.none)
        try Self.expectRoundTrip(Suit?.some(.hearts))
        try Self.expectRoundTrip([Rank?.some(.king), nil])
        try Self.expectRoundTrip(Flag??.some(nil))
        try Self.expectRoundTrip(Permissions?.some(.execute))
    }

    @Test func asDictionaryKeysAndValues() throws {
        try Self.expectRoundTrip([Suit.hearts: Rank.ace, .diamonds: .minus])
        try Self.expectRoundTrip([Level.low: [Flag.even], .high: [.odd, .even]])
        try Self.expectRoundTrip([Permissions.read: "read", [.read, .write]: "read-write"])
        try Self.expectRoundTrip(["a": Permissions.write, "b": []])
        try Self.expectRoundTrip([Flag.even: Flag.odd])
    }

    @Test func asFields() throws {
        try Self.expectRoundTrip(Self.hand)
        try Self.expectRoundTrip([Self.hand, Self.hand])
    }

    /// Random hands, seeded, compared exactly.
    @Test func randomHands() throws {
        var generator = SplitMix64(seed: 14)
        let suits: [Suit] = [.hearts, .spades, .diamonds]
        let ranks: [Rank] = [.ace, .queen, .king, .minus]
        for _ in 0 ..< 200 {
            func some<T>(_ values: [T]) -> [T] { (0 ..< Int(generator.next() % 6)).map { _ in values.randomElement(using: &generator)! } }
            let hand = Hand(
                suit: suits.randomElement(using: &generator)!, ranks: some(ranks), level: some([Level.low, .high]).first,
                noLevel: nil, permissions: Permissions(rawValue: Int(bitPattern: UInt(generator.next()))),
                levelsBySuit: Dictionary(some(suits).map { ($0, Level.high) }, uniquingKeysWith: { $1 }),
                suitsByRank: Dictionary(some(ranks).map { ($0, some(suits)) }, uniquingKeysWith: { $1 }),
                flags: some([Flag.even, .odd]), options: Set(some([Permissions.read, .write, []])))
            try Self.expectRoundTrip(hand)
        }
    }

    /// A container of a packable raw-value type is one `BIV`; one of other raw-value types
    /// a `VAL` of its elements.
    @Test func containersOfPackedTypesAreOneBlock() throws {
        let packed = try GraphDecoder().dump(from: try GraphEncoder().encode([Flag.odd, .even]) as Bytes)
        #expect(packed.contains("\n- BIV "))
        let fields = try GraphDecoder().dump(from: try GraphEncoder().encode([Level.low, .high]) as Bytes)
        #expect(fields.contains("\n- VAL"))
    }

    /// A value of another type with the same raw type, decoded as `T`: its raw value `T`
    /// does not have is an error naming `T`, the value and where it is.
    static func expectUnknownRawValue<T: GDecodable, U: GEncodable>(
        _: T.Type, from value: U, named description: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let archive = try GraphEncoder().encode(["first": value]) as Bytes
        do {
            _ = try GraphDecoder().decode([String: T].self, from: archive)
            Issue.record("decoded an unknown raw value", sourceLocation: sourceLocation)
        } catch GCodableError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains(description), "\(context)", sourceLocation: sourceLocation)
            #expect(context.debugDescription.contains(String(reflecting: T.self)), "\(context)", sourceLocation: sourceLocation)
            #expect(context.byteOffset != nil, sourceLocation: sourceLocation)
            #expect(context.path == [.index(1)], "\(context)", sourceLocation: sourceLocation)
        }
    }

    enum WiderSuit: String, GCodable { case clubs }
    enum WiderRank: Int, GCodable { case two = 2 }
    enum WiderLevel: UInt8, GCodable { case seven = 7 }

    @Test func unknownRawValuesAreErrors() throws {
        try Self.expectUnknownRawValue(Suit.self, from: WiderSuit.clubs, named: "\"clubs\" is not a raw value of")
        try Self.expectUnknownRawValue(Rank.self, from: WiderRank.two, named: "2 is not a raw value of")
        try Self.expectUnknownRawValue(Level.self, from: WiderLevel.seven, named: "7 is not a raw value of")
    }

    /// A class with a raw value: an unknown one is located too, and a long raw value is cut
    /// in the message (the archive chose it).
    final class Code: RawRepresentable, GCodable {
        let rawValue: String
        init?(rawValue: String) {
            guard rawValue.hasPrefix("C") else { return nil }
            self.rawValue = rawValue
        }
    }

    /// A class that stores a string as `Code` does.
    final class Text: GCodable {
        let raw: String
        init(_ raw: String) { self.raw = raw }
        init(from decoder: GDecoder) throws { raw = try decoder.decode() }
        func encode(to encoder: GEncoder) throws { try encoder.encode(raw) }
    }

    @Test func unknownRawValuesOfClassesAndLongOnesAreShortErrors() throws {
        let code = try #require(Code(rawValue: "C1"))
        #expect(
            try GraphDecoder().decode([Code].self, from: try GraphEncoder().encode([code, code]) as Bytes).map(\.rawValue) == ["C1", "C1"])
        for raw in ["x", String(repeating: "\u{01}", count: 100_000)] {
            // Without class names, a `Text` reads as a `Code`.
            let archive = try GraphEncoder(.disableInheritance).encode([Text(raw)]) as Bytes
            do {
                _ = try GraphDecoder().decode([Code].self, from: archive)
                Issue.record("decoded an unknown raw value")
            } catch GCodableError.dataCorrupted(let context) {
                #expect(context.byteOffset != nil)
                #expect(context.path == [.index(0)])
                #expect(context.debugDescription.count < 700)
                #expect(context.debugDescription.hasSuffix("is not a raw value of \(String(reflecting: Code.self))"))
            }
        }
    }

    /// BinaryIO of a raw-value type with no conformance at all reads and writes its raw value.
    @Test func binaryIOOfAPlainRawValueType() throws {
        enum Shade: UInt16 { case light = 300, dark = 400 }
        var wbuffer = BinaryWriteBuffer()
        try Shade.dark.write(to: &wbuffer)
        try Shade.light.write(to: &wbuffer)
        try UInt16(500).write(to: &wbuffer)
        var rbuffer = BinaryReadBuffer(bytes: wbuffer.bytes)
        #expect(try Shade(from: &rbuffer) == .dark)
        #expect(try Shade(from: &rbuffer) == .light)
        let offset = rbuffer.offset
        do {
            _ = try Shade(from: &rbuffer)
            Issue.record("read an unknown raw value")
        } catch GCodableError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains("500 is not a raw value of"))
            #expect(context.debugDescription.contains("Shade"))
            #expect(context.byteOffset == offset)
        }
    }

    /// The type map lists the raw-value types; the dump and the JSON form show their raw
    /// values, the JSON form with the type's name.
    @Test func inspectionShowsTheRawValues() throws {
        let archive = try GraphEncoder().encode(Self.hand) as Bytes
        let names = try GraphDecoder().typeMap(from: archive).map(\.qualifiedName)
        for type in [Suit.self, Rank.self, Level.self, Permissions.self] as [Any.Type] {
            #expect(names.contains(String(reflecting: type)), "\(names)")
        }
        let dump = try GraphDecoder().dump(from: archive, options: [.showBody, .showKeyNames, .showReferenceMap, .showTypeNames])
        #expect(dump.contains("+ \"suit\": VAL\n\t\t- BIV \"♦︎\""), "\(dump)")
        #expect(dump.contains("- BIV -7"), "\(dump)")
        #expect(dump.contains("- BIV 1099511627777"), "\(dump)")
        #expect(dump.contains("QualifiedName  = \(String(reflecting: Suit.self))"), "\(dump)")
        var json: [UInt8] = []
        try GraphDecoder().writeJSON(from: archive, indented: false) { json += $0 }
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("{\"valueType\":\"\(String(reflecting: Suit.self))\""), "\(text)")
        #expect(text.contains("\"value\":\"♦︎\""), "\(text)")
        #expect(text.contains("\"value\":200"), "\(text)")
        #expect(text.contains("\"value\":1099511627777"), "\(text)")
        #expect(GraphDecoder().validate(archive).isValid)
    }

    /// Secure mode decodes them as every other value type: they name no class.
    @Test func secureModeDecodesThem() throws {
        let archive = try GraphEncoder().encode(Self.hand) as Bytes
        #expect(try GraphDecoder(registry: GTypeRegistry()).decode(Hand.self, from: archive) == Self.hand)
    }

    /// Conversion rewrites the packed containers through their types.
    @Test func conversionRewritesThem() throws {
        let archive = try GraphEncoder().encode(Self.hand) as Bytes
        let decoder = GraphDecoder(registry: GTypeRegistry([Flag.self, [Flag].self]))
        let converted = try decoder.convert(archive, internalBinaryIOVersion: BinaryIOInternalVersion.fixedWidthIntegers)
        #expect(try GraphDecoder().decode(Hand.self, from: converted) == Self.hand)
    }
}
