import Foundation

@testable import GraphCodable

/// Equality that sees everything a value holds, where `==` is weaker: float bits, Unicode
/// scalars, a time zone's offset, a unit's class and converter, a URL's bytes and base.
protocol ExactlyEqual {
    func isExactly(_ other: Self) -> Bool
}

extension ExactlyEqual where Self: Equatable {
    /// For types whose `==` already sees everything.
    func isExactly(_ other: Self) -> Bool { self == other }
}

extension Bool: ExactlyEqual {}
extension Int: ExactlyEqual {}
extension Int8: ExactlyEqual {}
extension Int16: ExactlyEqual {}
extension Int32: ExactlyEqual {}
extension Int64: ExactlyEqual {}
extension UInt: ExactlyEqual {}
extension UInt8: ExactlyEqual {}
extension UInt16: ExactlyEqual {}
extension UInt32: ExactlyEqual {}
extension UInt64: ExactlyEqual {}
extension Int128: ExactlyEqual {}
extension UInt128: ExactlyEqual {}
extension Data: ExactlyEqual {}
extension UUID: ExactlyEqual {}
extension IndexPath: ExactlyEqual {}
extension PersonNameComponents: ExactlyEqual {}

extension IndexSet: ExactlyEqual {
    func isExactly(_ other: IndexSet) -> Bool { rangeView.elementsEqual(other.rangeView) }
}

extension Double: ExactlyEqual {
    func isExactly(_ other: Double) -> Bool { bitPattern == other.bitPattern }
}

extension Float: ExactlyEqual {
    func isExactly(_ other: Float) -> Bool { bitPattern == other.bitPattern }
}

#if !(os(macOS) && arch(x86_64))
extension Float16: ExactlyEqual {
    func isExactly(_ other: Float16) -> Bool { bitPattern == other.bitPattern }
}
#endif

extension CGFloat: ExactlyEqual {
    func isExactly(_ other: CGFloat) -> Bool { native.bitPattern == other.native.bitPattern }
}

extension Date: ExactlyEqual {
    func isExactly(_ other: Date) -> Bool { timeIntervalSinceReferenceDate.isExactly(other.timeIntervalSinceReferenceDate) }
}

extension String: ExactlyEqual {
    func isExactly(_ other: String) -> Bool { unicodeScalars.elementsEqual(other.unicodeScalars) }
}

extension Character: ExactlyEqual {
    func isExactly(_ other: Character) -> Bool { String(self).isExactly(String(other)) }
}

extension Decimal: ExactlyEqual {
    func isExactly(_ other: Decimal) -> Bool {
        isNaN ? other.isNaN : (self == other && description == other.description && exponent == other.exponent)
    }
}

extension CGPoint: ExactlyEqual {
    func isExactly(_ other: CGPoint) -> Bool { x.isExactly(other.x) && y.isExactly(other.y) }
}

extension CGSize: ExactlyEqual {
    func isExactly(_ other: CGSize) -> Bool { width.isExactly(other.width) && height.isExactly(other.height) }
}

extension CGRect: ExactlyEqual {
    func isExactly(_ other: CGRect) -> Bool { origin.isExactly(other.origin) && size.isExactly(other.size) }
}

extension URL: ExactlyEqual {
    /// The relative string and the base: Linux's `dataRepresentation` is not reliable (it
    /// can drop what the relative string holds).
    func isExactly(_ other: URL) -> Bool {
        relativeString == other.relativeString && absoluteString == other.absoluteString
            && baseURL.isExactly(other.baseURL) && self == other
    }
}

extension TimeZone: ExactlyEqual {
    func isExactly(_ other: TimeZone) -> Bool {
        identifier == other.identifier && secondsFromGMT() == other.secondsFromGMT()
            && (self == .autoupdatingCurrent) == (other == .autoupdatingCurrent) && self == other
    }
}

extension Locale: ExactlyEqual {
    func isExactly(_ other: Locale) -> Bool {
        identifier == other.identifier && (self == .autoupdatingCurrent) == (other == .autoupdatingCurrent) && self == other
    }
}

extension Calendar: ExactlyEqual {
    func isExactly(_ other: Calendar) -> Bool {
        identifier == other.identifier && locale.isExactly(other.locale) && timeZone.isExactly(other.timeZone)
            && firstWeekday == other.firstWeekday && minimumDaysInFirstWeek == other.minimumDaysInFirstWeek
            && (self == .autoupdatingCurrent) == (other == .autoupdatingCurrent) && self == other
    }
}

