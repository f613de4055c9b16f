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

    /// Whether the bytes are valid UTF-8: ASCII eight bytes at a time, the rest by
    /// `UTF8Span`'s validation where the standard library has it (always on Linux), which,
    /// unlike the generic `String(validating:as:)`, looks up no type metadata and makes no
    /// string (a third of the time of a short non-ASCII one).
    var isUTF8: Bool {
        if isASCII { return true }
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return (try? UTF8Span(validating: assumingMemoryBound(to: UInt8.self).span)) != nil
        }
        return String(validating: self, as: UTF8.self) != nil
    }
}

extension String {
    /// The string whose UTF-8 is `bytes`, or nil when they are not valid UTF-8.
    ///
    /// ASCII, the common case, is recognised eight bytes at a time; other text is validated
    /// as ``Swift/UnsafeRawBufferPointer/isUTF8`` does.
    init?(checkedUTF8 bytes: UnsafeRawBufferPointer) {
        let utf8 = bytes.assumingMemoryBound(to: UInt8.self)
        if bytes.isASCII {
            self = String(decoding: utf8, as: UTF8.self)
        } else if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            guard let text = try? UTF8Span(validating: utf8.span) else { return nil }
            self = String(copying: text)
        } else {
            guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
            self = text
        }
    }
}
