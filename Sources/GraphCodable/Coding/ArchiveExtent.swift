/// What the readers of an archive meet, as the encoder measured it while writing: checked
/// against the readers' limits (``GraphEncoder/limits``) before the archive is returned, so
/// that what the encoder writes reads back.
struct ArchiveExtent {
    /// The archive's size in bytes.
    var size: Int
    /// The nodes of its body.
    var nodeCount = 0
    /// The entries of its larger table, types or keys.
    var tableCount = 0
    /// Its longest string, data or opaque payload, in bytes; -1 when it has none.
    var longestLength = -1
    /// What decoding it charges to the memory budget, at most (``ReadingCost``).
    var readingCost = 0

    /// Throws ``GCodableError/cannotEncode(_:_:)``, naming the limit, unless readers under
    /// `limits` take the archive (the encoding of a `type`). None takes more than 4 GiB,
    /// since parsed nodes hold 32-bit offsets.
    func checkReadable(under limits: ArchiveLimits, of type: Any.Type) throws {
        func refuse(_ what: String, _ limit: Int, _ name: String) -> GCodableError {
            .cannotEncode(type, "\(what), more than the \(limit) its readers take (ArchiveLimits.\(name))")
        }
        guard size <= ArchiveNode.maximumCount else {
            throw GCodableError.cannotEncode(
                type,
                "the archive would take \(size) bytes, more than the \(ArchiveNode.maximumCount) any reader takes (parsed nodes hold 32-bit offsets)"
            )
        }
        guard size <= limits.maximumArchiveSize else {
            throw refuse("the archive would take \(size) bytes", limits.maximumArchiveSize, "maximumArchiveSize")
        }
        guard nodeCount <= limits.maximumNodeCount else {
            throw refuse("the archive would hold \(nodeCount) nodes", limits.maximumNodeCount, "maximumNodeCount")
        }
        guard tableCount <= limits.maximumTableCount else {
            throw refuse("a table of the archive would hold \(tableCount) entries", limits.maximumTableCount, "maximumTableCount")
        }
        guard longestLength <= limits.maximumLength else {
            throw refuse("a string, data or BinaryIO payload would take \(longestLength) bytes", limits.maximumLength, "maximumLength")
        }
        let budget = limits.memoryBudget(forArchiveOfSize: size)
        guard readingCost <= budget else {
            throw GCodableError.cannotEncode(
                type,
                "decoding the archive would build \(readingCost) bytes of memory, more than the \(budget) its readers allow "
                    + "for its \(size) bytes (ArchiveLimits.maximumMemoryBytesPerArchiveByte)")
        }
    }
}
