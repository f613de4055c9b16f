/// The text the dump shows for a native payload, as Swift prints values of its type
/// (`[1, 2]`, `["a": 1.5]`, `0..<3`, `SIMD2<Double>(1.0, 2.0)`), made as UTF-8 while the
/// payload is walked: only the text is kept, and the walk stops once the text passes its
/// limit, counted in characters piece by piece.
struct NativeDescription {
    private var text: [UInt8] = []
    /// The characters of `text`, counted piece by piece.
    private var length = 0
    /// Whether `text` is ASCII without carriage returns: one character per byte.
    private var isPlainASCII = true
    private let limit: Int
    /// The containers begun and not yet ended, each with the elements met so far.
    private var open: [(layout: NativeDescriptor, index: Int)] = []

    /// Thrown to stop the walk once the text is long enough.
    private struct Full: Error {}
    /// The one `Full` thrown: an error made once is thrown without allocating its box.
    private static let full: any Error = Full()

    private init(limit: Int) { self.limit = limit }

    /// The text of the payload `reader` holds, cut after `limit` characters (and then ending
    /// with "…"); nil when the payload cannot be read as `layout`.
    static func text(of layout: NativeDescriptor, _ reader: inout BinaryReadBuffer, limit: Int = .max) -> String? {
        var utf8: [UInt8] = []
        guard write(layout, &reader, limit: limit, to: &utf8) else { return nil }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Appends to `output` the UTF-8 of ``text(of:_:limit:)``; false, with nothing
    /// appended, when the payload cannot be read as `layout`.
    static func write(_ layout: NativeDescriptor, _ reader: inout BinaryReadBuffer, limit: Int, to output: inout [UInt8]) -> Bool {
        var description = NativeDescription(limit: limit)
        swap(&description.text, &output)
        let start = description.text.count
        defer { swap(&description.text, &output) }
        do {
            switch layout {
            case .scalar(let code):
                // One value, or an array or dictionary of them: their text, without a walk.
                try description.appendScalar(code, &reader)
            case .array(.scalar(let code)):
                let count = try reader.readCount()
                try description.append("[")
                for index in 0 ..< count {
                    if index > 0 { try description.append(", ", before: code, &reader) }
                    try description.appendScalar(code, &reader)
                }
                try description.append("]")
            case .dictionary(.scalar(let keyCode), .scalar(let valueCode)):
                let count = try reader.readCount()
                try description.append(count == 0 ? "[:" : "[")
                for index in 0 ..< count {
                    if index > 0 { try description.append(", ", before: keyCode, &reader) }
                    try description.appendScalar(keyCode, &reader)
                    try description.append(": ", before: valueCode, &reader)
                    try description.appendScalar(valueCode, &reader)
                }
                try description.append("]")
            default:
                try layout.walk(&reader, maximumElements: limit) { try description.add($0, $1) }
            }
        } catch is Full {
            description.cut(from: start)
        } catch {
            description.text.removeSubrange(start...)
            return false
        }
        return true
    }

    /// Cuts the text from `start` on after `limit` characters, and ends it with "…".
    private mutating func cut(from start: Int) {
        if isPlainASCII {
            text.removeLast(max(0, text.count - start - limit))
        } else {
            let whole = String(decoding: text[start...], as: UTF8.self)
            text.replaceSubrange(start..., with: whole.prefix(limit).utf8)
        }
        text.append(contentsOf: "…".utf8)
    }

    private mutating func add(_ layout: NativeDescriptor, _ step: NativeStep) throws {
        if case .end = step {
            let (layout, count) = open.removeLast()
            switch layout {
            case .array, .set: try append("]")
            case .dictionary: try append(count == 0 ? ":]" : "]")
            case .simd: try append(")")
            case .scalar, .optional, .range, .closedRange: break
            }
            return
        }
        try separate()
        switch step {
        case .scalar(let value): try appendScalar(value, layout)
        case .absent: try append("nil")
        case .begin:
            switch layout {
            case .array, .set, .dictionary: try append("[")
            case .simd(let lanes, let scalar): try append("SIMD\(lanes)<\(scalar)>(" as String)
            case .scalar, .optional, .range, .closedRange: break
            }
            open.append((layout, 0))
        case .end: break
        }
    }

    /// What goes before an element: the separator its container puts there.
    private mutating func separate() throws {
        guard let (layout, index) = open.last else { return }
        open[open.count - 1].index = index + 1
        switch layout {
        case .array, .set, .simd: if index > 0 { try append(", ") }
        case .dictionary: if index > 0 { try append(index.isMultiple(of: 2) ? ", " : ": ") }
        case .range: if index == 1 { try append("..<") }
        case .closedRange: if index == 1 { try append("...") }
        case .scalar, .optional: break
        }
    }

    /// Appends a piece of ASCII without carriage returns: one character per byte.
    private mutating func append(_ piece: StaticString) throws {
        text.append(contentsOf: UnsafeBufferPointer(start: piece.utf8Start, count: piece.utf8CodeUnitCount))
        try counted(piece.utf8CodeUnitCount)
    }

    /// Appends a separator before a scalar of `code`; when that fills the text, the scalar is
    /// still read, so that a payload unreadable there shows as unreadable, as the walk shows it.
    private mutating func append(_ separator: StaticString, before code: NativeTypeCode, _ reader: inout BinaryReadBuffer) throws {
        do {
            try append(separator)
        } catch is Full {
            _ = try NativeDescriptor.readScalar(code, &reader)
            throw Self.full
        }
    }

    private mutating func append(_ piece: String) throws {
        var piece = piece
        let isPlain = piece.withUTF8 { utf8 in
            text.append(contentsOf: utf8)
            return utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
        }
        isPlainASCII = isPlainASCII && isPlain
        try counted(isPlain ? piece.utf8.count : piece.count)
    }

    private mutating func counted(_ characters: Int) throws {
        length += characters
        if length > limit { throw Self.full }
    }

    /// Reads a scalar and appends its text; a string that is plain printable ASCII is
    /// quoted where it lies, without making a string.
    private mutating func appendScalar(_ code: NativeTypeCode, _ reader: inout BinaryReadBuffer) throws {
        switch code {
        case .string: break
        case .double, .cgFloat: return try appended { $0.appendFloat(try Double(from: &reader)) }
        case .float: return try appended { $0.appendFloat(try Float(from: &reader)) }
        default: return try appendScalar(try NativeDescriptor.readScalar(code, &reader), .scalar(code))
        }
        let start = reader.offset
        let count = try reader.readCount()
        let string = try reader.withBytes(count: count) { utf8 -> String? in
            if utf8.allSatisfy(Self.isPlain) {
                text.append(UInt8(ascii: "\""))
                text.append(contentsOf: utf8)
                text.append(UInt8(ascii: "\""))
                return nil
            }
            guard let string = String(checkedUTF8: utf8) else {
                throw GCodableError.corrupted("invalid UTF-8 in a string", rule: .stringUTF8, at: start)
            }
            return string
        }
        guard let string else { return try counted(count + 2) }
        try append(Self.quoted(string))
    }

    /// Appends ASCII that `write` appends to the text, and counts it.
    private mutating func appended(_ write: (inout [UInt8]) throws -> Void) throws {
        let start = text.count
        try write(&text)
        try counted(text.count - start)
    }

    /// Appends a scalar as Swift prints it: numbers digit by digit, the rest through their
    /// text.
    private mutating func appendScalar(_ value: NativeValue, _ layout: NativeDescriptor) throws {
        switch value {
        case .signed(let integer): try appended { $0.appendDecimal(integer) }
        case .unsigned(let integer): try appended { $0.appendDecimal(integer) }
        case .float(let number): try appended { $0.appendFloat(number) }
        case .double(let number): try appended { $0.appendFloat(number) }
        case .date(let seconds): try appended { $0.appendDate(secondsSinceReferenceDate: seconds) }
        default:
            try append(Self.text(of: value, layout))
        }
    }

    /// A string as Swift prints it: quoted, with `String(reflecting:)`'s escapes, which
    /// printable ASCII without quotes, apostrophes or backslashes does not need.
    static func quoted(_ text: String) -> String {
        text.utf8.allSatisfy(isPlain) ? "\"" + text + "\"" : String(reflecting: text)
    }

    /// Whether `String(reflecting:)` shows `byte` as itself: printable ASCII but quotes,
    /// apostrophes and backslashes.
    private static func isPlain(_ byte: UInt8) -> Bool {
        (0x20 ... 0x7E).contains(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "'")
    }

    /// A scalar as Swift prints it.
    static func text(of value: NativeValue, _ layout: NativeDescriptor) -> String {
        switch (layout, value) {
        case (.scalar(.decimal), .text(let text)): return text
        case (_, .bool(let flag)): return String(flag)
        case (_, .signed(let integer)): return String(integer)
        case (_, .unsigned(let integer)): return String(integer)
        case (_, .signed128(let integer)): return String(integer)
        case (_, .unsigned128(let integer)): return String(integer)
        case (_, .float16(let bits)): return String(NativeValue.halfToFloat(bits))
        case (_, .float(let number)): return String(number)
        case (_, .double(let number)): return String(number)
        case (_, .text(let text)): return quoted(text)
        case (_, .data(let bytes)): return "\(bytes.count) bytes"
        case (_, .date(let seconds)): return DateText.describe(secondsSinceReferenceDate: seconds)
        case (_, .uuid(let uuid)): return uuid.uuidString
        case (_, .url(let relative, let base)): return base.map { "\(relative) -- \($0)" } ?? relative
        case (_, .geometry(let parts)): return "(" + parts.map { String($0) }.joined(separator: ", ") + ")"
        default: return "?"
        }
    }
}
