/// A JSON value whose numbers keep their exact text, so that integers and floating-point
/// numbers convert without rounding.
indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// A number, as written in the JSON text.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object, with its members in order.
    case object([(key: String, value: JSONValue)])

    /// The value of member `key`, if this is an object that has it.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// Parses JSON text (RFC 8259) into a ``JSONValue``, keeping numbers as their text.
struct JSONParser {
    private let bytes: [UInt8]
    private var offset = 0
    private let stack: StackGuard
    private let budget: MemoryBudget
    /// The deepest nesting of arrays and objects allowed, and the nesting now.
    private let maximumDepth: Int
    private var depth = 0

    /// The memory of a parsed value: its box and its place in its container.
    private static let valueCost = 48

    /// Parses `bytes`, which must hold exactly one JSON value nested at most `maximumDepth`
    /// deep, charging the values to `budget`. (Besides the stack they take to parse, deeply
    /// nested values take more to release.)
    static func parse(_ bytes: [UInt8], stack: StackGuard, budget: MemoryBudget, maximumDepth: Int) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes, stack: stack, budget: budget, maximumDepth: maximumDepth)
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.offset == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], stack: StackGuard, budget: MemoryBudget, maximumDepth: Int) {
        self.bytes = bytes
        self.stack = stack
        self.budget = budget
        self.maximumDepth = maximumDepth
    }

    private func error(_ message: String) -> GCodableError {
        .dataCorrupted(.init(debugDescription: "invalid JSON: \(message)", byteOffset: offset))
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
    }

    private mutating func expect(_ literal: String) throws {
        let utf8 = Array(literal.utf8)
        guard bytes.count - offset >= utf8.count, Array(bytes[offset ..< offset + utf8.count]) == utf8 else {
            throw error("expected \(literal)")
        }
        offset += utf8.count
    }

    private mutating func value() throws -> JSONValue {
        guard stack.hasRoom() else { throw error("nesting too deep for this thread's stack") }
        try budget.charge(Self.valueCost, at: offset)
        skipWhitespace()
        guard offset < bytes.count else { throw error("unexpected end of text") }
        switch bytes[offset] {
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            depth += 1
            defer { depth -= 1 }
            guard depth <= maximumDepth else { throw error("nesting deeper than \(maximumDepth)") }
            return try container()
        default:
            return .number(try number())
        }
    }

    /// The array or object that begins at the offset.
    private mutating func container() throws -> JSONValue {
        if bytes[offset] == UInt8(ascii: "[") {
            offset += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(elements) }
            while true {
                elements.append(try value())
                skipWhitespace()
                guard offset < bytes.count else { throw error("unterminated array") }
                offset += 1
                if bytes[offset - 1] == UInt8(ascii: "]") { return .array(elements) }
                guard bytes[offset - 1] == UInt8(ascii: ",") else { offset -= 1; throw error("expected , or ]") }
            }
        } else {
            offset += 1
            var members: [(key: String, value: JSONValue)] = []
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
            while true {
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a member name") }
                let key = try string()
                skipWhitespace()
                try expect(":")
                members.append((key, try value()))
                skipWhitespace()
                guard offset < bytes.count else { throw error("unterminated object") }
                offset += 1
                if bytes[offset - 1] == UInt8(ascii: "}") { return .object(members) }
                guard bytes[offset - 1] == UInt8(ascii: ",") else { offset -= 1; throw error("expected , or }") }
            }
        }
    }

    private mutating func number() throws -> String {
        let start = offset
        func digits() -> Int {
            let first = offset
            while offset < bytes.count, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset - first
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            offset = start
            throw error("invalid number")
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw error("invalid number") }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw error("invalid number") }
        }
        return String(decoding: bytes[start ..< offset], as: UTF8.self)
    }

    private mutating func string() throws -> String {
        offset += 1
        var utf8: [UInt8] = []
        var runStart = offset
        func flushRun() throws {
            guard String(validating: bytes[runStart ..< offset], as: UTF8.self) != nil else { throw error("invalid UTF-8 in a string") }
            utf8.append(contentsOf: bytes[runStart ..< offset])
        }
        func append(_ scalar: Unicode.Scalar) { UTF8.encode(scalar) { utf8.append($0) } }
        while true {
            guard offset < bytes.count else { throw error("unterminated string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                try flushRun()
                offset += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            guard byte >= 0x20 else { throw error("control character in a string") }
            guard byte == UInt8(ascii: "\\") else { offset += 1; continue }
            try flushRun()
            offset += 1
            guard offset < bytes.count else { throw error("unterminated escape") }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""): append("\"")
            case UInt8(ascii: "\\"): append("\\")
            case UInt8(ascii: "/"): append("/")
            case UInt8(ascii: "b"): append("\u{08}")
            case UInt8(ascii: "f"): append("\u{0C}")
            case UInt8(ascii: "n"): append("\n")
            case UInt8(ascii: "r"): append("\r")
            case UInt8(ascii: "t"): append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800 ... 0xDBFF).contains(code) {
                    try expect("\\u")
                    let low = try hex4()
                    guard (0xDC00 ... 0xDFFF).contains(low) else { throw error("unpaired surrogate") }
                    code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                append(scalar)
            default:
                throw error("invalid escape")
            }
            runStart = offset
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard bytes.count - offset >= 4, bytes[offset ..< offset + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
            let code = UInt32(String(decoding: bytes[offset ..< offset + 4], as: UTF8.self), radix: 16)
        else {
            throw error("invalid \\u escape")
        }
        offset += 4
        return code
    }
}
