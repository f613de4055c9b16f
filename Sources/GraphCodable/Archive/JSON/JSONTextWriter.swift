/// Writes JSON text to a ``TextOutput`` as it is produced: the caller opens and closes
/// containers, so a document of any size is written without being held. Indented by two
/// spaces per level (up to ``maximumIndent`` levels, so that deep archives do not give
/// quadratic text), with the parts the caller marks inline on one line; or compact, with no
/// whitespace. Punctuation, names, numbers and strings go to the output as bytes.
struct JSONTextWriter {
    static let maximumIndent = 32

    private(set) var output: TextOutput
    private let indented: Bool
    /// A line break and the indentation of each level.
    private let indents: [[UInt8]]
    /// Whether the innermost open container has a member or element yet.
    private var hasItems = false
    /// The same for each container around it, outermost first.
    private var enclosingHasItems: [Bool] = []
    /// How many inline parts are open: inside one, items are separated by a space only.
    private var inlineDepth = 0

    init(_ output: TextOutput, indented: Bool) {
        self.output = output
        self.indented = indented
        indents = indented ? (0 ... Self.maximumIndent).map { Array(("\n" + String(repeating: "  ", count: $0)).utf8) } : []
    }

    mutating func beginObject() throws {
        try output.write(byte: UInt8(ascii: "{"))
        open()
    }

    mutating func beginArray() throws {
        try output.write(byte: UInt8(ascii: "["))
        open()
    }

    mutating func endObject() throws { try close(UInt8(ascii: "}")) }
    mutating func endArray() throws { try close(UInt8(ascii: "]")) }

    /// What follows, up to ``endInline()``, goes on one line.
    mutating func beginInline() { inlineDepth += 1 }
    mutating func endInline() { inlineDepth -= 1 }

    /// Starts the member `key` of the open object; its value follows.
    mutating func key(_ key: String) throws {
        try separate()
        try write(string: key)
        try output.write(indented ? ": " : ":")
    }

    /// Starts the member named by the ASCII literal `key`, which needs no escape.
    mutating func key(_ key: StaticString) throws {
        try separate()
        try output.write(byte: UInt8(ascii: "\""))
        try output.write(key)
        try output.write(indented ? "\": " : "\":")
    }

    /// The text that starts the member named by the ASCII literal `key` (its quoted name and
    /// colon), for ``key(text:)``: made once for members written many times.
    func keyText(_ key: StaticString) -> [UInt8] {
        Array("\"\(key)\"\(indented ? ": " : ":")".utf8)
    }

    /// Starts the member whose ``keyText(_:)`` is `text`; its value follows.
    mutating func key(text: [UInt8]) throws {
        try separate()
        try output.write(text)
    }

    /// Starts the next element of the open array; the element follows.
    mutating func nextElement() throws { try separate() }

    mutating func member(_ key: String, _ value: JSONValue, stack: StackGuard) throws {
        try self.key(key)
        try write(value, stack: stack)
    }

    /// Writes a whole value.
    mutating func write(_ value: JSONValue, stack: StackGuard) throws {
        guard stack.hasRoom() else {
            throw GCodableError.cannotEncode(
                JSONValue.self, .init(debugDescription: "the archive nests too deeply for this thread's stack"))
        }
        switch value {
        case .null: try output.write("null")
        case .bool(let flag): try write(flag)
        case .number(let number): try write(number: number)
        case .string(let string): try write(string: string)
        case .array(let elements):
            try beginArray()
            for element in elements {
                try nextElement()
                try write(element, stack: stack)
            }
            try endArray()
        case .object(let members):
            try beginObject()
            for member in members { try self.member(member.key, member.value, stack: stack) }
            try endObject()
        }
    }

    mutating func write(_ flag: Bool) throws {
        try output.write(flag ? "true" : "false")
    }

    mutating func writeNull() throws {
        try output.write("null")
    }

    /// Writes a number, as its text.
    mutating func write(number: String) throws {
        try output.write(text: number)
    }

    /// Writes a finite number as `description` makes its text.
    mutating func write(finite number: Double) throws {
        try output.write(float: number)
    }

    mutating func write(integer: Int64) throws {
        try output.write(decimal: integer)
    }

    mutating func write(integer: UInt64) throws {
        try output.write(decimal: integer)
    }

    /// Writes `string` as ``quoted(_:)`` makes it, straight from its UTF-8.
    mutating func write(string: String) throws {
        var string = string
        try string.withUTF8 { try write(stringUTF8: $0) }
    }

    /// Writes the valid UTF-8 `utf8` as a JSON string: quoted, with quotes, backslashes and
    /// control characters escaped (every other byte, of any scalar, stands for itself).
    /// Runs that need no escape are passed eight bytes at a time, to the first that does.
    mutating func write(stringUTF8 utf8: UnsafeBufferPointer<UInt8>) throws {
        try output.write(byte: UInt8(ascii: "\""))
        var plain = 0 // the start of the bytes not written yet, which need no escape
        var index = 0
        while true {
            index = JSONText.firstMarkedOffset(in: utf8, from: index, JSONText.escapeStops)
            guard index < utf8.count else { break }
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                try output.write(UnsafeBufferPointer(rebasing: utf8[plain ..< index]))
                try writeEscape(byte)
                plain = index + 1
            }
            index += 1
        }
        try output.write(UnsafeBufferPointer(rebasing: utf8[plain...]))
        try output.write(byte: UInt8(ascii: "\""))
    }

    /// Writes a value already made as JSON text: text `index` of `table`.
    mutating func write(json table: TextTable, _ index: Int) throws {
        try table.write(index, to: &output)
    }

    /// The escape of a quote, a backslash or a control character.
    private mutating func writeEscape(_ byte: UInt8) throws {
        switch byte {
        case UInt8(ascii: "\""): try output.write("\\\"")
        case UInt8(ascii: "\\"): try output.write("\\\\")
        case UInt8(ascii: "\n"): try output.write("\\n")
        case UInt8(ascii: "\r"): try output.write("\\r")
        case UInt8(ascii: "\t"): try output.write("\\t")
        default:
            let hex: StaticString = "0123456789abcdef"
            try output.write("\\u00")
            try output.write(byte: hex.utf8Start[Int(byte >> 4)])
            try output.write(byte: hex.utf8Start[Int(byte & 0xF)])
        }
    }

    private mutating func open() {
        enclosingHasItems.append(hasItems)
        hasItems = false
    }

    private mutating func separate() throws {
        let following = hasItems
        if following { try output.write(byte: UInt8(ascii: ",")) }
        hasItems = true
        try lineBreak(level: enclosingHasItems.count, following: following)
    }

    private mutating func close(_ bracket: UInt8) throws {
        if hasItems { try lineBreak(level: enclosingHasItems.count - 1, following: false) }
        hasItems = enclosingHasItems.removeLast()
        try output.write(byte: bracket)
    }

    /// The whitespace before an item (`following` another) or a closing bracket.
    private mutating func lineBreak(level: Int, following: Bool) throws {
        guard indented else { return }
        guard inlineDepth == 0 else {
            if following { try output.write(byte: UInt8(ascii: " ")) }
            return
        }
        try output.write(indents[min(level, Self.maximumIndent)])
    }

    /// `string` as a JSON string: quoted, with quotes, backslashes and control characters escaped.
    static func quoted(_ string: String) -> String {
        let text = try? TextOutput.collecting(limit: .max, capacity: string.utf8.count + 16) { output in
            var writer = JSONTextWriter(output, indented: false)
            try writer.write(string: string)
            output = writer.output
        }
        return String(decoding: text ?? [], as: UTF8.self)
    }
}
