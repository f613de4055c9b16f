import Foundation

/// Reads the JSON form of an archive (Docs/ArchiveJSON.md) straight into the archive's
/// bytes. The text is checked and indexed in one pass (``JSONText``); then each node is
/// written as it is met, its members taken in the format's order whatever their order in
/// the text, and no tree of values or model of nodes is built.
struct ArchiveJSONReader {
    private let text: JSONText
    private let budget: MemoryBudget
    /// The bytes written so far that were charged to the budget.
    private var charged = 0
    /// Where each node written starts in the archive, and the offset of its object in the
    /// text, in body order: an error found in the archive is told at its place in the JSON.
    private var nodeStarts: [(archive: Int, json: Int)] = []
    /// Where the body ends in the archive.
    private var bodyEnd = 0

    /// The archive that the JSON form `json` describes, checked as decoding checks it.
    /// Invalid JSON throws naming its byte offset; JSON that breaks the form's rules or makes
    /// an archive that breaks the format's, naming its JSON path and the byte offset in the
    /// text of the value at fault.
    static func archive(fromJSON json: [UInt8], limits: ArchiveLimits) throws -> [UInt8] {
        let budget = MemoryBudget(forArchiveOfSize: json.count, limits: limits)
        // Two levels of JSON a level of nodes, and the native values' own nesting.
        return try JSONText.withChecked(json, maximumDepth: 2 * limits.maximumDepth + 300, budget: budget) { text in
            var reader = ArchiveJSONReader(text: text, budget: budget)
            do {
                return try reader.archive(limits: limits)
            } catch let problem as JSONProblem {
                throw problem.error(in: text)
            }
        }
    }

    private init(text: JSONText, budget: MemoryBudget) {
        self.text = text
        self.budget = budget
    }

    private mutating func archive(limits: ArchiveLimits) throws -> [UInt8] {
        let document = text.root
        guard text.first(document) == UInt8(ascii: "{") else { throw JSONProblem("the JSON form is an object", at: document) }
        func member(_ name: StaticString) -> (name: String, value: JSONPosition?) {
            ("\(name)", text.member(name, of: document))
        }
        let format = member("format")
        guard try string(format, of: document) == "graphcodable-archive" else {
            throw JSONProblem("not the JSON form of a GraphCodable archive", member: format.name, value: format.value, of: document)
        }
        let formatVersion = member("formatVersion")
        guard try integer(formatVersion, of: document, as: UInt16.self) == 1 else {
            throw JSONProblem("unsupported formatVersion", member: formatVersion.name, value: formatVersion.value, of: document)
        }
        let checksummed = member("checksummed")
        guard let checksummedValue = checksummed.value, let isChecksummed = text.bool(at: checksummedValue) else {
            throw JSONProblem("expected true or false", member: checksummed.name, value: checksummed.value, of: document)
        }
        let internalVersion = try integer(member("internalBinaryIOVersion"), of: document, as: UInt16.self)
        let userVersion = try integer(member("userBinaryIOVersion"), of: document, as: UInt16.self)
        var types: [GraphArchive.TypeEntry] = []
        let typesArray = try array(member("types"), of: document), keysArray = try array(member("keys"), of: document)
        /// Where in the text the parts of the tables are that ``GraphArchive/write`` lists:
        /// the types, each type, the keys, each key.
        var entryPositions = [typesArray.offset]
        try text.forEachElement(of: typesArray) { entry, index in
            try checkTableCount(index, limits, at: entry)
            types.append(try typeEntry(entry))
            entryPositions.append(entry.offset)
        }
        var keys: [String] = []
        entryPositions.append(keysArray.offset)
        try text.forEachElement(of: keysArray) { key, index in
            try checkTableCount(index, limits, at: key)
            guard let string = text.string(at: key) else { throw JSONProblem("expected a string", at: key) }
            try budget.charge(KeyIDs.costPerKey + string.utf8.count)
            keys.append(string)
            entryPositions.append(key.offset)
        }
        let body = try array(member("body"), of: document)
        let layouts = try Self.layoutsByReference(types)
        let keyIDs = KeyIDs(keys)
        let written = try GraphArchive.write(
            isChecksummed: isChecksummed, internalBinaryIOVersion: internalVersion, userBinaryIOVersion: userVersion,
            types: types, keys: keys, reservingCapacity: text.bytes.count / 4
        ) { buffer in
            try writeBody(body, layouts: layouts, keyIDs: keyIDs, to: &buffer)
            bodyEnd = buffer.count
        }
        do {
            try GraphArchive.check(written.bytes, limits: limits, checkingPayloads: false)
        } catch let error as GCodableError {
            guard let offset = error.context.byteOffset else { throw error }
            let position =
                jsonOffset(ofArchiveOffset: offset, tableEntries: written.tableEntries, entryPositions: entryPositions)
                ?? Self.headerMembers.last { $0.offset <= offset }.flatMap { member($0.name).value?.offset } ?? document.offset
            throw JSONProblem(error.context.debugDescription, at: JSONPosition(offset: position, ordinal: 0)).error(in: text, as: error)
        }
        return written.bytes
    }

