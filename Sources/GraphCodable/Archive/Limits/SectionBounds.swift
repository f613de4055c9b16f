/// The bounds of a reader over a section of an archive (its tables, its body, the payloads
/// in the body): the collections it reads are charged to the archive's memory budget, and a
/// read past the section's end breaks the section's rule.
final class SectionBounds: ReadBounds {
    /// The rule a read past the end breaks (``FormatRule/tablesEnd`` or ``FormatRule/bodyEnd``).
    let endRule: FormatRule
    /// Where the collections read are charged.
    let budget: MemoryBudget

    init(endRule: FormatRule, budget: MemoryBudget) {
        self.endRule = endRule
        self.budget = budget
    }

    func reserve(_ bytes: Int, at offset: Int) throws {
        try budget.charge(bytes, at: offset)
    }

    func readPastEnd(_ error: GCodableError) -> GCodableError {
        var error = error
        error.context.rule = endRule
        return error
    }
}

extension BinaryReadBuffer {
    /// The memory budget of the archive whose payloads the reader reads, if it does: the
    /// checks that compare values charge what they number there.
    var budget: MemoryBudget? { (bounds as? SectionBounds)?.budget }
}
