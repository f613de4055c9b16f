extension GraphArchiveStatistics: CustomStringConvertible {
    /// The statistics as a text table per list, with each share of the archive in percent:
    ///
    ///     archive  1,204,880 bytes, 40,213 nodes
    ///     header          40  0.0 %
    ///     …
    public var description: String {
        var lines = ["archive  \(Self.grouped(archiveBytes)) bytes, \(Self.grouped(nodeCount)) nodes"]
        lines += rows([
            ("header", headerBytes), ("type table", typeTableBytes), ("key table", keyTableBytes), ("body", bodyBytes),
        ])
        lines += ["", "by type (instances)"]
        lines += rows(
            types.map { ("\($0.name) (\(Self.grouped($0.instances)))", $0.bytes) } + others(otherTypes, "types")
                + (untypedBytes > 0 ? [("untyped", untypedBytes)] : []))
        lines += ["", "by key (fields)"]
        lines += rows(
            keys.map { ("\($0.key) (\(Self.grouped($0.occurrences)))", $0.bytes) } + others(otherKeys, "keys")
                + (unkeyedBytes > 0 ? [("no key", unkeyedBytes)] : []))
        lines += ["", "by part of the root (nodes)"]
        lines += rows(rootParts.map { ("\($0.path) (\(Self.grouped($0.count)))", $0.bytes) } + others(otherParts, "parts"))
        if !largestValues.isEmpty {
            lines += ["", "largest values (type, offset)"]
            lines += rows(largestValues.map { ("\($0.path) (\($0.typeName), \($0.offset))", $0.bytes) })
        }
        return lines.joined(separator: "\n")
    }

    private func others(_ others: Others, _ what: String) -> [(String, Int)] {
        others.count > 0 ? [("\(Self.grouped(others.count)) other \(what) (\(Self.grouped(others.values)))", others.bytes)] : []
    }

    /// Rows of a label, its bytes and their share of the archive, in aligned columns.
    private func rows(_ rows: [(label: String, bytes: Int)]) -> [String] {
        let labelWidth = rows.map(\.label.count).max() ?? 0
        let texts = rows.map { Self.grouped($0.bytes) }
        let bytesWidth = texts.map(\.count).max() ?? 0
        return zip(rows, texts).map { row, bytes in
            let share = archiveBytes > 0 ? Double(row.bytes) * 100 / Double(archiveBytes) : 0
            let tenths = Int((share * 10).rounded())
            let label = row.label + String(repeating: " ", count: labelWidth - row.label.count)
            let padded = String(repeating: " ", count: bytesWidth - bytes.count) + bytes
            return "\(label)  \(padded)  \(tenths / 10).\(tenths % 10) %"
        }
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }
}
