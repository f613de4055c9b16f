import Foundation

/// Numbers native values so that two values get the same number exactly when Swift finds
/// them equal, which is what typed decoding does when it refuses a dictionary with two equal
/// keys or a set with two equal elements: integers by value; floating-point numbers and
/// dates by IEEE 754 (`-0.0` equals `0.0`; NaN equals nothing: each NaN, and each value
/// holding one, gets a number of its own); strings and characters by Unicode canonical
/// equivalence (`"é"` equals `"e\u{301}"`); decimals by value; data, UUIDs and URLs
/// (relative string and base) by their contents; containers element by element, sets and
/// dictionaries in any order.
///
/// A container is numbered from its elements' numbers, so each value is looked at once,
/// however deeply containers nest.
struct NativeIdentities {
    private var scalars: [AnyHashable: Int] = [:]
    /// A container's kind, then its elements' numbers (sorted for a set, its pairs sorted by
    /// key for a dictionary).
    private var containers: [[Int]: Int] = [:]
    private var count = 0

    /// The number of a scalar of `layout`.
    mutating func scalar(_ value: NativeValue, _ layout: NativeDescriptor) -> Int {
        guard !Self.holdsNaN(value) else { return fresh() }
        let key = Self.swiftValue(value, layout)
        if let known = scalars[key] { return known }
        let number = fresh()
        scalars[key] = number
        return number
    }

    /// The number of a container of `layout` whose elements have the numbers `elements` (a
    /// dictionary's keys and values alternate; an optional holding nothing has none).
    mutating func container(_ layout: NativeDescriptor, _ elements: [Int]) -> Int {
        var key: [Int]
        switch layout {
        case .set: key = [1] + elements.sorted()
        case .dictionary:
            let pairs = stride(from: 0, to: elements.count - 1, by: 2).map { (elements[$0], elements[$0 + 1]) }.sorted { $0.0 < $1.0 }
            key = [2] + pairs.flatMap { [$0.0, $0.1] }
        case .array: key = [3] + elements
        case .simd: key = [4] + elements
        case .optional: key = [5] + elements
        case .range: key = [6] + elements
        case .closedRange: key = [7] + elements
        case .scalar: key = [8] + elements
        }
        if let known = containers[key] { return known }
        let number = fresh()
        containers[key] = number
        return number
    }

    private mutating func fresh() -> Int {
        count += 1
        return count
    }

    /// A scalar as the Swift value it stands for.
    private static func swiftValue(_ value: NativeValue, _ layout: NativeDescriptor) -> AnyHashable {
        switch (layout, value) {
        case (.scalar(.decimal), .text(let text)): return Decimal(archivedText: text).map(AnyHashable.init) ?? AnyHashable(text)
        case (_, .bool(let flag)): return flag
        case (_, .signed(let integer)): return integer
        case (_, .unsigned(let integer)): return integer
        case (_, .signed128(let integer)): return integer
        case (_, .unsigned128(let integer)): return integer
        case (_, .float16(let bits)): return NativeValue.halfToFloat(bits)
        case (_, .float(let number)): return number
        case (_, .double(let number)), (_, .date(let number)): return number
        case (_, .text(let text)): return text
        case (_, .data(let bytes)): return Data(bytes) // hashed and compared as a whole, where [UInt8] goes byte by byte
        case (_, .uuid(let uuid)): return uuid
        case (_, .url(let relative, let base)): return [AnyHashable(relative), AnyHashable(base)]
        case (_, .geometry(let parts)): return parts
        default: return "\(value)"
        }
    }

    static func holdsNaN(_ value: NativeValue) -> Bool {
        switch value {
        case .float16(let bits): NativeValue.halfToFloat(bits).isNaN
        case .float(let number): number.isNaN
        case .double(let number), .date(let number): number.isNaN
        case .geometry(let parts): parts.contains { $0.isNaN }
        case .sequence(let elements): elements.contains(where: holdsNaN)
        case .dictionary(let pairs): pairs.contains { holdsNaN($0.key) || holdsNaN($0.value) }
        case .optional(let wrapped): wrapped.map(holdsNaN) ?? false
        case .bounds(let lower, let upper): holdsNaN(lower) || holdsNaN(upper)
        case .bool, .signed, .unsigned, .signed128, .unsigned128, .text, .data, .uuid, .url: false
        }
    }

    /// Whether `lower ≤ upper` as Swift orders values of `layout`; nil when Swift has no order
    /// for them (no range of such bounds can exist).
    static func isOrdered(_ lower: NativeValue, _ upper: NativeValue, _ layout: NativeDescriptor) -> Bool? {
        switch (layout, lower, upper) {
        case (.scalar(.decimal), .text(let a), .text(let b)):
            guard let a = Decimal(archivedText: a), let b = Decimal(archivedText: b) else { return nil }
            return a <= b
        case (_, .signed(let a), .signed(let b)): return a <= b
        case (_, .unsigned(let a), .unsigned(let b)): return a <= b
        case (_, .signed128(let a), .signed128(let b)): return a <= b
        case (_, .unsigned128(let a), .unsigned128(let b)): return a <= b
        case (_, .float16(let a), .float16(let b)): return NativeValue.halfToFloat(a) <= NativeValue.halfToFloat(b)
        case (_, .float(let a), .float(let b)): return a <= b
        case (_, .double(let a), .double(let b)), (_, .date(let a), .date(let b)): return a <= b
        case (_, .uuid(let a), .uuid(let b)):
            return !withUnsafeBytes(of: b.uuid) { b in withUnsafeBytes(of: a.uuid) { a in b.lexicographicallyPrecedes(a) } }
        default: return nil
        }
    }
}
