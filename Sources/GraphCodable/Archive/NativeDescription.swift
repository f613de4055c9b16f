/// The text the dump shows for a native payload, as Swift prints values of its type
/// (`[1, 2]`, `["a": 1.5]`, `0..<3`, `SIMD2<Double>(1.0, 2.0)`), made while the payload is
/// walked: only the text is kept, and the walk stops once the text passes its limit.
struct NativeDescription {
    private var text = ""
    /// The characters of `text`, counted piece by piece.
    private var length = 0
    private let limit: Int
    /// The containers begun and not yet ended, each with the elements met so far.
    private var open: [(layout: NativeDescriptor, index: Int)] = []

    /// Thrown to stop the walk once the text is long enough.
    private struct Full: Error {}

    private init(limit: Int) { self.limit = limit }

    /// The text of the payload `reader` holds, cut after `limit` characters (and then ending
    /// with "…"); nil when the payload cannot be read as `layout`.
    static func text(of layout: NativeDescriptor, _ reader: inout BinaryReadBuffer, limit: Int = .max) -> String? {
        switch layout {
        case .scalar(let code):
            // One value, or an array of them: their text, without a walk.
            guard let value = try? NativeDescriptor.readScalar(code, &reader) else { return nil }
            return cut(Self.text(of: value, layout), limit: limit)
        case .array(.scalar(let code)):
            guard let count = try? reader.readCount() else { return nil }
            // Counted piece by piece, as the walk counts (a piece may begin with a combining
            // mark, which joins the character before it in the whole text).
            var description = NativeDescription(limit: limit)
            description.text.reserveCapacity(min(limit, 1024) + 32)
            do {
                try description.append("[")
                for index in 0 ..< count {
                    guard let value = try? NativeDescriptor.readScalar(code, &reader) else { return nil }
                    if index > 0 { try description.append(", ") }
                    try description.append(Self.text(of: value, .scalar(code)))
                }
                try description.append("]")
            } catch {
                return String(description.text.prefix(limit)) + "…"
            }
            return description.text
        default:
            break
        }
        var description = NativeDescription(limit: limit)
        do {
            try layout.walk(&reader, maximumElements: limit) { try description.add($0, $1) }
        } catch is Full {
            return String(description.text.prefix(limit)) + "…"
        } catch {
            return nil
        }
        return description.length > limit ? String(description.text.prefix(limit)) + "…" : description.text
    }

    /// `text`, cut after `limit` characters (and then ending with "…").
    private static func cut(_ text: String, limit: Int) -> String {
        text.utf8.count > limit && text.count > limit ? String(text.prefix(limit)) + "…" : text
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
        case .scalar(let value): try append(Self.text(of: value, layout))
        case .absent: try append("nil")
        case .begin:
            switch layout {
            case .array, .set, .dictionary: try append("[")
            case .simd(let lanes, let scalar): try append("SIMD\(lanes)<\(scalar)>(")
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

    private mutating func append(_ piece: String) throws {
        text += piece
        length += piece.count
        if length > limit { throw Full() }
    }

    /// A string as Swift prints it: quoted, with `String(reflecting:)`'s escapes, which
    /// printable ASCII without quotes, apostrophes or backslashes does not need.
    static func quoted(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { (0x20 ... 0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "'") }
        return plain ? "\"" + text + "\"" : String(reflecting: text)
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
