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

    /// Writes a text form of this archive, made by `write` while it parses the body, so that
    /// a broken archive is refused before any of the text reaches `output`. A short archive's
    /// text is held until its parse succeeds (a few times ``heldTextArchiveSize`` at most); a
    /// longer archive's structure is checked first, which costs a parse but holds nothing.
    func streamingText(
        to output: ([UInt8]) throws -> Void, _ write: (ArchivePrelude, ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        guard bytes.count <= Self.heldTextArchiveSize else {
            let checked = try checkingBodyStructure()
            return try withoutActuallyEscaping(output) { try write(checked, $0) }
        }
        var chunks: [[UInt8]] = []
        try write(self) { chunks.append($0) }
        for chunk in chunks { try output(chunk) }
    }

    /// The largest archive whose text ``streamingText(to:_:)`` holds rather than checking the
    /// archive first: a parse of a body this small costs more than its text's memory.
    static let heldTextArchiveSize = 1 << 20

    /// A reader over none of the archive's payloads yet, charging what it reads to
    /// ``budget``: a reader to move to each payload in turn (``BinaryReadBuffer/reposition(to:)``).
    func payloadReader() -> BinaryReadBuffer {
        BinaryReadBuffer(payloadsOf: bytes, header: header, bounds: SectionBounds(endRule: .bodyEnd, budget: budget))
    }
}
