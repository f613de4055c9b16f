import Foundation
import GraphCodable

/// What the service does with archives, the same over HTTP and in the offline CLI: each
/// operation takes the uploaded bytes and gives the answer's bytes, or throws the
/// ``Problem`` to answer. Text answers, JSON ones too, end with a line break. Archives are decoded in secure mode, with `registry`'s types
/// only, and within `limits`.
public struct ArchiveOperations: Sendable {
    /// The types archives are decoded as, and whose payloads conversion rewrites.
    public let registry: GTypeRegistry
    /// The limits archives are read within.
    public let limits: ArchiveLimits

    /// Operations decoding with `registry`'s types, within `limits`.
    public init(registry: GTypeRegistry = GTypeRegistry(), limits: ArchiveLimits = ArchiveLimits()) {
        self.registry = registry
        self.limits = limits
    }

    private var decoder: GraphDecoder {
        let decoder = GraphDecoder(registry: registry)
        decoder.limits = limits
        return decoder
    }

    /// Writes the archive's dump, text ending with a line break, piece by piece through
    /// `output` (whose own errors pass through: a reader that went away).
    public func dump(_ archive: [UInt8], options: GraphDumpOptions, to output: ([UInt8]) throws -> Void) throws {
        try streaming {
            try decoder.dump(from: archive, options: options, to: output)
            try output(Self.lineBreak)
        }
    }

    /// Writes the lossless JSON form (Docs/ArchiveJSON.md), compact or indented, piece by
    /// piece through `output`.
    public func json(_ archive: [UInt8], pretty: Bool, to output: ([UInt8]) throws -> Void) throws {
        try streaming {
            try decoder.writeJSON(from: archive, indented: pretty, to: output)
            try output(Self.lineBreak)
        }
    }

    /// The archive a JSON form describes.
    public func archive(fromJSON json: [UInt8]) throws(Problem) -> [UInt8] {
        try codec(invalidKind: .invalidArchiveJSON, decodingKind: .invalidArchiveJSON) {
            try GraphArchive.bytes(fromJSON: json, limits: limits)
        }
    }

    /// Writes the archive's types, as JSON, piece by piece through `output`; `resolvable` is
    /// computed in secure mode. An unreadable archive throws before anything is written.
    public func typeMap(_ archive: [UInt8], to output: ([UInt8]) throws -> Void) throws {
        let entries = try codec { try decoder.typeMap(from: archive) }
        try TypeMapAnswer.write(entries, to: output)
        try output(Self.lineBreak)
    }

    private static let lineBreak = [UInt8(ascii: "\n")]

    /// The validation report, as JSON, and whether the archive is valid.
    public func validate(_ archive: [UInt8]) -> (isValid: Bool, json: [UInt8]) {
        let report = decoder.validate(archive)
        return (report.isValid, ValidationAnswer(report).json + Self.lineBreak)
    }

    /// The most types and keys statistics list, and the most largest values: 0 to 10,000.
    public static let statisticsLimits = 0 ... 10_000
    /// The types and keys statistics list when not told.
    public static let defaultStatisticsLimit = 100
    /// The largest values statistics list when not told.
    public static let defaultLargestValueCount = 10

    /// Where the archive's bytes go, as JSON: the `limit` types and keys that own the most
    /// (the rest summed) and the `largest` largest single values.
    public func statistics(_ archive: [UInt8], limit: Int = defaultStatisticsLimit, largest: Int = defaultLargestValueCount)
        throws(Problem) -> (statistics: GraphArchiveStatistics, json: [UInt8])
    {
        let statistics = try codec { try decoder.statistics(from: archive, limit: limit, largestValueCount: largest) }
        return (statistics, JSONBody.encode(StatisticsAnswer(statistics)) + Self.lineBreak)
    }

    /// The references from the centre an object graph reaches at most: 0 to 64.
    public static let graphDepths = 0 ... 64
    /// The objects an object graph shows at most: 1 to 5,000.
    public static let graphLimits = 1 ... 5000
    /// How far an object graph reaches when not told.
    public static let defaultGraphDepth = 3
    /// How many objects an object graph shows when not told.
    public static let defaultGraphLimit = 200

    /// The objects around the object `centre` (nil: the root), within `depth` references and
    /// `limit` objects, as JSON, or as Graphviz's DOT with `dot`. A centre the archive does
    /// not define is an invalid parameter.
    public func objectGraph(
        _ archive: [UInt8], around centre: UInt32?, depth: Int = defaultGraphDepth, limit: Int = defaultGraphLimit, dot: Bool = false
    ) throws(Problem) -> [UInt8] {
        let graph = try codec(decodingKind: .invalidParameter) {
            try decoder.objectGraph(from: archive, around: centre, depth: depth, limit: limit)
        }
        return (dot ? Array(graph.dot.utf8) : JSONBody.encode(ObjectGraphAnswer(graph))) + Self.lineBreak
    }

    /// The archive rewritten for other BinaryIO versions (nil keeps the archive's own).
    public func convert(_ archive: [UInt8], userBinaryIOVersion: UInt16?, internalBinaryIOVersion: UInt16?) throws(Problem) -> [UInt8] {
        try codec(decodingKind: .missingTypes) {
            try decoder.convert(archive, internalBinaryIOVersion: internalBinaryIOVersion, userBinaryIOVersion: userBinaryIOVersion)
        }
    }

