import Foundation

extension Locale: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .locale }

    /// Stores the identifier; for ``current`` and ``autoupdatingCurrent``, also which of the
    /// system's locales it is (see ``SystemCurrent``). Other locales must have an identifier
    /// that is well formed and that this platform knows (see ``LocaleIdentifier``).
    public func encode(to encoder: GEncoder) throws {
        try encoder.encode(identifier)
        if let system = SystemCurrent.of(self, autoupdating: .autoupdatingCurrent, current: .current) {
            return try system.encode(to: encoder)
        }
        guard LocaleIdentifier.isWellFormed(identifier), LocaleIdentifier.isKnown(identifier) else {
            throw GCodableError.cannotEncode(
                Self.self, "the locale \"\(identifier)\" is not one of Locale.availableIdentifiers with known keywords")
        }
    }

    public init(from decoder: GDecoder) throws {
        let identifier: String = try decoder.decode()
        guard LocaleIdentifier.isWellFormed(identifier) else {
            throw GCodableError.corrupted(
                "\"\(ShownText.shown(identifier))\" is not a well-formed locale identifier", rule: .localeIdentifier)
        }
        switch try SystemCurrent.decode(from: decoder) {
        case .current: self = .current
        case .autoupdatingCurrent: self = .autoupdatingCurrent
        case nil:
            if decoder.checksFormatOnly {
                self.init(identifier: "") // checked, not built: Foundation would keep it
            } else if !LocaleIdentifier.isKnown(identifier) {
                throw GCodableError.unknownHere(
                    "the locale \"\(identifier)\" is not one this platform's Foundation knows (Locale.availableIdentifiers, with its keywords' values)"
                )
            } else if !LocaleIdentifier.admit(identifier) {
                throw GCodableError.unknownHere(
                    "the locale \"\(identifier)\" would be the \(LocaleIdentifier.maximumBuilt + 1)th distinct locale decoded in this process, "
                        + "which Foundation would keep for good: more are refused")
            } else {
                self.init(identifier: identifier)
            }
        }
    }
}