    /// The header's fields that the document's members give, by their offsets in the archive.
    private static let headerMembers: [(offset: Int, name: StaticString)] = [
        (16, "formatVersion"), (18, "checksummed"), (20, "internalBinaryIOVersion"), (22, "userBinaryIOVersion"),
    ]

    /// The offset in the text of what wrote the archive's byte at `offset`: a node of the
    /// body, or a part of the tables (`entryPositions`, in the order of `tableEntries`, their
    /// offsets in the archive); nil for the header.
    private func jsonOffset(ofArchiveOffset offset: Int, tableEntries: [Int], entryPositions: [Int]) -> Int? {
        /// The index of the last of `starts` at or before `offset`.
        func last(_ count: Int, _ start: (Int) -> Int) -> Int? {
            var (low, high) = (0, count)
            while low < high {
                let middle = (low + high) / 2
                if start(middle) <= offset { low = middle + 1 } else { high = middle }
            }
            return low > 0 ? low - 1 : nil
        }
        guard offset >= ArchiveHeader.size else { return nil }
        if offset < bodyEnd {
            return last(nodeStarts.count) { nodeStarts[$0].archive }.map { nodeStarts[$0].json }
        }
        return last(tableEntries.count) { tableEntries[$0] }.map { entryPositions[$0] }
    }

    // MARK: Members of the document and of type entries

    private func string(_ member: (name: String, value: JSONPosition?), of object: JSONPosition) throws -> String {
        guard let value = member.value, let string = text.string(at: value) else {
            throw JSONProblem("expected a string", member: member.name, value: member.value, of: object)
        }
        return string
    }

    private func array(_ member: (name: String, value: JSONPosition?), of object: JSONPosition) throws -> JSONPosition {
        guard let value = member.value, text.first(value) == UInt8(ascii: "[") else {
            throw JSONProblem("expected an array", member: member.name, value: member.value, of: object)
        }
        return value
    }

    private func integer<T: FixedWidthInteger>(_ member: (name: String, value: JSONPosition?), of object: JSONPosition, as _: T.Type) throws
        -> T
    {
        guard let value = member.value else { throw JSONProblem("expected an integer", member: member.name, value: nil, of: object) }
        return try integer(at: value)
    }

    /// The integer at `position`: a JSON integer, or a string of decimal digits.
    private func integer<T: FixedWidthInteger>(at position: JSONPosition) throws -> T {
        guard let integer = text.integer(at: position, as: T.self) else {
            throw JSONProblem(text.isInteger(position) ? "expected an integer that fits \(T.self)" : "expected an integer", at: position)
        }
        return integer
    }

    /// Throws when the table entry at `index` is one more than `limits` allow.
    private func checkTableCount(_ index: Int, _ limits: ArchiveLimits, at position: JSONPosition) throws {
        guard index < limits.maximumTableCount else {
            throw GCodableError.limitExceeded(
                .init(
                    debugDescription:
                        "more than \(limits.maximumTableCount) table entries (ArchiveLimits.maximumTableCount) at \(JSONText.text(of: text.path(to: position.offset)))"
                ))
        }
    }

