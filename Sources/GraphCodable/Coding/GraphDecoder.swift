import Foundation

/// Decodes a value or object graph from a GraphCodable archive.
///
/// ```swift
/// let model = try GraphDecoder().decode(Model.self, from: data)
/// ```
public final class GraphDecoder {
    /// A dictionary that decoded types can read as ``GDecoder/userInfo``.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// What the last decoding met: the classes it built and replaced.
    public private(set) var decodingReport: GraphDecodingReport?
    private var classOverrides: [ClassName: AnyClass] = [:]
    private var classLookup: ClassLookup { ClassLookup(overrides: classOverrides, registry: registry) }

    /// In secure mode, the only classes the archive may name; `nil` (the default) for
    /// the trusted mode, which finds classes with the runtime's lookup.
    ///
    /// Decode archives from untrusted sources in secure mode.
    public var registry: GTypeRegistry?
    /// Bounds on what an archive may hold; exceeding one throws `limitExceeded`.
    public var limits = ArchiveLimits()

    /// Creates a decoder in trusted mode, for archives your program wrote itself.
    public init() {}

    /// Creates a decoder in secure mode: archives may only name the classes of `registry`.
    public init(registry: GTypeRegistry) {
        self.registry = registry
    }

    /// Decodes a value of type `type` from an archive.
    ///
    /// A truncated, corrupted or hostile archive throws a ``GCodableError`` saying what is
    /// wrong and where; it never crashes the process. Of several problems, the one thrown is
    /// the first in the reporting order of Docs/ArchiveFormat.md, as validation reports it.
    public func decode<T: GDecodable, Q: DataProtocol>(_ type: T.Type, from data: Q) throws -> T {
        try decoding(data) { try $0.decodeRoot(T.self) }
    }

    /// Decodes a value of the `Decodable` type `type` from an archive, with its own
    /// `init(from:)`: each class instance is built as the class the archive names, and once
    /// however often it is referred to. Its failures are `DecodingError`s, with the coding
    /// path and, as their underlying error, the ``GCodableError`` with the byte offset and the
    /// path of the node in the archive.
    public func decode<T: Decodable, Q: DataProtocol>(_ type: T.Type, from data: Q) throws -> T {
        do {
            return try decoding(data) { try $0.decodeCodableRoot(T.self) }
        } catch let error as GCodableError {
            throw error.decodingError(codingPath: error.codingPath)
        }
    }

    /// Decodes a value of `type`, both `GDecodable` and `Decodable`, the GraphCodable way.
    public func decode<T: GDecodable & Decodable, Q: DataProtocol>(_ type: T.Type, from data: Q) throws -> T {
        try decoding(data) { try $0.decodeRoot(T.self) }
    }

    /// Decodes the root of an archive with `decodeRoot`.
    private func decoding<T, Q: DataProtocol>(_ data: Q, _ decodeRoot: (DecodingSession) throws -> T) throws -> T {
        let bytes = Self.bytes(of: data)
        let failure: GCodableError
        do {
            let session = DecodingSession(
                archive: try ParsedArchive(bytes: bytes, limits: limits), userInfo: userInfo, classLookup: classLookup)
            defer { decodingReport = session.report }
            do {
                return try decodeRoot(session)
            } catch let error as GCodableError where error.context.rule != nil || error.isUnknownHere {
                failure = error
            }
        }
        // The session, and all it decoded, is gone before the archive is read again.
        throw Self.firstContentProblem(of: bytes, limits: limits) ?? failure
    }

    /// The first problem in the contents of an archive whose structure parses (its payloads
    /// and Foundation values), in the document's reporting order: typed decoding meets them
    /// in the order its types ask for them, and stops at a value it cannot build here before
    /// it meets those after it. Parsed again, with a budget of its own.
    private static func firstContentProblem(of bytes: [UInt8], limits: ArchiveLimits) -> GCodableError? {
        do {
            try ParsedArchive(bytes: bytes, limits: limits).checkNativeContents(problems: nil)
            return nil
        } catch let problem as GCodableError where problem.context.rule != nil {
            return problem
        } catch {
            return nil
        }
    }

    /// Everything wrong with an archive, each problem with its byte offset and node path;
    /// for a valid archive, what it holds. Never throws, and instantiates none of the
    /// archive's types (only the Foundation values it holds, to check them).
    public func validate<Q: DataProtocol>(_ data: Q) -> GraphValidationReport {
        GraphValidationReport(validating: Self.bytes(of: data), limits: limits)
    }

    /// The types an archive uses: kind, names, version, number of instances, and whether
    /// this decoder (in its trusted or secure mode) can build them. No type is instantiated,
    /// but in trusted mode the runtime's lookup sees the archive's class names: inspect
    /// untrusted archives in secure mode.
    public func typeMap<Q: DataProtocol>(from data: Q) throws -> [GraphTypeMapEntry] {
        let archive = try ParsedArchive(bytes: Self.bytes(of: data), limits: limits)
        let lookup = classLookup
        return try archive.typeMap { lookup.find($0) != nil }
    }

