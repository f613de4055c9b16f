import GraphCodable

/// The JSON answer of `/v1/diff`: whether the archives are the same, and each difference
/// with its path and what each archive holds there.
struct DiffAnswer: Encodable {
    struct Side: Encodable {
        let value: String
        let location: String
        let byteOffset: Int?
    }

    struct Difference: Encodable {
        let change: String
        let path: String
        let before: Side?
        let after: Side?
    }

    let identical: Bool
    let differenceCount: Int
    let omittedCount: Int
    let differences: [Difference]

    init(_ diff: GraphArchiveDiff) {
        identical = diff.isIdentical
        differenceCount = diff.totalCount
        omittedCount = diff.omittedCount
        differences = diff.differences.map { difference in
            func side(_ side: GraphArchiveDiff.Difference.Side?) -> Side? {
                side.map { Side(value: $0.value, location: $0.location, byteOffset: $0.byteOffset) }
            }
            return Difference(
                change: difference.change.rawValue, path: difference.path, before: side(difference.before), after: side(difference.after))
        }
    }
}
