/// XXH64 (seed 0), the archive checksum: a fast, well-known 64-bit hash that readers in
/// other languages find in any xxHash library.
enum Checksum {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// The XXH64 hash of `bytes` with seed 0.
    static func xxh64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var offset = 0
        var hash: UInt64
        if count >= 32 {
            var lane1 = prime1 &+ prime2
            var lane2 = prime2
            var lane3: UInt64 = 0
            var lane4 = 0 &- prime1
            while offset + 32 <= count {
                lane1 = round(lane1, load64(bytes, offset))
                lane2 = round(lane2, load64(bytes, offset + 8))
                lane3 = round(lane3, load64(bytes, offset + 16))
                lane4 = round(lane4, load64(bytes, offset + 24))
                offset += 32
            }
            hash = lane1.rotatedLeft(1) &+ lane2.rotatedLeft(7) &+ lane3.rotatedLeft(12) &+ lane4.rotatedLeft(18)
            hash = merge(hash, lane1)
            hash = merge(hash, lane2)
            hash = merge(hash, lane3)
            hash = merge(hash, lane4)
        } else {
            hash = prime5
        }
        hash &+= UInt64(count)
        while offset + 8 <= count {
            hash ^= round(0, load64(bytes, offset))
            hash = hash.rotatedLeft(27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= count {
            hash ^= UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) &* prime1
            hash = hash.rotatedLeft(23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash ^= UInt64(bytes[offset]) &* prime5
            hash = hash.rotatedLeft(11) &* prime1
            offset += 1
        }
        hash ^= hash &>> 33
        hash &*= prime2
        hash ^= hash &>> 29
        hash &*= prime3
        hash ^= hash &>> 32
        return hash
    }

    @inline(__always)
    private static func load64(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        (accumulator &+ input &* prime2).rotatedLeft(31) &* prime1
    }

    @inline(__always)
    private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
        (hash ^ round(0, lane)) &* prime1 &+ prime4
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 {
        (self &<< count) | (self &>> (64 &- count))
    }
}
