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
                reference: UInt32(reference), kind: type.mapKind, name: Self.shown(type.displayName),
                instances: counters.typeInstances[reference],
                bytes: counters.typeBytes[reference])
        }
        otherTypes = Others(
            count: typeReferences.others.count, values: typeReferences.others.map { counters.typeInstances[$0] }.reduce(0, +),
            bytes: typeReferences.others.map { counters.typeBytes[$0] }.reduce(0, +))
        untypedBytes = counters.typeBytes[0]

        let keys = archive.keys
        let keyIDs = Self.largest(counters.keyBytes, limit: limit)
        self.keys = keyIDs.listed.map { id in
            KeyShare(
                key: Self.shown(keys.key(for: UInt32(id)) ?? ""), occurrences: counters.keyOccurrences[id], bytes: counters.keyBytes[id])
        }
        otherKeys = Others(
            count: keyIDs.others.count, values: keyIDs.others.map { counters.keyOccurrences[$0] }.reduce(0, +),
            bytes: keyIDs.others.map { counters.keyBytes[$0] }.reduce(0, +))
        unkeyedBytes = counters.keyBytes[0]

        let parts = counters.partCounts.indices.filter { counters.partCounts[$0] > 0 }
            .sorted { (counters.partBytes[$0], $1) > (counters.partBytes[$1], $0) }
        let listedParts = min(max(limit, 0), parts.count)
        rootParts = parts[..<listedParts].map { part in
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
        }
        let others = parts[listedParts...]
        otherParts = Others(
            count: others.count, values: others.map { counters.partCounts[$0] }.reduce(0, +),
            bytes: others.map { counters.partBytes[$0] }.reduce(0, +))

        largestValues = sink.largest.sorted.map { value in
            LargeValue(
                path: value.path, typeName: Self.shown(table.resolve(value.typeReference)?.displayName ?? ""), offset: value.offset,
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

    /// A name from the archive as statistics show it: at most 200 characters, controls
    /// escaped (a name of megabytes is not repeated in every row).
    private static func shown(_ name: String) -> String { ShownText.shown(name, limit: 200) }
}
