import Foundation

/// A native value compared as Swift compares values of its type, which is what typed
/// decoding does when it refuses a dictionary with two equal keys, a set with two equal
/// elements or a range whose bounds are out of order: integers by value; floating-point
/// numbers and dates by IEEE 754 (`-0.0` equals `0.0`, NaN equals nothing and is in no
/// order); strings and characters by Unicode canonical equivalence (`"é"` equals
/// `"e\u{301}"`); decimals by value; data, UUIDs and URLs (relative string and base) by
/// their contents; containers element by element (sets and dictionaries in any order).
struct NativeIdentity: Hashable {
    private let value: AnyHashable

    init(_ value: NativeValue, _ layout: NativeDescriptor) {
        self.value = Self.swiftValue(value, layout)
    }

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
        case (_, .data(let bytes)): return bytes
        case (_, .uuid(let uuid)): return uuid
        case (_, .url(let relative, let base)): return [AnyHashable(relative), AnyHashable(base)]
        case (_, .geometry(let parts)): return parts
        case (.set(let element), .sequence(let elements)): return Set(elements.map { swiftValue($0, element) })
        case (.array(let element), .sequence(let elements)), (.simd(_, let element), .sequence(let elements)):
            return elements.map { swiftValue($0, element) }
        case (.dictionary(let key, let valueLayout), .dictionary(let pairs)):
            return Dictionary(pairs.map { (swiftValue($0.key, key), swiftValue($0.value, valueLayout)) }) { first, _ in first }
        case (.optional(let wrapped), .optional(let inner)): return inner.map { swiftValue($0, wrapped) }
        case (.range(let bound), .bounds(let lower, let upper)), (.closedRange(let bound), .bounds(let lower, let upper)):
            return [swiftValue(lower, bound), swiftValue(upper, bound)]
        default:
            return "\(value)"
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
        case (_, .text(let a), .text(let b)): return a <= b
        case (_, .uuid(let a), .uuid(let b)): return !withUnsafeBytes(of: b.uuid) { b in withUnsafeBytes(of: a.uuid) { a in b.lexicographicallyPrecedes(a) } }
        default: return nil
        }
    }
}
