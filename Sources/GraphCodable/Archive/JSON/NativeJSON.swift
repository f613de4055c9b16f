import Foundation

/// Native values in JSON (Docs/ArchiveJSON.md), exactly: integers as numbers up to 2^53 and
/// as strings beyond; floating-point numbers as their shortest exact decimal, or as
/// "nan", "inf", "-inf", "-0" (a NaN with another payload as "nan:0x" and its bits); data
/// as base64; containers as arrays; optionals as null or their value (`{"some": …}` when
/// the value is itself an optional).
enum NativeJSON {
    private static let exactIntegers: ClosedRange<Int64> = -(1 << 53) ... (1 << 53)

    /// A scalar's JSON.
    static func json(ofScalar value: NativeValue) -> JSONValue {
        switch value {
        case .bool(let flag): return .bool(flag)
        case .signed(let integer): return exactIntegers.contains(integer) ? .number(String(integer)) : .string(String(integer))
        case .unsigned(let integer): return integer <= UInt64(1 << 53) ? .number(String(integer)) : .string(String(integer))
        case .signed128(let integer): return .string(String(integer))
        case .unsigned128(let integer): return .string(String(integer))
        case .float16(let bits): return .string("0x" + String(bits, radix: 16))
        case .float(let number): return floatingPoint(number, bits: UInt64(number.bitPattern), canonicalNaN: UInt64(Float.nan.bitPattern))
        case .double(let number), .date(let number): return floatingPoint(number, bits: number.bitPattern, canonicalNaN: Double.nan.bitPattern)
        case .text(let text): return .string(text)
        case .data(let bytes): return .string(Data(bytes).base64EncodedString())
        case .uuid(let uuid): return .string(uuid.uuidString)
        case .url(let relative, nil): return .string(relative)
        case .url(let relative, let base?): return .object([("relative", .string(relative)), ("base", .string(base))])
        case .geometry(let parts): return .array(parts.map { floatingPoint($0, bits: $0.bitPattern, canonicalNaN: Double.nan.bitPattern) })
        case .sequence, .dictionary, .optional, .bounds: return .null
        }
    }

    /// Writes the JSON of the payload `reader` holds while walking it, so that a payload of
    /// any size is never held as values: containers as arrays (a dictionary as its
    /// `[key, value]` pairs), an absent optional as `null`, a present one as its value, or
    /// as `{"some": …}` when the value is itself an optional.
    static func write(_ layout: NativeDescriptor, _ reader: inout BinaryReadBuffer, to writer: inout JSONTextWriter, stack: StackGuard) throws {
        // A scalar, or an array of them, needs no walk.
        switch layout {
        case .scalar(let code):
            return try writer.write(json(ofScalar: try NativeDescriptor.readScalar(code, &reader)), stack: stack)
        case .array(.scalar(let code)):
            try writer.beginArray()
            for _ in 0 ..< (try reader.readCount()) {
                try writer.nextElement()
                try writer.write(json(ofScalar: try NativeDescriptor.readScalar(code, &reader)), stack: stack)
            }
            return try writer.endArray()
        default:
            break
        }
        /// The containers begun and not yet ended, each with the elements met so far.
        var open: [(layout: NativeDescriptor, index: Int)] = []
        /// After an element: a dictionary's value (its even-numbered element, counting from 1)
        /// closes its pair.
        func ended(_ writer: inout JSONTextWriter) throws {
            if let (layout, count) = open.last, case .dictionary = layout, count.isMultiple(of: 2) { try writer.endArray() }
        }
        try layout.walk(&reader) { layout, step in
            if case .end = step {
                let (layout, _) = open.removeLast()
                switch layout {
                case .optional(.optional): try writer.endObject()
                case .optional, .scalar: break
                case .array, .set, .simd, .dictionary, .range, .closedRange: try writer.endArray()
                }
                return try ended(&writer)
            }
            if let (parent, index) = open.last {
                open[open.count - 1].index = index + 1
                switch parent {
                case .dictionary where index.isMultiple(of: 2):
                    try writer.nextElement()
                    try writer.beginArray()
                    try writer.nextElement()
                case .array, .set, .simd, .dictionary, .range, .closedRange: try writer.nextElement()
                case .optional, .scalar: break
                }
            }
            switch step {
            case .scalar(let value): try writer.write(json(ofScalar: value), stack: stack)
            case .absent: try writer.write(.null, stack: stack)
            case .begin:
                switch layout {
                case .optional(.optional):
                    try writer.beginObject()
                    try writer.key("some")
                case .optional, .scalar: break
                case .array, .set, .simd, .dictionary, .range, .closedRange: try writer.beginArray()
                }
                open.append((layout, 0))
                return
            case .end: break
            }
            try ended(&writer)
        }
    }

