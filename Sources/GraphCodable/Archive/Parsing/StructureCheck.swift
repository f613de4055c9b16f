/// A sink that keeps no node: parsing a body into it checks the body's structure alone, as
/// a parse that keeps the nodes would, for writers that stream an archive's text while it
/// is parsed again and must refuse a broken archive before writing any of it.
struct StructureCheck: NodeSinkKeepingNothing {
    private(set) var count = 0

    mutating func receive(_ node: ArchiveNode, in bytes: UnsafeBufferPointer<UInt8>) { count += 1 }

    func close(_ index: Int, next: Int, unkeyedFieldCount: UInt32, in bytes: UnsafeBufferPointer<UInt8>) {}
}

extension ArchivePrelude {
    /// This prelude once the structure of its body is checked, keeping no node: what a parse
    /// that keeps the nodes refuses, this refuses with the same error. Its budget is as it
    /// stood before the check, for the parse that follows.
    func checkingBodyStructure() throws -> ArchivePrelude {
        let remaining = budget.remaining
        var check = StructureCheck()
        _ = try parseBody(into: &check, problems: nil)
        return withBudget(remaining: remaining)
    }

    /// A reader over none of the archive's payloads yet, charging what it reads to
    /// ``budget``: a reader to move to each payload in turn (``BinaryReadBuffer/reposition(to:)``).
    func payloadReader() -> BinaryReadBuffer {
        BinaryReadBuffer(payloadsOf: bytes, header: header, bounds: SectionBounds(endRule: .bodyEnd, budget: budget))
    }
}
