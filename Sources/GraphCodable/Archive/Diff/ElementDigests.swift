/// What the comparison matches the elements of sets and the keys of dictionaries by: a
/// 128-bit digest of each one's archived form, alike in the two archives whatever their
/// tables' numbering, their internal BinaryIO versions, or the order of the sets and
/// dictionaries inside (their elements' digests are sorted).
///
/// An element's form is its node: kind, type (renamed types as one), the key and form of
/// each field, the payload (native payloads in the layout of the archive before). An object
/// that is an element (a pointer's definition, or the node itself) is taken with its fields;
/// any node with identity met inside an element stands for its kind and type alone, as in
/// the canonical order (Docs/ArchiveFormat.md), so that each node is digested about once:
/// digests of elements and of objects are kept, and charged to the archive's budget.
final class ElementDigests {
    /// A digest: two independent 64-bit hashes, keyed per process (SipHash), so that no
    /// archive can be made to pair unequal elements.
    struct Digest: Hashable, Comparable {
        var high: UInt64
        var low: UInt64

        static func < (lhs: Digest, rhs: Digest) -> Bool { (lhs.high, lhs.low) < (rhs.high, rhs.low) }

        init(of bytes: [UInt8]) {
            var first = Hasher(), second = Hasher()
            first.combine(0x5A)
            second.combine(0xC3)
            bytes.withUnsafeBytes {
                first.combine(bytes: $0)
                second.combine(bytes: $0)
            }
            high = UInt64(bitPattern: Int64(first.finalize()))
            low = UInt64(bitPattern: Int64(second.finalize()))
        }

        /// The digest's 16 bytes.
        var bytes: [UInt8] {
            var bytes: [UInt8] = []
            append(to: &bytes)
            return bytes
        }

        /// Appends the digest's 16 bytes to `bytes`.
        func append(to bytes: inout [UInt8]) {
            ElementDigests.append(high, to: &bytes)
            ElementDigests.append(low, to: &bytes)
        }
    }

    private let side: DiffSide
    /// The internal BinaryIO version native payloads are digested in: the archive before's.
    private let internalVersion: UInt16
    /// The id, shared by both archives, of each type reference and key id of this one (the
    /// archive before's own; for the archive after, that of its counterpart before, or else
    /// a number no reference before has).
    private let sharedType: (UInt32) -> UInt64
    private let sharedKey: (UInt32) -> UInt64
    /// Digests kept: of elements of sets and dictionaries, by node; of objects taken with
    /// their fields, by their definition's node.
    private var elements: [Int: Digest] = [:]
    private var objects: [Int: Digest] = [:]
    private static let keptCost = 64

    /// The digests of the archive before of `tables`.
    static func before(_ side: DiffSide, _ tables: TableComparison) -> ElementDigests {
        ElementDigests(
            side: side, internalVersion: side.archive.header.internalBinaryIOVersion,
            sharedType: { UInt64($0) }, sharedKey: { UInt64($0) })
    }

    /// The digests of the archive after of `tables`, whose archive before is `before`.
    static func after(_ side: DiffSide, _ tables: TableComparison, before: DiffSide) throws -> ElementDigests {
        try side.archive.budget.charge(tables.types.count + tables.keys.count, of: 32)
        let types = Dictionary(tables.types.map { ($1, $0) }, uniquingKeysWith: min)
        var keys: [UInt32: UInt32] = [:]
        for (old, new) in tables.keys.enumerated() where new != 0 { keys[new] = UInt32(old) }
        let unshared: UInt64 = 1 << 40
        return ElementDigests(
            side: side, internalVersion: before.archive.header.internalBinaryIOVersion,
            sharedType: { reference in
                guard TypeReference.tableIndex(reference) != nil else { return UInt64(reference) }
                return types[reference].map(UInt64.init) ?? unshared | UInt64(reference)
            },
            sharedKey: { id in id == 0 ? 0 : keys[id].map(UInt64.init) ?? unshared | UInt64(id) })
    }

    private init(side: DiffSide, internalVersion: UInt16, sharedType: @escaping (UInt32) -> UInt64, sharedKey: @escaping (UInt32) -> UInt64)
    {
        self.side = side
        self.internalVersion = internalVersion
        self.sharedType = sharedType
        self.sharedKey = sharedKey
    }

    // MARK: Elements

