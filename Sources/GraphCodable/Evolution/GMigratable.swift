/// A type whose earlier versions are types of their own, each able to build the next:
/// an archive written by any version of the chain decodes into the current type, one
/// migration step at a time.
///
/// ```swift
/// struct Person: GCodable, GMigratable {          // version 3, the current one
///     static var typeVersion: UInt32 { 3 }
///     typealias PreviousVersion = PersonV2
///     init(migratingFrom previous: PersonV2) throws { … }
/// }
/// struct PersonV1: GMigratable {                 // the first version
///     static var typeVersion: UInt32 { 1 }
///     typealias PreviousVersion = NothingEarlier
///     …
/// }
/// ```
///
/// The version read from the archive is the one the encoding type stored as its
/// `typeVersion`; a version outside the chain throws ``GCodableError/unsupportedVersion(_:_:)``.
public protocol GMigratable: GDecodable {
    /// The type of the previous version, or ``NothingEarlier`` for the first one.
    associatedtype PreviousVersion: GMigratable
    /// The version this type decodes.
    static var typeVersion: UInt32 { get }
    /// Builds this version from the previous one.
    init(migratingFrom previous: PreviousVersion) throws
}

/// The end of a migration chain: the version before the first one, which never exists.
public enum NothingEarlier: GMigratable {
    public typealias PreviousVersion = NothingEarlier

    public static var typeVersion: UInt32 { .max }

    public init(from decoder: GDecoder) throws {
        throw GCodableError.internalInconsistency(Self.self, .init(debugDescription: "nothing comes before the first version"))
    }

    public init(migratingFrom previous: NothingEarlier) throws {
        switch previous {}
    }
}

extension GMigratable {
    /// The versions of the chain, newest first.
    static var versionChain: [UInt32] {
        Self.self == NothingEarlier.self ? [] : [typeVersion] + PreviousVersion.versionChain
    }

    /// Decodes the version `encodedVersion` of the chain, then migrates it up to `Self`.
    static func decodeMigrating(from decoder: GDecoder, encodedVersion: UInt32) throws -> Self {
        let chain = versionChain
        guard chain.contains(encodedVersion) else {
            throw GCodableError.unsupportedVersion(
                Self.self,
                .init(
                    debugDescription:
                        "version \(encodedVersion) of \(Self.self) is not in its migration chain (versions "
                        + chain.reversed().map(String.init).joined(separator: ", ") + ")"))
        }
        return try migratingStep(from: decoder, encodedVersion: encodedVersion)
    }

    private static func migratingStep(from decoder: GDecoder, encodedVersion: UInt32) throws -> Self {
        if encodedVersion == typeVersion { return try Self(from: decoder) }
        return try Self(migratingFrom: PreviousVersion.migratingStep(from: decoder, encodedVersion: encodedVersion))
    }
}