    /// The differences a diff may list: from none (only counted) to 10,000; 1,000 by default.
    public static let diffLimits = 0 ... 10_000
    /// The differences a diff lists when not told.
    public static let defaultDiffLimit = 1000

    /// The structural differences from the archive `before` to `after`, at most `limit`
    /// listed, as JSON, and the differences themselves.
    public func diff(_ before: [UInt8], _ after: [UInt8], limit: Int = defaultDiffLimit) throws(Problem) -> (
        diff: GraphArchiveDiff, json: [UInt8]
    ) {
        let diff = try codec { try GraphArchive.differences(from: before, to: after, limits: limits, maximumCount: limit) }
        return (diff, JSONBody.encode(DiffAnswer(diff)) + Self.lineBreak)
    }

    /// Decodes the archive as the registered type `typeName`, in secure mode: what was
    /// built, replaced and met, and the value's description, as JSON. A decoding that
    /// fails on an archive validation calls valid was refused by the types (a raw value the
    /// enum lacks, a missing key, another root type): `cannot-decode`, not `invalid-archive`.
    public func decode(_ archive: [UInt8], as typeName: String) throws(Problem) -> [UInt8] {
        guard let type = registry.type(named: typeName) else {
            let known = registry.typeNames.joined(separator: ", ")
            throw Problem(
                .unknownType, "\"\(typeName)\" is not registered on this server; it knows: \(known.isEmpty ? "no types" : known)",
                members: ["registeredTypes": .strings(registry.typeNames)])
        }
        let decoder = self.decoder
        let value: Any
        do {
            value = try Self.decode(type, from: archive, with: decoder)
        } catch let error as DecodingError {
            // A Codable type's failure: its cause is the archive's error, where there is one.
            guard let context = Self.context(of: error), let cause = context.underlyingError as? GCodableError else {
                throw Problem(.cannotDecode, Self.describe(error))
            }
            throw Self.problem(cause, decoding: archive, with: decoder)
        } catch let error as GCodableError {
            throw Self.problem(error, decoding: archive, with: decoder)
        } catch {
            throw Problem(.internalError, "\(error)")
        }
        let types = try codec { try decoder.typeMap(from: archive) }
        return JSONBody.encode(
            DecodeAnswer(type: _typeName(type, qualified: true), value: value, report: decoder.decodingReport, types: types))
            + Self.lineBreak
    }

    /// The problem of a decoding that threw `error`. Only a corrupted value or structure can
    /// be the archive's fault rather than the type's: validation tells which.
    private static func problem(_ error: GCodableError, decoding archive: [UInt8], with decoder: GraphDecoder) -> Problem {
        switch error {
        case .dataCorrupted, .invalidArchive:
            Problem(error, invalidKind: decoder.validate(archive).isValid ? .cannotDecode : .invalidArchive)
        default:
            Problem(error)
        }
    }

    /// Decodes `archive` as `type`, `GDecodable` (whose own coding wins) or `Decodable`.
    private static func decode(_ type: Any.Type, from archive: [UInt8], with decoder: GraphDecoder) throws -> Any {
        if let type = type as? any GDecodable.Type { return try decoder.decode(type, from: archive) }
        guard let type = type as? any Decodable.Type else {
            throw GCodableError.internalInconsistency(
                type, .init(debugDescription: "a registered type is neither GDecodable nor Decodable"))
        }
        return try decodeCodable(type, from: archive, with: decoder)
    }

    private static func decodeCodable<T: Decodable>(_ type: T.Type, from archive: [UInt8], with decoder: GraphDecoder) throws -> Any {
        try decoder.decode(type, from: archive)
    }

    /// A `DecodingError` a type threw itself, within bounds: its message cut as descriptions
    /// are, and its coding path as paths are shown (each key cut, the middle of a long path).
    private static func describe(_ error: DecodingError) -> String {
        guard let context = context(of: error) else { return BoundedDescription.describe(error).0 }
        let path = context.codingPath.map { key in
            key.intValue.map(GCodableError.PathComponent.index) ?? GCodableError.PathComponent.key(key.stringValue)
        }
        return BoundedDescription.describe(context.debugDescription).0 + " (at \(GCodableError.PathComponent.text(of: path)))"
    }

    /// The context of a `DecodingError`.
    private static func context(of error: DecodingError) -> DecodingError.Context? {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            context
        @unknown default: nil
        }
    }

    /// Runs codec work that writes to an output, turning codec errors into problems and
    /// letting the output's own errors through.
    private func streaming(_ work: () throws -> Void) throws {
        do {
            try work()
        } catch let error as GCodableError {
            throw Problem(error)
        }
    }

    /// Runs codec work, turning its errors into problems.
    private func codec<Value>(
        invalidKind: Problem.Kind = .invalidArchive, decodingKind: Problem.Kind = .cannotDecode, _ work: () throws -> Value
    ) throws(Problem) -> Value {
        do {
            return try work()
        } catch let error as GCodableError {
            throw Problem(error, invalidKind: invalidKind, decodingKind: decodingKind)
        } catch {
            throw Problem(.internalError, "\(error)")
        }
    }
}
