import GraphCodable

/// The dump's options as `/v1/dump` and `graph-server dump` take them: the body with key
/// and type names always, plus each section asked for.
public struct DumpOptions: Sendable {
    /// The header: versions, flags, checksum, section lengths.
    public var header = false
    /// A legend of the node codes.
    public var help = false
    /// The type table.
    public var typeMap = false
    /// The type table with the mangled names of classes.
    public var mangledNames = false
    /// The key table.
    public var keyMap = false
    /// Values in full, not cut at 64 characters.
    public var untruncated = false

    /// The options of the query parameters `header`, `help`, `typemap`, `mangled`,
    /// `keymap` and `untruncated`.
    init(_ query: QueryOptions) throws(Problem) {
        header = try query.flag("header")
        help = try query.flag("help")
        typeMap = try query.flag("typemap")
        mangledNames = try query.flag("mangled")
        keyMap = try query.flag("keymap")
        untruncated = try query.flag("untruncated")
    }

    /// The body alone.
    public init() {}

    /// The library's options for these.
    public var graphDumpOptions: GraphDumpOptions {
        var options = GraphDumpOptions.readable
        if header { options.insert(.showHeader) }
        if help { options.insert(.showHelp) }
        if typeMap || mangledNames { options.insert(.showReferenceMap) }
        if mangledNames { options.insert(.showMangledNamesInReferenceMap) }
        if keyMap { options.insert(.showKeyMap) }
        if untruncated { options.insert(.noTruncation) }
        return options
    }
}