    private static func floatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ number: F, bits: UInt64, canonicalNaN: UInt64
    ) -> JSONValue {
        if number.isNaN { return .string(bits == canonicalNaN ? "nan" : "nan:0x" + String(bits, radix: 16)) }
        if number.isInfinite { return .string(number < 0 ? "-inf" : "inf") }
        if number == 0 && number.sign == .minus { return .string("-0") }
        return .number(number.description)
    }

    /// `text` as an integer: decimal digits with an optional leading minus, nothing else.
    static func integer<T: FixedWidthInteger>(_ text: String, as _: T.Type) -> T? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains($0) }) else { return nil }
        return T(text)
    }

    static func value(of json: JSONValue, layout: NativeDescriptor, reader: inout JSONReader) throws -> NativeValue {
        guard reader.stack.hasRoom() else { throw reader.problem("the value nests too deeply for this thread's stack", at: nil) }
        func fail(_ expected: String) -> GCodableError { reader.problem("expected \(expected) for \(layout)", at: nil) }
        func elements() throws -> [JSONValue] {
            guard case .array(let elements) = json else { throw fail("an array") }
            return elements
        }
        func each(_ values: [JSONValue], _ layout: NativeDescriptor, reader: inout JSONReader) throws -> [NativeValue] {
            try values.enumerated().map { index, element in
                try reader.nested(.index(index)) { try value(of: element, layout: layout, reader: &$0) }
            }
        }
        switch layout {
        case .scalar(let code):
            return try scalar(json, code, fail: fail)
        case .array(let element), .set(let element):
            return .sequence(try each(try elements(), element, reader: &reader))
        case .simd(let lanes, let scalar):
            let values = try elements()
            guard values.count == lanes else { throw fail("\(lanes) lanes") }
            return .sequence(try each(values, scalar, reader: &reader))
        case .dictionary(let key, let valueLayout):
            return .dictionary(try elements().enumerated().map { index, pair in
                try reader.nested(.index(index)) { reader in
                    guard case .array(let parts) = pair, parts.count == 2 else { throw reader.problem("expected a [key, value] pair", at: nil) }
                    return (try reader.nested(.index(0)) { try value(of: parts[0], layout: key, reader: &$0) },
                            try reader.nested(.index(1)) { try value(of: parts[1], layout: valueLayout, reader: &$0) })
                }
            })
        case .optional(let wrapped):
            if case .null = json { return .optional(nil) }
            guard case .optional = wrapped else { return .optional(try value(of: json, layout: wrapped, reader: &reader)) }
            guard let some = json["some"] else { throw fail("null or {\"some\": …}") }
            return .optional(try reader.nested(.key("some")) { try value(of: some, layout: wrapped, reader: &$0) })
        case .range(let bound), .closedRange(let bound):
            let values = try elements()
            guard values.count == 2 else { throw fail("[lower, upper]") }
            let bounds = try each(values, bound, reader: &reader)
            return .bounds(bounds[0], bounds[1])
        }
    }

    private static func scalar(_ json: JSONValue, _ code: NativeTypeCode, fail: (String) -> GCodableError) throws -> NativeValue {
        func text() throws -> String {
            guard case .string(let text) = json else { throw fail("a string") }
            return text
        }
        func integerText() throws -> String {
            switch json {
            case .number(let text), .string(let text): return text
            default: throw fail("an integer")
            }
        }
        func double(_ json: JSONValue) throws -> Double {
            switch json {
            case .number(let text): if let number = Double(text) { return number }
            case .string("nan"): return .nan
            case .string("inf"): return .infinity
            case .string("-inf"): return -.infinity
            case .string("-0"): return -0.0
            case .string(let text) where text.hasPrefix("nan:0x"):
                if let bits = UInt64(text.dropFirst(6), radix: 16), Double(bitPattern: bits).isNaN { return Double(bitPattern: bits) }
            default: break
            }
            throw fail("a number, \"nan\", \"inf\", \"-inf\" or \"-0\"")
        }
        switch code {
        case .bool:
            guard case .bool(let flag) = json else { throw fail("true or false") }
            return .bool(flag)
        case .int8, .int16, .int32, .int64, .int:
            guard let integer = integer(try integerText(), as: Int64.self) else { throw fail("an integer") }
            return .signed(integer)
        case .uint8, .uint16, .uint32, .uint64, .uint:
            guard let integer = integer(try integerText(), as: UInt64.self) else { throw fail("an unsigned integer") }
            return .unsigned(integer)
        case .int128:
            guard let integer = integer(try integerText(), as: Int128.self) else { throw fail("an integer") }
            return .signed128(integer)
        case .uint128:
            guard let integer = integer(try integerText(), as: UInt128.self) else { throw fail("an unsigned integer") }
            return .unsigned128(integer)
        case .float16:
            let hex = try text()
            guard hex.hasPrefix("0x"), let bits = UInt16(hex.dropFirst(2), radix: 16) else { throw fail("\"0x\" and 16 bits") }
            return .float16(bits)
        case .float:
            switch json {
            case .number(let number): if let value = Float(number) { return .float(value) }
            case .string(let special) where special.hasPrefix("nan:0x"):
                if let bits = UInt32(special.dropFirst(6), radix: 16), Float(bitPattern: bits).isNaN { return .float(Float(bitPattern: bits)) }
            default: return .float(Float(try double(json)))
            }
            throw fail("a number")
        case .double, .cgFloat: return .double(try double(json))
        case .date: return .date(try double(json))
        case .string, .decimal: return .text(try text())
        case .character:
            let character = try text()
            guard character.count == 1 else { throw fail("one character") }
            return .text(character)
        case .data:
            guard let data = Data(base64Encoded: try text()) else { throw fail("base64") }
            return .data([UInt8](data))
        case .uuid:
            guard let uuid = UUID(uuidString: try text()) else { throw fail("a UUID") }
            return .uuid(uuid)
        case .url:
            if case .string(let relative) = json { return .url(relative: relative, base: nil) }
            guard case .string(let relative)? = json["relative"], case .string(let base)? = json["base"] else {
                throw fail("a string or {\"relative\": …, \"base\": …}")
            }
            return .url(relative: relative, base: base)
        case .cgPoint, .cgSize, .cgRect:
            guard case .array(let parts) = json, parts.count == (code == .cgRect ? 4 : 2) else { throw fail("an array of numbers") }
            return .geometry(try parts.map(double))
        default:
            throw fail("a scalar")
        }
    }
}