    /// The memory of a type entry beyond its names' text.
    private static let typeEntryCost = 2 * MemoryLayout<GraphArchive.TypeEntry>.stride + 64

    /// The members a type entry may have: its kind (exactly one), and the details of some.
    private enum TypeMember: Int, CaseIterable {
        case valueType, classType, array, set, dictionary, optional, range, closedRange, simd, mangledName, version, scalar

        var name: StaticString {
            switch self {
            case .valueType: "valueType"
            case .classType: "classType"
            case .array: "array"
            case .set: "set"
            case .dictionary: "dictionary"
            case .optional: "optional"
            case .range: "range"
            case .closedRange: "closedRange"
            case .simd: "simd"
            case .mangledName: "mangledName"
            case .version: "version"
            case .scalar: "scalar"
            }
        }

        var isKind: Bool { rawValue <= Self.simd.rawValue }
    }

    private func typeEntry(_ entry: JSONPosition) throws -> GraphArchive.TypeEntry {
        guard text.first(entry) == UInt8(ascii: "{") else { throw JSONProblem("a type must be an object", at: entry) }
        try budget.charge(Self.typeEntryCost)
        // The first value of each member, and the kinds named.
        var values = [JSONPosition?](repeating: nil, count: TypeMember.allCases.count)
        var kinds: [TypeMember] = []
        text.forEachMember(of: entry) { name, value in
            guard let member = TypeMember.allCases.first(where: { text.name(name, is: $0.name) }) else { return }
            if member.isKind { kinds.append(member) }
            if values[member.rawValue] == nil { values[member.rawValue] = value }
        }
        guard kinds.count == 1, let kind = kinds.first else {
            throw JSONProblem(
                "a type has exactly one of " + TypeMember.allCases.filter(\.isKind).map { "\($0.name)" }.joined(separator: ", "), at: entry)
        }
        func member(_ member: TypeMember) -> (name: String, value: JSONPosition?) { ("\(member.name)", values[member.rawValue]) }
        func reference(_ name: TypeMember) throws -> UInt32 { try integer(member(name), of: entry, as: UInt32.self) }
        switch kind {
        case .valueType, .classType:
            let qualifiedName = try string(member(kind), of: entry)
            let mangledName = try string(member(.mangledName), of: entry)
            let version = try reference(.version)
            try budget.charge(qualifiedName.utf8.count + mangledName.utf8.count)
            return kind == .valueType
                ? .valueType(qualifiedName: qualifiedName, mangledName: mangledName, version: version)
                : .classType(qualifiedName: qualifiedName, mangledName: mangledName, version: version)
        case .array: return .array(element: try reference(kind))
        case .set: return .set(element: try reference(kind))
        case .optional: return .optional(wrapped: try reference(kind))
        case .range: return .range(bound: try reference(kind))
        case .closedRange: return .closedRange(bound: try reference(kind))
        case .dictionary:
            let pair = try array(member(kind), of: entry)
            guard let key = text.firstElement(of: pair), let value = text.element(after: text.end(of: key)),
                text.element(after: text.end(of: value)) == nil
            else { throw JSONProblem("a dictionary layout names a key and a value type", at: pair) }
            return .dictionary(key: try integer(at: key), value: try integer(at: value))
        case .simd, .mangledName, .version, .scalar:
            let lanes: UInt8 = try integer(member(.simd), of: entry, as: UInt8.self)
            return .simd(lanes: Int(lanes), scalar: try reference(.scalar))
        }
    }

    /// The native layout of each type reference, indexed by the reference.
    private static func layoutsByReference(_ types: [GraphArchive.TypeEntry]) throws -> [NativeDescriptor?] {
        var layouts = [NativeDescriptor?](repeating: nil, count: Int(TypeReference.firstTableReference) + types.count)
        for (reference, layout) in try GraphArchive.nativeLayouts(of: types) { layouts[Int(reference)] = layout }
        return layouts
    }

    // MARK: Nodes

