/// The fixed 40-byte header that starts every archive (see Docs/ArchiveFormat.md).
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 8 | magic `gcodable` |
/// | 8 | 8 | checksum: XXH64 of every byte from offset 16 to the end, or 0 |
/// | 16 | 2 | format version |
/// | 18 | 2 | flags |
/// | 20 | 2 | internal BinaryIO version |
/// | 22 | 2 | user BinaryIO version |
/// | 24 | 8 | body length |
/// | 32 | 8 | tables length |
struct ArchiveHeader: Equatable {
    static let magic: [UInt8] = Array("gcodable".utf8)
    static let size = 40
    static let checksumOffset = 8
    static let checksummedRangeStart = 16
    static let currentFormatVersion: UInt16 = 1

    /// Header flags.
    struct Flags: OptionSet, Equatable {
        let rawValue: UInt16
        /// The checksum field holds the XXH64 of the checksummed range.
        static let checksummed = Flags(rawValue: 1 << 0)
        static let known: Flags = [.checksummed]
    }

    var checksum: UInt64
    var formatVersion: UInt16
    var flags: Flags
    var internalBinaryIOVersion: UInt16
    var userBinaryIOVersion: UInt16
    var bodyLength: UInt64
    var tablesLength: UInt64

    /// The header's bytes.
    var bytes: [UInt8] {
        var buffer = BinaryWriteBuffer(version: 0, internalVersion: 0, reservingCapacity: Self.size)
        buffer.writeBytes(Self.magic)
        buffer.writeFixedWidth(checksum)
        buffer.writeFixedWidth(formatVersion)
        buffer.writeFixedWidth(flags.rawValue)
        buffer.writeFixedWidth(internalBinaryIOVersion)
        buffer.writeFixedWidth(userBinaryIOVersion)
        buffer.writeFixedWidth(bodyLength)
        buffer.writeFixedWidth(tablesLength)
        return buffer.bytes
    }

    /// Reads and checks the header of `archive`: magic, versions, flags, lengths against
    /// the archive's size, and the checksum when the flags say there is one. With a
    /// `problems` log, unknown flags, trailing bytes and checksum problems are logged.
    init(validating archive: [UInt8], problems: ProblemLog? = nil) throws {
        guard archive.count >= Self.size else {
            if !archive.starts(with: Self.magic.prefix(archive.count)) {
                throw GCodableError.invalid("not a GraphCodable archive (bad magic)", rule: .headerMagic, at: 0)
            }
            throw GCodableError.invalid(
                "truncated archive: \(archive.count) bytes, the header alone needs \(Self.size)", rule: .headerTruncated, at: archive.count)
        }
        guard archive.starts(with: Self.magic) else {
            throw GCodableError.invalid("not a GraphCodable archive (bad magic)", rule: .headerMagic, at: 0)
        }
        var reader = BinaryReadBuffer(bytes: archive, range: Self.magic.count ..< Self.size, version: 0, internalVersion: 0)
        checksum = try reader.readFixedWidth()
        formatVersion = try reader.readFixedWidth()
        flags = Flags(rawValue: try reader.readFixedWidth())
        internalBinaryIOVersion = try reader.readFixedWidth()
        userBinaryIOVersion = try reader.readFixedWidth()
        bodyLength = try reader.readFixedWidth()
        tablesLength = try reader.readFixedWidth()

        guard formatVersion == Self.currentFormatVersion else {
            throw GCodableError.invalid("unsupported archive format version \(formatVersion)", rule: .headerFormatVersion, at: 16)
        }
        if !flags.isSubset(of: .known) {
            try problems.report(.invalid("unknown header flags 0x\(String(flags.rawValue, radix: 16))", rule: .headerFlags, at: 18))
        }
        guard BinaryIOInternalVersion.supported.contains(internalBinaryIOVersion) else {
            throw GCodableError.invalid(
                "unsupported internal BinaryIO version \(internalBinaryIOVersion)", rule: .headerInternalVersion, at: 20)
        }
        let available = UInt64(archive.count - Self.size)
        guard bodyLength <= available, tablesLength <= available - bodyLength else {
            throw GCodableError.invalid(
                "truncated archive: the header announces \(bodyLength) + \(tablesLength) bytes, \(available) follow it",
                rule: .headerTruncated, at: archive.count)
        }
        if bodyLength + tablesLength != available {
            try problems.report(
                .invalid(
                    "\(available - bodyLength - tablesLength) unexpected bytes after the end of the archive",
                    rule: .headerTrailingBytes, at: Self.size + Int(bodyLength + tablesLength)))
        }
        if flags.contains(.checksummed) {
            let actual = archive.withUnsafeBytes { Checksum.xxh64(UnsafeRawBufferPointer(rebasing: $0[Self.checksummedRangeStart...])) }
            if actual != checksum {
                try problems.report(.invalid("checksum mismatch: the archive is corrupted", rule: .headerChecksum, at: Self.checksumOffset))
            }
        } else if checksum != 0 {
            try problems.report(
                .invalid("checksum present but the header flags say none: the archive is corrupted", rule: .headerChecksum, at: 18))
        }
    }

    init(
        formatVersion: UInt16 = Self.currentFormatVersion, flags: Flags, internalBinaryIOVersion: UInt16,
        userBinaryIOVersion: UInt16, bodyLength: UInt64 = 0, tablesLength: UInt64 = 0, checksum: UInt64 = 0
    ) {
        self.checksum = checksum
        self.formatVersion = formatVersion
        self.flags = flags
        self.internalBinaryIOVersion = internalBinaryIOVersion
        self.userBinaryIOVersion = userBinaryIOVersion
        self.bodyLength = bodyLength
        self.tablesLength = tablesLength
    }

    /// The byte range of the body within the archive.
    var bodyRange: Range<Int> { Self.size ..< Self.size + Int(bodyLength) }
    /// The byte range of the type and key tables within the archive.
    var tablesRange: Range<Int> { bodyRange.upperBound ..< bodyRange.upperBound + Int(tablesLength) }

    /// Completes an archive whose first `size` bytes are a placeholder: writes the header
    /// with the lengths and, when the flags ask for it, the checksum.
    static func seal(_ archive: inout [UInt8], header: ArchiveHeader) {
        var header = header
        header.checksum = 0
        archive.replaceSubrange(0 ..< size, with: header.bytes)
        guard header.flags.contains(.checksummed) else { return }
        let checksum = archive.withUnsafeBytes { Checksum.xxh64(UnsafeRawBufferPointer(rebasing: $0[checksummedRangeStart...])) }
        withUnsafeBytes(of: checksum.littleEndian) { raw in
            archive.replaceSubrange(checksumOffset ..< checksumOffset + 8, with: raw)
        }
    }
}
