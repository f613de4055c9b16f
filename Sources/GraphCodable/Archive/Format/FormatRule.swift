/// A rule of the archive format, by the stable name Docs/ArchiveFormat.md gives it (its rule
/// index lists them all). Errors in an archive name the rule they found broken, as
/// ``GCodableError/Context/rule``, and so do validation's problems.
public enum FormatRule: String, Sendable, CaseIterable {
    /// `header.magic`: The archive starts with `gcodable`.
    case headerMagic = "header.magic"
    /// `header.truncated`: At least 40 bytes, and at least the lengths the header announces.
    case headerTruncated = "header.truncated"
    /// `header.format-version`: Format version 1.
    case headerFormatVersion = "header.format-version"
    /// `header.flags`: No flag but bit 0.
    case headerFlags = "header.flags"
    /// `header.internal-version`: Internal BinaryIO version 1 or 2.
    case headerInternalVersion = "header.internal-version"
    /// `header.trailing-bytes`: Nothing after the tables.
    case headerTrailingBytes = "header.trailing-bytes"
    /// `header.checksum`: The XXH64 checksum matches, or is 0 without the flag.
    case headerChecksum = "header.checksum"

    /// `varuint.end`: A varuint ends within its section.
    case varuintEnd = "varuint.end"
    /// `varuint.overflow`: A varuint fits in 64 bits.
    case varuintOverflow = "varuint.overflow"
    /// `varuint.overlong`: A varuint is minimal.
    case varuintOverlong = "varuint.overlong"
    /// `count.exceeds`: A count is at most the bytes that remain.
    case countExceeds = "count.exceeds"
    /// `string.utf8`: Strings are valid UTF-8.
    case stringUTF8 = "string.utf8"
    /// `tables.end`: Nothing is read past the end of its section.
    case tablesEnd = "tables.end"
    /// `body.end`: Nothing is read past the end of its section.
    case bodyEnd = "body.end"

    /// `types.kind`: A known entry kind.
    case typesKind = "types.kind"
    /// `types.version`: A type version fits in 32 bits.
    case typesVersion = "types.version"
    /// `types.value-mangled-name`: A value type has an empty mangled name.
    case typesValueMangledName = "types.value-mangled-name"
    /// `types.component`: Layout components are scalar codes or earlier layouts.
    case typesComponent = "types.component"
    /// `types.simd`: SIMD lanes: 2, 3, 4, 8, 16, 32 or 64 of a scalar.
    case typesSIMD = "types.simd"
    /// `types.range-bound`: Range bounds are ordered packable scalars.
    case typesRangeBound = "types.range-bound"
    /// `types.parts`: A layout has at most 256 parts.
    case typesParts = "types.parts"
    /// `types.duplicate`: No two equal entries.
    case typesDuplicate = "types.duplicate"
    /// `keys.duplicate`: No two equal keys.
    case keysDuplicate = "keys.duplicate"
    /// `tables.trailing-bytes`: The tables fill their length exactly.
    case tablesTrailingBytes = "tables.trailing-bytes"

    /// `node.tag`: Kinds 0–7, bit 7 clear, END exactly `00`.
    case nodeTag = "node.tag"
    /// `node.key-id`: Key ids within the key table.
    case nodeKeyID = "node.key-id"
    /// `node.type-reference`: Type references to a known code or entry.
    case nodeTypeReference = "node.type-reference"
    /// `node.object-id`: Object ids from 1, within 32 bits.
    case nodeObjectID = "node.object-id"
    /// `node.shape`: Each node kind with the types and identity it allows.
    case nodeShape = "node.shape"
    /// `node.end`: An END closes an open value.
    case nodeEnd = "node.end"
    /// `body.unclosed`: Every value is closed.
    case bodyUnclosed = "body.unclosed"
    /// `body.empty`: The body has a root.
    case bodyEmpty = "body.empty"
    /// `root.keyed`: The root and top-level definitions have no key.
    case rootKeyed = "root.keyed"
    /// `body.after-root`: Only object definitions follow the root.
    case bodyAfterRoot = "body.after-root"
    /// `identity.defined-twice`: Each object id defined once.
    case identityDefinedTwice = "identity.defined-twice"
    /// `identity.undefined`: A strong pointer's object is defined.
    case identityUndefined = "identity.undefined"

