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

    /// The value's identity; nil when it holds a NaN anywhere. Swift finds such a value
    /// equal to nothing (NaN equals nothing, and containers compare element by element), so
    /// it is never a duplicate; and since every NaN hashes alike, keeping them would compare
    /// each with every one before it.
    init?(_ value: NativeValue, _ layout: NativeDescriptor) {
        guard !Self.holdsNaN(value) else { return nil }
        self.value = Self.swiftValue(value, layout)
    }

    /// Whether Swift finds the value unequal to itself, which is what typed decoding counts
    /// against ``SelfUnequalKeys``: a NaN, or an optional, SIMD vector, geometry or range
    /// holding one. Arrays, sets and dictionaries equal themselves whatever they hold (Swift
    /// compares their storage first).
    static func isUnequalToItself(_ value: NativeValue, _ layout: NativeDescriptor) -> Bool {
        switch (layout, value) {
        case (.array, _), (.set, _), (.dictionary, _): false
        case (.optional(let wrapped), .optional(let inner?)): isUnequalToItself(inner, wrapped)
        case (.range(let bound), .bounds(let lower, let upper)), (.closedRange(let bound), .bounds(let lower, let upper)):
            isUnequalToItself(lower, bound) || isUnequalToItself(upper, bound)
        default: holdsNaN(value)
        }
    }

    private static func holdsNaN(_ value: NativeValue) -> Bool {
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
