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
}

extension String {
    /// The string whose UTF-8 is `bytes`, or nil when they are not valid UTF-8.
    ///
    /// ASCII, the common case, is recognised eight bytes at a time and skips the standard
    /// library's generic validation, which looks up type metadata on every call.
    init?(checkedUTF8 bytes: UnsafeRawBufferPointer) {
        if bytes.isASCII {
            self = bytes.withMemoryRebound(to: UInt8.self) { String(decoding: $0, as: UTF8.self) }
        } else if let text = String(validating: bytes, as: UTF8.self) {
            self = text
        } else {
            return nil
        }
    }
}
