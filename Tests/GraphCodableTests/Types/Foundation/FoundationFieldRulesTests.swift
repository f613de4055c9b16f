import Foundation
import Testing

@testable import GraphCodable

/// The rules Docs/ArchiveFormat.md gives the fields of Foundation values ("Fields of the
/// Foundation values"), on a `Calendar` and `DateComponents` assembled byte by byte:
/// validation, typed decoding and the model agree on each.
@Suite struct FoundationFieldRulesTests {
    static let keys = ["identifier", "locale", "timeZone", "firstWeekday", "minimumDaysInFirstWeek", "extra", "year"]
    static let body = RawArchive.bodyStart

    static func string(_ key: UInt8, _ text: String) -> [UInt8] { [0x33, key, 0x0F] + RawArchive.string(text) }
    static func int(_ key: UInt8, _ number: UInt8) -> [UInt8] { [0x33, key, 0x0A, number << 1] }
    /// A nested Foundation value of code `code` holding one unkeyed string.
    static func nested(_ key: UInt8, code: UInt8, _ text: String) -> [UInt8] {
        [0x31, key, code, 0x23, 0x0F] + RawArchive.string(text) + [0x00]
    }

    /// A Calendar's `VAL` with `fields` between its identifier and its week fields.
    static func calendar(_ fields: [UInt8], identifier: [UInt8] = string(1, "gregorian")) -> [UInt8] {
        RawArchive(keys: keys, body: [0x21, 53] + identifier + fields + int(4, 1) + int(5, 4) + [0x00]).bytes
    }

    static let utc = nested(3, code: 47, "UTC")

