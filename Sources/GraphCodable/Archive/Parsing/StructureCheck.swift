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
    /// a broken archive is refused before any of the text reaches `output`. The text is held
    /// until the parse ends; should it pass ``heldTextSize`` first, the body's structure is
    /// checked then (a parse that keeps nothing), and the text flows from there on. A short
    /// text so costs no second parse, and a long one is never held.
    func streamingText(
        to output: ([UInt8]) throws -> Void, _ write: (ArchivePrelude, ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        let remaining = budget.remaining
        var held: [[UInt8]] = []
        var heldBytes = 0
        var isChecked = false
        try withoutActuallyEscaping(output) { output in
            try write(self) { chunk in
                if isChecked { return try output(chunk) }
                held.append(chunk)
                heldBytes += chunk.count
                guard heldBytes > Self.heldTextSize else { return }
                // Checked with a budget of its own: the parse writing the text goes on with this one.
                _ = try withBudget(remaining: remaining).checkingBodyStructure()
                isChecked = true
                for chunk in held { try output(chunk) }
                held = []
            }
            for chunk in held { try output(chunk) }
        }
    }

    /// The most text ``streamingText(to:_:)`` holds before it checks the archive's structure.
    static let heldTextSize = 1 << 20

    /// A reader over none of the archive's payloads yet, charging what it reads to
    /// ``budget``: a reader to move to each payload in turn (``BinaryReadBuffer/reposition(to:)``).
    func payloadReader() -> BinaryReadBuffer {
        BinaryReadBuffer(payloadsOf: bytes, header: header, bounds: SectionBounds(endRule: .bodyEnd, budget: budget))
    }
}
