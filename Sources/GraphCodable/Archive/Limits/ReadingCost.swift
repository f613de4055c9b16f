/// What decoding an archive charges to its memory budget (``MemoryBudget``) for what its
/// body holds, in bytes, beside the room of its collections (``ReservedRoom``); the tables
/// say what theirs cost (``TypeTable/readingCost``, ``KeyTable/readingCost``). The parser and
/// the decoder charge these, and the encoder counts them as it writes (summed in
/// ``ArchiveExtent``), so that it refuses an archive that its readers would refuse.
enum ReadingCost {
    /// A parsed node.
    static let node = MemoryLayout<ArchiveNode>.stride
    /// The nodes charged at a time as the parser's list fills (32 KiB, a thirty-second of
    /// the smallest budget).
    static let nodesPerCharge = 1024
    /// The definition of an object id, found by its id.
    static let definition = 32
    /// A pointer met before its object's definition, checked once the body ends.
    static let earlyPointer = MemoryLayout<(UInt32, UInt32)>.stride
    /// A value with an identity, kept by its id once decoded.
    static let identity = 48
    /// A value with an identity whose decoding failed, kept with its error (only when the
    /// code that asked for it went on without it: an archive written by the encoder has none).
    static let failedDecoding = 96
    /// An object's header, beside its fields.
    static let objectHeader = 16

    /// A decoded `T`: its size in memory, and for an object (`T` is a class) its header too.
    @inline(__always)
    static func value<T>(_: T.Type, isClass: Bool) -> Int {
        MemoryLayout<T>.stride + (isClass ? objectHeader : 0)
    }
}
