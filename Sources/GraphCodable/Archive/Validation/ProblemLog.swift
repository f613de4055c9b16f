/// Collects the problems of an archive, for validation, instead of stopping at the first.
///
/// Readers take an optional log: without one (decoding) every problem throws; with one
/// (validation) the problems after which reading can go on are logged, and only those that
/// make the rest unreadable throw.
final class ProblemLog {
    /// The most problems logged before validation stops.
    static let maximumCount = 100

    private(set) var problems: [GCodableError] = []

    func append(_ problem: GCodableError) {
        problems.append(problem)
    }
}

extension Optional where Wrapped == ProblemLog {
    /// How many more problems a check may gather before it reports them: when validating,
    /// those that the log can still take; otherwise one, which throws.
    var room: Int {
        map { ProblemLog.maximumCount - $0.problems.count } ?? 1
    }

    /// Logs `problem` when validating (stopping after ``ProblemLog/maximumCount``
    /// problems), throws it otherwise.
    func report(_ problem: GCodableError) throws {
        guard let log = self else { throw problem }
        log.append(problem)
        if log.problems.count == ProblemLog.maximumCount {
            throw GCodableError.invalidArchive(.init(debugDescription: "\(ProblemLog.maximumCount) problems found: validation stopped"))
        }
    }
}
