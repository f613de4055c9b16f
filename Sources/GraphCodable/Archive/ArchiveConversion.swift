extension GraphArchive {
    /// The same archive written for other BinaryIO versions. Native payloads are rewritten
    /// in the layout of `internalBinaryIOVersion` without any Swift type. Opaque payloads of
    /// user types are laid out by those types: each is read with the archive's versions and
    /// written with the new ones by its type from `registry` (matched by name, as in secure
    /// decoding); a payload whose type the registry lacks throws
    /// ``GCodableError/cannotEncode(_:_:)`` naming the missing types. Converting to the
    /// archive's own versions gives its bytes back.
    public func converted(
        internalBinaryIOVersion: UInt16? = nil, userBinaryIOVersion: UInt16? = nil, registry: GTypeRegistry = GTypeRegistry()
    ) throws -> GraphArchive {
        let targetInternal = internalBinaryIOVersion ?? self.internalBinaryIOVersion
        let targetUser = userBinaryIOVersion ?? self.userBinaryIOVersion
        guard targetInternal != self.internalBinaryIOVersion || targetUser != self.userBinaryIOVersion else { return self }
        let source = try ParsedArchive(bytes: try bytes())
        return try GraphArchive(bytes: try source.converted(internalBinaryIOVersion: targetInternal, userBinaryIOVersion: targetUser, registry: registry))
    }
}

extension ParsedArchive {
    /// The archive's bytes rewritten for other BinaryIO versions (see
    /// ``GraphArchive/converted(internalBinaryIOVersion:userBinaryIOVersion:registry:)``),
    /// payload by payload, without the structural model.
    func converted(internalBinaryIOVersion targetInternal: UInt16, userBinaryIOVersion targetUser: UInt16, registry: GTypeRegistry) throws -> [UInt8] {
        guard BinaryIOInternalVersion.supported.contains(targetInternal) else {
            throw GCodableError.cannotEncode(GraphArchive.self, .init(debugDescription: "unknown internal BinaryIO version \(targetInternal)"))
        }
        /// For each payload node: whether its payload is native (opaque ones are
        /// length-prefixed), and how to rewrite it.
        var rewriters: [Int: (isNative: Bool, rewrite: (inout BinaryReadBuffer, inout BinaryWriteBuffer) throws -> Void)] = [:]
        var missingTypes: Set<String> = []
        for (index, node) in nodes.enumerated() where node.kind.hasPayload {
            switch types.resolve(node.typeReference) {
            case .native(let layout)?:
                rewriters[index] = (true, { reader, writer in try layout.transcode(&reader, to: &writer) })
            case .named(let named)?:
                if let type = registry.binaryType(for: named) {
                    rewriters[index] = (false, Self.rewriter(for: type))
                } else {
                    missingTypes.insert(named.qualifiedName)
                }
            default:
                missingTypes.insert("an untyped \(node.kind.code)")
            }
        }
        guard missingTypes.isEmpty else {
            throw GCodableError.cannotEncode(GraphArchive.self, .init(debugDescription:
                "converting needs the types of the opaque payloads of " + missingTypes.sorted().joined(separator: ", ")))
        }

        var buffer = BinaryWriteBuffer(version: targetUser, internalVersion: targetInternal)
        buffer.writeBytes(repeatElement(0, count: ArchiveHeader.size))
        var copied = header.bodyRange.lowerBound
        for (index, node) in nodes.enumerated() {
            guard let (isNative, rewrite) = rewriters[index] else { continue }
            var reader = payloadReader(of: node)
            if isNative {
                buffer.writeBytes(bytes[copied ..< node.payload.lowerBound])
                try rewrite(&reader, &buffer)
            } else {
                // Opaque payloads are length-prefixed: rewrite the prefix too.
                var prefix = ScratchBytes()
                prefix.appendVarUInt(UInt64(node.payload.count))
                buffer.writeBytes(bytes[copied ..< node.payload.lowerBound - prefix.count])
                try buffer.writeLengthPrefixed { try rewrite(&reader, &$0) }
            }
            guard reader.isAtEnd else {
                throw GCodableError.corrupted("\(reader.remainingCount) bytes of a payload were not read", at: reader.offset)
            }
            copied = node.payload.upperBound
        }
        buffer.writeBytes(bytes[copied ..< header.bodyRange.upperBound])
        let bodyLength = buffer.count - ArchiveHeader.size
        buffer.writeBytes(bytes[header.tablesRange])
        var bytes = buffer.bytes
        var header = header
        header.internalBinaryIOVersion = targetInternal
        header.userBinaryIOVersion = targetUser
        header.bodyLength = UInt64(bodyLength)
        ArchiveHeader.seal(&bytes, header: header)
        return bytes
    }


    /// Reads a payload of `type` and writes it again, with each buffer's versions.
    private static func rewriter<T: GBinaryCodable>(for type: T.Type) -> (inout BinaryReadBuffer, inout BinaryWriteBuffer) throws -> Void {
        { reader, writer in try T(from: &reader).write(to: &writer) }
    }
}

extension NativeDescriptor {
    /// Writes the payload `reader` holds again, in the internal layout of `writer`, while
    /// walking it: nothing but the current scalar is held.
    func transcode(_ reader: inout BinaryReadBuffer, to writer: inout BinaryWriteBuffer) throws {
        try walk(&reader) { layout, step in
            switch (layout, step) {
            case (.scalar(let code), .scalar(let value)): try Self.writeScalar(code, value, to: &writer)
            case (.array, .begin(let count)), (.set, .begin(let count)), (.dictionary, .begin(let count)): writer.writeCount(count)
            case (.optional, .begin): writer.writeByte(1)
            case (.optional, .absent): writer.writeByte(0)
            default: break
            }
        }
    }
}
