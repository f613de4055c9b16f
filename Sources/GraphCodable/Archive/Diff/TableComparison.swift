/// The differences between two archives' headers and named types, and the types renamed
/// from one to the other.
struct TableComparison {
    private(set) var differences: [GraphArchiveDiff.Difference] = []
    /// The before archive's renamed types, by type reference: the name they have after.
    private(set) var renamedTypes: [UInt32: String] = [:]

    private typealias Difference = GraphArchiveDiff.Difference

    init(_ before: DiffSide, _ after: DiffSide) throws {
        compareHeaders(before.archive.header, after.archive.header)
        try compareTypes(before, after)
    }

    private mutating func compareHeaders(_ before: ArchiveHeader, _ after: ArchiveHeader) {
        let fields: [(name: String, json: String, before: String, after: String)] = [
            ("formatVersion", "formatVersion", "\(before.formatVersion)", "\(after.formatVersion)"),
            ("checksummed", "checksummed", "\(before.flags.contains(.checksummed))", "\(after.flags.contains(.checksummed))"),
            ("internalBinaryIOVersion", "internalBinaryIOVersion", "\(before.internalBinaryIOVersion)", "\(after.internalBinaryIOVersion)"),
            ("userBinaryIOVersion", "userBinaryIOVersion", "\(before.userBinaryIOVersion)", "\(after.userBinaryIOVersion)"),
        ]
        for field in fields where field.before != field.after {
            differences.append(Difference(
                change: .headerChanged, path: "header.\(field.name)",
                before: .init(value: field.before, location: "$.\(field.json)"),
                after: .init(value: field.after, location: "$.\(field.json)")))
        }
    }

    /// A named type of an archive, with its place in the type table.
    private struct Entry {
        var index: Int
        var type: NamedType
        var reference: UInt32 { TypeReference.reference(forTableIndex: index) }
    }

    private static func namedEntries(of side: DiffSide) -> [Entry] {
        side.archive.types.entries.enumerated().compactMap { index, entry in
            if case .named(let named) = entry { return Entry(index: index, type: named) }
            return nil
        }
    }

    private mutating func compareTypes(_ before: DiffSide, _ after: DiffSide) throws {
        let beforeEntries = Self.namedEntries(of: before), afterEntries = Self.namedEntries(of: after)
        try before.archive.budget.charge(beforeEntries.count + afterEntries.count, of: 64)
        let beforeByName = Dictionary(beforeEntries.map { ($0.type.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        let afterByName = Dictionary(afterEntries.map { ($0.type.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        var removed = beforeEntries.filter { afterByName[$0.type.qualifiedName] == nil }
        var added = afterEntries.filter { beforeByName[$0.type.qualifiedName] == nil }
        try findRenames(&removed, &added, before, after)

        for entry in removed {
            differences.append(Difference(change: .typeRemoved, path: Self.path(entry.type), before: Self.side(entry), after: nil))
        }
        for entry in added {
            differences.append(Difference(change: .typeAdded, path: Self.path(entry.type), before: nil, after: Self.side(entry)))
        }
        for entry in beforeEntries {
            guard let other = afterByName[entry.type.qualifiedName] else { continue }
            if entry.type.kind != other.type.kind {
                differences.append(Difference(
                    change: .typeKindChanged, path: Self.path(entry.type), before: Self.side(entry), after: Self.side(other)))
            } else if entry.type.version != other.type.version {
                differences.append(Difference(
                    change: .typeVersionChanged, path: Self.path(entry.type),
                    before: Self.side(entry, value: "version \(entry.type.version)"),
                    after: Self.side(other, value: "version \(other.type.version)")))
            }
        }
    }

    /// Pairs a removed type with the added type at its place in the table, when both are
    /// of the same kind and their values have the same keys: a rename.
    private mutating func findRenames(_ removed: inout [Entry], _ added: inout [Entry], _ before: DiffSide, _ after: DiffSide) throws {
        let addedByIndex = Dictionary(added.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let candidates = removed.compactMap { entry in
            addedByIndex[entry.index].flatMap { $0.type.kind == entry.type.kind ? (entry, $0) : nil }
        }
        guard !candidates.isEmpty else { return }
        let beforeKeys = try Self.keys(of: Set(candidates.map(\.0.reference)), in: before)
        let afterKeys = try Self.keys(of: Set(candidates.map(\.1.reference)), in: after)
        var renamedIndexes: Set<Int> = []
        for (old, new) in candidates where beforeKeys[old.reference, default: []] == afterKeys[new.reference, default: []] {
            renamedTypes[old.reference] = new.type.qualifiedName
            renamedIndexes.insert(old.index)
            differences.append(Difference(
                change: .typeRenamed, path: Self.path(old.type), before: Self.side(old), after: Self.side(new)))
        }
        removed.removeAll { renamedIndexes.contains($0.index) }
        added.removeAll { renamedIndexes.contains($0.index) }
    }

    /// The keys of the fields of the nodes typed with each of `references`.
    private static func keys(of references: Set<UInt32>, in side: DiffSide) throws -> [UInt32: Set<String>] {
        var keys: [UInt32: Set<String>] = [:]
        var charged = 0
        for (index, node) in side.archive.nodes.enumerated() where node.kind.hasFields && references.contains(node.typeReference) {
            for field in side.fields(of: index) {
                guard let key = side.key(of: side[field]) else { continue }
                if keys[node.typeReference, default: []].insert(key).inserted {
                    charged += 1
                    try side.archive.budget.charge(48)
                }
            }
        }
        side.archive.budget.refund(charged * 48)
        return keys
    }

    private static func path(_ type: NamedType) -> String {
        "types[\(JSONTextWriter.quoted(type.qualifiedName))]"
    }

    private static func side(_ entry: Entry, value: String? = nil) -> Difference.Side {
        let kind = entry.type.kind == .class ? "class" : "value type"
        return .init(value: value ?? "\(kind) \(entry.type.qualifiedName) version \(entry.type.version)", location: "$.types[\(entry.index)]")
    }
}
