import Foundation

// The lossless JSON form of an archive (Docs/ArchiveJSON.md): every node, id, type
// reference, key and native value is explicit; archive → JSON → archive gives the same bytes.

extension GraphArchive {
    /// The archive as JSON text (UTF-8): indented by two spaces per level, or compact. The
    /// text is at most `limits.maximumTextBytesPerArchiveByte` times the archive's size.
    public func jsonData(indented: Bool = true, limits: ArchiveLimits = ArchiveLimits()) throws -> Data {
        let archive = try ParsedArchive(bytes: try bytes(limits: limits), limits: limits)
        let limit = limits.textBudget(forArchiveOfSize: archive.bytes.count)
        return Data(try TextOutput.collecting(limit: limit) { try ArchiveJSONWriter(archive: archive).write(indented: indented, to: &$0) })
    }

    /// Writes the JSON form to `output` piece by piece (chunks of UTF-8 of some 64 KiB), so
    /// that it is never held whole: `output` may write to a file or a socket, and throw to
    /// stop the writing. The text is at most `limits.maximumTextBytesPerArchiveByte` times the
    /// archive's size.
    public func writeJSON(indented: Bool = true, limits: ArchiveLimits = ArchiveLimits(), to output: ([UInt8]) throws -> Void) throws {
        try ArchiveJSONWriter.write(try ParsedArchive(bytes: try bytes(limits: limits), limits: limits), indented: indented, to: output)
    }

    /// Reads the JSON form. Invalid JSON, or JSON that breaks the format's rules, throws
    /// an error that names the JSON path of the problem. What it builds may take at most
    /// `limits.maximumMemoryBytesPerArchiveByte` times the JSON's size.
    public init<Q: DataProtocol>(json: Q, limits: ArchiveLimits = ArchiveLimits()) throws {
        let stack = StackGuard()
        let text = json as? [UInt8] ?? [UInt8](json)
        let budget = MemoryBudget(forArchiveOfSize: text.count, limits: limits)
        // Two levels of JSON a level of nodes, and the native values' own nesting.
        let document = try JSONParser.parse(text, stack: stack, budget: budget, maximumDepth: 2 * limits.maximumDepth + 300)
        var reader = JSONReader(path: [], stack: stack)
        guard try reader.string(document["format"], "format") == "graphcodable-archive" else {
            throw reader.problem("not the JSON form of a GraphCodable archive", at: "format")
        }
        guard try reader.integer(document["formatVersion"], "formatVersion", as: UInt16.self) == 1 else {
            throw reader.problem("unsupported formatVersion", at: "formatVersion")
        }
        isChecksummed = try reader.bool(document["checksummed"], "checksummed")
        internalBinaryIOVersion = try reader.integer(document["internalBinaryIOVersion"], "internalBinaryIOVersion", as: UInt16.self)
        userBinaryIOVersion = try reader.integer(document["userBinaryIOVersion"], "userBinaryIOVersion", as: UInt16.self)
        let typeValues = try reader.array(document["types"], "types")
        types = try typeValues.enumerated().map { index, value in
            try reader.nested(.key("types")) { try $0.nested(.index(index)) { try Self.typeEntry(value, reader: &$0) } }
        }
        keys = try reader.array(document["keys"], "keys").enumerated().map { index, value in
            try reader.nested(.key("keys")) { try $0.string(value, index) }
        }
        body = []
        let layouts = try nativeLayouts()
        var keyIDs: [String: UInt32] = [:]
        for (index, key) in keys.enumerated().reversed() { keyIDs[key] = UInt32(index + 1) }
        let versions = (user: userBinaryIOVersion, internal: internalBinaryIOVersion)
        let bodyValues = try reader.array(document["body"], "body")
        for (index, value) in bodyValues.enumerated() {
            let parsed = try reader.nested(.key("body")) {
                try $0.nested(.index(index)) { try Self.node(from: value, layouts: layouts, keyIDs: keyIDs, versions: versions, reader: &$0, stack: stack) }
            }
            body.append(parsed)
        }
    }

    // MARK: Types

    private static let typeKinds = ["valueType", "classType", "array", "set", "dictionary", "optional", "range", "closedRange", "simd"]

    private static func typeEntry(_ value: JSONValue, reader: inout JSONReader) throws -> TypeEntry {
        guard case .object(let members) = value else { throw reader.problem("a type must be an object", at: nil) }
        let kinds = members.map(\.key).filter(typeKinds.contains)
        guard kinds.count == 1, let kind = kinds.first else {
            throw reader.problem("a type has exactly one of " + typeKinds.joined(separator: ", "), at: nil)
        }
        func reference(_ key: String) throws -> UInt32 { try reader.integer(value[key], key, as: UInt32.self) }
        switch kind {
        case "valueType", "classType":
            let qualifiedName = try reader.string(value[kind], kind)
            let mangledName = try reader.string(value["mangledName"], "mangledName")
            let version = try reader.integer(value["version"], "version", as: UInt32.self)
            return kind == "valueType"
                ? .valueType(qualifiedName: qualifiedName, mangledName: mangledName, version: version)
                : .classType(qualifiedName: qualifiedName, mangledName: mangledName, version: version)
        case "array": return .array(element: try reference("array"))
        case "set": return .set(element: try reference("set"))
        case "optional": return .optional(wrapped: try reference("optional"))
        case "range": return .range(bound: try reference("range"))
        case "closedRange": return .closedRange(bound: try reference("closedRange"))
        case "dictionary":
            let pair = try reader.array(value["dictionary"], "dictionary")
            guard pair.count == 2 else { throw reader.problem("a dictionary layout names a key and a value type", at: "dictionary") }
            return try reader.nested(.key("dictionary")) {
                .dictionary(key: try $0.integer(pair[0], 0, as: UInt32.self), value: try $0.integer(pair[1], 1, as: UInt32.self))
            }
        case "simd": return .simd(lanes: Int(try reader.integer(value["simd"], "simd", as: UInt8.self)), scalar: try reference("scalar"))
        default: throw reader.problem("unknown type kind \"\(kind)\"", at: nil)
        }
    }

