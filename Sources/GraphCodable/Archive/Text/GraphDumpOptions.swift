/// What a dump shows (see `GraphEncoder.dump(_:options:)` and `GraphDecoder.dump(from:options:)`).
public struct GraphDumpOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The header: magic, versions, flags, checksum, section lengths.
    public static let showHeader = Self(rawValue: 1 << 0)
    /// The body: one line per node.
    public static let showBody = Self(rawValue: 1 << 1)
    /// A legend of the node codes.
    public static let showHelp = Self(rawValue: 1 << 2)
    /// The named types of the type table, with their qualified names and versions.
    public static let showReferenceMap = Self(rawValue: 1 << 3)
    /// Adds the mangled names of classes to the reference map.
    public static let showMangledNamesInReferenceMap = Self(rawValue: 1 << 4)
    /// The key table.
    public static let showKeyMap = Self(rawValue: 1 << 5)
    /// Keys in the body as `"name"` instead of `KEY<id>`.
    public static let showKeyNames = Self(rawValue: 1 << 6)
    /// Class names in the body instead of `TYPE<id>`.
    public static let showTypeNames = Self(rawValue: 1 << 7)
    /// Values in full instead of cut at 64 characters.
    public static let noTruncation = Self(rawValue: 1 << 8)
    /// The names of user value types in the body too (`- VAL Module.Point`), as classes'
    /// are: graph-server's dumps show them; the user guide's dumps, which the library's
    /// `readable` keeps, do not.
    public static let showValueTypeNames = Self(rawValue: 1 << 9)

    /// The body with key and class names: the usual dump, as the user guide shows it.
    public static let readable: Self = [.showBody, .showKeyNames, .showTypeNames]
    /// Every section and name (values still cut at 64 characters: add `.noTruncation`).
    public static let fullInfo: Self = [
        .showHeader, .showBody, .showHelp, .showReferenceMap, .showMangledNamesInReferenceMap, .showKeyMap,
        .showKeyNames, .showTypeNames,
    ]
}