    /// The rule and offset of the first problem, the same from validation and the model,
    /// and from typed decoding unless `read` is false (a problem in a field the type does not
    /// read, which typed decoding does not look at).
    static func refusal(_ bytes: [UInt8], read: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) -> Refusal? {
        let problem = GraphDecoder().validate(bytes).problems.first
        let validation = problem.map { Refusal(rule: $0.rule, offset: $0.byteOffset) }
        let decoding = Refusal.of { _ = try GraphDecoder().decode(Calendar.self, from: bytes) }
        let model = Refusal.of { _ = try GraphArchive(bytes: bytes) }
        #expect(
            validation == model && decoding == (read ? validation : nil),
            "\(String(describing: validation)), \(String(describing: decoding)), \(String(describing: model))",
            sourceLocation: sourceLocation)
        return validation
    }

    @Test func aCalendarAsTheTableGivesIt() throws {
        let bytes = Self.calendar(Self.utc)
        #expect(Self.refusal(bytes) == nil)
        #expect(try GraphDecoder().decode(Calendar.self, from: bytes).timeZone == TimeZone(identifier: "UTC"))
    }

    @Test func fieldsTheValueDoesNotReadAreAllowed() throws {
        #expect(Self.refusal(Self.calendar(Self.utc + Self.string(6, "anything"))) == nil)
        // Of two fields with one key, the first is read.
        let repeated = Self.calendar(Self.utc, identifier: Self.string(1, "iso8601") + Self.string(1, "martian"))
        #expect(Self.refusal(repeated) == nil)
        #expect(try GraphDecoder().decode(Calendar.self, from: repeated).identifier == .iso8601)
    }

    @Test func aFieldThatMustBeThereAndIsNotIsReportedAtTheValue() {
        #expect(Self.refusal(Self.calendar([])) == .init(rule: .calendarFields, offset: Self.body))
    }

    @Test func aFieldOfAnotherTypeIsReportedAtTheField() {
        let offset = Self.body + 2 + 13
        #expect(Self.refusal(Self.calendar(Self.string(3, "UTC"))) == .init(rule: .calendarFields, offset: offset))
        #expect(Self.refusal(Self.calendar([0x15, 3])) == .init(rule: .calendarFields, offset: offset), "a nil time zone")
        #expect(
            Self.refusal(Self.calendar(Self.nested(3, code: 48, "en"))) == .init(rule: .calendarFields, offset: offset),
            "a locale for a time zone")
    }

    @Test func aNestedValueFollowsItsOwnRules() {
        let offset = Self.body + 2 + 13
        #expect(Self.refusal(Self.calendar(Self.nested(3, code: 47, "Mars Olympus"))) == .init(rule: .timeZoneIdentifier, offset: offset))
        // Also in a field the calendar does not read, which typed decoding does not look at.
        let unread = Self.calendar(Self.utc + Self.nested(6, code: 48, "en_US@calendar=mayan"))
        #expect(Self.refusal(unread, read: false) == .init(rule: .localeIdentifier, offset: offset + Self.utc.count))
    }

    @Test func aNilFieldThatMayBeAbsentReadsAsAbsent() throws {
        let bytes = RawArchive(keys: Self.keys, body: [0x21, 46, 0x15, 7, 0x00]).bytes
        #expect(GraphDecoder().validate(bytes).isValid)
        #expect(try GraphDecoder().decode(DateComponents.self, from: bytes) == DateComponents())
    }

    @Test func aPointerFieldReadsAsTheValueItPointsTo() throws {
        // The time zone is object 1, defined after the root.
        let bytes = RawArchive(
            keys: Self.keys,
            body: [0x21, 53] + Self.string(1, "gregorian") + [0x56, 3, 0x01] + Self.int(4, 1)
                + Self.int(5, 4) + [0x00] + [0x61, 47, 0x01, 0x23, 0x0F] + RawArchive.string("UTC") + [0x00]
        ).bytes
        #expect(GraphDecoder().validate(bytes).isValid, "\(GraphDecoder().validate(bytes))")
        #expect(try GraphDecoder().decode(Calendar.self, from: bytes).timeZone == TimeZone(identifier: "UTC"))
    }

    /// A value this platform does not know stops typed decoding before the fields after it:
    /// decoding reports the first problem validation finds all the same.
    @Test func aValueUnknownHereHidesNoProblem() {
        let bytes = RawArchive(
            keys: Self.keys,
            body: [0x21, 53] + Self.string(1, "gregorian") + Self.nested(2, code: 48, "it_HT") + Self.utc
                + Self.int(4, 8) + Self.int(5, 4) + [0x00]
        ).bytes
        #expect(Self.refusal(bytes) == .init(rule: .calendarFields, offset: Self.body))
    }

    /// A chain of phonetic representations is refused where the second begins, however deep
    /// it goes: none is followed.
    @Test func aChainOfPhoneticRepresentationsIsRefusedAtItsSecond() throws {
        let depth = 9000
        let body: [UInt8] =
            [0x21, 50] + Array(repeating: [0x31, 0x01, 50], count: depth - 1).joined() + Array(repeating: 0x00, count: depth)
        let bytes = RawArchive(keys: ["phoneticRepresentation"], body: body).bytes
        let problem = GraphDecoder().validate(bytes).problems.first
        #expect(problem?.rule == .personNameFields && problem?.byteOffset == Self.body + 5, "\(String(describing: problem))")
        #expect(
            Refusal.of { _ = try GraphDecoder().decode(PersonNameComponents.self, from: bytes) }
                == .init(rule: .personNameFields, offset: Self.body + 5))
    }

    /// A system locale's identifier follows the syntax too.
    @Test func aSystemLocalesIdentifierIsWellFormed() {
        let bytes = RawArchive(
            keys: ["current"], body: [0x21, 48, 0x23, 0x0F] + RawArchive.string("a b") + Self.string(1, "current") + [0x00]
        ).bytes
        let problem = GraphDecoder().validate(bytes).problems.first
        #expect(problem?.rule == .localeIdentifier && problem?.byteOffset == Self.body)
    }

    /// Validation checks a locale's identifier without building the locale, which Foundation
    /// would keep for good; typed decoding builds it.
    @Test func validationBuildsNoLocale() throws {
        let identifiers = ["ff_Adlm_GW@fw=tue;hours=h24;ms=uksystem", "kxv_Telu_IN@ms=ussystem;fw=sat"]
        let bytes = try GraphEncoder().encode(identifiers.map(Locale.init(identifier:))) as Bytes
        #expect(GraphDecoder().validate(bytes).isValid)
        for identifier in identifiers { #expect(!LocaleIdentifier.hasBuilt(identifier)) }
        _ = try GraphDecoder().decode([Locale].self, from: bytes)
        for identifier in identifiers { #expect(LocaleIdentifier.hasBuilt(identifier)) }
    }
}