    /// The digest of the element (or dictionary key) at `index`: what a pointer points to, an
    /// object with its fields.
    func element(_ index: Int) throws -> Digest {
        guard let target = side.target(of: index) else { return Digest(of: [0xFF]) }
        if side[target].objectID == 0 { return try digest(of: target) }
        if let kept = objects[target] { return kept }
        let digest = try digest(of: target)
        try keep(digest, at: target, in: &objects)
        return digest
    }

    /// The digest of the node at `root` and its fields. Iterative: a frame per `VAL`/`REF`
    /// being digested, holding what its fields gave so far.
    private func digest(of root: Int) throws -> Digest {
        if let leaf = try leafDigest(root, isRoot: true) { return leaf }
        var frames = [try frame(root)]
        while true {
            let top = frames.count - 1
            let index = frames[top].index
            if frames[top].field < side[index].next {
                let field = frames[top].field
                frames[top].field = side[field].next
                if let digest = try leafDigest(field, isRoot: false) {
                    try side.archive.budget.charge(Frame.fieldCost)
                    frames[top].add(digest, key: sharedKey(side[field].keyID))
                } else {
                    frames.append(try frame(field))
                }
                continue
            }
            let finished = frames.removeLast()
            side.archive.budget.refund(finished.fieldCount * Frame.fieldCost)
            var bytes = finished.bytes
            if var unordered = finished.unordered {
                if side.isUnorderedDictionary(index) {
                    unordered = stride(from: 0, to: unordered.count - 1, by: 2).map { pair in
                        var bytes: [UInt8] = []
                        unordered[pair].append(to: &bytes)
                        unordered[pair + 1].append(to: &bytes)
                        return Digest(of: bytes)
                    }
                }
                try side.archive.budget.charge(unordered.count, of: 16)
                for digest in unordered.sorted() { digest.append(to: &bytes) }
                side.archive.budget.refund(Int(side[index].unkeyedFieldCount) * 16 + unordered.count * 16)
            }
            let digest = Digest(of: bytes)
            guard let parent = frames.indices.last else { return digest }
            if frames[parent].unordered != nil { try keep(digest, at: index, in: &elements) }
            try side.archive.budget.charge(Frame.fieldCost)
            frames[parent].add(digest, key: sharedKey(side[index].keyID))
        }
    }

    /// A `VAL` or `REF` being digested, with what its fields gave so far.
    private struct Frame {
        let index: Int
        /// The next field to digest.
        var field: Int
        var bytes: [UInt8]
        /// The digests of a set's elements, or of a dictionary's keys and values in turn.
        var unordered: [Digest]?
        /// How many fields were added (each charged ``fieldCost`` until the frame ends).
        var fieldCount = 0
        /// What a field's digest and key take in a frame.
        static let fieldCost = 24

        /// Adds a field's digest to the node's bytes with the field's shared key, or to the
        /// digests of a set's or dictionary's fields.
        mutating func add(_ digest: Digest, key: UInt64) {
            fieldCount += 1
            if unordered != nil { return unordered!.append(digest) }
            ElementDigests.append(key, to: &bytes)
            digest.append(to: &bytes)
        }
    }

    /// A frame for the `VAL` or `REF` at `index`, its own part written; the digests of a
    /// set's or dictionary's fields are charged until it ends.
    private func frame(_ index: Int) throws -> Frame {
        let node = side[index]
        let unordered: [Digest]? = side.isUnordered(index) ? [] : nil
        if unordered != nil { try side.archive.budget.charge(Int(node.unkeyedFieldCount), of: 16) }
        return Frame(index: index, field: index + 1, bytes: head(of: node), unordered: unordered)
    }

    /// The digest of a node that is not descended into: one without fields, an object met
    /// inside an element, or an element digested already; nil for the others.
    private func leafDigest(_ index: Int, isRoot: Bool) throws -> Digest? {
        let node = side[index]
        if !isRoot && (node.objectID != 0 || node.kind == .pts || node.kind == .ptc) {
            // An object inside an element: whether it is held strongly, and its definition's
            // kind and type, alike for a definition in place and a pointer to one elsewhere.
            var bytes: [UInt8] = [node.kind == .ptc ? 2 : 1]
            if let target = side.target(of: index) { bytes += head(of: side[target]) }
            return Digest(of: bytes)
        }
        switch node.kind {
        case .val, .ref: return elements[index]
        case .biv, .bir: return Digest(of: head(of: node) + (try payloadDigest(of: node)).bytes)
        case .nil, .end, .pts, .ptc: return Digest(of: head(of: node))
        }
    }

