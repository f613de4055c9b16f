import GraphCodable
import Testing

/// Limits whose memory budget is a small multiple of the archive, and the refusal a work
/// over budget meets.
enum MemoryBudgetLimits {
    /// Limits whose budget is `ratio` bytes per byte of the archive.
    static func limits(ratio: Int) -> ArchiveLimits {
        var limits = ArchiveLimits()
        limits.maximumMemoryBytesPerArchiveByte = ratio
        return limits
    }

    /// Expects `work` to throw `limitExceeded`, naming the memory budget's limit.
    static func expectExceeded(_ work: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try work()
            Issue.record("no limit was met", sourceLocation: sourceLocation)
        } catch GCodableError.limitExceeded(let context) {
            #expect(context.debugDescription.contains("maximumMemoryBytesPerArchiveByte"), sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }
}
