import Foundation

@testable import GraphCodable

/// The invalid files of the conformance corpus: each breaks exactly one rule of
/// Docs/ArchiveFormat.md, at a known offset. Most are assembled byte by byte; those that
/// break a header rule are precise edits of a valid archive, sealed again where the point
/// is to reach a rule checked after the checksum.
enum InvalidCorpus {
    /// `BIV` of `Int` 1: 45 bytes, its body at 40 ..< 43, its tables (two empty counts) after.
    static let good = RawArchive(body: [0x23, 0x0A, 0x02]).bytes
    static let body = RawArchive.bodyStart

    static func files() -> [CorpusFile] {
        header() + primitives() + tables() + nodes() + payloads() + foundationValues() + order()
    }

    static func edited(_ bytes: [UInt8], at offset: Int, to byte: UInt8) -> [UInt8] {
        var bytes = bytes
        bytes[offset] = byte
        return bytes
    }

    static func header() -> [CorpusFile] {
        var trailing = good + [0]
        trailing = RawArchive.resealed(trailing)
        var stray = RawArchive(body: [0x23, 0x0A, 0x02], checksummed: false).bytes
        stray[8] = 1
        return [
            .invalid("header-magic", edited(good, at: 0, to: 0x47), .headerMagic, at: 0, as: Int.self),
            .invalid("header-truncated-header", Array(good.prefix(20)), .headerTruncated, at: 20, as: Int.self),
            .invalid("header-truncated-body", RawArchive.resealed(Array(good.dropLast())), .headerTruncated, at: 44, as: Int.self),
            .invalid("header-format-version", RawArchive.resealed(edited(good, at: 16, to: 2)), .headerFormatVersion, at: 16, as: Int.self),
            .invalid("header-flags", RawArchive.resealed(edited(good, at: 18, to: 3)), .headerFlags, at: 18, as: Int.self),
            .invalid(
                "header-internal-version", RawArchive.resealed(edited(good, at: 20, to: 3)), .headerInternalVersion, at: 20, as: Int.self),
            .invalid("header-trailing-bytes", trailing, .headerTrailingBytes, at: 45, as: Int.self),
            .invalid("header-checksum", edited(good, at: 42, to: 0x04), .headerChecksum, at: 8, as: Int.self),
            .invalid("header-checksum-without-flag", stray, .headerChecksum, at: 18, as: Int.self),
        ]
    }

    static func primitives() -> [CorpusFile] {
        // Two type entries read whole, then a third announced and missing.
        var tablesCut = [UInt8](repeating: 0, count: ArchiveHeader.size) + [0x23, 0x0A, 0x02] + [0x03, 0x10, 0x0A, 0x10, 0x0D]
        RawArchive.seal(&tablesCut, checksummed: true, internalVersion: 1, bodyLength: 3, tablesLength: 5)
        return [
            .invalid("varuint-end", RawArchive(body: [0x23, 0x0A, 0x80]).bytes, .varuintEnd, at: body + 2, as: Int.self),
            .invalid(
                "varuint-overflow", RawArchive(body: [0x23, 0x0A] + Array(repeating: 0xFF, count: 9) + [0x02]).bytes,
                .varuintOverflow, at: body + 2, as: Int.self),
            .invalid("varuint-overlong", RawArchive(body: [0x23, 0x0A, 0x82, 0x00]).bytes, .varuintOverlong, at: body + 2, as: Int.self),
            .invalid("count-exceeds", RawArchive(body: [0x23, 0x0F, 0x05, 0x61]).bytes, .countExceeds, at: body + 2, as: String.self),
            .invalid("string-utf8", RawArchive(body: [0x23, 0x0F, 0x02, 0xC3, 0x28]).bytes, .stringUTF8, at: body + 2, as: String.self),
            .invalid("tables-end", tablesCut, .tablesEnd, at: tablesCut.count, as: Int.self),
            .invalid("body-end", RawArchive(body: [0x23, 0x0D, 0x00]).bytes, .bodyEnd, at: body + 2, as: Double.self),
        ]
    }