extension DateComponents: ExactlyEqual {
    func isExactly(_ other: DateComponents) -> Bool {
        let fields: [KeyPath<DateComponents, Int?>] = [
            \.era, \.year, \.month, \.day, \.hour, \.minute, \.second, \.nanosecond, \.weekday, \.weekdayOrdinal,
            \.quarter, \.weekOfMonth, \.weekOfYear, \.yearForWeekOfYear, \.dayOfYear,
        ]
        return fields.allSatisfy { self[keyPath: $0] == other[keyPath: $0] } && isLeapMonth == other.isLeapMonth
            && isRepeatedDay == other.isRepeatedDay && calendar.isExactly(other.calendar)
            && timeZone.isExactly(other.timeZone) && self == other
    }
}

extension CharacterSet: ExactlyEqual {
    /// The members: Linux's `==` can call sets with the same members different (it compares
    /// how the sets are held), and its `bitmapRepresentation` sometimes repeats a plane.
    func isExactly(_ other: CharacterSet) -> Bool { exactBitmap == other.exactBitmap }
}

extension URLComponents: ExactlyEqual {
    func isExactly(_ other: URLComponents) -> Bool {
        scheme == other.scheme && percentEncodedUser == other.percentEncodedUser
            && percentEncodedPassword == other.percentEncodedPassword && encodedHost == other.encodedHost
            && port == other.port && percentEncodedPath == other.percentEncodedPath
            && percentEncodedQuery == other.percentEncodedQuery && percentEncodedFragment == other.percentEncodedFragment
    }
}

extension Measurement: ExactlyEqual {
    func isExactly(_ other: Measurement) -> Bool {
        value.isExactly(other.value) && type(of: unit) == type(of: other.unit) && unit.symbol == other.unit.symbol
            && Self.converter(of: unit).isExactly(Self.converter(of: other.unit))
    }

    /// What the unit's converter gives for a few values (nil for a unit without one).
    private static func converter(of unit: Unit) -> [Double]? {
        (unit as? Dimension).map { dimension in
            [-2.5, 0, 1, 1e10].map { dimension.converter.baseUnitValue(fromValue: $0) }
        }
    }
}

extension SIMD2: ExactlyEqual where Scalar: ExactlyEqual {}
extension SIMD4: ExactlyEqual where Scalar: ExactlyEqual {}
extension SIMD64: ExactlyEqual where Scalar: ExactlyEqual {}

extension SIMD where Self: ExactlyEqual, Scalar: ExactlyEqual {
    func isExactly(_ other: Self) -> Bool { indices.allSatisfy { self[$0].isExactly(other[$0]) } }
}

extension Optional: ExactlyEqual where Wrapped: ExactlyEqual {
    func isExactly(_ other: Wrapped?) -> Bool {
        switch (self, other) {
        case (nil, nil): return true
        case (let value?, let otherValue?): return value.isExactly(otherValue)
        default: return false
        }
    }
}

extension Array: ExactlyEqual where Element: ExactlyEqual {
    func isExactly(_ other: [Element]) -> Bool { count == other.count && zip(self, other).allSatisfy { $0.isExactly($1) } }
}

extension ContiguousArray: ExactlyEqual where Element: ExactlyEqual {
    func isExactly(_ other: ContiguousArray<Element>) -> Bool { Array(self).isExactly(Array(other)) }
}

extension Range: ExactlyEqual where Bound: ExactlyEqual {
    func isExactly(_ other: Range<Bound>) -> Bool { lowerBound.isExactly(other.lowerBound) && upperBound.isExactly(other.upperBound) }
}

extension ClosedRange: ExactlyEqual where Bound: ExactlyEqual {
    func isExactly(_ other: ClosedRange<Bound>) -> Bool { lowerBound.isExactly(other.lowerBound) && upperBound.isExactly(other.upperBound) }
}

extension Set: ExactlyEqual where Element: ExactlyEqual {
    func isExactly(_ other: Set<Element>) -> Bool { sameElementsExactly(Array(self), Array(other)) }
}

extension Dictionary: ExactlyEqual where Key: ExactlyEqual, Value: ExactlyEqual {
    func isExactly(_ other: [Key: Value]) -> Bool {
        sameElementsExactly(map { KeyValuePair(key: $0, value: $1) }, other.map { KeyValuePair(key: $0, value: $1) })
    }

    private struct KeyValuePair: ExactlyEqual {
        let key: Key
        let value: Value
        func isExactly(_ other: KeyValuePair) -> Bool { key.isExactly(other.key) && value.isExactly(other.value) }
    }
}

/// Whether `elements` and `others` hold exactly the same elements, in any order.
private func sameElementsExactly<Element: ExactlyEqual>(_ elements: [Element], _ others: [Element]) -> Bool {
    var unmatched = others
    for element in elements {
        guard let index = unmatched.firstIndex(where: { $0.isExactly(element) }) else { return false }
        unmatched.remove(at: index)
    }
    return unmatched.isEmpty
}
