extension GraphValidationReport {
    /// Validates `bytes` under `limits`: in one pass (``OnePassValidator``, then
    /// ``OnePassCollectionValidator`` for an archive with sets or dictionaries stored node by node) when
    /// that is enough, keeping every node when it is not or when `inOnePass` is false (the
    /// tests' reference).
    init(validating bytes: [UInt8], limits: ArchiveLimits, inOnePass: Bool = true) {
        if inOnePass, let report = Self(validatingInOnePass: bytes, limits: limits) {
            self = report
            return
        }
        let log = ProblemLog()
        var archive: ParsedArchive?
        do {
            let parsed = try ParsedArchive(bytes: bytes, limits: limits, problems: log)
            archive = parsed
            try parsed.checkNativeContents(problems: log)
        } catch let error as GCodableError {
            log.append(error)
        } catch {
            log.append(.invalidArchive(.init(debugDescription: "\(error)")))
        }
        problems = log.problems.map { error in
            Problem(
                message: error.context.debugDescription, byteOffset: error.context.byteOffset, path: error.context.path,
                pathStart: error.context.pathStart, rule: error.context.rule)
        }
        byteCount = bytes.count
        nodeCounts = [:]
        maximumDepth = 0
        typeCount = archive?.types.count ?? 0
        keyCount = archive?.keys.keys.count ?? 0
        objectCount = archive?.definitions.count ?? 0
        guard let archive else { return }
        var counts = [Int](repeating: 0, count: NodeKind.allCases.count)
        counts.withUnsafeMutableBufferPointer { counts in
            for node in archive.nodes { counts[Int(node.kind.rawValue)] += 1 }
        }
        nodeCounts = Self.nodeCounts(counts)
        maximumDepth = archive.maximumDepth
    }

    /// The report of a valid archive validated in one pass; nil when the pass stopped (a
    /// problem, or a Foundation value).
    init?(validatingInOnePass bytes: [UInt8], limits: ArchiveLimits) {
        guard let (prelude, validator, facts) = Self.validatedInOnePass(bytes, limits: limits),
            (try? prelude.budget.charge(validator.largestCheckCharge)) != nil
        else { return nil }
        problems = []
        byteCount = bytes.count
        nodeCounts = Self.nodeCounts(validator.kindCounts)
        maximumDepth = facts.maximumDepth
        typeCount = prelude.types.count
        keyCount = prelude.keys.keys.count
        objectCount = facts.definitions.count
    }

    /// `bytes` parsed with a ``OnePassValidator``, and when it meets a set or dictionary
    /// stored node by node, parsed again with a ``OnePassCollectionValidator`` (under the budget as it
    /// stood before the first parse); nil when either stops otherwise.
    static func validatedInOnePass(_ bytes: [UInt8], limits: ArchiveLimits) -> (ArchivePrelude, OnePassValidator, BodyParser.Facts)? {
        guard let prelude = try? ArchivePrelude(bytes: bytes, limits: limits, problems: nil) else { return nil }
        let remainingBeforeBody = prelude.budget.remaining
        var validator = OnePassValidator(prelude)
        do {
            let facts = try prelude.parseBody(into: &validator, problems: nil)
            return (prelude, validator, facts)
        } catch OnePassValidator.Stop.collection {
            let prelude = prelude.withBudget(remaining: remainingBeforeBody)
            var collections = OnePassCollectionValidator(prelude)
            guard let facts = try? prelude.parseBody(into: &collections, problems: nil) else { return nil }
            return (prelude, collections.validator, facts)
        } catch {
            return nil
        }
    }

    /// The counts of the kinds met, by code, from `counts` by raw value.
    private static func nodeCounts(_ counts: [Int]) -> [String: Int] {
        var nodeCounts: [String: Int] = [:]
        for kind in NodeKind.allCases where counts[Int(kind.rawValue)] > 0 { nodeCounts[kind.code] = counts[Int(kind.rawValue)] }
        return nodeCounts
    }
}
