// The errors of the Codable bridge are the ones Codable users expect: `EncodingError` and
// `DecodingError`, with the coding path from the root, which each gets where it is thrown,
// as Codable's own errors do; an error of the archive itself (a `GCodableError`, with its
// byte offset and the node's path) is their underlying error.

/// A coding key read from an archive or made from an index: the steps of a coding path.
public struct ArchiveCodingKey: CodingKey, Sendable, Hashable {
    /// The key's name: an archive's key, or `Index n` for the n-th unkeyed value.
    public let stringValue: String
    /// The index of an unkeyed value; nil for a key.
    public let intValue: Int?

    /// A key named `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    /// The key of the `intValue`-th unkeyed value (0-based).
    public init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    /// The key of the `index`-th unkeyed value (0-based).
    init(index: Int) { self.init(intValue: index) }

    /// The key `super`, under which `superEncoder()` and `superDecoder()` code.
    static let superKey = ArchiveCodingKey(stringValue: "super")

    /// The step of a GraphCodable path as a coding key.
    init(_ component: GCodableError.PathComponent) {
        switch component {
        case .key(let key): self.init(stringValue: key)
        case .index(let index): self.init(intValue: index)
        }
    }
}

extension GCodableError {
    /// The error's path as coding keys.
    var codingPath: [any CodingKey] { context.path.map(ArchiveCodingKey.init) }

    /// The error as Codable users expect it while decoding, at `codingPath`, with
    /// `underlying` (this error, or this error located in the archive) as its cause.
    func decodingError(codingPath: [any CodingKey], underlying: GCodableError? = nil) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: codingPath, debugDescription: self.context.debugDescription, underlyingError: underlying ?? self)
        return switch self {
        case .typeMismatch(let type, _): .typeMismatch(type, context)
        case .valueNotFound(let type, _): .valueNotFound(type, context)
        case .keyNotFound(let key, _): .keyNotFound(ArchiveCodingKey(stringValue: key), context)
        default: .dataCorrupted(context)
        }
    }

    /// The error as Codable users expect it while encoding `value`, at `codingPath`.
    func encodingError(_ value: Any, codingPath: [any CodingKey]) -> EncodingError {
        .invalidValue(
            value, EncodingError.Context(codingPath: codingPath, debugDescription: context.debugDescription, underlyingError: self))
    }
}
