import Foundation

/// Writes the JSON form of an archive (Docs/ArchiveJSON.md) while its body is parsed, node
/// by node: nothing is built but the text, which leaves piece by piece. Indented, a node
/// with fields spreads over lines and any other node takes one line.
///
/// A broken body throws partway: where the text leaves as it is written, the body's
/// structure must be checked before (a model's bytes are) or the text held until the parse
/// ends, as ``ArchivePrelude/streamingText(to:_:)`` does.
struct ArchiveJSONWriter {
    let archive: ArchivePrelude

    /// Writes the JSON form of `archive` to `output` piece by piece, at most the text the
    /// archive may make (see ``ArchiveLimits/maximumTextBytesPerArchiveByte``).
    static func write(_ archive: ArchivePrelude, indented: Bool, to output: ([UInt8]) throws -> Void) throws {
        try withoutActuallyEscaping(output) { output in
            var text = TextOutput(output, limit: archive.limits.textBudget(forArchiveOfSize: archive.bytes.count))
            try ArchiveJSONWriter(archive: archive).write(indented: indented, to: &text)
            try text.flush()
        }
    }

    func write(indented: Bool, to output: inout TextOutput) throws {
        let stack = StackGuard()
        var writer = JSONTextWriter(output, indented: indented)
        let header = archive.header
        try writer.beginObject()
        try writer.member("format", .string("graphcodable-archive"), stack: stack)
        try writer.member("formatVersion", .number("1"), stack: stack)
        try writer.member("checksummed", .bool(header.flags.contains(.checksummed)), stack: stack)
        try writer.member("internalBinaryIOVersion", .number(String(header.internalBinaryIOVersion)), stack: stack)
        try writer.member("userBinaryIOVersion", .number(String(header.userBinaryIOVersion)), stack: stack)
        try writer.key("types")
        try writer.beginArray()
        for index in archive.types.entries.indices {
            try writer.nextElement()
            try writer.write(Self.json(of: GraphArchive.typeEntry(at: index, in: archive.types)), stack: stack)
        }
        try writer.endArray()
        try writer.key("keys")
        try writer.beginArray()
        for key in archive.keys.keys {
            try writer.nextElement()
            try writer.write(.string(key), stack: stack)
        }
        try writer.endArray()
        try writer.key("body")
        try writer.beginArray()
        var body = BodyWriter(
            writer: writer, texts: NodeTexts(keys: archive.keys.keys, writer: writer), layouts: PayloadLayouts(archive),
            reader: archive.payloadReader(), stack: stack)
        _ = try archive.parseBody(into: &body, problems: nil)
        writer = body.writer
        try writer.endArray()
        try writer.endObject()
        output = writer.output
    }

    /// The body's nodes written as the parse hands them over: each opens an object, closed
    /// at once for a node without fields, or after its fields.
    private struct BodyWriter: NodeSinkKeepingNothing {
        var writer: JSONTextWriter
        let texts: NodeTexts
        let layouts: PayloadLayouts
        var reader: BinaryReadBuffer
        let stack: StackGuard
        private(set) var count = 0

        init(writer: JSONTextWriter, texts: NodeTexts, layouts: PayloadLayouts, reader: BinaryReadBuffer, stack: StackGuard) {
            (self.writer, self.texts, self.layouts, self.reader, self.stack) = (writer, texts, layouts, reader, stack)
        }

        mutating func receive(_ node: ArchiveNode, in bytes: UnsafeBufferPointer<UInt8>) throws {
            count += 1
            try writer.nextElement()
            let isLeaf = !node.kind.hasFields
            if isLeaf { writer.beginInline() }
            try writer.beginObject()
            try writer.key(text: texts.kind)
            try writer.write(json: texts.kinds, Int(node.kind.rawValue))
            if node.keyID != 0 {
                try writer.key(text: texts.key)
                if node.keyID <= texts.keys.count {
                    try writer.write(json: texts.keys, Int(node.keyID) - 1)
                } else {
                    try writer.write(integer: UInt64(node.keyID))
                }
            }
            if node.typeReference != 0 {
                try writer.key(text: texts.type)
                try writer.write(integer: UInt64(node.typeReference))
            }
            if node.objectID != 0 {
                try writer.key(text: texts.id)
                try writer.write(integer: UInt64(node.objectID))
            }
            guard isLeaf else {
                try writer.key(text: texts.fields)
                return try writer.beginArray()
            }
            if node.kind.hasPayload {
                reader.reposition(to: node.payload)
                try writePayload(of: node, in: bytes)
            }
            try writer.endObject()
            writer.endInline()
        }

