import Foundation

/// The locale identifiers archives may hold: one Foundation lists
/// (`Locale.availableIdentifiers`, with `-` or `_`, or the empty root locale), then
/// optionally `@` and keywords of known keys with known values (`@calendar=japanese;fw=mon`).
///
/// The bound matters: Foundation keeps every locale ever made for the life of the process,
/// so arbitrary identifiers from hostile archives would take memory without end, and some
/// malformed ones crash ICU later, when the locale formats a date or a number.
enum LocaleIdentifier {
    static func isArchivable(_ identifier: String) -> Bool {
        let parts = identifier.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let base = parts[0].replacingOccurrences(of: "-", with: "_")
        guard base.isEmpty || available.contains(base) else { return false }
        guard parts.count == 2 else { return true }
        return parts[1].split(separator: ";", omittingEmptySubsequences: false).allSatisfy { keyword in
            let pair = keyword.split(separator: "=", omittingEmptySubsequences: false)
            guard pair.count == 2, let values = keywordValues[String(pair[0])] else { return false }
            return values.contains(String(pair[1]))
        }
    }

    private static let available = Set(Locale.availableIdentifiers)

    /// The keywords accepted, with their values.
    private static let keywordValues: [String: Set<String>] = [
        "calendar": Set(Calendar.names.map(\.name)),
        "numbers": Set(Locale.NumberingSystem.availableNumberingSystems.map(\.identifier)),
        "currency": Set(Locale.Currency.isoCurrencies.flatMap { [$0.identifier, $0.identifier.lowercased()] }),
        "fw": ["sun", "mon", "tue", "wed", "thu", "fri", "sat"],
        "hours": ["h11", "h12", "h23", "h24"],
        "ms": ["metric", "ussystem", "uksystem"],
    ]
}
