import Foundation
import Synchronization

/// The locale identifiers archives may hold, in two steps.
///
/// - **Well formed** is the format's rule (Docs/ArchiveFormat.md, code 48), a matter of
///   syntax alone: a language, then optionally a script, a region and variants, separated
///   by `_` or `-` (or the empty root locale), then optionally `@` and `;`-separated
///   keywords of known keys, each once, with values of their syntax.
/// - **Known** is this platform's: the base is one of Foundation's
///   `Locale.availableIdentifiers` and each keyword's value one it has. Only known locales
///   are built, by typed decoding alone (validation checks the syntax), and at most
///   ``maximumBuilt`` distinct ones: Foundation keeps every locale ever made for the life of
///   the process, so arbitrary identifiers from hostile archives would take memory without
///   end, and some crash ICU later, when the locale formats a date or a number.
enum LocaleIdentifier {
    static func isWellFormed(_ identifier: String) -> Bool {
        guard identifier.utf8.count <= maximumLength else { return false }
        let (base, keywords) = split(identifier)
        guard base.isEmpty || isWellFormedBase(base) else { return false }
        guard let keywords else { return true }
        var keys: Set<Substring> = []
        return keywords.allSatisfy { key, value in
            guard keys.insert(key).inserted, let syntax = keywordSyntax[String(key)] else { return false }
            return syntax(value)
        }
    }

    static func isKnown(_ identifier: String) -> Bool {
        let (base, keywords) = split(identifier)
        guard base.isEmpty || available.contains(base.replacingOccurrences(of: "-", with: "_")) else { return false }
        return (keywords ?? []).allSatisfy { key, value in knownValues[String(key)]?.contains(String(value)) ?? true }
    }

    /// The most distinct locales decoding builds in a process. Known bases and keyword
    /// values still combine into more identifiers than memory holds, and Foundation keeps
    /// each locale it makes (about a kilobyte) for good.
    static let maximumBuilt = 8192

    private static let built = Mutex<Set<String>>([])

    /// Whether a locale of `identifier` may be built: it was before, or fewer than
    /// ``maximumBuilt`` were.
    static func admit(_ identifier: String) -> Bool {
        built.withLock { built in
            built.contains(identifier) || built.count < maximumBuilt && built.insert(identifier).inserted
        }
    }

    /// Whether a locale of `identifier` was admitted (``admit(_:)``).
    static func hasBuilt(_ identifier: String) -> Bool {
        built.withLock { $0.contains(identifier) }
    }

    /// The longest identifier: well above any Foundation lists, and bounded.
    static let maximumLength = 255

    /// The base and, after an `@`, the keywords as key-value pairs (a keyword without `=`
    /// has an empty key and no value that any key takes).
    private static func split(_ identifier: String) -> (base: Substring, keywords: [(Substring, Substring)]?) {
        let parts = identifier.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return (parts[0], nil) }
        let keywords = parts[1].split(separator: ";", omittingEmptySubsequences: false).map { keyword in
            let pair = keyword.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return pair.count == 2 ? (pair[0], pair[1]) : ("", "")
        }
        return (parts[0], keywords)
    }

    /// `language [sep script] [sep region] *(sep variant)`: a language of 2–3 or 5–8
    /// letters, a script of 4 letters, a region of 2 letters or 3 digits, variants of 5–8
    /// letters and digits or of a digit and 3 letters and digits.
    private static func isWellFormedBase(_ base: Substring) -> Bool {
        var parts = base.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }[...]
        guard let language = parts.popFirst(), [2, 3, 5, 6, 7, 8].contains(language.utf8.count), language.utf8.allSatisfy(isLetter) else {
            return false
        }
        if let script = parts.first, script.utf8.count == 4, script.utf8.allSatisfy(isLetter) { parts.removeFirst() }
        if let region = parts.first,
            region.utf8.count == 2 && region.utf8.allSatisfy(isLetter) || region.utf8.count == 3 && region.utf8.allSatisfy(isDigit)
        {
            parts.removeFirst()
        }
        return parts.allSatisfy { variant in
            let bytes = variant.utf8
            guard bytes.allSatisfy({ isLetter($0) || isDigit($0) }) else { return false }
            return (5 ... 8).contains(bytes.count) || bytes.count == 4 && isDigit(bytes.first!)
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { ASCIISet.letters.contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { ASCIISet.digits.contains(byte) }

    /// The syntax of each keyword's value: a calendar of the format's list, a numbering
    /// system of 3–8 lowercase letters and digits, a currency of 3 letters, and the values
    /// of `fw`, `hours` and `ms`.
    private static let keywordSyntax: [String: @Sendable (Substring) -> Bool] = [
        "calendar": { Calendar.archivedNames.contains(String($0)) },
        "numbers": { (3 ... 8).contains($0.utf8.count) && $0.utf8.allSatisfy { isDigit($0) || ASCIISet.lowercaseLetters.contains($0) } },
        "currency": { $0.utf8.count == 3 && $0.utf8.allSatisfy(isLetter) },
        "fw": { ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].contains($0) },
        "hours": { ["h11", "h12", "h23", "h24"].contains($0) },
        "ms": { ["metric", "ussystem", "uksystem"].contains($0) },
    ]

    private static let available = Set(Locale.availableIdentifiers)

    /// The values this platform knows of the keywords whose syntax admits others.
    private static let knownValues: [String: Set<String>] = [
        "calendar": Set(Calendar.names.map(\.name)),
        "numbers": Set(Locale.NumberingSystem.availableNumberingSystems.map(\.identifier)),
        "currency": Set(Locale.Currency.isoCurrencies.flatMap { [$0.identifier, $0.identifier.lowercased()] }),
    ]
}
