import CZlib

/// Entity tags (RFC 9110, section 8.8.3) for the documents the server serves: strong tags
/// of their bytes, the same in every replica; another for their gzipped form; and
/// `If-None-Match`'s weak comparison.
enum EntityTag {
    /// The strong tag of `bytes`: their CRC-32 and their length, in hexadecimal, quoted.
    static func of(_ bytes: [UInt8]) -> String {
        let crc = bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        return "\"" + String(crc, radix: 16) + "-" + String(bytes.count, radix: 16) + "\""
    }

    /// The tag of the gzipped form of what `tag` tags: another representation, so another
    /// strong tag.
    static func gzipped(_ tag: String) -> String {
        String(tag.dropLast()) + "-gzip\""
    }

    /// Whether the elements of `If-None-Match`, `*` or tags, name `tag`, compared weakly
    /// (`W/` ignored).
    static func matches(_ elements: [String], _ tag: String) -> Bool {
        let wanted = opaque(tag)
        return elements.contains { $0 == "*" || opaque($0) == wanted }
    }

    private static func opaque<S: StringProtocol>(_ tag: S) -> Substring {
        let text = Substring(tag)
        return text.hasPrefix("W/") ? text.dropFirst(2) : text
    }
}
