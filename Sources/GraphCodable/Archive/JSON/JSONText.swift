#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JSON text (RFC 8259) checked whole in one pass (``JSONScanner``), with the end of each
/// array and object recorded, so that a reader can then take the values in any order: it
/// skips a container in one step, builds no value it does not need, and meets no malformed
/// text. Reads rely on the checked structure (a string has its closing quote, a member its
/// colon…), so the text is only ever seen through ``withChecked(_:maximumDepth:budget:_:)``.
struct JSONText {
    let bytes: UnsafeBufferPointer<UInt8>
    private let containers: [JSONScanner.ContainerEnd]
    /// The place of the document's value.
    let root: JSONPosition

    /// Checks that `json` holds exactly one JSON value nested at most `maximumDepth` deep
    /// (charging the index to `budget`; throwing at the first problem, naming its offset),
    /// then calls `body` with the checked text.
    static func withChecked<R>(_ json: [UInt8], maximumDepth: Int, budget: MemoryBudget, _ body: (JSONText) throws -> R) throws -> R {
        try json.withUnsafeBufferPointer { bytes in
            let containers = try JSONScanner.scan(bytes, maximumDepth: maximumDepth, budget: budget)
            var offset = 0
            while isWhitespace(bytes[offset]) { offset += 1 }
            return try body(JSONText(bytes: bytes, containers: containers, root: JSONPosition(offset: offset, ordinal: 0)))
        }
    }

    // MARK: Reading checked text

    /// The first byte of the value at `position`.
    @inline(__always)
    func first(_ position: JSONPosition) -> UInt8 { bytes[position.offset] }

