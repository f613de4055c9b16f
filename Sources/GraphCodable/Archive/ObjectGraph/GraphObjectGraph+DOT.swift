extension GraphObjectGraph {
    /// The graph in Graphviz's DOT language (`dot -Tsvg`): each object a box labelled with
    /// its type, id and summary, the root's doubled; definitions and strong pointers solid,
    /// conditional pointers dashed, references that close a cycle bold and left out of the
    /// ranking; the objects not shown a note per type beside the object referring to them.
    public var dot: String {
        var lines = [
            "digraph archive {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\", fontsize=10];",
            "  edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        for node in nodes {
            var label = node.id == 0 ? Self.shortName(node.typeName) : "\(Self.shortName(node.typeName)) #\(node.id)"
            if !node.summary.isEmpty { label += "\n" + node.summary }
            var attributes = ["label=\(Self.quoted(label))"]
            if node.isRoot { attributes.append("peripheries=2") }
            if node.references > 1 { attributes.append("style=filled, fillcolor=\"#fff3c4\"") }
            lines.append("  \(Self.name(node.id)) [\(attributes.joined(separator: ", "))];")
        }
        for edge in edges {
            var attributes = ["label=\(Self.quoted(edge.label))"]
            if edge.kind == .conditional { attributes.append("style=dashed") }
            if edge.closesCycle { attributes.append("penwidth=2, color=\"#b03030\", constraint=false") }
            lines.append("  \(Self.name(edge.from)) -> \(Self.name(edge.to)) [\(attributes.joined(separator: ", "))];")
        }
        for (index, group) in more.enumerated() {
            let name = "more\(index)"
            lines.append("  \(name) [shape=note, label=\(Self.quoted("+ \(group.count) more \(Self.shortName(group.typeName))"))];")
            lines.append("  \(Self.name(group.from)) -> \(name) [style=dotted];")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// A type's name without its module and enclosing types: `Station` for
    /// `Metro.Model.Station`, `Box<Metro.Model.Station>` for `Metro.Box<Metro.Model.Station>`.
    static func shortName(_ name: String) -> String {
        let head = name.prefix { $0 != "<" }
        return String(head.split(separator: ".").last ?? head) + name.dropFirst(head.count)
    }

    /// The DOT name of object `id` (`root` for a root without identity).
    private static func name(_ id: UInt32) -> String { id == 0 ? "root" : "o\(id)" }

    /// `text` as a DOT string: quoted, with quotes and backslashes escaped and line breaks as
    /// `\n`.
    private static func quoted(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
