import Foundation

/// Encodes a value or object graph into a GraphCodable archive.
///
/// ```swift
/// let data = try GraphEncoder().encode(model) as Data
/// ```
public final class GraphEncoder {
    /// Options that change what the encoder stores.
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// No options: inheritance and identity as the types define them, a checksum.
        public static let defaultOption: Self = []
        /// Stores no class names: every reference decodes as its static type.
        public static let disableInheritance = Self(rawValue: 1 << 0)
        /// Ignores `GInheritance`: every class keeps inheritance.
        public static let ignoreGInheritanceProtocol = Self(rawValue: 1 << 1)
        /// No identity for any type: shared values and references are stored each time.
        public static let disableIdentity = Self(rawValue: 1 << 2)
        /// Ignores `GIdentifiable`: classes get the identity of their `ObjectIdentifier`,
        /// values none.
        public static let ignoreGIdentifiableProtocol = Self(rawValue: 1 << 3)
        /// Classes get no automatic identity from their `ObjectIdentifier` (only
        /// `GIdentifiable` gives them one).
        public static let disableAutoObjectIdentifierIdentityForReferences = Self(rawValue: 1 << 4)
        /// Every `Hashable` type uses its own value as identity, before any other rule:
        /// values that are `==` are stored once and decode as the first one encoded, even
        /// when `==` calls different values equal (`"é"` and `"e\u{301}"`, `0.0` and
        /// `-0.0`, `1 km` and `1000 m`).
        public static let tryHashableIdentityAtFirst = Self(rawValue: 1 << 5)
        /// Every `Hashable` type without another identity uses its own value as identity,
        /// with the same merging of `==` values as ``tryHashableIdentityAtFirst``.
        public static let tryHashableIdentityAtLast = Self(rawValue: 1 << 6)
        /// Prints the encoder's warnings (also kept in ``GraphEncoder/warnings``).
        public static let printWarnings = Self(rawValue: 1 << 7)
        /// Neither inheritance nor identity: what Swift's `Codable` stores.
        public static let mimicSwiftCodable: Self = [.disableInheritance, .disableIdentity]
        /// Leaves the archive's checksum out (the header's flags say so). Faster, but
        /// truncation and bit flips in the body are no longer detected.
        public static let omitChecksum = Self(rawValue: 1 << 16)
        /// Writes integers wider than a byte in their full width, little-endian (internal
        /// BinaryIO version 2) instead of as variable-length integers: a larger archive,
        /// but arrays of integers are written and read as one copy on little-endian
        /// machines. Every reader reads both layouts.
        public static let fixedWidthIntegers = Self(rawValue: 1 << 17)
        /// Writes the elements of every set and the entries of every dictionary in a
        /// canonical order (Docs/ArchiveFormat.md, "Canonical order"), so that equal values
        /// give byte-identical archives in any process: Swift orders sets and dictionaries by
        /// hashes seeded per process. Slower where archives hold large sets and dictionaries
        /// (Docs/Performance.md); readers read either order.
        public static let deterministic = Self(rawValue: 1 << 18)
    }

    /// The options the encoder was created with.
    public let options: Options
    /// The user BinaryIO version written in the header and given to every
    /// ``BinaryOType/write(to:)`` as ``BinaryWriteBuffer/version``.
    public let binaryIOVersion: UInt16
    /// A dictionary that encoded types can read as ``GEncoder/userInfo``.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// The limits of the decoders that will read the archives: the encoder refuses, with
    /// ``GCodableError/cannotEncode(_:_:)`` naming the limit, a value whose archive they
    /// would refuse for its size, nodes, nesting, tables, longest string or payload, or the
    /// memory decoding it builds, so that what it writes reads back. Set here the limits you
    /// set there (graph-server's, to write for it). By default, the decoders' defaults.
    public var limits = ArchiveLimits()
    /// The warnings of the last encoding (a conditionally encoded value without identity,
    /// for instance).
    public private(set) var warnings: [String] = []

    /// Creates an encoder.
    public init(_ options: Options = [], binaryIOVersion: UInt16 = 0) {
        self.options = options
        self.binaryIOVersion = binaryIOVersion
    }

    /// Encodes `value`, returning the archive in the byte container you name:
    /// `try encoder.encode(value) as Data` or `as Bytes`.
    public func encode<T: GEncodable, Q: MutableDataProtocol>(_ value: T) throws -> Q {
        try encoded(of: T.self) { try $0.encodeNode(value, keyID: 0) }
    }

    /// Encodes the `Encodable` value `value` with its own `encode(to:)`, keeping what Codable
    /// coders lose: a class instance reached twice is stored once, and with its dynamic
    /// class. Its failures are `EncodingError`s; a cycle made of Codable values alone is one.
    public func encode<T: Encodable, Q: MutableDataProtocol>(_ value: T) throws -> Q {
        try encodingCodable(value) { try encoded(of: T.self) { try $0.encodeCodable(value, keyID: 0) } }
    }

    /// Encodes `value`, whose type is both `GEncodable` and `Encodable`, the GraphCodable way.
    public func encode<T: GEncodable & Encodable, Q: MutableDataProtocol>(_ value: T) throws -> Q {
        try encoded(of: T.self) { try $0.encodeNode(value, keyID: 0) }
    }

    /// Encodes `value` and returns a text dump of the archive; BinaryIO values the reader
    /// would only know by size show by their description.
    public func dump<T: GEncodable>(_ value: T, options: GraphDumpOptions = .readable) throws -> String {
        try dump(of: T.self, options: options) { try $0.encodeNode(value, keyID: 0) }
    }

    /// Encodes the `Encodable` value `value` and returns a text dump of the archive.
    public func dump<T: Encodable>(_ value: T, options: GraphDumpOptions = .readable) throws -> String {
        try encodingCodable(value) { try dump(of: T.self, options: options) { try $0.encodeCodable(value, keyID: 0) } }
    }

    /// Encodes `value`, whose type is both `GEncodable` and `Encodable`, the GraphCodable
    /// way, and returns a text dump of the archive.
    public func dump<T: GEncodable & Encodable>(_ value: T, options: GraphDumpOptions = .readable) throws -> String {
        try dump(of: T.self, options: options) { try $0.encodeNode(value, keyID: 0) }
    }

    private func encoded<Q: MutableDataProtocol>(of type: Any.Type, writingRoot writeRoot: (EncodingSession) throws -> Void) throws -> Q {
        let session = makeSession(describingValues: false)
        defer { collectWarnings(of: session) }
        let bytes = try session.archive(of: type) { try writeRoot(session) }
        if let bytes = bytes as? Q { return bytes }
        return Q(bytes)
    }

    private func dump(of type: Any.Type, options: GraphDumpOptions, writingRoot writeRoot: (EncodingSession) throws -> Void) throws
        -> String
    {
        let session = makeSession(describingValues: true)
        defer { collectWarnings(of: session) }
        let archive = try ArchivePrelude(bytes: try session.archive(of: type) { try writeRoot(session) }, limits: limits, problems: nil)
        return try ArchiveDump(archive: archive, options: options, descriptions: session.opaqueDescriptions ?? [:]).text
    }

    /// Runs the encoding of the Codable root `value`, whose library errors become `EncodingError`s.
    private func encodingCodable<T, R>(_ value: T, _ encode: () throws -> R) throws -> R {
        do {
            return try encode()
        } catch let error as GCodableError {
            throw error.encodingError(value, codingPath: error.codingPath)
        }
    }

    private func makeSession(describingValues: Bool) -> EncodingSession {
        EncodingSession(
            options: options, limits: limits, userInfo: userInfo, binaryIOVersion: binaryIOVersion,
            describingValues: describingValues)
    }

    private func collectWarnings(of session: EncodingSession) {
        warnings = session.warnings
        if options.contains(.printWarnings) {
            for warning in warnings { print("GraphEncoder warning: \(warning)") }
        }
    }
}
