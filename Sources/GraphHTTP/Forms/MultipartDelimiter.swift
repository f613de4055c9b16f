/// The delimiter that ends each part of a multipart body, CRLF `--` boundary (RFC 2046
/// §5.1.1), and a search for it in linear time.
///
/// The search is Horspool's: it looks at the last byte of each window and skips ahead by
/// how far that byte is from the end of the delimiter, so on typical content it reads one
/// byte in every few dozen. It also uses that the delimiter holds one CR, its first byte (a
/// boundary cannot hold one): a window whose last byte fits but whose first is not CR moves
/// to the next CR, or past itself if it holds none, and a window that starts with CR is
/// compared from there. The bytes a comparison matches hold no CR after the first, so no
/// later compared window overlaps them. Each body byte is thus read a bounded number of
/// times, whatever the body and boundary: a 70-byte boundary of `a` over megabytes of `a`
/// costs one read per byte, not 70.
struct MultipartDelimiter: Sendable {
    /// The longest boundary RFC 2046 allows: 70 characters.
    static let maximumBoundaryLength = 70

    /// CR, LF, `--` and the boundary.
    let bytes: [UInt8]
    /// For each byte value, how far the search may skip when it ends a window that does not match.
    private let skips: [Int]

    /// The delimiter of `boundary`, which must be 1 to 70 characters of the `bchars` of
    /// RFC 2046 (letters, digits, `'()+_,-./:=?` and spaces), not ending with a space.
    init(boundary: String) throws(UploadParseError) {
        let boundaryBytes = Array(boundary.utf8)
        guard (1 ... Self.maximumBoundaryLength).contains(boundaryBytes.count) else {
            throw .badRequest(.boundary, "\(boundaryBytes.count) bytes long, not 1 to \(Self.maximumBoundaryLength)")
        }
        if let byte = boundaryBytes.first(where: { !Self.isBoundaryByte($0) }) {
            throw .badRequest(.boundary, "byte \(ASCII.hex(byte)) cannot be in a boundary")
        }
        guard boundaryBytes.last != ASCII.space else { throw .badRequest(.boundary, "ends with a space") }
        bytes = [ASCII.cr, ASCII.lf, UInt8(ascii: "-"), UInt8(ascii: "-")] + boundaryBytes
        var skips = [Int](repeating: bytes.count, count: 256)
        for (index, byte) in bytes.dropLast().enumerated() {
            skips[Int(byte)] = bytes.count - 1 - index
        }
        self.skips = skips
    }

    /// `--` and the boundary: the delimiter without its CRLF, as the first one may start a body.
    var dashBoundary: ArraySlice<UInt8> { bytes.dropFirst(2) }

    /// Where the first delimiter at or after `start` begins in `body` (its CR); nil if none does.
    func firstMatch(in body: [UInt8], from start: Int) -> Int? {
        body.withUnsafeBufferPointer { text in
            bytes.withUnsafeBufferPointer { delimiter in
                skips.withUnsafeBufferPointer { skips in
                    let lastOffset = delimiter.count - 1
                    var window = max(start, 0)
                    while window < text.count - lastOffset {
                        let last = text[window + lastOffset]
                        if last != delimiter[lastOffset] {
                            window += skips[Int(last)]
                        } else if text[window] != ASCII.cr {
                            window = Self.firstCR(in: text, from: window + 1, before: window + delimiter.count) ?? window + delimiter.count
                        } else if Self.matches(delimiter, in: text, at: window) {
                            return window
                        } else {
                            window += skips[Int(last)]
                        }
                    }
                    return nil
                }
            }
        }
    }

    /// The index of the first CR in `text[start ..< end]`, or nil if there is none.
    private static func firstCR(in text: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int? {
        var index = start
        while index < end {
            if text[index] == ASCII.cr { return index }
            index += 1
        }
        return nil
    }

    /// Whether the delimiter's bytes between its CR and its last byte are at `window` in `text`.
    private static func matches(_ delimiter: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, at window: Int) -> Bool {
        var offset = 1
        while offset < delimiter.count - 1 {
            guard text[window + offset] == delimiter[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// Whether `byte` is a `bchars` of RFC 2046 §5.1.1.
    private static func isBoundaryByte(_ byte: UInt8) -> Bool {
        if ASCII.isLetter(byte) || ASCII.isDigit(byte) { return true }
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: "_"),
            UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "="), UInt8(ascii: "?"), ASCII.space:
            return true
        default:
            return false
        }
    }
}