    /// Where the archive's bytes go, by type (the `limit` that own the most listed, the rest
    /// summed), by key (likewise) and by field of the root, and its `largestValueCount`
    /// largest single values: one pass over the body, which checks its structure; no type is
    /// instantiated.
    public func statistics<Q: DataProtocol>(from data: Q, limit: Int = 100, largestValueCount: Int = 10) throws
        -> GraphArchiveStatistics
    {
        try GraphArchiveStatistics(counting: prelude(of: data), limit: limit, largestValueCount: largestValueCount)
    }

    /// The objects of the archive around the object `centre` (nil: the root), at most
    /// `depth` references away and `limit` of them, with the references among them; the
    /// objects further away are counted by type. No type is instantiated.
    public func objectGraph<Q: DataProtocol>(from data: Q, around centre: UInt32? = nil, depth: Int = 3, limit: Int = 200) throws
        -> GraphObjectGraph
    {
        try ParsedArchive(bytes: Self.bytes(of: data), limits: limits).objectGraph(around: centre, depth: depth, limit: limit)
    }

    /// Decodes the instances of the class the archive names `className` as `type`: for
    /// archives whose class no longer exists under that name. See the names an archive
    /// holds with `dump(from:options: .showReferenceMap)`.
    public func setClass(_ type: (AnyObject & GDecodable).Type, for className: ClassName) {
        classOverrides[className] = type
    }

    /// Decodes the instances of the class the archive names `className` as the `Decodable`
    /// class `type`.
    public func setClass(_ type: (AnyObject & Decodable).Type, for className: ClassName) {
        classOverrides[className] = type
    }

    /// Decodes the instances of the class the archive names `className` as `type`, both
    /// `GDecodable` and `Decodable`.
    public func setClass(_ type: (AnyObject & GDecodable & Decodable).Type, for className: ClassName) {
        classOverrides[className] = type
    }

    /// Returns a text dump of an archive. Native values show by value; opaque user
    /// BinaryIO values by size, since their types are not instantiated.
    public func dump<Q: DataProtocol>(from data: Q, options: GraphDumpOptions = .readable) throws -> String {
        try ArchiveDump(archive: try prelude(of: data), options: options, limits: limits).text
    }

    /// Writes the dump to `output` piece by piece (chunks of UTF-8 of some 64 KiB): `output`
    /// may write to a file or a socket, and throw to stop the writing. A broken archive
    /// writes nothing; a dump of more than 1 MiB is never held whole.
    public func dump<Q: DataProtocol>(from data: Q, options: GraphDumpOptions = .readable, to output: ([UInt8]) throws -> Void) throws {
        try prelude(of: data).streamingText(to: output) { archive, output in
            let dump = ArchiveDump(archive: archive, options: options, limits: limits)
            try withoutActuallyEscaping(output) { output in
                var text = TextOutput(output, limit: dump.textLimit)
                try dump.write(to: &text)
                try text.flush()
            }
        }
    }

    /// Writes the lossless JSON form of an archive (Docs/ArchiveJSON.md) to `output` piece by
    /// piece, as `GraphArchive(bytes:).writeJSON(indented:limits:to:)` does, without building
    /// the archive's structural model: for archives too large to hold twice. A broken archive
    /// writes nothing.
    public func writeJSON<Q: DataProtocol>(from data: Q, indented: Bool = true, to output: ([UInt8]) throws -> Void) throws {
        try prelude(of: data).streamingText(to: output) { try ArchiveJSONWriter.write($0, indented: indented, to: $1) }
    }

    /// An archive's bytes rewritten for other BinaryIO versions (nil keeps the archive's own),
    /// as `GraphArchive.converted(internalBinaryIOVersion:userBinaryIOVersion:registry:)`
    /// does, without building the structural model. Opaque payloads are rewritten by their
    /// types from ``registry`` (none without one).
    public func convert<Q: DataProtocol>(_ data: Q, internalBinaryIOVersion: UInt16? = nil, userBinaryIOVersion: UInt16? = nil) throws
        -> [UInt8]
    {
        let converted = try {
            let source = try prelude(of: data).checkingBodyStructure()
            return try source.converted(
                internalBinaryIOVersion: internalBinaryIOVersion ?? source.header.internalBinaryIOVersion,
                userBinaryIOVersion: userBinaryIOVersion ?? source.header.userBinaryIOVersion, registry: registry ?? GTypeRegistry())
        }()
        _ = try GraphArchive.read(converted, limits: limits) // what is written reads back, valid
        return converted
    }

    /// The prelude of an archive: its header and tables read, its body not yet.
    private func prelude<Q: DataProtocol>(of data: Q) throws -> ArchivePrelude {
        try ArchivePrelude(bytes: Self.bytes(of: data), limits: limits, problems: nil)
    }

    private static func bytes<Q: DataProtocol>(of data: Q) -> [UInt8] {
        if let bytes = data as? [UInt8] { return bytes }
        return [UInt8](data)
    }
}
