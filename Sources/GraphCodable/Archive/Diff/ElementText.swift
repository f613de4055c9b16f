extension DiffSide {
    /// The element of a set, or the key of a dictionary, at `index` as a path shows it
    /// between brackets: `"b"`, `3`, `Coordinate(x: 1, y: 2)`, `Tag(name: "a", related: [Tag(…)])`;
    /// at most 100 characters. An object that is the element shows its fields; objects
    /// inside it show their type.
    func elementText(of index: Int) -> String {
        guard let target = target(of: index) else { return "nil" }
        var text = ""
        appendText(of: target, to: &text, expanding: true, depth: 0)
        return ShownText.shown(text, limit: Self.valueLimit)
    }

    /// The element of a packed set, or the key of a packed dictionary, of `layout` at `range`.
    func elementText(of layout: NativeDescriptor, at range: Range<Int>) -> String {
        var reader = archive.payloadReader()
        reader.reposition(to: range)
        return NativeDescription.text(of: layout, &reader, limit: Self.valueLimit).map { ShownText.shown($0, limit: Self.valueLimit) }
            ?? "…"
    }

    /// Appends the text of the node at `index` until `text` is longer than a path shows.
    private func appendText(of index: Int, to text: inout String, expanding: Bool, depth: Int) {
        guard text.utf8.count <= Self.valueLimit, depth < 32 else { return text += "…" }
        let node = archive.nodes[index]
        let name = typeName(of: node) ?? ""
        switch node.kind {
        case .nil, .end:
            text += "nil"
        case .pts, .ptc:
            text += target(of: index).flatMap { typeName(of: archive.nodes[$0]) }.map { $0 + "(…)" } ?? "nil"
        case .biv, .bir:
            if node.objectID != 0 && !expanding { return text += name + "(…)" }
            if case .native(let layout)? = archive.types.resolve(node.typeReference) {
                var reader = archive.payloadReader(of: node)
                text += NativeDescription.text(of: layout, &reader, limit: Self.valueLimit) ?? "…"
            } else {
                text += "\(name)(\(node.payload.count) bytes)"
            }
        case .val, .ref:
            if node.objectID != 0 && !expanding { return text += name + "(…)" }
            let code = archive.types.resolve(node.typeReference).flatMap { resolved -> NativeTypeCode? in
                if case .structured(let code) = resolved { return code }
                return nil
            }
            /// Appends the fields, each after `separator(position)`, while the text is short.
            func appendFields(_ separator: (Int) -> String) {
                var (field, position) = (index + 1, 0)
                while field < node.next && text.utf8.count <= Self.valueLimit {
                    if position > 0 { text += separator(position) }
                    if archive.nodes[field].keyID != 0 { text += key(archive.nodes[field].keyID) + ": " }
                    appendText(of: field, to: &text, expanding: false, depth: depth + 1)
                    (field, position) = (archive.nodes[field].next, position + 1)
                }
            }
            switch code {
            case .optional?:
                appendFields { _ in ", " }
            case .dictionary?:
                text += node.next == index + 1 ? "[:" : "["
                appendFields { $0.isMultiple(of: 2) ? ", " : ": " }
                text += "]"
            case .array?, .set?:
                text += "["
                appendFields { _ in ", " }
                text += "]"
            default:
                text += name + "("
                appendFields { _ in ", " }
                text += ")"
            }
        }
    }
}
