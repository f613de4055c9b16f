/// Bounds on what an archive may hold, so that a hostile archive cannot exhaust memory or
/// the stack: exceeding one throws ``GCodableError/limitExceeded(_:)``, naming it.
///
/// The defaults suit untrusted input and most applications; raise them for larger archives.
public struct ArchiveLimits: Sendable, Equatable {
    /// The largest archive, in bytes.
    public var maximumArchiveSize = 1 << 30
    /// The most nodes in the body (each costs some 60 bytes of memory while decoding).
    public var maximumNodeCount = 4_000_000
    /// The deepest nesting of `VAL` and `REF` nodes.
    public var maximumDepth = 10_000
    /// The longest string, data or opaque BinaryIO payload, in bytes.
    public var maximumLength = 256 << 20
    /// The most entries in the type table, and the most keys in the key table.
    public var maximumTableCount = 1_000_000

    /// The default limits.
    public init() {}
}