    /// An archive of `Int` 1 with the type table `types` (its entries start at
    /// `tables + 1`) and the key table `keys`.
    static func withTables(_ types: [[UInt8]], keys: [String] = []) -> RawArchive {
        RawArchive(types: types, keys: keys, body: [0x23, 0x0A, 0x02])
    }

    static func tables() -> [CorpusFile] {
        let entries = body + 3 + 1
        let named = [1, 0] + RawArchive.string("A")
        var doubling: [[UInt8]] = [[18, 10, 10]]
        for index in 0 ..< 7 { doubling.append([18, 64 + UInt8(index), 64 + UInt8(index)]) }
        var extra = withTables([]).bytes + [0]
        RawArchive.seal(&extra, checksummed: true, internalVersion: 1, bodyLength: 3, tablesLength: 3)
        let keysStart = body + 3 + 1 + 1
        return [
            .invalid("types-kind", withTables([[3]]).bytes, .typesKind, at: entries, as: Int.self),
            .invalid(
                "types-version", withTables([[1, 0x80, 0x80, 0x80, 0x80, 0x10] + RawArchive.string("A") + [0]]).bytes,
                .typesVersion, at: entries + 1, as: Int.self),
            .invalid(
                "types-value-mangled-name", withTables([named + RawArchive.string("m")]).bytes,
                .typesValueMangledName, at: entries + named.count, as: Int.self),
            .invalid("types-component-later", withTables([[16, 0x41], [16, 10]]).bytes, .typesComponent, at: entries + 1, as: Int.self),
            .invalid("types-component-reserved", withTables([[16, 30]]).bytes, .typesComponent, at: entries + 1, as: Int.self),
            .invalid("types-simd-lanes", withTables([[22, 5, 13]]).bytes, .typesSIMD, at: entries + 1, as: Int.self),
            .invalid("types-simd-scalar", withTables([[16, 10], [22, 4, 0x40]]).bytes, .typesSIMD, at: entries + 2 + 2, as: Int.self),
            .invalid("types-range-bound-bool", withTables([[20, 1]]).bytes, .typesRangeBound, at: entries + 1, as: Int.self),
            .invalid("types-range-bound-string", withTables([[21, 15]]).bytes, .typesRangeBound, at: entries + 1, as: Int.self),
            .invalid("types-parts", withTables(doubling).bytes, .typesParts, at: entries + 3 * 7, as: Int.self),
            .invalid("types-duplicate", withTables([[16, 10], [16, 10]]).bytes, .typesDuplicate, at: entries + 2, as: Int.self),
            .invalid(
                "types-duplicate-named", withTables([named + [0], named + [0]]).bytes, .typesDuplicate,
                at: entries + named.count + 1, as: Int.self),
            .invalid("keys-duplicate", withTables([], keys: ["a", "a"]).bytes, .keysDuplicate, at: keysStart + 2, as: Int.self),
            .invalid(
                "keys-duplicate-equivalent", withTables([], keys: ["\u{E9}", "e\u{301}"]).bytes, .keysDuplicate,
                at: keysStart + 3, as: Int.self),
            .invalid("tables-trailing-bytes", extra, .tablesTrailingBytes, at: body + 3 + 2, as: Int.self),
        ]
    }

