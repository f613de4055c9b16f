import Foundation
import SeededRandom
import Testing

@testable import GraphCodable

/// The syntax the format gives locale and time zone identifiers (Docs/ArchiveFormat.md,
/// codes 47 and 48) admits every identifier Foundation has, and is the same on every
/// platform; whether a platform knows one is decoding's question.
@Suite struct FoundationIdentifierTests {
    @Test func everyLocaleFoundationListsIsWellFormed() {
        let refused = Locale.availableIdentifiers.filter { !LocaleIdentifier.isWellFormed($0) }
        #expect(refused.isEmpty, "\(refused)")
        #expect(Locale.availableIdentifiers.allSatisfy(LocaleIdentifier.isKnown))
    }

    @Test func localeSyntax() {
        let wellFormed = [
            "", "en", "en-US", "zh_Hans_CN", "es_419", "en_US_POSIX", "de_DE_1996", "ca-ES-valencia", "it_HT",
            "en_US@calendar=japanese;fw=mon", "@calendar=iso8601", "ja@numbers=abcd;currency=xyz;hours=h23;ms=metric",
        ]
        for identifier in wellFormed { #expect(LocaleIdentifier.isWellFormed(identifier), "\(identifier)") }
        let illFormed = [
            "e", "englishlang_US", "en_U", "en_USA", "en_1234567890", "en__US", "en_US_abc", "en US", "é",
            "en@calendar=mayan", "en@fw=mon;fw=sun", "en@colour=red", "en@numbers=AB", "en@currency=eu", "en@", "en@fw",
            String(repeating: "a", count: 2) + "@" + Array(repeating: "fw=mon", count: 60).joined(separator: ";"),
        ]
        for identifier in illFormed { #expect(!LocaleIdentifier.isWellFormed(identifier), "\(identifier)") }
        #expect(!LocaleIdentifier.isKnown("it_HT"))
        #expect(!LocaleIdentifier.isKnown("en@numbers=abcd"))
    }

    @Test func everyZoneFoundationKnowsIsWellFormed() {
        let refused = TimeZone.knownTimeZoneIdentifiers.filter { !TimeZoneIdentifier.isWellFormed($0) }
        #expect(refused.isEmpty, "\(refused)")
    }

    @Test func zoneSyntax() {
        for identifier in ["UTC", "GMT+0101", "Etc/GMT-14", "EST5EDT", "America/Argentina/Buenos_Aires", "Mars/Olympus", "PST"] {
            #expect(TimeZoneIdentifier.isWellFormed(identifier), "\(identifier)")
        }
        for identifier in [
            "", "/", "Europe/", "/Rome", "Europe//Rome", "5EST", "Mars Olympus", "Europe/Rome\u{0}", "../etc", "GMT+01:00",
            String(repeating: "A", count: 256),
        ] {
            #expect(!TimeZoneIdentifier.isWellFormed(identifier), "\(identifier)")
        }
    }

    /// The identifier of a fixed offset, as the document gives it, is Foundation's.
    @Test func fixedOffsetsAreNamedAsFoundationNamesThem() throws {
        var offsets = Array(-120 ... 120) + [3599, 3600, 3601, 3629, 3630, 3661, -3661, 64_770, 64_799, 64_800, -64_800]
        var generator = SplitMix64(seed: 47)
        offsets += (0 ..< 500).map { _ in Int.random(in: -64_800 ... 64_800, using: &generator) }
        for offset in offsets {
            #expect(TimeZoneIdentifier.fixedOffset(offset) == TimeZone(secondsFromGMT: offset)?.identifier, "\(offset)")
        }
    }
}
