/// Eight bytes at a time: the masks that find, in a little-endian word of the text, the
/// bytes of a kind (quotes, backslashes, controls, the ends of numbers), as the scanner and
/// the readers use them.
extension JSONText {
    /// The eight bytes at `offset` as a little-endian word; `offset + 8` must be within the text.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    // The masks below set the high bit of each byte of a word that matches. Only their
    // lowest bit set is sure to mark a match (a borrow or carry out of a match may mark
    // bytes above it), which is all ``firstMarked(_:)`` reads.

    /// The bytes of `word` below `limit` (at most 128).
    @inline(__always)
    private static func bytes(below limit: UInt64, in word: UInt64) -> UInt64 {
        (word &- ones &* limit) & ~word & highBits
    }

    /// The bytes of `word` equal to `byte`.
    @inline(__always)
    private static func bytes(_ byte: UInt64, in word: UInt64) -> UInt64 {
        bytes(below: 1, in: word ^ (ones &* byte))
    }

    /// The index of the first byte that `mask` marks (8 when it marks none).
    @inline(__always)
    static func firstMarked(_ mask: UInt64) -> Int {
        mask.trailingZeroBitCount >> 3
    }

    /// The offset of the first byte from `offset` on that `mask` marks, looked for eight
    /// bytes at a time; when fewer than eight bytes remain unmarked, the offset of those.
    @inline(__always)
    static func firstMarkedOffset(in bytes: UnsafeBufferPointer<UInt8>, from offset: Int, _ mask: (UInt64) -> UInt64) -> Int {
        var offset = offset
        while bytes.count - offset >= 8 {
            let marked = mask(word(bytes, at: offset))
            if marked != 0 { return offset + firstMarked(marked) }
            offset += 8
        }
        return offset
    }

    /// The bytes of `word` that end or interrupt a string's content: quotes and backslashes.
    @inline(__always)
    static func contentStops(_ word: UInt64) -> UInt64 {
        bytes(0x22, in: word) | bytes(0x5C, in: word)
    }

    /// The bytes of `word` that need an escape in a JSON string: quotes, backslashes and
    /// control characters.
    @inline(__always)
    static func escapeStops(_ word: UInt64) -> UInt64 {
        bytes(below: 0x20, in: word) | contentStops(word)
    }

    /// The bytes of `word` that are anything but plain printable ASCII within a string:
    /// quotes, backslashes, control characters and parts of multi-byte sequences.
    @inline(__always)
    static func plainTextStops(_ word: UInt64) -> UInt64 {
        word & highBits | escapeStops(word)
    }

    /// The bytes of `word` that are not decimal digits.
    @inline(__always)
    static func nonDigits(_ word: UInt64) -> UInt64 {
        let offsets = word ^ (ones &* 0x30) // a digit's value; 10 or more for any other byte
        return (offsets &+ ones &* 0x76 | offsets) & highBits
    }

    /// The bytes of `word` that may end a number or a literal: those below `-` (whitespace,
    /// the comma, and `+`, which does not end one), `]` and `}`.
    @inline(__always)
    static func scalarStops(_ word: UInt64) -> UInt64 {
        bytes(below: 0x2D, in: word) | bytes(0x5D, in: word) | bytes(0x7D, in: word)
    }
}
