import GraphCodable

/// The dump's options as `/v1/dump` and `graph-server dump` take them: the body with key
/// and type names always, plus each section asked for.
public struct DumpOptions: Sendable {
    /// The header: versions, flags, checksum, section lengths.
    public var header = false
    /// A legend of the node codes.
    public var legend = false
    /// The type table.
    public var typeMap = false
    /// The type table with the mangled names of classes.
    public var mangledNames = false
    /// The key table.
    public var keyMap = false
    /// Values in full, not cut at 64 characters.
    public var untruncated = false

    /// The query parameters of the options, each the name of its `graph-server dump` flag.
    static let parameters = ["header", "legend", "typemap", "mangled", "keymap", "untruncated"]

    /// The options of the query parameters ``parameters``.
    init(_ query: QueryOptions) throws(Problem) {
        header = try query.flag("header")
        legend = try query.flag("legend")
        typeMap = try query.flag("typemap")
        mangledNames = try query.flag("mangled")
        keyMap = try query.flag("keymap")
        untruncated = try query.flag("untruncated")
    }

    /// The body alone.
    public init() {}

    /// The library's options for these: the names of value types shown, as classes' are.
    public var graphDumpOptions: GraphDumpOptions {
        var options = GraphDumpOptions.readable.union(.showValueTypeNames)
        if header { options.insert(.showHeader) }
        if legend { options.insert(.showHelp) }
        if typeMap || mangledNames { options.insert(.showReferenceMap) }
        if mangledNames { options.insert(.showMangledNamesInReferenceMap) }
        if keyMap { options.insert(.showKeyMap) }
        if untruncated { options.insert(.noTruncation) }
        return options
    }
}