    /// A node's kind and shared type.
    private func head(of node: ArchiveNode) -> [UInt8] {
        var bytes = [node.kind.rawValue]
        Self.append(sharedType(node.typeReference), to: &bytes)
        return bytes
    }

    private static func append(_ word: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
    }

    private func keep(_ digest: Digest, at index: Int, in kept: inout [Int: Digest]) throws {
        try side.archive.budget.charge(Self.keptCost)
        kept[index] = digest
    }

    // MARK: Payloads

    /// The digest of a `BIV`/`BIR` payload: native payloads in the layout of the archive
    /// before, their sets' elements and dictionaries' entries sorted; opaque ones as they are.
    func payloadDigest(of node: ArchiveNode) throws -> Digest {
        var reader = side.archive.payloadReader(of: node)
        guard case .native(let layout)? = side.archive.types.resolve(node.typeReference) else {
            return Digest(of: Array(side.archive.bytes[node.payload]))
        }
        return try payloadDigest(layout, &reader)
    }

    /// The digest of the payload of `layout` at `reader`, which moves past it.
    func payloadDigest(_ layout: NativeDescriptor, _ reader: inout BinaryReadBuffer) throws -> Digest {
        let set: NativeDescriptor?, dictionary: (NativeDescriptor, NativeDescriptor)?
        switch layout {
        case .set(let element): (set, dictionary) = (element, nil)
        case .dictionary(let key, let value): (set, dictionary) = (nil, (key, value))
        default:
            guard layout.holdsUnordered else { return Digest(of: try canonicalBytes(layout, &reader)) }
            (set, dictionary) = (nil, nil)
        }
        if set == nil && dictionary == nil {
            // An array, optional, range or SIMD vector of parts holding sets or dictionaries.
            var bytes: [UInt8] = [0]
            try layout.walkParts(&reader) { part, reader in try payloadDigest(part, &reader).append(to: &bytes) }
            return Digest(of: bytes)
        }
        let count = try reader.readCount()
        try side.archive.budget.charge(count, of: 16)
        defer { side.archive.budget.refund(count * 16) }
        var digests: [Digest] = []
        digests.reserveCapacity(Swift.min(count, BinaryReadBuffer.reservationLimit))
        for _ in 0 ..< count {
            if let set {
                digests.append(try payloadDigest(set, &reader))
            } else if let (key, value) = dictionary {
                var pair: [UInt8] = []
                try payloadDigest(key, &reader).append(to: &pair)
                try payloadDigest(value, &reader).append(to: &pair)
                digests.append(Digest(of: pair))
            }
        }
        var bytes: [UInt8] = [1]
        for digest in digests.sorted() { digest.append(to: &bytes) }
        return Digest(of: bytes)
    }

    /// The bytes of one payload of `layout`, holding no set or dictionary, in the layout of
    /// the archive before.
    private func canonicalBytes(_ layout: NativeDescriptor, _ reader: inout BinaryReadBuffer) throws -> [UInt8] {
        guard reader.internalVersion != internalVersion else {
            let start = reader.offset
            try layout.skip(&reader, maximumLength: .max)
            return Array(side.archive.bytes[start ..< reader.offset])
        }
        var writer = BinaryWriteBuffer(version: side.archive.header.userBinaryIOVersion, internalVersion: internalVersion)
        try layout.transcode(&reader, to: &writer)
        return writer.bytes
    }
}

extension NativeDescriptor {
    /// Whether a set or dictionary is part of the layout.
    var holdsUnordered: Bool {
        switch self {
        case .scalar: return false
        case .set, .dictionary: return true
        case .array(let part), .optional(let part), .range(let part), .closedRange(let part), .simd(_, let part): return part.holdsUnordered
        }
    }

    /// Reads the count or presence of an array, optional, range or SIMD vector at `reader`,
    /// then calls `visit` for each of its parts in turn, to read it.
    func walkParts(_ reader: inout BinaryReadBuffer, _ visit: (NativeDescriptor, inout BinaryReadBuffer) throws -> Void) throws {
        switch self {
        case .array(let element):
            for _ in 0 ..< (try reader.readCount()) { try visit(element, &reader) }
        case .optional(let wrapped):
            if try reader.readByte() == 1 { try visit(wrapped, &reader) }
        case .range(let bound), .closedRange(let bound):
            try visit(bound, &reader)
            try visit(bound, &reader)
        case .simd(let lanes, let scalar):
            for _ in 0 ..< lanes { try visit(scalar, &reader) }
        case .scalar, .set, .dictionary:
            try skip(&reader, maximumLength: .max)
        }
    }
}
