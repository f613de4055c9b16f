import Foundation

extension IndexSet: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .indexSet }

    /// Stores the ranges of the set, as one packed array. Indexes outside
    /// `0 ..< Int.max` cannot be archived portably and throw.
    public func encode(to encoder: GEncoder) throws {
        // In this order: on Linux, `contains(Int.max)` traps on sets with negative indexes,
        // and `rangeView` on sets holding `Int.max` (whose `first` is then nil).
        if let first, first < 0 {
            throw GCodableError.cannotEncode(
                Self.self, "the negative index \(first) cannot be archived portably: indexes are 0 ..< Int.max")
        }
        guard !contains(Int.max) else {
            throw GCodableError.cannotEncode(Self.self, "the index Int.max cannot be archived portably: indexes are 0 ..< Int.max")
        }
        try encoder.encode(Array(rangeView))
    }

    /// Reads the ranges as ``encode(to:)`` writes them: non-empty, ascending, apart and
    /// within `0 ..< Int.max`. Others are refused: Foundation traps on some overlapping
    /// ranges, and takes quadratic time on descending ones.
    public init(from decoder: GDecoder) throws {
        self.init()
        var previousUpperBound: Int?
        for range in try decoder.decode() as [Range<Int>] {
            guard !range.isEmpty, range.lowerBound >= 0, range.lowerBound > previousUpperBound ?? -1 else {
                throw GCodableError.corrupted(
                    "index range \(range) is not within 0 ..< Int.max, non-empty, after and apart from the one before",
                    rule: .indexSetRanges)
            }
            previousUpperBound = range.upperBound
            insert(integersIn: range)
        }
    }
}