        mutating func close(_ index: Int, next: Int, unkeyedFieldCount: UInt32, in bytes: UnsafeBufferPointer<UInt8>) throws {
            try writer.endArray()
            try writer.endObject()
        }

        /// A payload's `value`, or its `bytes`: a native payload that cannot be read as its
        /// layout (and an opaque one) shows as its bytes, so that every archive has a JSON
        /// form. A native payload is read twice, to check it and then to write it, and never
        /// held (but one whose every bit pattern is valid needs no check).
        private mutating func writePayload(of node: ArchiveNode, in bytes: UnsafeBufferPointer<UInt8>) throws {
            if let native = layouts[node.typeReference] {
                if native.acceptsEveryBitPattern || native.layout.isReadable(&reader, comparesNothing: native.comparesNothing) {
                    try writer.key(text: texts.value)
                    return try NativeJSON.write(native.layout, &reader, to: &writer, stack: stack)
                }
            }
            try writer.key("bytes")
            try writer.write(string: Data(UnsafeBufferPointer(rebasing: bytes[node.payload])).base64EncodedString())
        }
    }

    /// The texts that nodes repeat, made once per archive rather than for every node: the
    /// members' names with their colon, the node kinds and the keys as JSON strings.
    private struct NodeTexts {
        let kind, key, type, id, fields, value: [UInt8]
        /// By the kinds' raw values.
        let kinds: TextTable
        /// By key id, from 0.
        let keys: TextTable

        init(keys: [String], writer: JSONTextWriter) {
            (kind, key, type, id) = (writer.keyText("kind"), writer.keyText("key"), writer.keyText("type"), writer.keyText("id"))
            (fields, value) = (writer.keyText("fields"), writer.keyText("value"))
            var kinds = [[UInt8]](repeating: [], count: NodeKind.allCases.count)
            for kind in NodeKind.allCases { kinds[Int(kind.rawValue)] = Array(JSONTextWriter.quoted(kind.code).utf8) }
            self.kinds = TextTable(kinds)
            self.keys = TextTable(keys.map { Array(JSONTextWriter.quoted($0).utf8) })
        }
    }

    /// The native layout of each type reference, whether its every bit pattern is a value
    /// and whether it compares nothing, resolved once per archive.
    private struct PayloadLayouts {
        typealias Layout = (layout: NativeDescriptor, acceptsEveryBitPattern: Bool, comparesNothing: Bool)
        private let layouts: [Layout?]

        init(_ archive: ArchivePrelude) {
            let internalVersion = archive.header.internalBinaryIOVersion
            let comparesNothing = archive.types.nativeLayoutAnswers(otherwise: false) { $0.comparesNothing(part: $1) }
            layouts = zip(archive.types.nativeLayoutsByReference, comparesNothing).map { layout, comparesNothing in
                layout.map { ($0, $0.acceptsEveryBitPattern(internalVersion: internalVersion), comparesNothing) }
            }
        }

        subscript(reference: UInt32) -> Layout? {
            Int(reference) < layouts.count ? layouts[Int(reference)] : nil
        }
    }

    private static func json(of entry: GraphArchive.TypeEntry) -> JSONValue {
        func number<T: BinaryInteger>(_ value: T) -> JSONValue { .number(String(value)) }
        switch entry {
        case .valueType(let qualifiedName, let mangledName, let version):
            return .object([("valueType", .string(qualifiedName)), ("mangledName", .string(mangledName)), ("version", number(version))])
        case .classType(let qualifiedName, let mangledName, let version):
            return .object([("classType", .string(qualifiedName)), ("mangledName", .string(mangledName)), ("version", number(version))])
        case .array(let element): return .object([("array", number(element))])
        case .set(let element): return .object([("set", number(element))])
        case .dictionary(let key, let value): return .object([("dictionary", .array([number(key), number(value)]))])
        case .optional(let wrapped): return .object([("optional", number(wrapped))])
        case .range(let bound): return .object([("range", number(bound))])
        case .closedRange(let bound): return .object([("closedRange", number(bound))])
        case .simd(let lanes, let scalar): return .object([("simd", number(lanes)), ("scalar", number(scalar))])
        }
    }
}
