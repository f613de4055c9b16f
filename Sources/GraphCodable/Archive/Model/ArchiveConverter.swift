/// Rewrites an archive for other BinaryIO versions as its body is parsed (see
/// ``GraphArchive/converted(internalBinaryIOVersion:userBinaryIOVersion:registry:)``):
/// each payload is copied, transcoded or rewritten by its type when the parse hands its node
/// over, and no node is kept.
struct ArchiveConverter: NodeSinkKeepingNothing {
    private(set) var count = 0
    private let source: [UInt8]
    private let header: ArchiveHeader
    /// What to do with the payloads of each type reference.
    private let rewrites: [Rewrite?]
    private var buffer: BinaryWriteBuffer
    private var reader: BinaryReadBuffer
    /// Where the source bytes not yet written start.
    private var copied: Int
    /// The types of payloads that cannot be rewritten, met so far: once there is one,
    /// nothing more is written.
    private var missingTypes: Set<String> = []

    /// A converter of the archive that `prelude` begins to the versions given.
    init(
        _ prelude: ArchivePrelude, internalBinaryIOVersion targetInternal: UInt16, userBinaryIOVersion targetUser: UInt16,
        registry: GTypeRegistry
    )
        throws
    {
        guard BinaryIOInternalVersion.supported.contains(targetInternal) else {
            throw GCodableError.cannotEncode(
                GraphArchive.self, .init(debugDescription: "unknown internal BinaryIO version \(targetInternal)"))
        }
        let types = prelude.types
        let sameLayouts = targetInternal == prelude.header.internalBinaryIOVersion
        // An answer and a rewrite for each type reference, charged before they are made.
        try prelude.budget.charge(Int(TypeReference.firstTableReference) + types.count, of: MemoryLayout<Rewrite?>.stride + 2)
        let holdsWideIntegers = types.nativeLayoutAnswers(otherwise: false) { $0.holdsWideIntegers(part: $1) }
        let comparesNothing = types.nativeLayoutAnswers(otherwise: false) { $0.comparesNothing(part: $1) }
        rewrites = (0 ..< TypeReference.firstTableReference + UInt32(types.count)).map { reference -> Rewrite? in
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
        source = prelude.bytes
        header = prelude.header
        buffer = BinaryWriteBuffer(version: targetUser, internalVersion: targetInternal, reservingCapacity: source.count)
        buffer.writeBytes(repeatElement(0, count: ArchiveHeader.size))
        reader = prelude.payloadReader()
        copied = header.bodyRange.lowerBound
    }

    func close(_ index: Int, next: Int, unkeyedFieldCount: UInt32, in bytes: UnsafeBufferPointer<UInt8>) {}

    mutating func receive(_ node: ArchiveNode, in bytes: UnsafeBufferPointer<UInt8>) throws {
        count += 1
        guard node.kind.hasPayload else { return }
        let rewrite = rewrites[Int(node.typeReference)]
        switch rewrite {
        case .missing(let name)?: missingTypes.insert(name)
        case nil: missingTypes.insert("an untyped \(node.kind.code)")
        default: break
        }
        guard missingTypes.isEmpty else { return }
        reader.reposition(to: node.payload)
        switch rewrite {
        case .copy(let checking)?:
            // Left where it is, to be copied with the bytes around it; its scalars are
            // still checked, as transcoding reads them.
            if let checking { try checking.layout.checkScalars(&reader, comparesNothing: checking.comparesNothing) }
            return
        case .transcode(let layout)?:
            buffer.writeBytes(source[copied ..< node.payload.lowerBound])
            try layout.transcode(&reader, to: &buffer)
        case .opaque(let rewrite)?:
            // Opaque payloads are length-prefixed: rewrite the prefix too.
            let prefixSize = BinaryWriteBuffer.varUIntSize(UInt64(node.payload.count))
            buffer.writeBytes(source[copied ..< node.payload.lowerBound - prefixSize])
            try buffer.writeLengthPrefixed { try rewrite(&reader, &$0) }
        case .missing?, nil:
            preconditionFailure("missing types stop the writing above")
        }
        guard reader.isAtEnd else {
            throw GCodableError.corrupted("\(reader.remainingCount) bytes of a payload were not read", at: reader.offset)
        }
        copied = node.payload.upperBound
    }

    /// The converted archive, once the parse has handed over every node: the rest of the
    /// body and the tables copied, under a header with the new versions.
    consuming func finish() throws -> [UInt8] {
        guard missingTypes.isEmpty else {
            throw GCodableError.cannotEncode(
                GraphArchive.self,
                .init(
                    debugDescription:
                        "converting needs the types of the opaque payloads of " + missingTypes.sorted().joined(separator: ", ")))
        }
        buffer.writeBytes(source[copied ..< header.bodyRange.upperBound])
        let bodyLength = buffer.count - ArchiveHeader.size
        buffer.writeBytes(source[header.tablesRange])
        var header = header
        header.internalBinaryIOVersion = buffer.internalVersion
        header.userBinaryIOVersion = buffer.version
        header.bodyLength = UInt64(bodyLength)
        var bytes = buffer.takeBytes()
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

extension ArchivePrelude {
    /// The archive's bytes rewritten for other BinaryIO versions, in one parse of its body
    /// (``ArchiveConverter``).
    func converted(internalBinaryIOVersion: UInt16, userBinaryIOVersion: UInt16, registry: GTypeRegistry) throws -> [UInt8] {
        var converter = try ArchiveConverter(
            self, internalBinaryIOVersion: internalBinaryIOVersion, userBinaryIOVersion: userBinaryIOVersion, registry: registry)
        _ = try parseBody(into: &converter, problems: nil)
        return try converter.finish()
    }
}
