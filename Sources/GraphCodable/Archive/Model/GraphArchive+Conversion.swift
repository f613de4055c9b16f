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
        return try GraphArchive(
            bytes: try source.converted(internalBinaryIOVersion: targetInternal, userBinaryIOVersion: targetUser, registry: registry))
    }
}

extension ParsedArchive {
    /// The archive's bytes rewritten for other BinaryIO versions (see
    /// ``GraphArchive/converted(internalBinaryIOVersion:userBinaryIOVersion:registry:)``),
    /// payload by payload, without the structural model.
    func converted(internalBinaryIOVersion targetInternal: UInt16, userBinaryIOVersion targetUser: UInt16, registry: GTypeRegistry) throws
        -> [UInt8]
    {
        guard BinaryIOInternalVersion.supported.contains(targetInternal) else {
            throw GCodableError.cannotEncode(
                GraphArchive.self, .init(debugDescription: "unknown internal BinaryIO version \(targetInternal)"))
        }
        let sameLayouts = targetInternal == header.internalBinaryIOVersion
        // An answer and a rewrite for each type reference, charged before they are made.
        try budget.charge(Int(TypeReference.firstTableReference) + types.count, of: MemoryLayout<Rewrite?>.stride + 2)
        let holdsWideIntegers = types.nativeLayoutAnswers(otherwise: false) { $0.holdsWideIntegers(part: $1) }
        let comparesNothing = types.nativeLayoutAnswers(otherwise: false) { $0.comparesNothing(part: $1) }
        let rewrites = (0 ..< TypeReference.firstTableReference + UInt32(types.count)).map { reference -> Rewrite? in
            switch types.resolve(reference) {
            case .native(let layout)? where sameLayouts || !holdsWideIntegers[Int(reference)]:
                return .copy(
                    checking: layout.acceptsEveryBitPattern(internalVersion: targetInternal)
                        ? nil : (layout, comparesNothing[Int(reference)]))
            case .native(let layout)?: return .transcode(layout)
            case .named(let named)?:
                return registry.binaryType(for: named).map { .opaque(Self.rewriter(for: $0)) }
                    ?? .missing(ShownText.shown(named.qualifiedName))
            default: return nil
            }
        }
        var missingTypes: Set<String> = []
        for node in nodes where node.kind.hasPayload {
            switch rewrites[Int(node.typeReference)] {
            case .missing(let name)?: missingTypes.insert(name)
            case nil: missingTypes.insert("an untyped \(node.kind.code)")
            default: break
            }
        }
        guard missingTypes.isEmpty else {
            throw GCodableError.cannotEncode(
                GraphArchive.self,
                .init(
                    debugDescription:
                        "converting needs the types of the opaque payloads of " + missingTypes.sorted().joined(separator: ", ")))
        }

        var buffer = BinaryWriteBuffer(version: targetUser, internalVersion: targetInternal, reservingCapacity: bytes.count)
        buffer.writeBytes(repeatElement(0, count: ArchiveHeader.size))
        var copied = header.bodyRange.lowerBound
        var reader = payloadReader()
        for node in nodes where node.kind.hasPayload {
            reader.reposition(to: node.payload)
            switch rewrites[Int(node.typeReference)] {
            case .copy(let checking)?:
                // Left where it is, to be copied with the bytes around it; its scalars are
                // still checked, as transcoding reads them.
                if let checking { try checking.layout.checkScalars(&reader, comparesNothing: checking.comparesNothing) }
                continue
            case .transcode(let layout)?:
                buffer.writeBytes(bytes[copied ..< node.payload.lowerBound])
                try layout.transcode(&reader, to: &buffer)
            case .opaque(let rewrite)?:
                // Opaque payloads are length-prefixed: rewrite the prefix too.
                let prefixSize = BinaryWriteBuffer.varUIntSize(UInt64(node.payload.count))
                buffer.writeBytes(bytes[copied ..< node.payload.lowerBound - prefixSize])
                try buffer.writeLengthPrefixed { try rewrite(&reader, &$0) }
            case .missing?, nil:
                preconditionFailure("every payload's type was found above")
            }
            guard reader.isAtEnd else {
                throw GCodableError.corrupted("\(reader.remainingCount) bytes of a payload were not read", at: reader.offset)
            }
            copied = node.payload.upperBound
        }
        buffer.writeBytes(bytes[copied ..< header.bodyRange.upperBound])
        let bodyLength = buffer.count - ArchiveHeader.size
        buffer.writeBytes(bytes[header.tablesRange])
        var bytes = buffer.takeBytes()
        var header = header
        header.internalBinaryIOVersion = targetInternal
        header.userBinaryIOVersion = targetUser
        header.bodyLength = UInt64(bodyLength)
        ArchiveHeader.seal(&bytes, header: header)
        return bytes
    }

    /// How the payloads of a type are converted.
    private enum Rewrite {
        /// Copied, their bytes being the same in both layouts, once the scalars of `checking`
        /// are checked (nil when every bit pattern is valid).
        case copy(checking: (layout: NativeDescriptor, comparesNothing: Bool)?)
        /// Walked and written in the other internal layout.
        case transcode(NativeDescriptor)
        /// Read and written again by their type.
        case opaque((inout BinaryReadBuffer, inout BinaryWriteBuffer) throws -> Void)
        /// Opaque, of a type the registry lacks.
        case missing(String)
    }

    /// Reads a payload of `type` and writes it again, with each buffer's versions.
    private static func rewriter<T: GBinaryCodable>(for type: T.Type) -> (inout BinaryReadBuffer, inout BinaryWriteBuffer) throws -> Void {
        { reader, writer in try T(from: &reader).write(to: &writer) }
    }
}

extension NativeDescriptor {
    /// Whether the layout holds integers wider than a byte (the only payloads whose bytes
    /// differ between internal layouts), where `part` tells it of a part at a position (see
    /// ``TypeTable/nativeLayoutAnswers(otherwise:_:)``).
    func holdsWideIntegers(part: (Int, NativeDescriptor) -> Bool) -> Bool {
        switch self {
        case .scalar(let code): code.isWideInteger
        case .array(let element), .set(let element), .optional(let element), .range(let element),
            .closedRange(let element), .simd(_, let element):
            part(0, element)
        case .dictionary(let key, let value): part(0, key) || part(1, value)
        }
    }

    /// Writes the payload `reader` holds again, in the internal layout of `writer`, while
    /// walking it: nothing but the current scalar is held.
    func transcode(_ reader: inout BinaryReadBuffer, to writer: inout BinaryWriteBuffer) throws {
        try walk(&reader) { layout, step in
            switch (layout, step) {
            case (.scalar(let code), .scalar(let value)): try Self.writeScalar(code, value, to: &writer)
            case (.array, .begin(let count, _)), (.set, .begin(let count, _)), (.dictionary, .begin(let count, _)): writer.writeCount(count)
            case (.optional, .begin): writer.writeByte(1)
            case (.optional, .absent): writer.writeByte(0)
            default: break
            }
        }
    }
}
