import Foundation

extension Locale: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .locale }

    /// Stores the identifier; for ``current`` and ``autoupdatingCurrent``, also which of the
    /// system's locales it is (see ``SystemCurrent``).
    public func encode(to encoder: GEncoder) throws {
        try encoder.encode(identifier)
        try SystemCurrent.of(self, autoupdating: .autoupdatingCurrent, current: .current)?.encode(to: encoder)
    }

    public init(from decoder: GDecoder) throws {
        let identifier: String = try decoder.decode()
        switch try SystemCurrent.decode(from: decoder) {
        case .current: self = .current
        case .autoupdatingCurrent: self = .autoupdatingCurrent
        case nil: self.init(identifier: identifier)
        }
    }
}
