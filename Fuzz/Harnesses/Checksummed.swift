@testable import GraphCodable

/// `bytes` with the checksum field made right for the rest, when they are long enough to
/// have a header: mutations then reach behind the integrity check.
func withChecksumMadeRight(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= ArchiveHeader.size else { return bytes }
    var bytes = bytes
    let checksum = bytes.withUnsafeBytes { Checksum.xxh64(UnsafeRawBufferPointer(rebasing: $0[ArchiveHeader.checksummedRangeStart...])) }
    withUnsafeBytes(of: checksum.littleEndian) { raw in
        bytes.replaceSubrange(ArchiveHeader.checksumOffset ..< ArchiveHeader.checksumOffset + 8, with: raw)
    }
    return bytes
}
