extension UnsafeRawBufferPointer {
    /// Whether every byte is below 0x80, looked at eight at a time (the last eight, which
    /// may overlap the others, taking the place of a loop over the bytes left).
    var isASCII: Bool {
        guard count >= 8 else {
            var bits: UInt8 = 0
            for byte in self { bits |= byte }
            return bits < 0x80
        }
        var bits = loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        var index = 0
        while index + 8 <= count {
            bits |= loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }

    /// Whether the bytes are valid UTF-8: ASCII eight bytes at a time, other text by
    /// ``UTF8Automaton``.
    var isUTF8: Bool { isASCII || UTF8Automaton.accepts(self) }
}

extension String {
    /// The string whose UTF-8 is `bytes`, or nil when they are not valid UTF-8.
    ///
    /// The bytes are checked as ``Swift/UnsafeRawBufferPointer/isUTF8`` does, and copied
    /// without the standard library's own validation where it can take checked bytes
    /// (`UTF8Span`: macOS 26 and later, always on Linux). Its validation branches on each
    /// scalar's length, which text mixing scripts mispredicts, so checked bytes skip it.
    init?(checkedUTF8 bytes: UnsafeRawBufferPointer) {
        let utf8 = bytes.assumingMemoryBound(to: UInt8.self)
        let isASCII = bytes.isASCII
        guard isASCII || UTF8Automaton.accepts(bytes) else { return nil }
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            self = unsafe String(copying: UTF8Span(unchecked: utf8.span, isKnownASCII: isASCII))
        } else {
            self = String(decoding: utf8, as: UTF8.self)
        }
    }
}

/// A UTF-8 validator without branches: a finite automaton whose state is a shift amount,
/// one table load and one shift per byte. It accepts exactly the well-formed sequences of
/// Unicode's definition (no overlong forms, no surrogates, nothing past U+10FFFF).
///
/// Each state is a multiple of 6 below 64; the table's entry for a byte holds, in the six
/// bits at each state's place, the state that byte leads to from there.
enum UTF8Automaton {
    /// The states: a complete sequence; an error (which nothing leaves); one, two or three
    /// continuation bytes still due; and the second byte of the lead bytes that restrict it.
    private static let complete: UInt64 = 0, error: UInt64 = 6
    private static let due1: UInt64 = 12, due2: UInt64 = 18, due3: UInt64 = 24
    private static let afterE0: UInt64 = 30, afterED: UInt64 = 36, afterF0: UInt64 = 42, afterF4: UInt64 = 48

    /// The transitions out of each state on `byte`, each state that does not name the byte
    /// going to `error`.
    private static func transitions(on byte: UInt8) -> [(from: UInt64, to: UInt64)] {
        switch byte {
        case 0x00 ... 0x7F: return [(complete, complete)]
        case 0x80 ... 0xBF:
            var moves = [(due1, complete), (due2, due1), (due3, due2)]
            if byte >= 0xA0 { moves.append((afterE0, due1)) } else { moves.append((afterED, due1)) }
            if byte >= 0x90 { moves.append((afterF0, due2)) } else { moves.append((afterF4, due2)) }
            return moves
        case 0xC2 ... 0xDF: return [(complete, due1)]
        case 0xE0: return [(complete, afterE0)]
        case 0xED: return [(complete, afterED)]
        case 0xE1 ... 0xEF: return [(complete, due2)]
        case 0xF0: return [(complete, afterF0)]
        case 0xF4: return [(complete, afterF4)]
        case 0xF1 ... 0xF3: return [(complete, due3)]
        default: return []
        }
    }

    private static let table: [UInt64] = (0 ... 255).map { byte in
        var row: UInt64 = 0
        for state in stride(from: complete, through: afterF4, by: 6) { row |= error << state }
        for (from, to) in transitions(on: UInt8(byte)) { row = row & ~(63 << from) | to << from }
        return row
    }

    /// Whether `bytes` are well-formed UTF-8.
    static func accepts(_ bytes: UnsafeRawBufferPointer) -> Bool {
        table.withUnsafeBufferPointer { table in
            // The shift takes the low six bits of the state: the bits above are left unmasked.
            var state = complete
            for byte in bytes { state = table[Int(byte)] &>> state }
            return state & 63 == complete
        }
    }
}