    // MARK: Nodes

    private static func node(
        from value: JSONValue, layouts: [UInt32: NativeDescriptor], keyIDs: [String: UInt32], versions: (user: UInt16, internal: UInt16),
        reader: inout JSONReader, stack: StackGuard
    ) throws -> Node {
        guard stack.hasRoom() else { throw reader.problem("the JSON nests too deeply for this thread's stack", at: nil) }
        guard case .object = value else { throw reader.problem("a node must be an object", at: nil) }
        guard let kind = Node.Kind(rawValue: try reader.string(value["kind"], "kind")) else {
            throw reader.problem("unknown node kind", at: "kind")
        }
        var node = Node(kind: kind)
        switch value["key"] {
        case nil: break
        case .string(let key)?:
            guard let id = keyIDs[key] else { throw reader.problem("key \"\(key)\" is not in keys", at: "key") }
            node.key = id
        case let other?: node.key = try reader.integer(other, "key", as: UInt32.self)
        }
        if let type = value["type"] { node.type = try reader.integer(type, "type", as: UInt32.self) }
        if let id = value["id"] { node.objectID = try reader.integer(id, "id", as: UInt32.self) }
        switch kind {
        case .val, .ref:
            let fields = try reader.array(value["fields"] ?? .array([]), "fields")
            for (index, field) in fields.enumerated() {
                let child = try reader.nested(.key("fields")) {
                    try $0.nested(.index(index)) { try Self.node(from: field, layouts: layouts, keyIDs: keyIDs, versions: versions, reader: &$0, stack: stack) }
                }
                node.fields.append(child)
            }
        case .biv, .bir:
            if let layout = layouts[node.type], value["bytes"] == nil {
                guard let json = value["value"] else { throw reader.problem("a native value needs \"value\" or \"bytes\"", at: nil) }
                let native = try reader.nested(.key("value")) { try NativeJSON.value(of: json, layout: layout, reader: &$0) }
                var buffer = BinaryWriteBuffer(version: versions.user, internalVersion: versions.internal)
                do {
                    try layout.write(native, to: &buffer)
                } catch {
                    throw reader.problem("the value does not fit its type: \(error)", at: "value")
                }
                node.payload = buffer.bytes
            } else {
                let text = try reader.string(value["bytes"], "bytes")
                guard let bytes = Data(base64Encoded: text) else { throw reader.problem("invalid base64", at: "bytes") }
                node.payload = [UInt8](bytes)
            }
        case .nil, .pts, .ptc:
            break
        }
        return node
    }
}

/// Reads typed values out of JSON, naming the JSON path of any problem.
struct JSONReader {
    var path: [GCodableError.PathComponent]
    /// Guards the recursion through nested values.
    let stack: StackGuard

    func problem(_ message: String, at member: String?) -> GCodableError {
        let location = path + (member.map { [GCodableError.PathComponent.key($0)] } ?? [])
        let jsonPath = "$" + GCodableError.PathComponent.joined(location.map { component in
            switch component {
            case .key(let key): return ".\(key)"
            case .index(let index): return "[\(index)]"
            }
        })
        return .dataCorrupted(.init(debugDescription: "\(message) at \(jsonPath)", path: location))
    }

    private func problem(_ message: String, at component: GCodableError.PathComponent) -> GCodableError {
        var reader = self
        reader.path.append(component)
        return reader.problem(message, at: nil)
    }

    mutating func nested<R>(_ component: GCodableError.PathComponent, _ body: (inout JSONReader) throws -> R) rethrows -> R {
        path.append(component)
        defer { path.removeLast() }
        return try body(&self)
    }

    func string(_ value: JSONValue?, _ member: String) throws -> String {
        guard case .string(let string)? = value else { throw problem("expected a string", at: .key(member)) }
        return string
    }

    func string(_ value: JSONValue, _ index: Int) throws -> String {
        guard case .string(let string) = value else { throw problem("expected a string", at: .index(index)) }
        return string
    }

    func bool(_ value: JSONValue?, _ member: String) throws -> Bool {
        guard case .bool(let flag)? = value else { throw problem("expected true or false", at: .key(member)) }
        return flag
    }

    func array(_ value: JSONValue?, _ member: String) throws -> [JSONValue] {
        guard case .array(let elements)? = value else { throw problem("expected an array", at: .key(member)) }
        return elements
    }

    func integer<T: FixedWidthInteger>(_ value: JSONValue?, _ member: String, as _: T.Type) throws -> T {
        try integer(value, .key(member))
    }

    func integer<T: FixedWidthInteger>(_ value: JSONValue, _ index: Int, as _: T.Type) throws -> T {
        try integer(value, .index(index))
    }

    /// An integer written as a JSON integer (no fraction, no exponent) or as a string of
    /// decimal digits with an optional leading minus.
    func integer<T: FixedWidthInteger>(_ value: JSONValue?, _ component: GCodableError.PathComponent) throws -> T {
        switch value {
        case .number(let text)?, .string(let text)?:
            guard let integer = NativeJSON.integer(text, as: T.self) else {
                throw problem("expected an integer that fits \(T.self)", at: component)
            }
            return integer
        default:
            throw problem("expected an integer", at: component)
        }
    }
}
