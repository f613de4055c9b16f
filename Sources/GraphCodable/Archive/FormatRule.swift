/// A rule of the archive format, by the stable name Docs/ArchiveFormat.md gives it (its rule
/// index lists them all). Errors in an archive name the rule they found broken, as
/// ``GCodableError/Context/rule``, and so do validation's problems.
public enum FormatRule: String, Sendable, CaseIterable {
    case headerMagic = "header.magic"
    case headerTruncated = "header.truncated"
    case headerFormatVersion = "header.format-version"
    case headerFlags = "header.flags"
    case headerInternalVersion = "header.internal-version"
    case headerTrailingBytes = "header.trailing-bytes"
    case headerChecksum = "header.checksum"

    case varuintEnd = "varuint.end"
    case varuintOverflow = "varuint.overflow"
    case varuintOverlong = "varuint.overlong"
    case countExceeds = "count.exceeds"
    case stringUTF8 = "string.utf8"
    case tablesEnd = "tables.end"
    case bodyEnd = "body.end"

    case typesKind = "types.kind"
    case typesVersion = "types.version"
    case typesValueMangledName = "types.value-mangled-name"
    case typesComponent = "types.component"
    case typesSIMD = "types.simd"
    case typesRangeBound = "types.range-bound"
    case typesParts = "types.parts"
    case typesDuplicate = "types.duplicate"
    case keysDuplicate = "keys.duplicate"
    case tablesTrailingBytes = "tables.trailing-bytes"

    case nodeTag = "node.tag"
    case nodeKeyID = "node.key-id"
    case nodeTypeReference = "node.type-reference"
    case nodeObjectID = "node.object-id"
    case nodeShape = "node.shape"
    case nodeEnd = "node.end"
    case bodyUnclosed = "body.unclosed"
    case bodyEmpty = "body.empty"
    case rootKeyed = "root.keyed"
    case bodyAfterRoot = "body.after-root"
    case identityDefinedTwice = "identity.defined-twice"
    case identityUndefined = "identity.undefined"

    case boolByte = "bool.byte"
    case integerRange = "integer.range"
    case characterCluster = "character.cluster"
    case urlEmpty = "url.empty"
    case decimalText = "decimal.text"
    case optionalByte = "optional.byte"
    case setDuplicate = "set.duplicate"
    case dictionaryDuplicate = "dictionary.duplicate"
    case setSelfUnequal = "set.self-unequal"
    case rangeOrder = "range.order"
    case collectionKeyedField = "collection.keyed-field"
    case dictionaryFields = "dictionary.fields"
    case optionalFields = "optional.fields"

    case indexSetRanges = "index-set.ranges"
    case indexPathFields = "index-path.fields"
    case dateComponentsFields = "date-components.fields"
    case timeZoneIdentifier = "time-zone.identifier"
    case localeIdentifier = "locale.identifier"
    case characterSetBitmap = "character-set.bitmap"
    case personNameFields = "person-name.fields"
    case measurementUnit = "measurement.unit"
    case urlComponentsSyntax = "url-components.syntax"
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
