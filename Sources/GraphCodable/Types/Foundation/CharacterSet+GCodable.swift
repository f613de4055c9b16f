import Foundation

extension CharacterSet: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .characterSet }

    /// Stores the bitmap representation (see ``CharacterSetBitmap``), once it is known to
    /// rebuild the same set: a set whose runs of code points start or end inside the
    /// surrogates D800–DFFF (possible only through `NSCharacterSet` ranges) throws.
    public func encode(to encoder: GEncoder) throws {
        let bitmap = exactBitmap
        do {
            _ = try CharacterSet(rebuilding: bitmap)
        } catch {
            throw GCodableError.cannotEncode(Self.self, "the set cannot be rebuilt from its bitmap: \(error)")
        }
        try encoder.encode(bitmap)
    }

    /// Rebuilds the set from the runs of its bitmap, never through Foundation's
    /// `init(bitmapRepresentation:)`.
    public init(from decoder: GDecoder) throws {
        try self.init(rebuilding: decoder.decode() as Data)
    }

    /// The set of `bitmap`'s runs, checked to hold exactly the bitmap's code points: Linux's
    /// Foundation drops some (U+10000 when U+FFFF and U+20000 are in the set too).
    private init(rebuilding bitmap: Data) throws {
        let bitmap = try CharacterSetBitmap(bitmap)
        try self.init(runs: bitmap.runs)
        guard try CharacterSetBitmap(exactBitmap).runs == bitmap.runs else {
            throw GCodableError.corrupted(
                "Foundation's CharacterSet cannot hold exactly the code points of this bitmap", rule: .characterSetBitmap)
        }
    }
}
