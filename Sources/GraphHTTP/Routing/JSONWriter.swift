/// JSON composed straight into its bytes, for answers made often or of many parts (the
/// validation report, the type map, problems), so that they cost no `JSONEncoder`, whose
/// setup outweighs writing a report of a few members. It writes what
/// ``JSONBody`` writes for the same value: the caller gives object members sorted by their
/// names' UTF-8 bytes and leaves out absent ones, and strings are escaped alike (quotes,
/// backslashes and control characters only).
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether a value was written last, which the next member or element follows after a comma.
    private var afterValue = false

    mutating func beginObject() { begin(UInt8(ascii: "{")) }
    mutating func endObject() { end(UInt8(ascii: "}")) }
    mutating func beginArray() { begin(UInt8(ascii: "[")) }
    mutating func endArray() { end(UInt8(ascii: "]")) }

    /// Starts the member `name` of the current object: its value comes next.
    mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        afterValue = false
    }

    mutating func value(_ string: String) {
        separate()
        appendString(string)
        afterValue = true
    }

    mutating func value(_ number: Int) {
        separate()
        ASCII.appendDecimal(number, to: &bytes)
        afterValue = true
    }

    mutating func value(_ flag: Bool) {
        separate()
        bytes += (flag ? "true" : "false").utf8
        afterValue = true
    }

    /// The members of `object` in the order ``JSONBody`` writes them: by their names' UTF-8
    /// bytes (String's `<` compares canonical forms).
    static func sortedMembers<Value>(_ object: [String: Value]) -> [(key: String, value: Value)] {
        object.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    /// Hands the bytes written so far to `output` and forgets them: a long answer is sent in
    /// pieces, and the JSON goes on where it was.
    mutating func flush(to output: ([UInt8]) throws -> Void) rethrows {
        try output(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    private mutating func begin(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        afterValue = false
    }

    private mutating func end(_ bracket: UInt8) {
        bytes.append(bracket)
        afterValue = true
    }

    private mutating func separate() {
        if afterValue { bytes.append(UInt8(ascii: ",")) }
    }

    /// `string` quoted: the runs between the bytes that need an escape copied whole (a
    /// byte at a time, each append checked the array's storage and room).
    private mutating func appendString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var run = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run ..< index]))
                appendEscape(of: byte)
                run = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(of byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
        case 0x08: bytes += #"\b"#.utf8
        case 0x09: bytes += #"\t"#.utf8
        case 0x0A: bytes += #"\n"#.utf8
        case 0x0C: bytes += #"\f"#.utf8
        case 0x0D: bytes += #"\r"#.utf8
        default:
            bytes += [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), Self.hexDigits[Int(byte >> 4)],
                Self.hexDigits[Int(byte & 0xF)],
            ]
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