    /// The place just past the value at `position`.
    func end(of position: JSONPosition) -> JSONPosition {
        switch bytes[position.offset] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let end = containers[position.ordinal]
            return JSONPosition(offset: Int(end.offset), ordinal: Int(end.ordinal))
        case UInt8(ascii: "\""):
            return JSONPosition(offset: stringContent(at: position.offset).range.upperBound + 1, ordinal: position.ordinal)
        default:
            return JSONPosition(offset: scalarEnd(from: position.offset), ordinal: position.ordinal)
        }
    }

    /// The offset just past the number or literal at `offset`.
    private func scalarEnd(from offset: Int) -> Int {
        var offset = offset
        while true {
            offset = Self.firstMarkedOffset(in: bytes, from: offset, Self.scalarStops)
            guard offset < bytes.count, !Self.endsScalar(bytes[offset]) else { return offset }
            offset += 1
        }
    }

    /// The first element of the array at `position`, or nil when it is empty.
    func firstElement(of position: JSONPosition) -> JSONPosition? {
        let offset = skippingWhitespace(from: position.offset + 1)
        return bytes[offset] == UInt8(ascii: "]") ? nil : JSONPosition(offset: offset, ordinal: position.ordinal + 1)
    }

    /// The element after the one that ends at `end`, or nil when that one was the last.
    func element(after end: JSONPosition) -> JSONPosition? {
        let offset = skippingWhitespace(from: end.offset)
        guard bytes[offset] == UInt8(ascii: ",") else { return nil }
        return JSONPosition(offset: skippingWhitespace(from: offset + 1), ordinal: end.ordinal)
    }

    /// Calls `body` with each element of the array at `position` and its index.
    func forEachElement(of position: JSONPosition, _ body: (JSONPosition, Int) throws -> Void) rethrows {
        var next = firstElement(of: position)
        var index = 0
        while let element = next {
            try body(element, index)
            index += 1
            next = self.element(after: end(of: element))
        }
    }

    /// Calls `body` with each member of the object at `position`: the UTF-8 of its name as
    /// written (escapes included) and the place of its value.
    func forEachMember(of position: JSONPosition, _ body: (Range<Int>, JSONPosition) throws -> Void) rethrows {
        var offset = skippingWhitespace(from: position.offset + 1)
        var ordinal = position.ordinal + 1
        while bytes[offset] == UInt8(ascii: "\"") {
            let name = stringContent(at: offset).range
            offset = skippingWhitespace(from: skippingWhitespace(from: name.upperBound + 1) + 1)
            let value = JSONPosition(offset: offset, ordinal: ordinal)
            try body(name, value)
            let end = self.end(of: value)
            ordinal = end.ordinal
            offset = skippingWhitespace(from: end.offset)
            guard bytes[offset] == UInt8(ascii: ",") else { return }
            offset = skippingWhitespace(from: offset + 1)
        }
    }

    /// Whether the member name `name` (as ``forEachMember(of:_:)`` gives it) is `expected`.
    func name(_ name: Range<Int>, is expected: StaticString) -> Bool {
        let utf8 = UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount)
        // Escapes only lengthen a name as written.
        if name.count == utf8.count { return bytes[name].elementsEqual(utf8) }
        guard name.count > utf8.count, bytes[name].contains(UInt8(ascii: "\\")) else { return false }
        var decoded: [UInt8] = []
        decodeString(name, into: &decoded)
        return decoded.elementsEqual(utf8)
    }

    /// A member name of at most 7 bytes of UTF-8 (as ``forEachMember(of:_:)`` gives it, its
    /// escapes decoded) as one word, its length in the top byte: names compared in one step.
    /// Nil for a longer name.
    func shortName(_ name: Range<Int>) -> UInt64? {
        if name.count <= 7, bytes.count - name.lowerBound >= 8 {
            // The name's bytes as they lie, unless one is a backslash.
            let word = Self.word(bytes, at: name.lowerBound) & (1 << (8 * UInt64(name.count)) - 1)
            if Self.contentStops(word) == 0 { return word | UInt64(name.count) << 56 }
        }
        // An escape stands for at least one byte in at most six: a longer name stays longer.
        guard name.count <= 6 * 7 else { return nil }
        guard name.count > 7 || bytes[name].contains(UInt8(ascii: "\\")) else { return Self.shortName(bytes[name]) }
        var decoded: [UInt8] = []
        decodeString(name, into: &decoded)
        return Self.shortName(decoded)
    }

    /// `utf8` as a ``shortName(_:)``.
    static func shortName<C: Collection<UInt8>>(_ utf8: C) -> UInt64? {
        guard utf8.count <= 7 else { return nil }
        var word = UInt64(utf8.count) << 56
        for (index, byte) in utf8.enumerated() { word |= UInt64(byte) << (8 * UInt64(index)) }
        return word
    }

    /// The value of the first member named `name` of the object at `position`.
    func member(_ name: StaticString, of position: JSONPosition) -> JSONPosition? {
        var found: JSONPosition?
        forEachMember(of: position) { member, value in
            if found == nil, self.name(member, is: name) { found = value }
        }
        return found
    }

    /// The content of the string whose opening quote is at `offset`, as written, and
    /// whether it holds escapes. Runs without quote or backslash go eight bytes at a time.
    func stringContent(at offset: Int) -> (range: Range<Int>, hasEscapes: Bool) {
        var end = offset + 1
        var hasEscapes = false
        while true {
            end = Self.firstMarkedOffset(in: bytes, from: end, Self.contentStops)
            switch bytes[end] {
            case UInt8(ascii: "\""): return (offset + 1 ..< end, hasEscapes)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                end += 2
            default:
                end += 1
            }
        }
    }

    /// Appends the UTF-8 that the string content `range` stands for, escapes decoded.
    func decodeString(_ range: Range<Int>, into output: inout [UInt8]) {
        var offset = range.lowerBound
        var runStart = offset
        while offset < range.upperBound {
            guard bytes[offset] == UInt8(ascii: "\\") else {
                offset += 1
                continue
            }
            output.append(contentsOf: bytes[runStart ..< offset])
            let escape = bytes[offset + 1]
            offset += 2
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var code = hex4(at: offset)
                offset += 4
                if (0xD800 ... 0xDBFF).contains(code) {
                    code = 0x10000 &+ (code &- 0xD800) &<< 10 &+ (hex4(at: offset + 2) &- 0xDC00)
                    offset += 6
                }
                // Checked when scanned: always a scalar.
                UTF8.encode(Unicode.Scalar(code) ?? "\u{FFFD}") { output.append($0) }
            default: output.append(escape)
            }
            runStart = offset
        }
        output.append(contentsOf: bytes[runStart ..< range.upperBound])
    }

    private func hex4(at offset: Int) -> UInt32 {
        bytes[offset ..< offset + 4].reduce(0) { $0 << 4 | UInt32(Self.hexValue($1) ?? 0) }
    }

    /// Calls `body` with the UTF-8 of the string at `position`, escapes decoded; nil when
    /// the value is not a string.
    func withStringUTF8<R>(at position: JSONPosition, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard first(position) == UInt8(ascii: "\"") else { return nil }
        let content = stringContent(at: position.offset)
        guard content.hasEscapes else { return try body(UnsafeBufferPointer(rebasing: bytes[content.range])) }
        var decoded: [UInt8] = []
        decodeString(content.range, into: &decoded)
        return try decoded.withUnsafeBufferPointer(body)
    }

    /// The string at `position`, or nil when the value is not a string.
    func string(at position: JSONPosition) -> String? {
        withStringUTF8(at: position) { String(decoding: $0, as: UTF8.self) }
    }

    /// The literal `true` or `false` at `position`, or nil.
    func bool(at position: JSONPosition) -> Bool? {
        switch first(position) {
        case UInt8(ascii: "t"): true
        case UInt8(ascii: "f"): false
        default: nil
        }
    }

    /// Whether the value at `position` is a number.
    func isNumber(_ position: JSONPosition) -> Bool {
        let byte = first(position)
        return byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10
    }

    /// The integer at `position` as the JSON form writes integers, a number or a string of
    /// digits (see ``isInteger(_:)``), within `T`'s range; or nil.
    func integer<T: FixedWidthInteger>(at position: JSONPosition, as _: T.Type = T.self) -> T? {
        if isNumber(position) {
            var end = position.offset + 1
            while end < bytes.count, bytes[end] &- UInt8(ascii: "0") < 10 { end += 1 }
            // A fraction or an exponent follows: not an integer.
            guard end == bytes.count || Self.endsScalar(bytes[end]) else { return nil }
            return Self.integer(bytes[position.offset ..< end])
        }
        return withStringUTF8(at: position) { Self.integer($0[...]) } ?? nil
    }

    /// Whether the value at `position` is an integer of some range, as ``integer(at:as:)``
    /// reads it.
    func isInteger(_ position: JSONPosition) -> Bool {
        if isNumber(position) { return Self.isInteger(bytes[position.offset ..< scalarEnd(from: position.offset)]) }
        return withStringUTF8(at: position) { Self.isInteger($0[...]) } ?? false
    }

    /// Whether `text` is decimal digits with an optional leading minus, nothing else (no
    /// fraction, no exponent): an integer of some range.
    private static func isInteger(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let digits = text.first == UInt8(ascii: "-") ? text.dropFirst() : text
        return !digits.isEmpty && digits.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }

    /// `text` as an integer (see ``isInteger(_:)``) within `T`'s range, or nil.
    private static func integer<T: FixedWidthInteger>(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> T? {
        guard isInteger(text) else { return nil }
        let isNegative = text.first == UInt8(ascii: "-")
        var value: T = 0
        for byte in isNegative ? text.dropFirst() : text {
            let digit = byte &- UInt8(ascii: "0")
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, carry) = isNegative ? shifted.subtractingReportingOverflow(T(digit)) : shifted.addingReportingOverflow(T(digit))
            guard !overflow, !carry else { return nil }
            value = next
        }
        return value
    }

    /// The number at `position` rounded to the nearest `Double` (beyond its range, an
    /// infinity), or nil when the value is not a number.
    func double(at position: JSONPosition) -> Double? {
        guard let number = numberRange(at: position) else { return nil }
        return DoubleFromDecimal.nearestDouble(UnsafeBufferPointer(rebasing: bytes[number])) ?? parse(number, strtod, Double.init)
    }

    /// The number at `position` rounded once to the nearest `Float`, or nil when the value
    /// is not a number.
    func float(at position: JSONPosition) -> Float? {
        numberRange(at: position).flatMap { parse($0, strtof, Float.init) }
    }

    /// The text of the number at `position`, or nil when the value is not a number.
    private func numberRange(at position: JSONPosition) -> Range<Int>? {
        isNumber(position) ? position.offset ..< scalarEnd(from: position.offset) : nil
    }

    /// The number `number` read by the C library's `parse` in place (the checked text ends
    /// every number with a delimiter before its end), or by Swift's `parseText` when the C
    /// library would read it otherwise (a locale whose decimal separator is not a dot).
    private func parse<F>(
        _ number: Range<Int>, _ parse: (UnsafePointer<CChar>, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> F,
        _ parseText: (String) -> F?
    ) -> F? {
        func swiftParse() -> F? { parseText(String(decoding: bytes[number], as: UTF8.self)) }
        guard number.upperBound < bytes.count else { return swiftParse() }
        return (bytes.baseAddress! + number.lowerBound).withMemoryRebound(to: CChar.self, capacity: number.count) { text in
            var stop: UnsafeMutablePointer<CChar>?
            let value = parse(text, &stop)
            guard let stop, stop - UnsafeMutablePointer(mutating: text) == number.count else { return swiftParse() }
            return value
        }
    }

    @inline(__always)
    func skippingWhitespace(from offset: Int) -> Int {
        var offset = offset
        while offset < bytes.count, Self.isWhitespace(bytes[offset]) { offset += 1 }
        return offset
    }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether `byte` ends a number or a literal.
    @inline(__always)
    private static func endsScalar(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
