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
        let source = try ArchivePrelude(bytes: try bytes(), limits: ArchiveLimits(), problems: nil)
        return try GraphArchive(
            bytes: try source.converted(internalBinaryIOVersion: targetInternal, userBinaryIOVersion: targetUser, registry: registry))
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
