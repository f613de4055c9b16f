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
        case .double(let number), .date(let number):
            return floatingPoint(number, bits: number.bitPattern, canonicalNaN: Double.nan.bitPattern)
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
    /// as `{"some": …}` when the value is itself an optional. The payload must be readable
    /// as `layout` (strings are written from their bytes as they lie).
    static func write(_ layout: NativeDescriptor, _ reader: inout BinaryReadBuffer, to writer: inout JSONTextWriter, stack: StackGuard)
        throws
    {
        // A scalar, or an array or dictionary of them, needs no walk.
        switch layout {
        case .scalar(let code):
            return try writeScalar(code, &reader, to: &writer, stack: stack)
        case .array(.scalar(let code)):
            try writer.beginArray()
            for _ in 0 ..< (try reader.readCount()) {
                try writer.nextElement()
                try writeScalar(code, &reader, to: &writer, stack: stack)
            }
            return try writer.endArray()
        case .dictionary(.scalar(let keyCode), .scalar(let valueCode)):
            try writer.beginArray()
            for _ in 0 ..< (try reader.readCount()) {
                try writer.nextElement()
                try writer.beginArray()
                try writer.nextElement()
                try writeScalar(keyCode, &reader, to: &writer, stack: stack)
                try writer.nextElement()
                try writeScalar(valueCode, &reader, to: &writer, stack: stack)
                try writer.endArray()
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
            case .scalar(let value): try write(scalar: value, to: &writer, stack: stack)
            case .absent: try writer.writeNull()
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

    /// Reads a scalar and writes its JSON; a string from its bytes as they lie.
    private static func writeScalar(
        _ code: NativeTypeCode, _ reader: inout BinaryReadBuffer, to writer: inout JSONTextWriter, stack: StackGuard
    ) throws {
        guard code == .string else { return try write(scalar: try NativeDescriptor.readScalar(code, &reader), to: &writer, stack: stack) }
        try reader.withBytes(count: try reader.readCount()) { try writer.write(stringUTF8: $0.assumingMemoryBound(to: UInt8.self)) }
    }

    /// Writes a scalar's JSON (see ``json(ofScalar:)``): the common ones straight as text.
    private static func write(scalar value: NativeValue, to writer: inout JSONTextWriter, stack: StackGuard) throws {
        switch value {
        case .bool(let flag): try writer.write(flag)
        case .signed(let integer) where exactIntegers.contains(integer): try writer.write(integer: integer)
        case .unsigned(let integer) where integer <= UInt64(1 << 53): try writer.write(integer: integer)
        case .double(let number) where number.isFinite && !(number == 0 && number.sign == .minus),
            .date(let number) where number.isFinite && !(number == 0 && number.sign == .minus):
            try writer.write(finite: number)
        case .text(let text): try writer.write(string: text)
        default: try writer.write(json(ofScalar: value), stack: stack)
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

    /// Writes the payload of `layout` that the JSON value at `position` stands for: the
    /// inverse of ``write(_:_:to:stack:)``. A value that does not fit the layout throws a
    /// ``JSONProblem`` at the value. (The recursion follows the layout, at most 256 parts.)
    static func writePayload(_ layout: NativeDescriptor, from text: JSONText, at position: JSONPosition, to buffer: inout BinaryWriteBuffer)
        throws
    {
        func fail(_ expected: String) -> JSONProblem { JSONProblem("expected \(expected) for \(layout)", at: position) }
        switch layout {
        case .scalar(let code):
            try writeScalar(code, from: text, at: position, to: &buffer)
        case .array(let element), .set(let element):
            guard text.first(position) == UInt8(ascii: "[") else { throw fail("an array") }
            try writeCounted(text, position, to: &buffer) { item, buffer in
                try writePayload(element, from: text, at: item, to: &buffer)
            }
        case .dictionary(let key, let value):
            guard text.first(position) == UInt8(ascii: "[") else { throw fail("an array") }
            try writeCounted(text, position, to: &buffer) { pair, buffer in
                guard let parts = elements(of: pair, count: 2, in: text) else {
                    throw JSONProblem("expected a [key, value] pair", at: pair)
                }
                try writePayload(key, from: text, at: parts[0], to: &buffer)
                try writePayload(value, from: text, at: parts[1], to: &buffer)
            }
        case .optional(let wrapped):
            if text.first(position) == UInt8(ascii: "n") { return buffer.writeByte(0) }
            buffer.writeByte(1)
            guard case .optional = wrapped else { return try writePayload(wrapped, from: text, at: position, to: &buffer) }
            guard text.first(position) == UInt8(ascii: "{"), let some = text.member("some", of: position) else {
                throw fail("null or {\"some\": …}")
            }
            try writePayload(wrapped, from: text, at: some, to: &buffer)
        case .range(let bound), .closedRange(let bound):
            guard let bounds = elements(of: position, count: 2, in: text) else { throw fail("[lower, upper]") }
            for place in bounds { try writePayload(bound, from: text, at: place, to: &buffer) }
        case .simd(let lanes, let scalar):
            guard let values = elements(of: position, count: lanes, in: text) else { throw fail("\(lanes) lanes") }
            for place in values { try writePayload(scalar, from: text, at: place, to: &buffer) }
        }
    }

    /// Writes what `element` writes for each element of the array at `position`, preceded by
    /// their count, which is known once they are written.
    private static func writeCounted(
        _ text: JSONText, _ position: JSONPosition, to buffer: inout BinaryWriteBuffer,
        _ element: (JSONPosition, inout BinaryWriteBuffer) throws -> Void
    ) throws {
        let countOffset = buffer.count
        buffer.writeByte(0)
        var count = 0
        try text.forEachElement(of: position) { item, _ in
            try element(item, &buffer)
            count += 1
        }
        buffer.fillVarUIntPlaceholder(at: countOffset, with: UInt64(count))
    }

    /// The places of the elements of the array at `position` when it has exactly `count`,
    /// otherwise nil.
    private static func elements(of position: JSONPosition, count: Int, in text: JSONText) -> [JSONPosition]? {
        guard text.first(position) == UInt8(ascii: "[") else { return nil }
        var places: [JSONPosition] = []
        var next = text.firstElement(of: position)
        while let element = next {
            guard places.count < count else { return nil }
            places.append(element)
            next = text.element(after: text.end(of: element))
        }
        return places.count == count ? places : nil
    }

    private static func writeScalar(
        _ code: NativeTypeCode, from text: JSONText, at position: JSONPosition, to buffer: inout BinaryWriteBuffer
    ) throws {
        func fail(_ expected: String) -> JSONProblem { JSONProblem("expected \(expected) for \(code.name)", at: position) }
        func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
            guard let integer = text.integer(at: position, as: T.self) else {
                throw fail(text.isInteger(position) ? "an integer within the type's range" : "an integer")
            }
            return integer
        }
        func string<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
            guard let result = try text.withStringUTF8(at: position, body) else { throw fail("a string") }
            return result
        }
        func double(at place: JSONPosition) throws -> Double {
            guard let number = Self.double(from: text, at: place) else {
                throw JSONProblem("expected a number, \"nan\", \"inf\", \"-inf\" or \"-0\" for \(code.name)", at: place)
            }
            return number
        }
        switch code {
        case .bool:
            guard let flag = text.bool(at: position) else { throw fail("true or false") }
            buffer.writeByte(flag ? 1 : 0)
        case .int8: buffer.writeInteger(try integer(Int8.self))
        case .int16: buffer.writeInteger(try integer(Int16.self))
        case .int32: buffer.writeInteger(try integer(Int32.self))
        case .int64, .int: buffer.writeInteger(try integer(Int64.self))
        case .uint8: buffer.writeInteger(try integer(UInt8.self))
        case .uint16: buffer.writeInteger(try integer(UInt16.self))
        case .uint32: buffer.writeInteger(try integer(UInt32.self))
        case .uint64, .uint: buffer.writeInteger(try integer(UInt64.self))
        case .int128: buffer.writeFixedWidth(try integer(Int128.self))
        case .uint128: buffer.writeFixedWidth(try integer(UInt128.self))
        case .float16:
            let hex = try string { String(decoding: $0, as: UTF8.self) }
            let digits = hex.utf8.dropFirst(2)
            guard hex.hasPrefix("0x"), !digits.isEmpty, digits.allSatisfy({ JSONText.hexValue($0) != nil }),
                let bits = UInt16(hex.dropFirst(2), radix: 16)
            else {
                throw fail("\"0x\" and 16 bits")
            }
            buffer.writeFixedWidth(bits)
        case .float:
            buffer.writeFixedWidth(try float().bitPattern)
        case .double, .cgFloat, .date:
            buffer.writeFixedWidth(try double(at: position).bitPattern)
        case .string, .decimal:
            try string { utf8 in
                buffer.writeLength(utf8.count)
                buffer.writeBytes(UnsafeRawBufferPointer(utf8))
            }
        case .character:
            let character = try string { String(decoding: $0, as: UTF8.self) }
            guard character.count == 1 else { throw fail("one character") }
            buffer.writeString(character)
        case .data:
            guard let data = try string({ Data(base64Encoded: Data($0)) }) else { throw fail("base64") }
            buffer.writeLength(data.count)
            buffer.writeBytes(data)
        case .uuid:
            guard let uuid = UUID(uuidString: try string { String(decoding: $0, as: UTF8.self) }) else { throw fail("a UUID") }
            try uuid.write(to: &buffer)
        case .url:
            if let relative = text.string(at: position) {
                buffer.writeString(relative)
                return try String?.none.write(to: &buffer)
            }
            guard text.first(position) == UInt8(ascii: "{"),
                let relative = text.member("relative", of: position).flatMap(text.string(at:)),
                let base = text.member("base", of: position).flatMap(text.string(at:))
            else { throw fail("a string or {\"relative\": …, \"base\": …}") }
            buffer.writeString(relative)
            try String?.some(base).write(to: &buffer)
        case .cgPoint, .cgSize, .cgRect:
            guard let parts = elements(of: position, count: code == .cgRect ? 4 : 2, in: text) else { throw fail("an array of numbers") }
            for part in parts { buffer.writeFixedWidth(try double(at: part).bitPattern) }
        default:
            throw fail("a scalar")
        }

        /// A `Float` from its own decimal text (not rounded twice through a `Double`), its
        /// NaN bits, or a special value.
        func float() throws -> Float {
            if let float = text.float(at: position) { return float }
            if let special = text.string(at: position), special.hasPrefix("nan:0x") {
                guard let bits = UInt32(special.dropFirst(6), radix: 16), Float(bitPattern: bits).isNaN else {
                    throw fail("a NaN's 32 bits")
                }
                return Float(bitPattern: bits)
            }
            return Float(try double(at: position))
        }
    }

    /// A `Double` as the JSON form writes it: a number, "nan", "inf", "-inf", "-0", or
    /// "nan:0x" and the bits of a NaN.
    private static func double(from text: JSONText, at position: JSONPosition) -> Double? {
        if let number = text.double(at: position) { return number }
        guard let special = text.string(at: position) else { return nil }
        switch special {
        case "nan": return .nan
        case "inf": return .infinity
        case "-inf": return -.infinity
        case "-0": return -0.0
        case let other where other.hasPrefix("nan:0x"):
            guard let bits = UInt64(other.dropFirst(6), radix: 16), Double(bitPattern: bits).isNaN else { return nil }
            return Double(bitPattern: bits)
        default: return nil
        }
    }
}