    /// Writes the nodes of the body, depth first, without recursion: each array of fields
    /// open is the place of its next node.
    private mutating func writeBody(_ body: JSONPosition, layouts: [NativeDescriptor?], keyIDs: KeyIDs, to buffer: inout BinaryWriteBuffer)
        throws
    {
        let names = NodeMembers.Names()
        var open: [JSONPosition?] = [text.firstElement(of: body)]
        while let top = open.last {
            guard let position = top else {
                open.removeLast()
                if !open.isEmpty { buffer.writeEnd() }
                continue
            }
            open[open.count - 1] = text.element(after: text.end(of: position))
            try budget.charge(MemoryLayout<(Int, Int)>.stride)
            nodeStarts.append((buffer.count, position.offset))
            let node = try NodeMembers(text, position, names: names)
            guard let kindValue = node.kind, text.first(kindValue) == UInt8(ascii: "\"") else {
                throw JSONProblem("expected a string", member: "kind", value: node.kind, of: position)
            }
            guard let kind = nodeKind(at: kindValue) else { throw JSONProblem("unknown node kind", at: kindValue) }
            let type: UInt32 = try node.type.map { try integer(at: $0) } ?? 0
            buffer.writeNodeHeader(
                kind, keyID: try keyID(node.key, keyIDs), typeReference: type,
                objectID: try node.id.map { try integer(at: $0) } ?? 0)
            switch kind {
            case .val, .ref:
                guard let fields = node.fields else {
                    open.append(nil)
                    break
                }
                guard text.first(fields) == UInt8(ascii: "[") else { throw JSONProblem("expected an array", at: fields) }
                open.append(text.firstElement(of: fields))
            case .biv, .bir:
                let layout = Int(type) < layouts.count ? layouts[Int(type)] : nil
                try writePayload(of: node, at: position, layout: layout, to: &buffer)
            default:
                break
            }
            try budget.charge(buffer.count - charged)
            charged = buffer.count
        }
    }

    /// The members of a node object that the format reads (the first of each name; others
    /// are ignored), found in one pass over the object.
    private struct NodeMembers {
        var kind, key, type, id, fields, value, bytes: JSONPosition?

        /// The members' names as ``JSONText/shortName(_:)`` words, made once per reader (a
        /// static property would be looked up at every use).
        struct Names {
            let kind = JSONText.shortName("kind".utf8), key = JSONText.shortName("key".utf8), type = JSONText.shortName("type".utf8),
                id = JSONText.shortName("id".utf8), fields = JSONText.shortName("fields".utf8),
                value = JSONText.shortName("value".utf8), bytes = JSONText.shortName("bytes".utf8)
        }

        init(_ text: JSONText, _ object: JSONPosition, names: Names) throws {
            guard text.first(object) == UInt8(ascii: "{") else { throw JSONProblem("a node must be an object", at: object) }
            text.forEachMember(of: object) { name, value in
                func take(_ member: inout JSONPosition?) { if member == nil { member = value } }
                switch text.shortName(name) {
                case names.kind: take(&kind)
                case names.key: take(&key)
                case names.type: take(&type)
                case names.id: take(&id)
                case names.fields: take(&fields)
                case names.value: take(&self.value)
                case names.bytes: take(&bytes)
                default: break
                }
            }
        }
    }

    /// The node kind that the string at `position` names.
    private func nodeKind(at position: JSONPosition) -> NodeKind? {
        text.withStringUTF8(at: position) { name -> NodeKind? in
            guard name.count == 3 else { return nil }
            return switch (name[0], name[1], name[2]) {
            case (0x56, 0x41, 0x4C): .val // VAL
            case (0x52, 0x45, 0x46): .ref // REF
            case (0x42, 0x49, 0x56): .biv // BIV
            case (0x42, 0x49, 0x52): .bir // BIR
            case (0x4E, 0x49, 0x4C): .nil // NIL
            case (0x50, 0x54, 0x53): .pts // PTS
            case (0x50, 0x54, 0x43): .ptc // PTC
            default: nil
            }
        } ?? nil
    }

