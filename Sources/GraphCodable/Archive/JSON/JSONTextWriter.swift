/// Writes JSON text to a ``TextOutput`` as it is produced: the caller opens and closes
/// containers, so a document of any size is written without being held. Indented by two
/// spaces per level (up to ``maximumIndent`` levels, so that deep archives do not give
/// quadratic text), with the parts the caller marks inline on one line; or compact, with no
/// whitespace.
struct JSONTextWriter {
    static let maximumIndent = 32
    private static let indents = (0 ... maximumIndent).map { "\n" + String(repeating: "  ", count: $0) }

    private(set) var output: TextOutput
    private let indented: Bool
    /// For each open container: whether it has a member or element yet.
    private var hasItems: [Bool] = []
    /// How many inline parts are open: inside one, items are separated by a space only.
    private var inlineDepth = 0

    init(_ output: TextOutput, indented: Bool) {
        self.output = output
        self.indented = indented
    }

    mutating func beginObject() throws {
        try output.write("{")
        hasItems.append(false)
    }

    mutating func beginArray() throws {
        try output.write("[")
        hasItems.append(false)
    }

    mutating func endObject() throws { try close("}") }
    mutating func endArray() throws { try close("]") }

    /// What follows, up to ``endInline()``, goes on one line.
    mutating func beginInline() { inlineDepth += 1 }
    mutating func endInline() { inlineDepth -= 1 }

    /// Starts the member `key` of the open object; its value follows.
    mutating func key(_ key: String) throws {
        try separate()
        try write(string: key)
        try output.write(indented ? ": " : ":")
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
            throw GCodableError.cannotEncode(JSONValue.self, .init(debugDescription: "the archive nests too deeply for this thread's stack"))
        }
        switch value {
        case .null: try output.write("null")
        case .bool(let flag): try output.write(flag ? "true" : "false")
        case .number(let number): try output.write(number)
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

    private mutating func separate() throws {
        let following = hasItems.last == true
        if following { try output.write(",") }
        hasItems[hasItems.count - 1] = true
        try lineBreak(level: hasItems.count, following: following)
    }

    private mutating func close(_ bracket: String) throws {
        if hasItems.removeLast() { try lineBreak(level: hasItems.count, following: false) }
        try output.write(bracket)
    }

    /// The whitespace before an item (`following` another) or a closing bracket.
    private mutating func lineBreak(level: Int, following: Bool) throws {
        guard indented else { return }
        guard inlineDepth == 0 else {
            if following { try output.write(" ") }
            return
        }
        try output.write(Self.indents[min(level, Self.maximumIndent)])
    }

    /// Writes `string` as ``quoted(_:)`` makes it, straight from its UTF-8.
    private mutating func write(string: String) throws {
        var string = string
        try string.withUTF8 { utf8 in
            try output.write("\"")
            var plain = 0  // the start of the bytes not written yet, which need no escape
            for index in utf8.indices {
                guard let escape = Self.escape(utf8[index]) else { continue }
                try output.write(UnsafeBufferPointer(rebasing: utf8[plain ..< index]))
                try output.write(escape)
                plain = index + 1
            }
            try output.write(UnsafeBufferPointer(rebasing: utf8[plain...]))
            try output.write("\"")
        }
    }

    /// The escape JSON needs for a byte of UTF-8 text: quotes, backslashes and control
    /// characters (every other byte, of any scalar, stands for itself).
    private static func escape(_ byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case UInt8(ascii: "\n"): return "\\n"
        case UInt8(ascii: "\r"): return "\\r"
        case UInt8(ascii: "\t"): return "\\t"
        case 0 ..< 0x20:
            let hex = String(byte, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: return nil
        }
    }

    /// `string` as a JSON string: quoted, with quotes, backslashes and control characters escaped.
    static func quoted(_ string: String) -> String {
        let text = try? TextOutput.collecting(limit: .max) { output in
            var writer = JSONTextWriter(output, indented: false)
            try writer.write(string: string)
            output = writer.output
        }
        return String(decoding: text ?? [], as: UTF8.self)
    }
}
