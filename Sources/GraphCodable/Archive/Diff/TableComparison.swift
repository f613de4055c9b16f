/// The tables of two archives compared: the differences of their headers and named types,
/// and which key and which type of the archive before is which of the archive after, so
/// that the bodies are compared by ids rather than by the texts of keys and names.
struct TableComparison {
    private(set) var differences: [GraphArchiveDiff.Difference] = []
    /// For each key id of the archive before (index 0 unused), the id of the same key in the
    /// archive after, or 0 when it has none.
    private(set) var keys: [UInt32] = [0]
    /// For each type table reference of the archive before, the reference of the same type
    /// in the archive after (a renamed type's new one), when it has it.
    private(set) var types: [UInt32: UInt32] = [:]

    private typealias Difference = GraphArchiveDiff.Difference

    init(_ before: DiffSide, _ after: DiffSide) throws {
        compareHeaders(before.archive.header, after.archive.header)
        try before.archive.budget.charge(before.archive.keys.keys.count, of: MemoryLayout<UInt32>.stride)
        keys += before.archive.keys.keys.map { after.archive.keys.existingID(for: $0) ?? 0 }
        try compareTypes(before, after)
    }

    /// Whether a node typed `old` in the archive before and one typed `new` in the archive
    /// after are of the same type (0: untyped).
    func isSameType(_ old: UInt32, _ new: UInt32) -> Bool {
        guard old >= TypeReference.firstTableReference || new >= TypeReference.firstTableReference else { return old == new }
        return types[old] == new
    }

    private mutating func compareHeaders(_ before: ArchiveHeader, _ after: ArchiveHeader) {
        let fields: [(name: String, before: String, after: String)] = [
            ("formatVersion", "\(before.formatVersion)", "\(after.formatVersion)"),
            ("checksummed", "\(before.flags.contains(.checksummed))", "\(after.flags.contains(.checksummed))"),
            ("internalBinaryIOVersion", "\(before.internalBinaryIOVersion)", "\(after.internalBinaryIOVersion)"),
            ("userBinaryIOVersion", "\(before.userBinaryIOVersion)", "\(after.userBinaryIOVersion)"),
        ]
        for field in fields where field.before != field.after {
            differences.append(
                Difference(
                    change: .headerChanged, path: "header.\(field.name)",
                    before: .init(value: field.before, location: "$.\(field.name)"),
                    after: .init(value: field.after, location: "$.\(field.name)")))
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
        try before.archive.budget.charge(before.archive.types.count + after.archive.types.count, of: 96)
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
            types[entry.reference] = other.reference
            if entry.type.kind != other.type.kind {
                differences.append(
                    Difference(
                        change: .typeKindChanged, path: Self.path(entry.type), before: Self.side(entry), after: Self.side(other)))
            } else if entry.type.version != other.type.version {
                differences.append(
                    Difference(
                        change: .typeVersionChanged, path: Self.path(entry.type),
                        before: Self.side(entry, value: "version \(entry.type.version)"),
                        after: Self.side(other, value: "version \(other.type.version)")))
            }
        }
        // Layouts in table order, so that their parts, earlier, are paired already.
        for index in before.archive.types.entries.indices {
            let reference = before.archive.types.reference(ofEntryAt: index, in: after.archive.types) { part in
                TypeReference.tableIndex(part) == nil ? part : types[part]
            }
            if let reference { types[TypeReference.reference(forTableIndex: index)] = reference }
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
        let beforeKeys = try Self.keys(of: Set(candidates.map(\.0.reference)), in: before, mappedBy: keys)
        let afterKeys = try Self.keys(of: Set(candidates.map(\.1.reference)), in: after, mappedBy: nil)
        var renamedIndexes: Set<Int> = []
        for (old, new) in candidates where beforeKeys[old.reference, default: []] == afterKeys[new.reference, default: []] {
            types[old.reference] = new.reference
            renamedIndexes.insert(old.index)
            differences.append(
                Difference(
                    change: .typeRenamed, path: Self.path(old.type), before: Self.side(old), after: Self.side(new)))
        }
        removed.removeAll { renamedIndexes.contains($0.index) }
        added.removeAll { renamedIndexes.contains($0.index) }
    }

    /// The key ids of the fields of the nodes typed with each of `references`, as ids of the
    /// archive after (`mapping` maps the ids of the archive before; a key it lacks is 0).
    private static func keys(of references: Set<UInt32>, in side: DiffSide, mappedBy mapping: [UInt32]?) throws -> [UInt32: Set<UInt32>] {
        var keys: [UInt32: Set<UInt32>] = [:]
        var charged = 0
        for (index, node) in side.archive.nodes.enumerated() where node.kind.hasFields && references.contains(node.typeReference) {
            for field in side.fields(of: index) where side[field].keyID != 0 {
                let id = side[field].keyID
                let key = mapping.map { Int(id) < $0.count ? $0[Int(id)] : 0 } ?? id
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
        "types[\(JSONTextWriter.quoted(ShownText.shown(type.qualifiedName)))]"
    }

    private static func side(_ entry: Entry, value: String? = nil) -> Difference.Side {
        let kind = entry.type.kind == .class ? "class" : "value type"
        return .init(
            value: value ?? "\(kind) \(ShownText.shown(entry.type.qualifiedName)) version \(entry.type.version)",
            location: "$.types[\(entry.index)]")
    }
}