    static func nodes() -> [CorpusFile] {
        let value: [[UInt8]] = [[1, 0] + RawArchive.string("A") + [0]]
        let one: [UInt8] = [0x23, 0x0A, 0x02]
        return [
            .invalid("node-tag-kind", RawArchive(body: [0x08]).bytes, .nodeTag, at: body, as: Int.self),
            .invalid("node-tag-reserved-bit", RawArchive(body: [0xA3, 0x0A, 0x02]).bytes, .nodeTag, at: body, as: Int.self),
            .invalid("node-tag-end-flags", RawArchive(body: [0x21, 40, 0x10, 0x00]).bytes, .nodeTag, at: body + 2, as: [Int].self),
            .invalid(
                "node-key-id", RawArchive(types: value, keys: ["k"], body: [0x21, 0x40, 0x33, 0x05, 0x0A, 0x02, 0x00]).bytes,
                .nodeKeyID, at: body + 2, as: ValidCorpus.Reading.self),
            .invalid(
                "node-key-id-zero", RawArchive(types: value, keys: ["k"], body: [0x21, 0x40, 0x33, 0x00, 0x0A, 0x02, 0x00]).bytes,
                .nodeKeyID, at: body + 3, as: ValidCorpus.Reading.self),
            .invalid("node-type-reference", RawArchive(body: [0x23, 0x1C, 0x00]).bytes, .nodeTypeReference, at: body, as: Int.self),
            .invalid("node-object-id", RawArchive(body: [0x63, 0x0A, 0x00, 0x02]).bytes, .nodeObjectID, at: body + 2, as: Int.self),
            .invalid("node-shape-untyped-biv", RawArchive(body: [0x03, 0x00]).bytes, .nodeShape, at: body, as: Int.self),
            .invalid("node-shape-identified-nil", RawArchive(body: [0x45, 0x01]).bytes, .nodeShape, at: body, as: Int?.self),
            .invalid("node-shape-pointer-without-id", RawArchive(body: [0x06]).bytes, .nodeShape, at: body, as: Int?.self),
            .invalid("node-end", RawArchive(body: one + [0x00]).bytes, .nodeEnd, at: body + 3, as: Int.self),
            .invalid("body-unclosed", RawArchive(body: [0x21, 40] + one).bytes, .bodyUnclosed, at: body + 5, as: [Int].self),
            .invalid("body-empty", RawArchive(body: []).bytes, .bodyEmpty, at: body, as: Int.self),
            .invalid("root-keyed", RawArchive(keys: ["k"], body: [0x33, 0x01, 0x0A, 0x02]).bytes, .rootKeyed, at: body, as: Int.self),
            .invalid("body-after-root", RawArchive(body: one + one).bytes, .bodyAfterRoot, at: body + 3, as: Int.self),
            .invalid(
                "identity-defined-twice", RawArchive(body: [0x21, 40, 0x63, 0x0A, 0x01, 0x02, 0x63, 0x0A, 0x01, 0x04, 0x00]).bytes,
                .identityDefinedTwice, at: body + 6, as: [Int].self),
            .invalid(
                "identity-undefined", RawArchive(body: [0x21, 40, 0x46, 0x07, 0x00]).bytes, .identityUndefined, at: body + 2, as: [Int].self
            ),
            .invalid(
                "collection-keyed-field", RawArchive(keys: ["k"], body: [0x21, 40, 0x33, 0x01, 0x0A, 0x02, 0x00]).bytes,
                .collectionKeyedField, at: body + 2, as: [Int].self),
            .invalid(
                "dictionary-fields", RawArchive(body: [0x21, 42] + one + one + one + [0x00]).bytes, .dictionaryFields, at: body,
                as: [Int: Int].self),
            .invalid("optional-fields", RawArchive(body: [0x21, 43, 0x00]).bytes, .optionalFields, at: body, as: String??.self),
        ]
    }

