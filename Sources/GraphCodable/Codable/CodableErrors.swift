// The errors of the Codable bridge are the ones Codable users expect: `EncodingError` and
// `DecodingError`, with the coding path from the root. Their paths are built as they
// unwind, each level putting its key or index in front; an error of the archive itself
// (a `GCodableError`, with its byte offset and the node's path) is their underlying error.

/// A coding key read from an archive or made from an index: the steps of a coding path.
public struct ArchiveCodingKey: CodingKey, Sendable, Hashable {
    public let stringValue: String
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

extension DecodingError {
    /// The error with `key` in front of its coding path.
    func prefixing(_ key: any CodingKey) -> DecodingError {
        switch self {
        case .typeMismatch(let type, let context): .typeMismatch(type, context.prefixing(key))
        case .valueNotFound(let type, let context): .valueNotFound(type, context.prefixing(key))
        case .keyNotFound(let missing, let context): .keyNotFound(missing, context.prefixing(key))
        case .dataCorrupted(let context): .dataCorrupted(context.prefixing(key))
        @unknown default: self
        }
    }
}

extension DecodingError.Context {
    fileprivate func prefixing(_ key: any CodingKey) -> Self {
        Self(codingPath: [key] + codingPath, debugDescription: debugDescription, underlyingError: underlyingError)
    }
}

extension EncodingError {
    /// The error with `key` in front of its coding path.
    func prefixing(_ key: any CodingKey) -> EncodingError {
        switch self {
        case .invalidValue(let value, let context):
            .invalidValue(
                value,
                Context(
                    codingPath: [key] + context.codingPath, debugDescription: context.debugDescription,
                    underlyingError: context.underlyingError))
        @unknown default: self
        }
    }
}
