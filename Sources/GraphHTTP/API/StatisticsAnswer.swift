import GraphCodable

/// The JSON answer of `/v1/stats`: where the archive's bytes go (see
/// `GraphArchiveStatistics`), each share of the body also as a fraction of the archive.
struct StatisticsAnswer: Encodable {
    struct TypeShare: Encodable {
        let reference: UInt32
        let kind: String
        let name: String
        let instances: Int
        let bytes: Int
        let share: Double
    }

    struct KeyShare: Encodable {
        let key: String
        let occurrences: Int
        let bytes: Int
        let share: Double
    }

    struct Others: Encodable {
        let count: Int
        let values: Int
        let bytes: Int
        let share: Double
    }

    struct Part: Encodable {
        let path: String
        let count: Int
        let bytes: Int
        let share: Double
    }

    struct LargeValue: Encodable {
        let path: String
        let type: String
        let byteOffset: Int
        let bytes: Int
        let share: Double
    }

    let archiveBytes: Int
    let headerBytes: Int
    let typeTableBytes: Int
    let keyTableBytes: Int
    let bodyBytes: Int
    let nodeCount: Int
    let types: [TypeShare]
    let otherTypes: Others
    let untypedBytes: Int
    let keys: [KeyShare]
    let otherKeys: Others
    let unkeyedBytes: Int
    let rootParts: [Part]
    let otherParts: Others
    let largestValues: [LargeValue]

    init(_ statistics: GraphArchiveStatistics) {
        let total = statistics.archiveBytes
        func share(_ bytes: Int) -> Double { total > 0 ? (Double(bytes) / Double(total) * 10_000).rounded() / 10_000 : 0 }
        func others(_ others: GraphArchiveStatistics.Others) -> Others {
            Others(count: others.count, values: others.values, bytes: others.bytes, share: share(others.bytes))
        }
        archiveBytes = total
        headerBytes = statistics.headerBytes
        typeTableBytes = statistics.typeTableBytes
        keyTableBytes = statistics.keyTableBytes
        bodyBytes = statistics.bodyBytes
        nodeCount = statistics.nodeCount
        types = statistics.types.map {
            TypeShare(
                reference: $0.reference, kind: $0.kind.rawValue, name: $0.name, instances: $0.instances, bytes: $0.bytes,
                share: share($0.bytes))
        }
        otherTypes = others(statistics.otherTypes)
        untypedBytes = statistics.untypedBytes
        keys = statistics.keys.map { KeyShare(key: $0.key, occurrences: $0.occurrences, bytes: $0.bytes, share: share($0.bytes)) }
        otherKeys = others(statistics.otherKeys)
        unkeyedBytes = statistics.unkeyedBytes
        rootParts = statistics.rootParts.map { Part(path: $0.path, count: $0.count, bytes: $0.bytes, share: share($0.bytes)) }
        otherParts = others(statistics.otherParts)
        largestValues = statistics.largestValues.map {
            LargeValue(path: $0.path, type: $0.typeName, byteOffset: $0.offset, bytes: $0.bytes, share: share($0.bytes))
        }
    }
}
