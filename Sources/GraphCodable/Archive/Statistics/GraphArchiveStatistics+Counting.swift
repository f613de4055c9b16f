extension GraphArchiveStatistics {
    /// The statistics of `archive`, counted in one parse of its body (``StatisticsSink``):
    /// its structure is checked as every parse checks it, its payloads are not. At most
    /// `limit` types and keys are listed: only theirs are named.
    init(counting archive: ArchivePrelude, limit: Int, largestValueCount: Int) throws {
        var sink = StatisticsSink(types: archive.types, keys: archive.keys, largestValueCount: largestValueCount)
        _ = try archive.parseBody(into: &sink, problems: nil)
        let counters = sink.counters
        let header = archive.header
        archiveBytes = archive.bytes.count
        headerBytes = ArchiveHeader.size
        typeTableBytes = archive.keyTableStart - header.tablesRange.lowerBound
        keyTableBytes = header.tablesRange.upperBound - archive.keyTableStart
        bodyBytes = header.bodyRange.count
        nodeCount = sink.count

        let table = archive.types
        let typeReferences = Self.largest(counters.typeBytes, limit: limit)
        types = typeReferences.listed.compactMap { reference in
            guard let type = table.resolve(UInt32(reference)) else { return nil }
            return TypeShare(
                reference: UInt32(reference), kind: type.mapKind, name: type.displayName, instances: counters.typeInstances[reference],
                bytes: counters.typeBytes[reference])
        }
        otherTypes = Others(
            count: typeReferences.others.count, values: typeReferences.others.map { counters.typeInstances[$0] }.reduce(0, +),
            bytes: typeReferences.others.map { counters.typeBytes[$0] }.reduce(0, +))
        untypedBytes = counters.typeBytes[0]

        let keys = archive.keys
        let keyIDs = Self.largest(counters.keyBytes, limit: limit)
        self.keys = keyIDs.listed.map { id in
            KeyShare(key: keys.key(for: UInt32(id)) ?? "", occurrences: counters.keyOccurrences[id], bytes: counters.keyBytes[id])
        }
        otherKeys = Others(
            count: keyIDs.others.count, values: keyIDs.others.map { counters.keyOccurrences[$0] }.reduce(0, +),
            bytes: keyIDs.others.map { counters.keyBytes[$0] }.reduce(0, +))
        unkeyedBytes = counters.keyBytes[0]

        rootParts = counters.partCounts.indices.compactMap { part in
            guard counters.partCounts[part] > 0 else { return nil }
            let path: String
            switch part {
            case StatisticsSink.Part.root: path = GCodableError.Context.rootStart
            case StatisticsSink.Part.afterRoot: path = "object(…)"
            case StatisticsSink.Part.unkeyed: path = GCodableError.Context.rootStart + (counters.partCounts[part] == 1 ? "[0]" : "[…]")
            default:
                let id = UInt32(part - StatisticsSink.Part.key(0))
                path = GCodableError.PathComponent.text(of: [keys.pathComponent(for: id)])
            }
            return Part(path: path, count: counters.partCounts[part], bytes: counters.partBytes[part])
        }.sorted { ($0.bytes, $1.path) > ($1.bytes, $0.path) }

        largestValues = sink.largest.sorted.map { value in
            LargeValue(
                path: value.path, typeName: table.resolve(value.typeReference)?.displayName ?? "", offset: value.offset,
                bytes: value.bytes)
        }
    }

    /// The indexes (past 0, which counts what no type or key owns) of the `limit` largest
    /// of `bytes`, largest first, ties by index; and the indexes of the other non-zero ones.
    private static func largest(_ bytes: UnsafeMutableBufferPointer<Int>, limit: Int) -> (listed: [Int], others: [Int]) {
        let owning = bytes.indices.dropFirst().filter { bytes[$0] > 0 }.sorted { (bytes[$0], $1) > (bytes[$1], $0) }
        let listed = min(max(limit, 0), owning.count)
        return (Array(owning[..<listed]), Array(owning[listed...]))
    }
}