    /// `bool.byte`: A Bool is 0 or 1.
    case boolByte = "bool.byte"
    /// `integer.range`: An integer fits its type.
    case integerRange = "integer.range"
    /// `character.cluster`: A Character is one grapheme cluster.
    case characterCluster = "character.cluster"
    /// `url.empty`: A URL's strings are not empty.
    case urlEmpty = "url.empty"
    /// `decimal.text`: A Decimal's text, a number a Decimal holds.
    case decimalText = "decimal.text"
    /// `optional.byte`: An optional's presence byte is 0 or 1.
    case optionalByte = "optional.byte"
    /// `set.duplicate`: Set elements are unique.
    case setDuplicate = "set.duplicate"
    /// `dictionary.duplicate`: Dictionary keys are unique.
    case dictionaryDuplicate = "dictionary.duplicate"
    /// `set.self-unequal`: At most 10,000 elements or keys unequal to themselves.
    case setSelfUnequal = "set.self-unequal"
    /// `range.order`: Lower ≤ upper.
    case rangeOrder = "range.order"
    /// `collection.keyed-field`: Arrays, sets, dictionaries and optional boxes have unkeyed fields.
    case collectionKeyedField = "collection.keyed-field"
    /// `dictionary.fields`: A dictionary's fields come in pairs.
    case dictionaryFields = "dictionary.fields"
    /// `optional.fields`: An optional box holds one field.
    case optionalFields = "optional.fields"

    /// `index-set.ranges`: An index set's ranges are non-empty, ascending and apart, within 0 ..< Int.max.
    case indexSetRanges = "index-set.ranges"
    /// `index-path.fields`: An index path is one unkeyed array of integers.
    case indexPathFields = "index-path.fields"
    /// `date-components.fields`: Date components' keyed fields each of its type, no component `Int.min`.
    case dateComponentsFields = "date-components.fields"
    /// `time-zone.identifier`: A time zone's identifier is well formed, and a fixed offset's is the offset's.
    case timeZoneIdentifier = "time-zone.identifier"
    /// `locale.identifier`: A locale's identifier and keywords are well formed.
    case localeIdentifier = "locale.identifier"
    /// `character-set.bitmap`: A character set's bitmap has the planes and runs Swift can hold.
    case characterSetBitmap = "character-set.bitmap"
    /// `person-name.fields`: Person name components' fields are strings; a phonetic representation has none of its own.
    case personNameFields = "person-name.fields"
    /// `measurement.unit`: A measurement's unit class, symbol and converter are ones Foundation has.
    case measurementUnit = "measurement.unit"
    /// `url-components.syntax`: URL components each have the syntax RFC 3986 gives them.
    case urlComponentsSyntax = "url-components.syntax"
    /// `calendar.fields`: A calendar's identifier, locale, time zone and week fields are valid.
    case calendarFields = "calendar.fields"

    /// The rule of the Foundation value a structured native code stores, if it is one.
    init?(foundationValue code: NativeTypeCode) {
        switch code {
        case .indexSet: self = .indexSetRanges
        case .indexPath: self = .indexPathFields
        case .dateComponents: self = .dateComponentsFields
        case .timeZone: self = .timeZoneIdentifier
        case .locale: self = .localeIdentifier
        case .characterSet: self = .characterSetBitmap
        case .personNameComponents: self = .personNameFields
        case .measurement: self = .measurementUnit
        case .urlComponents: self = .urlComponentsSyntax
        case .calendar: self = .calendarFields
        default: return nil
        }
    }
}
