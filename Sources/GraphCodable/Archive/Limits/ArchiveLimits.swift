/// Bounds on what an archive may hold, so that a hostile archive cannot exhaust memory or
/// the stack: exceeding one throws ``GCodableError/limitExceeded(_:)``, naming it.
///
/// The defaults suit untrusted input and most applications; raise them for larger archives.
/// ``GraphEncoder`` refuses to write an archive that readers under its
/// ``GraphEncoder/limits`` would refuse (for any limit but the text's), so that what it
/// writes reads back.
public struct ArchiveLimits: Sendable, Equatable {
    /// The largest archive, in bytes.
    public var maximumArchiveSize = 1 << 30
    /// The most nodes in the body. By default none beyond the archive's size: a node takes
    /// at least one byte, and the 32 bytes each costs while it is read are charged to the
    /// memory budget, so any archive the library writes within ``maximumArchiveSize``
    /// reads back. graph-server sets 4,000,000.
    public var maximumNodeCount = Int.max
    /// The deepest nesting of `VAL` and `REF` nodes.
    public var maximumDepth = 10_000
    /// The longest string, data or opaque BinaryIO payload, in bytes. By default none beyond
    /// the archive's size: its bytes are in the archive. graph-server sets its upload limit.
    public var maximumLength = Int.max
    /// The most entries in the type table, and the most keys in the key table. By default
    /// none beyond the archive's size: an entry takes at least one byte, and the memory each
    /// costs is charged to the memory budget, so an archive whose keys are made at run time
    /// reads back however many it has. graph-server sets 1,000,000.
    public var maximumTableCount = Int.max
    /// The most memory that reading an archive may build, in bytes per byte of archive:
    /// parsing it (its tables' entries, 32 bytes a node), decoding it (each value at its
    /// size in memory, each collection at the room it reserves), validating it (the keys
    /// and elements compared), its structural model (``GraphArchive``, 32 bytes a node and
    /// its payloads). Any archive may build ``minimumBudget`` whatever its size; the
    /// default, 128, leaves room for archives of one-byte nodes (`nil`s), and typical
    /// archives take 3 to 10. Without it, a small archive could make a large value: an array
    /// of nil `SIMD64<Double>?` costs 513 bytes of memory per archive byte (``GraphEncoder``
    /// refuses to write one for readers with the default). What your own `init(from:)`
    /// allocates beyond the values it decodes is not counted.
    public var maximumMemoryBytesPerArchiveByte = 128
    /// The longest text made from an archive (its dump, its JSON form, compact or
    /// indented), in bytes per byte of archive. Any archive may make ``minimumBudget`` of
    /// text whatever its size. Without it, a key or type name stored once and named by a
    /// million nodes would be written out a million times. The default, 256, leaves room
    /// for the indented JSON form of the deepest archives (some 140 times their size);
    /// typical JSON forms are 5 to 15 times their archive.
    public var maximumTextBytesPerArchiveByte = 256

    /// What any archive may build and write, however small: 1 MiB.
    public static let minimumBudget = 1 << 20

    /// The default limits.
    public init() {}

    /// The bytes of memory reading an archive of `size` bytes may build.
    func memoryBudget(forArchiveOfSize size: Int) -> Int {
        Self.budget(size, maximumMemoryBytesPerArchiveByte)
    }

    /// The bytes of text an archive of `size` bytes may make.
    func textBudget(forArchiveOfSize size: Int) -> Int {
        Self.budget(size, maximumTextBytesPerArchiveByte)
    }

    private static func budget(_ size: Int, _ ratio: Int) -> Int {
        let (product, overflow) = size.multipliedReportingOverflow(by: max(ratio, 0))
        return max(minimumBudget, overflow ? .max : product)
    }
}
