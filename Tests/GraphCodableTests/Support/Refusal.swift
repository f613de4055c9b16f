import GraphCodable

/// How a reader refused an archive: the rule it named and the offset, as the conformance
/// corpus's manifest gives them.
struct Refusal: Equatable, CustomStringConvertible {
    var rule: FormatRule?
    var offset: Int?
    var description: String { "\(rule?.rawValue ?? "no rule") at \(offset.map(String.init) ?? "no offset")" }

    /// How `body` refused, or nil when it did not throw.
    static func of(_ body: () throws -> Void) -> Refusal? {
        do {
            try body()
            return nil
        } catch let error as GCodableError {
            return Refusal(rule: error.context.rule, offset: error.context.byteOffset)
        } catch {
            return Refusal()
        }
    }
}
