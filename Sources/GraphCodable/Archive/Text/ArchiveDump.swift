/// The text dump of an archive, its body written line by line while it is parsed.
///
/// `descriptions` holds, by node offset, the text of opaque BinaryIO values when the
/// encoder has the values at hand; otherwise such values show as their byte size. Lines are
/// indented by one tab per level, up to ``maximumIndent`` (deeper levels stay there), and
/// the whole dump is at most ``textLimit`` bytes.
///
/// A broken body throws partway: where the text leaves as it is written, the body's
/// structure must be checked before (a model's bytes are) or the text held until the parse
/// ends, as ``ArchivePrelude/streamingText(to:_:)`` does.
struct ArchiveDump {
    let archive: ArchivePrelude
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

        mutating func add(_ line: String) throws {
            try startLine()
            try output.write(text: line)
        }

        /// Starts a line, whose text is then written to ``output``.
        mutating func startLine() throws {
            if !isEmpty { try output.write(byte: UInt8(ascii: "\n")) }
            isEmpty = false
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

    /// The body, a line per node and one per end of fields, written to the output piece by
    /// piece as UTF-8.
    private func writeBody(to lines: inout Lines) throws {
        try lines.add(Self.title("BODY"))
        // Each key's label and each type's name, made once rather than for every node.
        let keyLabels = TextTable(
            [Array("- ".utf8)]
                + archive.keys.keys.indices.map { index in
                    Array(
                        (options.contains(.showKeyNames)
                            ? "+ \(String(reflecting: archive.keys.keys[index])): " : "+ KEY\(Self.id(UInt32(index + 1))): ").utf8)
                })
        // Each type's text after a node's kind: a class's name (a value type's too, when
        // asked), nothing for native layouts (a payload's text shows them).
        let typeLabels = TextTable(
            archive.types.entries.indices.map { index -> [UInt8] in
                guard case .named(let named) = archive.types.entries[index],
                    named.kind == .class || options.contains(.showValueTypeNames)
                else { return [] }
                return Array(
                    (options.contains(.showTypeNames)
                        ? " \(ShownText.shown(named.qualifiedName, limit: .max))" : " TYPE\(Self.id(UInt32(index + 1)))").utf8)
            })
        var body = BodyLines(
            dump: self, lines: lines, keyLabels: keyLabels, typeLabels: typeLabels, layouts: archive.types.nativeLayoutsByReference,
            reader: archive.payloadReader())
        _ = try archive.parseBody(into: &body, problems: nil)
        lines = body.lines
    }

    /// The body's lines, written as the parse hands over the nodes: a line per node, and one
    /// per end of fields.
    private struct BodyLines: NodeSinkKeepingNothing {
        let dump: ArchiveDump
        var lines: Lines
        let keyLabels: TextTable
        let typeLabels: TextTable
        let layouts: [NativeDescriptor?]
        var reader: BinaryReadBuffer
        /// The text of payloads, kept until it passes 64 KiB.
        private var payloads: [UInt8] = []
        /// How many `VAL`/`REF` nodes are open.
        private var depth = 0
        private(set) var count = 0

        private static let kindCodes = TextTable(NodeKind.allCases.sorted { $0.rawValue < $1.rawValue }.map { Array($0.code.utf8) })
        private static let indents = TextTable((0 ... maximumIndent).map { [UInt8](repeating: UInt8(ascii: "\t"), count: $0) })

        init(
            dump: ArchiveDump, lines: Lines, keyLabels: TextTable, typeLabels: TextTable, layouts: [NativeDescriptor?],
            reader: BinaryReadBuffer
        ) {
            (self.dump, self.lines, self.keyLabels, self.typeLabels, self.layouts, self.reader) =
                (dump, lines, keyLabels, typeLabels, layouts, reader)
        }

        mutating func receive(_ node: ArchiveNode, in bytes: UnsafeBufferPointer<UInt8>) throws {
            count += 1
            try lines.startLine()
            try Self.indents.write(min(depth, maximumIndent), to: &lines.output)
            if node.kind.hasFields { depth += 1 }
            if Int(node.keyID) < keyLabels.count {
                try keyLabels.write(Int(node.keyID), to: &lines.output)
            } else {
                try lines.output.write("+ KEY")
                try lines.output.write(decimal: UInt64(node.keyID), minimumDigits: 4)
                try lines.output.write(": ")
            }
            try Self.kindCodes.write(Int(node.kind.rawValue), to: &lines.output)
            if node.objectID != 0 { try lines.output.write(decimal: UInt64(node.objectID), minimumDigits: 4) }
            if let index = TypeReference.tableIndex(node.typeReference), index < typeLabels.count {
                try typeLabels.write(index, to: &lines.output)
            }
            guard node.kind.hasPayload else { return }
            try lines.output.write(byte: UInt8(ascii: " "))
            if payloads.count > 1 << 16 { payloads.removeAll(keepingCapacity: true) }
            let start = payloads.count
            reader.reposition(to: node.payload)
            dump.appendPayloadText(
                of: node, &reader, layout: Int(node.typeReference) < layouts.count ? layouts[Int(node.typeReference)] : nil,
                to: &payloads)
            try payloads.withUnsafeBufferPointer { try lines.output.write(UnsafeBufferPointer(rebasing: $0[start...])) }
        }

        mutating func close(_ index: Int, next: Int, unkeyedFieldCount: UInt32, in bytes: UnsafeBufferPointer<UInt8>) throws {
            depth -= 1
            try lines.startLine()
            try Self.indents.write(min(depth, maximumIndent), to: &lines.output)
            try lines.output.write(byte: UInt8(ascii: "."))
        }
    }

    /// Appends the text of a node's payload, which `reader` reads: a native value (of
    /// `layout`) as Swift prints it, an opaque one by its description when the encoder has
    /// it, otherwise by its size.
    fileprivate func appendPayloadText(
        of node: ArchiveNode, _ reader: inout BinaryReadBuffer, layout: NativeDescriptor?, to text: inout [UInt8]
    ) {
        let limit = options.contains(.noTruncation) ? Int.max : Self.valueLimit
        if let descriptor = layout {
            if !NativeDescription.write(descriptor, &reader, limit: limit, to: &text) {
                text.append(contentsOf: "<unreadable \(descriptor)>".utf8)
            }
        } else if let description = descriptions[node.offset] {
            text.append(contentsOf: (description.count > limit ? String(description.prefix(limit)) + "…" : description).utf8)
        } else {
            text.append(contentsOf: "{ \(node.payload.count) bytes }".utf8)
        }
    }

    private var referenceMapLines: [String] {
        var lines = [Self.title("REFERENCEMAP")]
        for (index, entry) in archive.types.entries.enumerated() {
            guard case .named(let named) = entry else { continue }
            lines.append("TYPE\(Self.id(UInt32(index + 1))):\tQualifiedName  = \(ShownText.shown(named.qualifiedName, limit: .max))")
            if options.contains(.showMangledNamesInReferenceMap) && named.kind == .class {
                lines.append("\t\t\tMangledName    = \(ShownText.shown(named.mangledName, limit: .max))")
            }
            lines.append("\t\t\tEncodedVersion = \(named.version)")
        }
        return lines
    }

    private var keyMapLines: [String] {
        [Self.title("KEYMAP")]
            + archive.keys.keys.enumerated().map { "KEY\(Self.id(UInt32($0.offset + 1))):\t\(String(reflecting: $0.element))" }
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