    static func payloads() -> [CorpusFile] {
        let payload = body + 2
        let nans: [UInt8] = [0x91, 0x4E] + Array(repeating: RawArchive.bits(.nan), count: 10_001).joined()
        let rounded = RawArchive.string("1" + String(repeating: "2", count: 45))
        return [
            .invalid("bool-byte", RawArchive(body: [0x23, 0x01, 0x02]).bytes, .boolByte, at: payload, as: Bool.self),
            .invalid("integer-range", RawArchive(body: [0x23, 0x03, 0x80, 0x80, 0x04]).bytes, .integerRange, at: payload, as: Int16.self),
            .invalid(
                "character-cluster", RawArchive(body: [0x23, 0x10, 0x02, 0x61, 0x62]).bytes, .characterCluster, at: payload,
                as: Character.self),
            // Two clusters under Unicode 16.0 (a later version joins them).
            .invalid(
                "character-cluster-khmer", RawArchive(body: [0x23, 0x10] + RawArchive.string("\u{1780}\u{17D2}\u{1780}")).bytes,
                .characterCluster, at: payload, as: Character.self),
            .invalid("url-empty", RawArchive(body: [0x23, 0x14, 0x00, 0x00]).bytes, .urlEmpty, at: payload, as: URL.self),
            .invalid(
                "decimal-text-grammar", RawArchive(body: [0x23, 0x15] + RawArchive.string("1.2.3")).bytes, .decimalText,
                at: payload, as: Decimal.self),
            .invalid("decimal-text-rounded", RawArchive(body: [0x23, 0x15] + rounded).bytes, .decimalText, at: payload, as: Decimal.self),
            .invalid(
                "optional-byte", RawArchive(types: [[19, 10]], body: [0x23, 0x40, 0x02]).bytes, .optionalByte, at: payload,
                as: Int?.self),
            .invalid(
                "set-duplicate", RawArchive(types: [[17, 10]], body: [0x23, 0x40, 0x02, 0x02, 0x02]).bytes, .setDuplicate,
                at: payload, as: Set<Int>.self),
            .invalid(
                "set-duplicate-equivalent-strings",
                RawArchive(body: [
                    0x21, 41, 0x23, 0x0F, 0x02, 0xC3, 0xA9, 0x23, 0x0F, 0x03,
                    0x65, 0xCC, 0x81, 0x00,
                ]).bytes,
                .setDuplicate, at: body, as: Set<String>.self),
            .invalid(
                "dictionary-duplicate-zeros",
                RawArchive(
                    types: [[18, 13, 10]],
                    body: [0x23, 0x40, 0x02] + RawArchive.bits(0.0) + [0x02]
                        + RawArchive.bits(-0.0) + [0x04]
                ).bytes,
                .dictionaryDuplicate, at: payload, as: [Double: Int].self),
            .invalid(
                "set-self-unequal", RawArchive(types: [[17, 13]], body: [0x23, 0x40] + nans).bytes, .setSelfUnequal, at: payload,
                as: Set<Double>.self),
            .invalid(
                "range-order", RawArchive(types: [[20, 10]], body: [0x23, 0x40, 0x06, 0x02]).bytes, .rangeOrder, at: payload,
                as: Range<Int>.self),
            .invalid(
                "range-order-decimal-nan",
                RawArchive(
                    types: [[20, 21]],
                    body: [0x23, 0x40] + RawArchive.string("1")
                        + RawArchive.string("NaN")
                ).bytes,
                .rangeOrder, at: payload, as: Range<Decimal>.self),
            .invalid(
                "set-duplicate-decimal-nan",
                RawArchive(
                    types: [[17, 21]],
                    body: [0x23, 0x40, 0x02] + RawArchive.string("NaN")
                        + RawArchive.string("NaN")
                ).bytes,
                .setDuplicate, at: payload, as: Set<Decimal>.self),
        ]
    }

