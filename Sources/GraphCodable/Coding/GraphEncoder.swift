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

        /// Leaves the archive's checksum out (the header's flags say so). Faster, but
        /// truncation and bit flips in the body are no longer detected.
        public static let omitChecksum = Self(rawValue: 1 << 16)
    }

    /// The options the encoder was created with.
    public let options: Options
    /// The user BinaryIO version written in the header and given to every
    /// ``BinaryOType/write(to:)`` as ``BinaryWriteBuffer/version``.
    public let binaryIOVersion: UInt16
    /// A dictionary that encoded types can read as ``GEncoder/userInfo``.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder.
    public init(_ options: Options = [], binaryIOVersion: UInt16 = 0) {
        self.options = options
        self.binaryIOVersion = binaryIOVersion
    }

    /// Encodes `value`, returning the archive in the byte container you name:
    /// `try encoder.encode(value) as Data` or `as Bytes`.
    public func encode<T: GEncodable, Q: MutableDataProtocol>(_ value: T) throws -> Q {
        let bytes = try makeSession(describingValues: false).archive(value)
        if let bytes = bytes as? Q { return bytes }
        return Q(bytes)
    }

    /// Encodes `value` and returns a text dump of the archive; BinaryIO values the reader
    /// would only know by size show by their description.
    public func dump<T: GEncodable>(_ value: T, options: GraphDumpOptions = .readable) throws -> String {
        let session = makeSession(describingValues: true)
        let archive = try ParsedArchive(bytes: try session.archive(value))
        return ArchiveDump(archive: archive, options: options, descriptions: session.opaqueDescriptions ?? [:]).text
    }

    private func makeSession(describingValues: Bool) -> EncodingSession {
        EncodingSession(
            userInfo: userInfo, binaryIOVersion: binaryIOVersion, checksummed: !options.contains(.omitChecksum),
            describingValues: describingValues)
    }
}
