/// The memory that the work on one archive may build (see
/// ``ArchiveLimits/maximumMemoryBytesPerArchiveByte``): what parsing, decoding, validating or
/// modelling the archive makes in proportion to its contents (nodes, values, collections,
/// the keys compared) is charged here as it is made, and given back when it is gone.
/// Charging past the budget throws `limitExceeded` before the memory is taken.
///
/// One piece of work uses a budget at a time (a decoding, a validation…), on one thread.
final class MemoryBudget: @unchecked Sendable {
    let total: Int
    private(set) var remaining: Int

    init(_ total: Int) {
        self.total = total
        remaining = total
    }

    /// A budget of `total` bytes of which `remaining` are left: one as another stood at some
    /// point, to start work over from there.
    init(_ total: Int, remaining: Int) {
        self.total = total
        self.remaining = remaining
    }

    /// The budget of work on an archive of `size` bytes under `limits`.
    convenience init(forArchiveOfSize size: Int, limits: ArchiveLimits) {
        self.init(limits.memoryBudget(forArchiveOfSize: size))
    }

    /// Takes `bytes` from the budget; throws when they are not left.
    @inline(__always)
    func charge(_ bytes: Int, at offset: Int? = nil) throws {
        guard bytes <= remaining else {
            throw GCodableError.limitExceeded(
                .init(
                    debugDescription:
                        "this would take more than \(total) bytes of memory, the most this archive may (ArchiveLimits.maximumMemoryBytesPerArchiveByte)",
                    byteOffset: offset))
        }
        remaining -= bytes
    }

    /// Takes `count` times `size` bytes (saturating).
    func charge(_ count: Int, of size: Int, at offset: Int? = nil) throws {
        let (product, overflow) = max(count, 0).multipliedReportingOverflow(by: size)
        try charge(overflow ? .max : product, at: offset)
    }

    /// Gives back bytes charged earlier whose memory is gone.
    func refund(_ bytes: Int) {
        remaining = min(total, remaining + bytes)
    }
}
