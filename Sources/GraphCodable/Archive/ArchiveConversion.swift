extension GraphArchive {
    /// The same archive written for other BinaryIO versions: native payloads are rewritten
    /// in the layout of `internalBinaryIOVersion` without any Swift type; the header names
    /// `userBinaryIOVersion`. Converting to the archive's own versions gives its bytes back.
    ///
    /// Opaque payloads of user types are laid out by those types, so an archive holding any
    /// cannot change versions structurally: it throws ``GCodableError/cannotEncode(_:_:)``
    /// naming their types.
    public func converted(internalBinaryIOVersion: UInt16? = nil, userBinaryIOVersion: UInt16? = nil) throws -> GraphArchive {
        let targetInternal = internalBinaryIOVersion ?? self.internalBinaryIOVersion
        let targetUser = userBinaryIOVersion ?? self.userBinaryIOVersion
        guard BinaryIOInternalVersion.supported.contains(targetInternal) else {
            throw GCodableError.cannotEncode(GraphArchive.self, .init(debugDescription: "unknown internal BinaryIO version \(targetInternal)"))
        }
        guard targetInternal != self.internalBinaryIOVersion || targetUser != self.userBinaryIOVersion else { return self }

        let source = try ParsedArchive(bytes: try bytes())
        let opaqueTypes = Set(source.nodes.compactMap { node -> String? in
            guard node.kind.hasPayload else { return nil }
            guard let type = source.types.resolve(node.typeReference) else { return "an untyped \(node.kind.code)" }
            if case .native = type { return nil }
            return type.displayName
        })
        guard opaqueTypes.isEmpty else {
            throw GCodableError.cannotEncode(GraphArchive.self, .init(debugDescription:
                "converting needs the types of the opaque payloads of " + opaqueTypes.sorted().joined(separator: ", ")))
        }

        var buffer = BinaryWriteBuffer(version: targetUser, internalVersion: targetInternal)
        buffer.writeBytes(repeatElement(0, count: ArchiveHeader.size))
        var copied = source.header.bodyRange.lowerBound
        for node in source.nodes where node.kind == .biv {
            guard case .native(let layout)? = source.types.resolve(node.typeReference) else { continue }
            buffer.writeBytes(source.bytes[copied ..< node.payload.lowerBound])
            var reader = source.payloadReader(of: node)
            try layout.write(try layout.read(&reader), to: &buffer)
            copied = node.payload.upperBound
        }
        buffer.writeBytes(source.bytes[copied ..< source.header.bodyRange.upperBound])
        let bodyLength = buffer.count - ArchiveHeader.size
        buffer.writeBytes(source.bytes[source.header.tablesRange])
        var bytes = buffer.bytes
        var header = source.header
        header.internalBinaryIOVersion = targetInternal
        header.userBinaryIOVersion = targetUser
        header.bodyLength = UInt64(bodyLength)
        ArchiveHeader.seal(&bytes, header: header)
        return try GraphArchive(bytes: bytes)
    }
}
