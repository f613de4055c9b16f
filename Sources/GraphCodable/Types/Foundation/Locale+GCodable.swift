import Foundation

extension Locale: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .locale }

    /// Stores the identifier; for ``current`` and ``autoupdatingCurrent``, also which of the
    /// system's locales it is (see ``SystemCurrent``). Other locales must have an identifier
    /// Foundation lists (see ``LocaleIdentifier``).
    public func encode(to encoder: GEncoder) throws {
        try encoder.encode(identifier)
        if let system = SystemCurrent.of(self, autoupdating: .autoupdatingCurrent, current: .current) {
            return try system.encode(to: encoder)
        }
        guard LocaleIdentifier.isArchivable(identifier) else {
            throw GCodableError.cannotEncode(Self.self, "the locale \"\(identifier)\" is not one of Locale.availableIdentifiers with known keywords")
        }
    }

    public init(from decoder: GDecoder) throws {
        let identifier: String = try decoder.decode()
        switch try SystemCurrent.decode(from: decoder) {
        case .current: self = .current
        case .autoupdatingCurrent: self = .autoupdatingCurrent
        case nil:
            guard LocaleIdentifier.isArchivable(identifier) else {
                throw GCodableError.corrupted("the locale \"\(identifier)\" is not one of Locale.availableIdentifiers with known keywords", rule: .localeIdentifier)
            }
            self.init(identifier: identifier)
        }
    }
}
