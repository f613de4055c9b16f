/// What bounds a ``BinaryReadBuffer`` that reads part of a larger whole (an archive's
/// section): the memory its collections may reserve, and what a read past its end breaks.
/// A buffer without bounds reserves no more than its remaining bytes could fill.
protocol ReadBounds: AnyObject, Sendable {
    /// Answers for `bytes` of memory that a collection read at `offset` reserves
    /// (``ReservedRoom``); throws when they are more than the whole may build.
    func reserve(_ bytes: Int, at offset: Int) throws

    /// The error of a read past the end of the part, from the buffer's own `error`.
    func readPastEnd(_ error: GCodableError) -> GCodableError
}