    /// Archives that break two rules, or one inside a nested value: each pins a decision of
    /// the document's reporting order (the rule reported is the one it names).
    static func order() -> [CorpusFile] {
        let badBool: [UInt8] = [0x23, 0x01, 0x02]
        let martian = [0x21, 47, 0x23, 0x0F] + RawArchive.string("Mars Olympus") + [0x00]
        return [
            // The body's structure before any payload's contents: an invalid tag at 45 is
            // reported before the invalid UTF-8 at 42.
            .invalid(
                "order-structure-before-contents", RawArchive(body: [0x23, 0x0F, 0x02, 0xC3, 0x28, 0x08]).bytes, .nodeTag,
                at: body + 5, as: String.self),
            // A keyed field of an array (at 45) before the Bool byte 2 of the field before it (at 44).
            .invalid(
                "order-keyed-field-before-bool",
                RawArchive(keys: ["k"], body: [0x21, 40] + badBool + [0x33, 0x01, 0x0A, 0x02, 0x00]).bytes,
                .collectionKeyedField, at: body + 5, as: [Bool].self),
            // The body's end (where a pointer is known to point nowhere) before any payload's contents.
            .invalid(
                "order-undefined-pointer-before-bool", RawArchive(body: [0x21, 40, 0x46, 0x07] + badBool + [0x00]).bytes,
                .identityUndefined, at: body + 2, as: [Bool].self),
            // A node's own rules before its payload: a second top-level node that is no
            // definition (at 43) before its cut varint (at 45).
            .invalid(
                "order-after-root-before-payload", RawArchive(body: [0x23, 0x0A, 0x02, 0x23, 0x0A, 0x80]).bytes, .bodyAfterRoot,
                at: body + 3, as: Int.self),
            // A duplicate of the inner set of an `Array<Set<Int>>`, at the inner set's payload.
            .invalid(
                "order-inner-set-duplicate",
                RawArchive(types: [[17, 10], [16, 0x40]], body: [0x23, 0x41, 0x02, 0x01, 0x02, 0x02, 0x02, 0x02]).bytes,
                .setDuplicate, at: body + 5, as: [Set<Int>].self),
            // The payloads' contents before the Foundation values: the Bool after the time zone first.
            .invalid(
                "order-contents-before-foundation", RawArchive(body: [0x21, 40] + martian + badBool + [0x00]).bytes, .boolByte,
                at: body + 2 + martian.count + 2, as: [TimeZone].self),
            // An optional's presence byte decides where its payload ends: structure, reported
            // (at 49) before the invalid UTF-8 of the field before it (at 44).
            .invalid(
                "order-presence-byte-is-structure",
                RawArchive(
                    types: [[19, 10]],
                    body: [
                        0x21, 40, 0x23, 0x0F, 0x02, 0xC3, 0x28,
                        0x23, 0x40, 0x02, 0x00,
                    ]
                ).bytes,
                .optionalByte, at: body + 9, as: [String].self),
            // A set's or dictionary's uniqueness at its `VAL`, before its fields' payloads.
            .invalid(
                "order-set-before-its-elements", RawArchive(body: [0x21, 41, 0x23, 0x0A, 0x02, 0x23, 0x0A, 0x02] + badBool + [0x00]).bytes,
                .setDuplicate, at: body, as: Set<Int>.self),
        ]
    }

    /// A keyed field of a Foundation value: key id `key`, a `String` or `Double`.
    static func field(_ key: UInt8, _ text: String) -> [UInt8] { [0x33, key, 0x0F] + RawArchive.string(text) }
    static func field(_ key: UInt8, _ number: Double) -> [UInt8] { [0x33, key, 0x0D] + RawArchive.bits(number) }