    /// A node's key id: the key named by its string, or an id as an integer; 0 when absent.
    private func keyID(_ key: JSONPosition?, _ keyIDs: KeyIDs) throws -> UInt32 {
        guard let key else { return 0 }
        guard let id = text.withStringUTF8(at: key, keyIDs.id(of:)) else { return try integer(at: key) }
        guard let id else { throw JSONProblem("key \"\(ShownText.shown(text.string(at: key) ?? ""))\" is not in keys", at: key) }
        return id
    }

    /// A `BIV` or `BIR` payload: its native `value`, or its `bytes` (those of a native
    /// layout must hold exactly one value of it; an opaque payload gets its length).
    private func writePayload(of node: NodeMembers, at object: JSONPosition, layout: NativeDescriptor?, to buffer: inout BinaryWriteBuffer)
        throws
    {
        if let layout, node.bytes == nil {
            guard let value = node.value else { throw JSONProblem("a native value needs \"value\" or \"bytes\"", at: object) }
            return try NativeJSON.writePayload(layout, from: text, at: value, to: &buffer)
        }
        guard let bytesValue = node.bytes, let decoded = text.withStringUTF8(at: bytesValue, { Data(base64Encoded: Data($0)) }) else {
            throw JSONProblem("expected a string", member: "bytes", value: node.bytes, of: object)
        }
        guard let payload = decoded else { throw JSONProblem("invalid base64", at: bytesValue) }
        guard let layout else {
            buffer.writeLength(payload.count)
            return buffer.writeBytes(payload)
        }
        var reader = BinaryReadBuffer(bytes: [UInt8](payload), version: buffer.version, internalVersion: buffer.internalVersion)
        do {
            try layout.skip(&reader, maximumLength: .max)
        } catch {
            throw JSONProblem("the bytes do not hold a \(layout): \(error)", at: bytesValue)
        }
        guard reader.isAtEnd else { throw JSONProblem("\(reader.remainingCount) bytes are left after the \(layout)", at: bytesValue) }
        buffer.writeBytes(payload)
    }
}

/// The key table's ids by the UTF-8 of their keys: a node's key is found by its bytes,
/// without making a string, or else by Swift's string equality, which decides that no two
/// keys of the table are the same (another Unicode normalization of a key names it).
private struct KeyIDs {
    private let keys: [[UInt8]]
    /// The ids of the keys by the hash of their UTF-8 (hashed with the process's random seed,
    /// so that no text can make the keys collide).
    private var idsByHash: [Int: [UInt32]] = [:]
    private var idsByKey: [String: UInt32] = [:]
    /// The id of the first key with each ``guessSlot(_:)``, tried before the hash: a key's
    /// bytes confirm it, so a text can only make it miss.
    private var guesses = [UInt32](repeating: 0, count: 256)

    /// The memory of a key beyond its text: its string, its bytes and its entries.
    static let costPerKey = 160

    init(_ keys: [String]) {
        self.keys = keys.map { Array($0.utf8) }
        for (index, key) in keys.enumerated() {
            let id = UInt32(index + 1)
            self.keys[index].withUnsafeBufferPointer { utf8 in
                idsByHash[Self.hash(utf8), default: []].append(id)
                let slot = Self.guessSlot(utf8)
                if guesses[slot] == 0 { guesses[slot] = id }
            }
            if idsByKey[key] == nil { idsByKey[key] = id }
        }
    }

    /// A slot for a key by its length and its first and last bytes.
    private static func guessSlot(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let first = utf8.first, let last = utf8.last else { return 0 }
        return (utf8.count &* 31 &+ Int(first) &* 7 &+ Int(last)) & 255
    }

    private static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(utf8))
        return hasher.finalize()
    }

    func id(of utf8: UnsafeBufferPointer<UInt8>) -> UInt32? {
        let guess = guesses[Self.guessSlot(utf8)]
        if guess != 0, keys[Int(guess) - 1].withUnsafeBufferPointer({ $0.elementsEqual(utf8) }) { return guess }
        return idsByHash[Self.hash(utf8)]?.first { keys[Int($0) - 1].elementsEqual(utf8) }
            ?? idsByKey[String(decoding: utf8, as: UTF8.self)]
    }
}
