@testable import GraphCodable

/// An archive assembled byte by byte, for the forms and the faults no encoder writes: a
/// type table of raw entries (a kind byte and its fields), a key table and a body, sealed
/// with a header (and its checksum, unless asked not to).
struct RawArchive {
    var types: [[UInt8]] = []
    var keys: [String] = []
    var body: [UInt8]
    var internalVersion: UInt16 = BinaryIOInternalVersion.variableLengthIntegers
    var checksummed = true

    /// The offset of the body's first byte.
    static let bodyStart = ArchiveHeader.size

    /// The offset of the first byte of the tables.
    var tablesStart: Int { Self.bodyStart + body.count }

    var tables: [UInt8] {
        var buffer = BinaryWriteBuffer()
        buffer.writeCount(types.count)
        for entry in types { buffer.writeBytes(entry) }
        buffer.writeCount(keys.count)
        for key in keys { buffer.writeString(key) }
        return buffer.bytes
    }

    var bytes: [UInt8] {
        let tables = self.tables
        var bytes = [UInt8](repeating: 0, count: ArchiveHeader.size) + body + tables
        Self.seal(
            &bytes, checksummed: checksummed, internalVersion: internalVersion,
            bodyLength: body.count, tablesLength: tables.count)
        return bytes
    }

    /// Writes the header of `bytes` with these fields, and its checksum when `checksummed`.
    static func seal(_ bytes: inout [UInt8], checksummed: Bool, internalVersion: UInt16, bodyLength: Int, tablesLength: Int) {
        ArchiveHeader.seal(
            &bytes,
            header: ArchiveHeader(
                flags: checksummed ? .checksummed : [], internalBinaryIOVersion: internalVersion, userBinaryIOVersion: 0,
                bodyLength: UInt64(bodyLength), tablesLength: UInt64(tablesLength)))
    }

    /// `bytes` with its checksum computed again, after an edit past the header's first 16
    /// bytes: the edit reaches the rules checked after the checksum's.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        let checksum = bytes.withUnsafeBytes { Checksum.xxh64(UnsafeRawBufferPointer(rebasing: $0[16...])) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(8 ..< 16, with: $0) }
        return bytes
    }

    /// A string as the format writes it: its UTF-8 count, then its bytes.
    static func string(_ text: String) -> [UInt8] {
        var buffer = BinaryWriteBuffer()
        buffer.writeString(text)
        return buffer.bytes
    }

    /// Data as the format writes it: its count, then its bytes.
    static func data(_ bytes: [UInt8]) -> [UInt8] {
        var buffer = BinaryWriteBuffer()
        buffer.writeCount(bytes.count)
        return buffer.bytes + bytes
    }

    /// A `Double` as the format writes it: its bit pattern, little-endian.
    static func bits(_ number: Double) -> [UInt8] { withUnsafeBytes(of: number.bitPattern.littleEndian) { Array($0) } }
}