    /// Foundation values that Foundation cannot make: each is reported at its `VAL`, or at
    /// the field of the wrong type.
    static func foundationValues() -> [CorpusFile] {
        let unordered: [UInt8] = [0x21, 44, 0x23, 0x41, 0x02, 10, 12, 2, 4, 0x00]
        let minimum: [UInt8] = [0x21, 46, 0x33, 0x01, 0x0A] + Array(repeating: 0xFF, count: 9) + [0x01, 0x00]
        return [
            .invalid(
                "index-set-ranges", RawArchive(types: [[20, 10], [16, 0x40]], body: unordered).bytes, .indexSetRanges, at: body,
                as: IndexSet.self),
            .invalid(
                "index-path-fields", RawArchive(body: [0x21, 45, 0x23, 0x0F, 0x01, 0x61, 0x00]).bytes, .indexPathFields,
                at: body + 2, as: IndexPath.self),
            .invalid(
                "date-components-fields", RawArchive(keys: ["year"], body: minimum).bytes, .dateComponentsFields, at: body,
                as: DateComponents.self),
            .invalid(
                "time-zone-identifier", RawArchive(body: [0x21, 47, 0x23, 0x0F] + RawArchive.string("Mars Olympus") + [0x00]).bytes,
                .timeZoneIdentifier, at: body, as: TimeZone.self),
            .invalid(
                "time-zone-fixed-offset",
                RawArchive(
                    keys: ["secondsFromGMT"],
                    body: [0x21, 47, 0x23, 0x0F] + RawArchive.string("GMT+0100")
                        + [0x33, 0x01, 0x0A, 0x9A, 0x39, 0x00]
                ).bytes,
                .timeZoneIdentifier, at: body, as: TimeZone.self),
            .invalid(
                "locale-identifier-keyword-twice",
                RawArchive(
                    body: [0x21, 48, 0x23, 0x0F] + RawArchive.string("en_US@fw=mon;fw=sun")
                        + [0x00]
                ).bytes,
                .localeIdentifier, at: body, as: Locale.self),
            .invalid(
                "locale-identifier", RawArchive(body: [0x21, 48, 0x23, 0x0F] + RawArchive.string("en_US@calendar=mayan") + [0x00]).bytes,
                .localeIdentifier, at: body, as: Locale.self),
            .invalid(
                "character-set-bitmap", RawArchive(body: [0x21, 49, 0x23, 0x11, 0x03, 0x01, 0x02, 0x03, 0x00]).bytes,
                .characterSetBitmap, at: body, as: CharacterSet.self),
            .invalid(
                "measurement-unit",
                RawArchive(
                    keys: ["value", "symbol", "unitClass"],
                    body: [0x21, 51] + field(1, 1.5)
                        + field(2, "m") + field(3, "UnitOfNothing") + [0x00]
                ).bytes,
                .measurementUnit, at: body, as: Measurement<UnitLength>.self),
            .invalid(
                "url-components-syntax", RawArchive(keys: ["path"], body: [0x21, 52] + field(1, "a b") + [0x00]).bytes,
                .urlComponentsSyntax, at: body, as: URLComponents.self),
            .invalid(
                "url-components-ip-literal",
                RawArchive(
                    keys: ["host", "path"],
                    body: [0x21, 52] + field(1, "[zz]") + field(2, "")
                        + [0x00]
                ).bytes,
                .urlComponentsSyntax, at: body, as: URLComponents.self),
            .invalid(
                "measurement-dimension",
                RawArchive(
                    keys: ["value", "symbol", "unitClass", "coefficient", "constant"],
                    body: [0x21, 51] + field(1, 1.5) + field(2, "m") + field(3, "Dimension")
                        + field(4, 1.0) + field(5, 0.0) + [0x00]
                ).bytes,
                .measurementUnit, at: body, as: Measurement<Dimension>.self),
            // A nested Foundation value of another code than its field's, though its own fields
            // would read as the field's type: reported at the nested value.
            .invalid(
                "calendar-locale-code",
                RawArchive(
                    keys: ["identifier", "locale"],
                    body: [0x21, 53] + field(1, "gregorian")
                        + [0x31, 0x02, 49, 0x23, 0x0F] + RawArchive.string("en") + [0x00, 0x00]
                ).bytes,
                .calendarFields, at: body + 15, as: Calendar.self),
            .invalid(
                "date-components-time-zone-code",
                RawArchive(
                    keys: ["timeZone"],
                    body: [0x21, 46, 0x31, 0x01, 49, 0x23, 0x0F]
                        + RawArchive.string("UTC") + [0x00, 0x00]
                ).bytes,
                .dateComponentsFields, at: body + 2, as: DateComponents.self),
            .invalid(
                "person-name-fields",
                RawArchive(
                    keys: ["phoneticRepresentation", "givenName"],
                    body: [
                        0x21, 50, 0x31, 0x01, 50,
                        0x31, 0x01, 50, 0x33, 0x02, 0x0F, 0x01, 0x61, 0x00, 0x00, 0x00,
                    ]
                ).bytes,
                .personNameFields, at: body + 5, as: PersonNameComponents.self),
            .invalid(
                "calendar-fields", RawArchive(keys: ["identifier"], body: [0x21, 53] + field(1, "martian") + [0x00]).bytes,
                .calendarFields, at: body, as: Calendar.self),
        ]
    }
}
