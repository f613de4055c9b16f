import Foundation

extension CharacterSet: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .characterSet }

    /// Stores the bitmap representation (see ``CharacterSetBitmap``). A set that starts or
    /// ends a run of code points inside the surrogates D800–DFFF (possible only through
    /// `NSCharacterSet` ranges) cannot be rebuilt and throws.
    public func encode(to encoder: GEncoder) throws {
        let bitmap = bitmapRepresentation
        guard try CharacterSet.canRebuild(CharacterSetBitmap(bitmap).runs) else {
            throw GCodableError.cannotEncode(Self.self, "a set that starts or ends a run of code points inside the surrogates D800–DFFF cannot be rebuilt")
        }
        try encoder.encode(bitmap)
    }

    /// Rebuilds the set from the runs of its bitmap, never through Foundation's
    /// `init(bitmapRepresentation:)`.
    public init(from decoder: GDecoder) throws {
        try self.init(runs: CharacterSetBitmap(decoder.decode() as Data).runs)
    }
}
