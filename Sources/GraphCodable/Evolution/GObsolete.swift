/// Marks a class kept only so that old archives can name it: it is never encoded or
/// decoded itself, its `replacementType` is. It needs no other code: `replacementType` is a
/// `static var` in a final class, a `class var` in one that is not.
///
/// ```swift
/// final class MyData: GObsolete {
///     static var replacementType: GDecodable.Type { MyNewData.replacementType }
/// }
/// ```
public protocol GObsolete: AnyObject, GCodable {}

extension GObsolete {
    /// Unreachable: an obsolete class is decoded as its `replacementType`.
    public init(from decoder: GDecoder) throws {
        throw GCodableError.internalInconsistency(
            Self.self, .init(debugDescription: "\(Self.self) is obsolete and its replacementType does not replace it"))
    }

    /// Unreachable: obsolete classes are not encoded.
    public func encode(to encoder: GEncoder) throws {
        throw GCodableError.cannotEncode(Self.self, .init(debugDescription: "\(Self.self) is obsolete"))
    }
}
