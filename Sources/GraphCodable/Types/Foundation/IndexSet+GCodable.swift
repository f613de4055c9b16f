import Foundation

extension IndexSet: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .indexSet }

    /// The indexes every platform's `IndexSet` holds: macOS's stops before `Int.max` and
    /// has no negative indexes.
    private static let portableIndexes = 0 ..< Int.max

    /// Stores the ranges of the set, as one packed array. Indexes outside
    /// `0 ..< Int.max` cannot be archived portably and throw.
    public func encode(to encoder: GEncoder) throws {
        // In this order: on Linux, `contains(Int.max)` traps on sets with negative indexes,
        // and `rangeView` on sets holding `Int.max` (whose `first` is then nil).
        if let first, first < 0 {
            throw GCodableError.cannotEncode(Self.self, "the negative index \(first) cannot be archived portably: indexes are 0 ..< Int.max")
        }
        guard !contains(Int.max) else {
            throw GCodableError.cannotEncode(Self.self, "the index Int.max cannot be archived portably: indexes are 0 ..< Int.max")
        }
        try encoder.encode(Array(rangeView))
    }

    public init(from decoder: GDecoder) throws {
        self.init()
        for range in try decoder.decode() as [Range<Int>] {
            guard Self.portableIndexes.contains(range.lowerBound) else {
                throw GCodableError.corrupted("index range \(range) outside 0 ..< Int.max")
            }
            insert(integersIn: range)
        }
    }
}
