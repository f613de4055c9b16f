/// The text dump of a parsed archive.
///
/// `descriptions` holds, by node offset, the text of opaque BinaryIO values when the
/// encoder has the values at hand; otherwise such values show as their byte size. Lines are
/// indented by one tab per level, up to ``maximumIndent`` (deeper levels stay there), and
/// the whole dump is at most ``textLimit`` bytes.
struct ArchiveDump {
    let archive: ParsedArchive
    let options: GraphDumpOptions
    var limits = ArchiveLimits()
    var descriptions: [Int: String] = [:]

    private static let width = 64
    private static let valueLimit = 64
    static let maximumIndent = 32

    /// The most bytes the dump may take.
    var textLimit: Int { limits.textBudget(forArchiveOfSize: archive.bytes.count) }

    var text: String {
        get throws { String(decoding: try TextOutput.collecting(limit: textLimit) { try write(to: &$0) }, as: UTF8.self) }
    }

    /// Writes the dump, line by line, without a line break after the last line.
    func write(to output: inout TextOutput) throws {
        var lines = Lines(output: output)
        if options.contains(.showHelp) { try lines.add(Self.help) }
        if options.contains(.showHeader) { try lines.add(headerLines) }
        if options.contains(.showBody) { try writeBody(to: &lines) }
        if options.contains(.showReferenceMap) { try lines.add(referenceMapLines) }
        if options.contains(.showKeyMap) { try lines.add(keyMapLines) }
        if !lines.isEmpty { try lines.add([String(repeating: "=", count: Self.width)]) }
        output = lines.output
    }

    /// Lines written with a break between them.
    private struct Lines {
        var output: TextOutput
        private(set) var isEmpty = true

        init(output: TextOutput) { self.output = output }

        mutating func add(_ lines: [String]) throws {
            for line in lines { try add(line) }
        }

        /// Adds a line made of `pieces`.
        mutating func add(_ pieces: String...) throws {
            if !isEmpty { try output.write("\n") }
            isEmpty = false
            for piece in pieces { try output.write(piece) }
        }
    }

    private static func title(_ name: String) -> String {
        let head = "= \(name) "
        return head + String(repeating: "=", count: max(3, width - head.count))
    }

    private static func number<T: BinaryInteger>(_ value: T, _ size: String) -> String {
        let digits = String(value)
        return String(repeating: " ", count: max(0, 10 - digits.count)) + digits + " {\(size)}"
    }

    private var headerLines: [String] {
        let header = archive.header
        let checksum = String(header.checksum, radix: 16)
        return [
            Self.title("HEADER"),
            "- FileType  = 'gcodable' {8 bytes}",
            "- Checksum  = 0x" + String(repeating: "0", count: 16 - checksum.count) + checksum + " {8 bytes}",
            "- Version   = " + Self.number(header.formatVersion, "2 bytes"),
            "- Flags     = " + Self.number(header.flags.rawValue, "2 bytes"),
            "- BinaryIO " + String(repeating: "-", count: Self.width - 11),
            "- Internal  = " + Self.number(header.internalBinaryIOVersion, "2 bytes"),
            "- Version   = " + Self.number(header.userBinaryIOVersion, "2 bytes"),
            "- Sizes " + String(repeating: "-", count: Self.width - 8),
            "- Body      = " + Self.number(header.bodyLength, "bytes"),
            "- Tables    = " + Self.number(header.tablesLength, "bytes"),
        ]
    }

    private func writeBody(to lines: inout Lines) throws {
        try lines.add(Self.title("BODY"))
        let indents = (0 ... Self.maximumIndent).map { String(repeating: "\t", count: $0) }
        // Each key's label, made once rather than for every node that has the key.
        let keyLabels = [""] + archive.keys.keys.indices.map { index in
            options.contains(.showKeyNames) ? "+ \(String(reflecting: archive.keys.keys[index])): " : "+ KEY\(Self.id(UInt32(index + 1))): "
        }
        try archive.walk { node, depth in
            let label = node.keyID == 0 ? "- " : Int(node.keyID) < keyLabels.count ? keyLabels[Int(node.keyID)] : "+ KEY\(Self.id(node.keyID)): "
            try lines.add(indents[min(depth, Self.maximumIndent)], label, line(for: node))
        } end: { depth in
            try lines.add(indents[min(depth, Self.maximumIndent)], ".")
        }
    }

    /// A node's line after its key.
    private func line(for node: ArchiveNode) -> String {
        var line = node.kind.code
        if node.objectID != 0 { line += Self.id(node.objectID) }
        let resolved = archive.types.resolve(node.typeReference)
        if case .named(let named)? = resolved, named.kind == .class {
            line += options.contains(.showTypeNames) ? " \(named.qualifiedName)" : " TYPE\(Self.id(node.typeReference - TypeReference.firstTableReference + 1))"
        }
        if node.kind.hasPayload { line += " " + payloadText(of: node, resolved: resolved) }
        return line
    }

    private func payloadText(of node: ArchiveNode, resolved: ResolvedType?) -> String {
        let limit = options.contains(.noTruncation) ? Int.max : Self.valueLimit
        if case .native(let descriptor)? = resolved {
            var reader = archive.payloadReader(of: node)
            return NativeDescription.text(of: descriptor, &reader, limit: limit) ?? "<unreadable \(descriptor)>"
        }
        guard let description = descriptions[node.offset] else { return "{ \(node.payload.count) bytes }" }
        return description.count > limit ? String(description.prefix(limit)) + "…" : description
    }

    private var referenceMapLines: [String] {
        var lines = [Self.title("REFERENCEMAP")]
        for (index, entry) in archive.types.entries.enumerated() {
            guard case .named(let named) = entry else { continue }
            lines.append("TYPE\(Self.id(UInt32(index + 1))):\tQualifiedName  = \(named.qualifiedName)")
            if options.contains(.showMangledNamesInReferenceMap) && named.kind == .class {
                lines.append("\t\t\tMangledName    = \(named.mangledName)")
            }
            lines.append("\t\t\tEncodedVersion = \(named.version)")
        }
        return lines
    }

    private var keyMapLines: [String] {
        [Self.title("KEYMAP")] + archive.keys.keys.enumerated().map { "KEY\(Self.id(UInt32($0.offset + 1))):\t\(String(reflecting: $0.element))" }
    }

    private static func id(_ value: UInt32) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static let help: [String] = [
        title("HELP"),
        "Nodes:",
        "\tVAL<id?>  a value type, its fields follow, closed by '.'",
        "\tREF<id?>  a reference type, its fields follow, closed by '.'",
        "\tBIV<id?>  a value type stored as one BinaryIO unit",
        "\tBIR<id?>  a reference type stored as one BinaryIO unit",
        "\tNIL       nil",
        "\tPTS<id>   a strong pointer to the VAL/REF/BIV/BIR with that id",
        "\tPTC<id>   a conditional pointer to the VAL/REF/BIV/BIR with that id",
        "Fields:",
        "\t+ \"key\": (or + KEY<id>:) a keyed field",
        "\t-         an unkeyed field",
        "Ids:",
        "\t<id> is present only on nodes with identity; pointers repeat the id",
        "\tof the node they point to.",
        "\tTYPE<id> names a class of the type table (see REFERENCEMAP).",
        "\tKEY<id> names a key of the key table (see KEYMAP).",
        "BinaryIO values show by value when the reader knows their layout,",
        "otherwise by size.",
    ]
}
