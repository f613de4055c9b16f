/// The one pass over JSON text (RFC 8259) that checks all of it and records where each
/// array and object ends, without recursion: the depth is bounded by `maximumDepth` alone,
/// not by the stack. Every read is checked against the text's end, so that a reader of
/// the checked text (``JSONText``) may rely on its structure.
struct JSONScanner {
    /// Where an array or object ends.
    struct ContainerEnd {
        /// The offset just past the closing bracket.
        var offset: UInt32
        /// The ordinal of the next container to open after this one.
        var ordinal: UInt32
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private let budget: MemoryBudget
    private var offset = 0
    /// For each array and object, in the order they open: where it ends.
    private(set) var containers: [ContainerEnd] = []
    /// The innermost container open around the offset (its ordinal; -1 at the top level),
    /// whether it is an object, and whether it has an item yet.
    private var top = (ordinal: -1, isObject: false, hasItems: false)
    /// The containers open around it.
    private var enclosing: [(ordinal: Int, isObject: Bool, hasItems: Bool)] = []

    /// The memory of a container's entry.
    static let containerCost = MemoryLayout<ContainerEnd>.stride

    /// Checks that `bytes` hold exactly one JSON value nested at most `maximumDepth` deep,
    /// charging the entries to `budget`; throws at the first problem, naming its offset.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, budget: MemoryBudget) throws -> [ContainerEnd] {
        guard bytes.count < Int(UInt32.max) else {
            throw GCodableError.limitExceeded(.init(debugDescription: "JSON text of more than 4 GiB"))
        }
        var scanner = JSONScanner(bytes: bytes, maximumDepth: maximumDepth, budget: budget)
        try scanner.scan()
        return scanner.containers
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, budget: MemoryBudget) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.budget = budget
    }

    private func error(_ message: String) -> GCodableError {
        .dataCorrupted(.init(debugDescription: "invalid JSON: \(message)", byteOffset: offset))
    }

    private mutating func scan() throws {
        try value()
        while top.ordinal >= 0 {
            skipWhitespace()
            guard offset < bytes.count else { throw error(top.isObject ? "unterminated object" : "unterminated array") }
            if bytes[offset] == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                offset += 1
                containers[top.ordinal] = ContainerEnd(offset: UInt32(offset), ordinal: UInt32(containers.count))
                top = enclosing.popLast() ?? (-1, false, false)
                continue
            }
            if top.hasItems {
                guard bytes[offset] == UInt8(ascii: ",") else { throw error(top.isObject ? "expected , or }" : "expected , or ]") }
                offset += 1
                skipWhitespace()
            } else {
                top.hasItems = true
            }
            if top.isObject {
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a member name") }
                try string()
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("expected :") }
                offset += 1
            }
            try value()
        }
        skipWhitespace()
        guard offset == bytes.count else { throw error("unexpected text after the JSON value") }
    }

    /// Moves past a scalar, or into a container.
    @inline(__always)
    private mutating func value() throws {
        skipWhitespace()
        guard offset < bytes.count else { throw error("unexpected end of text") }
        switch bytes[offset] {
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let depth = top.ordinal < 0 ? 0 : enclosing.count + 1
            guard depth < maximumDepth else { throw error("nesting deeper than \(maximumDepth)") }
            try budget.charge(Self.containerCost, at: offset)
            if top.ordinal >= 0 { enclosing.append(top) }
            top = (containers.count, bytes[offset] == UInt8(ascii: "{"), false)
            containers.append(ContainerEnd(offset: 0, ordinal: 0))
            offset += 1
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): try number()
        default: throw error("expected a value")
        }
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while offset < bytes.count, JSONText.isWhitespace(bytes[offset]) { offset += 1 }
    }

    private mutating func literal(_ word: StaticString) throws {
        let utf8 = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - offset >= utf8.count, bytes[offset ..< offset + utf8.count].elementsEqual(utf8) else {
            throw error("expected \(word)")
        }
        offset += utf8.count
    }

    @inline(__always)
    private mutating func number() throws {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
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
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw error("invalid number") }
        }
    }

    /// Moves past decimal digits, eight at a time to the first that is not one; how many.
    @inline(__always)
    private mutating func digits() -> Int {
        let first = offset
        offset = JSONText.firstMarkedOffset(in: bytes, from: offset, JSONText.nonDigits)
        while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 { offset += 1 }
        return offset - first
    }

    /// Moves past the string that opens at the offset: its UTF-8, escapes and control
    /// characters checked. Plain ASCII goes eight bytes at a time, to the first byte that is not.
    @inline(__always)
    private mutating func string() throws {
        offset += 1
        while true {
            offset = JSONText.firstMarkedOffset(in: bytes, from: offset, JSONText.plainTextStops)
            guard offset < bytes.count else { throw error("unterminated string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return
            } else if byte == UInt8(ascii: "\\") {
                try escape()
            } else if byte < 0x20 {
                throw error("control character in a string")
            } else if byte < 0x80 {
                offset += 1
            } else {
                try utf8Sequence()
            }
        }
    }

    private mutating func escape() throws {
        guard offset + 1 < bytes.count else { throw error("unterminated escape") }
        switch bytes[offset + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            offset += 2
        case UInt8(ascii: "u"):
            let code = try hex4(at: offset + 2)
            guard !(0xDC00 ... 0xDFFF).contains(code) else { throw error("invalid \\u escape") }
            offset += 6
            if (0xD800 ... 0xDBFF).contains(code) {
                guard bytes.count - offset >= 2, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u"),
                    (0xDC00 ... 0xDFFF).contains(try hex4(at: offset + 2))
                else { throw error("unpaired surrogate") }
                offset += 6
            }
        default:
            throw error("invalid escape")
        }
    }

    private func hex4(at start: Int) throws -> UInt32 {
        guard bytes.count - start >= 4 else { throw error("invalid \\u escape") }
        var code: UInt32 = 0
        for byte in bytes[start ..< start + 4] {
            guard let digit = JSONText.hexValue(byte) else { throw error("invalid \\u escape") }
            code = code << 4 | UInt32(digit)
        }
        return code
    }

    /// Moves past one UTF-8 sequence of two to four bytes, checked (RFC 3629: no overlong
    /// forms, no surrogates, nothing beyond U+10FFFF).
    private mutating func utf8Sequence() throws {
        let (length, second): (Int, ClosedRange<UInt8>)
        switch bytes[offset] {
        case 0xC2 ... 0xDF: (length, second) = (2, 0x80 ... 0xBF)
        case 0xE0: (length, second) = (3, 0xA0 ... 0xBF)
        case 0xED: (length, second) = (3, 0x80 ... 0x9F)
        case 0xE1 ... 0xEF: (length, second) = (3, 0x80 ... 0xBF)
        case 0xF0: (length, second) = (4, 0x90 ... 0xBF)
        case 0xF1 ... 0xF3: (length, second) = (4, 0x80 ... 0xBF)
        case 0xF4: (length, second) = (4, 0x80 ... 0x8F)
        default: throw error("invalid UTF-8 in a string")
        }
        guard bytes.count - offset >= length, second.contains(bytes[offset + 1]),
            bytes[offset + 2 ..< offset + length].allSatisfy({ $0 & 0xC0 == 0x80 })
        else { throw error("invalid UTF-8 in a string") }
        offset += length
    }
}
