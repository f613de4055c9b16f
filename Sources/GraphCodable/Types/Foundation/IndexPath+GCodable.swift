import Foundation

extension IndexPath: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .indexPath }

    /// Stores the indexes, as one packed array.
    public func encode(to encoder: GEncoder) throws {
        try encoder.encode(Array(self))
    }

    public init(from decoder: GDecoder) throws {
        self.init(indexes: try decoder.decode() as [Int])
    }
}
