import Foundation

// The lossless JSON form of an archive (Docs/ArchiveJSON.md): every node, id, type
// reference, key and native value is explicit; archive → JSON → archive gives the same bytes.

extension GraphArchive {
    /// The archive as JSON text (UTF-8): indented by two spaces per level, or compact. The
    /// text is at most `limits.maximumTextBytesPerArchiveByte` times the archive's size.
    public func jsonData(indented: Bool = true, limits: ArchiveLimits = ArchiveLimits()) throws -> Data {
        let archive = try ArchivePrelude(bytes: try bytes(limits: limits), limits: limits, problems: nil)
        let limit = limits.textBudget(forArchiveOfSize: archive.bytes.count)
        return try TextOutput.collecting(into: Data.self, limit: limit) {
            try ArchiveJSONWriter(archive: archive).write(indented: indented, to: &$0)
        }
    }

    /// Writes the JSON form to `output` piece by piece (chunks of UTF-8 of some 64 KiB), so
    /// that it is never held whole: `output` may write to a file or a socket, and throw to
    /// stop the writing. The text is at most `limits.maximumTextBytesPerArchiveByte` times the
    /// archive's size.
    public func writeJSON(indented: Bool = true, limits: ArchiveLimits = ArchiveLimits(), to output: ([UInt8]) throws -> Void) throws {
        try ArchiveJSONWriter.write(
            try ArchivePrelude(bytes: try bytes(limits: limits), limits: limits, problems: nil), indented: indented, to: output)
    }

    /// Reads the JSON form into the model. Invalid JSON, or JSON that breaks the format's
    /// rules, throws an error that names the JSON path of the problem (the byte offset, for
    /// invalid JSON). See ``bytes(fromJSON:limits:)``.
    public init<Q: DataProtocol>(json: Q, limits: ArchiveLimits = ArchiveLimits()) throws {
        try self.init(bytes: try Self.bytes(fromJSON: json, limits: limits), limits: limits)
    }

    /// The archive that the JSON form `json` describes, its structure checked as decoding
    /// checks it (native payloads are written as the text gives them, so that the JSON form
    /// of any archive comes back: validation reports what they break), made straight from
    /// the text: no model is built. Beside the archive, reading takes 8 bytes
    /// per JSON array or object and the type and key tables, charged to
    /// `limits.maximumMemoryBytesPerArchiveByte` times the JSON's size. Invalid JSON, or JSON
    /// that breaks the format's rules, throws an error that names the JSON path of the
    /// problem (the byte offset, for invalid JSON).
    public static func bytes<Q: DataProtocol>(fromJSON json: Q, limits: ArchiveLimits = ArchiveLimits()) throws -> [UInt8] {
        try ArchiveJSONReader.archive(fromJSON: json as? [UInt8] ?? [UInt8](json), limits: limits)
    }
}
