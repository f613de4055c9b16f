/// A Swift type named in the type table: a user value type or a class.
struct NamedType: Hashable {
    enum Kind: UInt8 {
        case value = 1
        case `class` = 2
    }

    var kind: Kind
    /// `_typeName(type, qualified: true)`, for people.
    var qualifiedName: String
    /// `_mangledTypeName(type)` for classes (used to rebuild the class), empty for values.
    var mangledName: String
    /// The type's ``GEncodable/typeVersion``.
    var version: UInt32
}

/// What a type reference of a node resolves to.
enum ResolvedType: Hashable {
    /// A `BIV` payload with a layout every reader knows.
    case native(NativeDescriptor)
    /// A structured native value type (`VAL` of an array, a set, an index set…).
    case structured(NativeTypeCode)
    /// A user type; its `BIV`/`BIR` payloads are opaque and length-prefixed.
    case named(NamedType)
}

extension ResolvedType {
    /// The type's name as people read it.
    var displayName: String {
        switch self {
        case .native(let descriptor): return descriptor.description
        case .structured(let code): return code.name
        case .named(let named): return named.qualifiedName
        }
    }

    /// The kind a type map gives the type.
    var mapKind: GraphTypeMapEntry.Kind {
        switch self {
        case .native: return .nativeLayout
        case .structured: return .nativeValue
        case .named(let named): return named.kind == .class ? .classType : .valueType
        }
    }
}

/// The archive's type table: each named type and each composite native layout once.
///
/// Entries: a kind byte, then for named types (kinds 1, 2) the version, qualified name and
/// mangled name; for composite layouts (kinds 16…22) the references of their components,
/// which must point to native scalars or to earlier composite entries.
struct TypeTable: Equatable {
    private enum EntryKind: UInt8 {
        case valueType = 1, classType = 2
        case array = 16, set, dictionary, optional, range, closedRange, simd

        /// The kind of a composite layout's entry; `nil` for a scalar.
        init?(_ layout: NativeDescriptor) {
            switch layout {
            case .scalar: return nil
            case .array: self = .array
            case .set: self = .set
            case .dictionary: self = .dictionary
            case .optional: self = .optional
            case .range: self = .range
            case .closedRange: self = .closedRange
            case .simd: self = .simd
            }
        }
    }

    /// What makes an entry itself, hashed in constant time (not by the layout's whole tree,
    /// so that a table of large layouts reads in linear time): a named type by its names,
    /// a composite layout by its kind, its lanes and the references of its parts. A table
    /// holds no duplicates, so equal parts have equal references.
    private enum EntryKey: Hashable {
        case named(NamedType)
        case composite(EntryKind, lanes: Int, first: UInt32, second: UInt32)
    }

    /// The entries, in order; entry `i` has the reference `64 + i`.
    private(set) var entries: [ResolvedType] = []
    /// The key of each entry, in the same order.
    private var keys: [EntryKey] = []
    private var references: [EntryKey: UInt32] = [:]

    /// The most scalars and containers one composite layout may be made of (layouts share
    /// earlier entries, so without a bound a few bytes could describe an enormous tree).
    static let maximumLayoutSize = 256

    var count: Int { entries.count }

    /// What `reference` points to, or `nil` when it points nowhere.
    func resolve(_ reference: UInt32) -> ResolvedType? {
        if let index = TypeReference.tableIndex(reference) {
            return index < entries.count ? entries[index] : nil
        }
        guard let code = NativeTypeCode(rawValue: UInt8(truncatingIfNeeded: reference)) else { return nil }
        return code.isScalar ? .native(.scalar(code)) : .structured(code)
    }

    /// The native layout of each reference, nil for the others: for readers that look one
    /// up at every node.
    var nativeLayoutsByReference: [NativeDescriptor?] {
        (0 ..< TypeReference.firstTableReference + UInt32(entries.count)).map { reference in
            guard case .native(let layout)? = resolve(reference) else { return nil }
            return layout
        }
    }

    /// The reference of `type` if the table (or the predefined codes) has it.
    func existingReference(for type: ResolvedType) -> UInt32? {
        switch type {
        case .native(.scalar(let code)), .structured(let code): return UInt32(code.rawValue)
        case .named(let named): return references[.named(named)]
        case .native(let layout): return key(of: layout).flatMap { references[$0] }
        }
    }

    /// The reference of `type`, adding it (and the layouts it is made of) if needed.
    mutating func reference(for type: ResolvedType) -> UInt32 {
        let key: EntryKey
        switch type {
        case .native(.scalar(let code)), .structured(let code):
            return UInt32(code.rawValue)
        case .named(let named):
            key = .named(named)
        case .native(let layout):
            for component in layout.components { _ = reference(for: .native(component)) }
            guard let composite = self.key(of: layout) else { preconditionFailure("the parts of a layout are added first") }
            key = composite
        }
        if let reference = references[key] { return reference }
        let reference = TypeReference.reference(forTableIndex: entries.count)
        entries.append(type)
        keys.append(key)
        references[key] = reference
        return reference
    }

    /// An answer about the native layout of every reference (`otherwise` for the others),
    /// found from the answers about its parts, which `answer` asks of its second argument by
    /// their position: every part of a table entry is an earlier reference, so each answer
    /// is found once, and a table of long chains of layouts takes time linear in its size.
    func nativeLayoutAnswers<Answer>(
        otherwise: Answer, _ answer: (NativeDescriptor, _ part: (Int, NativeDescriptor) -> Answer) -> Answer
    ) -> [Answer] {
        var answers: [Answer] = []
        for reference in 0 ..< TypeReference.firstTableReference + UInt32(entries.count) {
            guard case .native(let layout)? = resolve(reference) else {
                answers.append(otherwise)
                continue
            }
            let parts = TypeReference.tableIndex(reference).map(partReferences(ofEntryAt:))
            let found = answer(layout) { position, _ in
                guard let parts else { preconditionFailure("a scalar has no parts") }
                return answers[Int(position == 0 ? parts.first : parts.second)]
            }
            answers.append(found)
        }
        return answers
    }

    /// The reference in `other` of the composite layout at table index `index`, whose parts'
    /// references in `other` `counterpart` gives (nil for a part `other` lacks): found in
    /// constant time, without walking the layout's tree.
    func reference(ofEntryAt index: Int, in other: TypeTable, counterpart: (UInt32) -> UInt32?) -> UInt32? {
        guard case .composite(let kind, let lanes, let first, let second) = keys[index], let otherFirst = counterpart(first),
            let otherSecond = second == 0 ? 0 : counterpart(second)
        else { return nil }
        return other.references[.composite(kind, lanes: lanes, first: otherFirst, second: otherSecond)]
    }

    /// The references of the parts of the composite layout at table index `index`: its
    /// element, bound or lanes' scalar first, a dictionary's value second (0 for none).
    func partReferences(ofEntryAt index: Int) -> (first: UInt32, second: UInt32) {
        guard case .composite(_, _, let first, let second) = keys[index] else { return (0, 0) }
        return (first, second)
    }

    /// The key of the composite `layout`, or `nil` when the table lacks one of its parts.
    private func key(of layout: NativeDescriptor) -> EntryKey? {
        let parts = layout.components.map { existingReference(for: .native($0)) }
        guard let kind = EntryKind(layout), let first = parts.first ?? nil, let second = parts.count > 1 ? parts[1] : 0 else {
            return nil
        }
        return .composite(kind, lanes: layout.lanes, first: first, second: second)
    }

    /// Writes the table.
    func write(to buffer: inout BinaryWriteBuffer) {
        buffer.writeCount(entries.count)
        for entry in entries {
            switch entry {
            case .named(let named):
                buffer.writeByte(named.kind == .value ? EntryKind.valueType.rawValue : EntryKind.classType.rawValue)
                buffer.writeVarUInt(UInt64(named.version))
                buffer.writeString(named.qualifiedName)
                buffer.writeString(named.mangledName)
            case .native(let descriptor):
                writeComposite(descriptor, to: &buffer)
            case .structured:
                preconditionFailure("structured natives are predefined codes, never table entries")
            }
        }
    }

    private func writeComposite(_ layout: NativeDescriptor, to buffer: inout BinaryWriteBuffer) {
        guard let kind = EntryKind(layout) else { preconditionFailure("scalars are predefined codes, never table entries") }
        buffer.writeByte(kind.rawValue)
        if kind == .simd { buffer.writeVarUInt(UInt64(layout.lanes)) }
        for component in layout.components {
            guard let reference = existingReference(for: .native(component)) else {
                preconditionFailure("the parts of a layout are added first")
            }
            buffer.writeVarUInt(UInt64(reference))
        }
    }

    /// The memory an entry takes, charged for the count of entries before they are read: its
    /// place in the list, its key's in the list of keys and in the dictionary of references
    /// (room to grow included), the storage of its names or of its components.
    private static let entryCost = 4 * MemoryLayout<ResolvedType>.stride + 128

    /// What reading this table charges to the reader's memory budget.
    var readingCost: Int { count * Self.entryCost }

    /// Reads a table, checking every entry, within `limits` (the count of entries, the
    /// length of names) and `budget`.
    static func read(from reader: inout BinaryReadBuffer, limits: ArchiveLimits, budget: MemoryBudget) throws -> TypeTable {
        let start = reader.offset
        let count = try reader.readCount()
        guard count <= limits.maximumTableCount else {
            throw GCodableError.limit("type table has \(count) entries, the limit is \(limits.maximumTableCount)", at: start)
        }
        try budget.charge(count, of: entryCost, at: start)
        var table = TypeTable()
        var sizes: [Int] = []
        // Room for every entry at once (an entry takes at least two bytes), as for keys.
        let room = min(count, reader.remainingCount / 2)
        table.entries.reserveCapacity(room)
        table.keys.reserveCapacity(room)
        table.references.reserveCapacity(room)
        sizes.reserveCapacity(room)
        for index in 0 ..< count {
            let entryOffset = reader.offset
            let kindByte = try reader.readByte()
            guard let kind = EntryKind(rawValue: kindByte) else {
                throw GCodableError.invalid("type table entry \(index) has unknown kind \(kindByte)", rule: .typesKind, at: entryOffset)
            }
            var parts: [UInt32] = []
            func component() throws -> (NativeDescriptor, Int) {
                let offset = reader.offset
                let reference = try reader.readVarUInt()
                guard reference <= UInt64(UInt32.max), let resolved = table.resolve(UInt32(reference)),
                    case .native(let descriptor) = resolved
                else {
                    throw GCodableError.invalid(
                        "type table entry \(index) refers to \(reference), which is not an earlier native layout", rule: .typesComponent,
                        at: offset)
                }
                parts.append(UInt32(reference))
                return (descriptor, TypeReference.tableIndex(UInt32(reference)).map { sizes[$0] } ?? 1)
            }
            let entry: ResolvedType
            var size = 1
            switch kind {
            case .valueType, .classType:
                let versionOffset = reader.offset
                guard let version = UInt32(exactly: try reader.readVarUInt()) else {
                    throw GCodableError.invalid("type version out of range", rule: .typesVersion, at: versionOffset)
                }
                let qualifiedName = try reader.readString(maximumLength: limits.maximumLength)
                let mangledOffset = reader.offset
                let mangledName = try reader.readString(maximumLength: limits.maximumLength)
                guard kind == .classType || mangledName.isEmpty else {
                    throw GCodableError.invalid(
                        "type table entry \(index) is a value type with a mangled name", rule: .typesValueMangledName, at: mangledOffset)
                }
                entry = .named(
                    NamedType(
                        kind: kind == .valueType ? .value : .class,
                        qualifiedName: qualifiedName, mangledName: mangledName, version: version))
            case .array, .set, .optional, .range, .closedRange:
                let elementOffset = reader.offset
                let (element, elementSize) = try component()
                if kind == .range || kind == .closedRange {
                    guard case .scalar(let bound) = element, bound.isRangeBound else {
                        throw GCodableError.invalid(
                            "type table entry \(index) is a range of \(element), which has no order", rule: .typesRangeBound,
                            at: elementOffset)
                    }
                }
                size += elementSize
                switch kind {
                case .array: entry = .native(.array(element))
                case .set: entry = .native(.set(element))
                case .optional: entry = .native(.optional(element))
                case .range: entry = .native(.range(element))
                default: entry = .native(.closedRange(element))
                }
            case .dictionary:
                let (key, keySize) = try component()
                let (value, valueSize) = try component()
                size += keySize + valueSize
                entry = .native(.dictionary(key, value))
            case .simd:
                let lanesOffset = reader.offset
                let lanes = try reader.readVarUInt()
                guard lanes <= 64, NativeDescriptor.simdLaneCounts.contains(Int(lanes)) else {
                    throw GCodableError.invalid("invalid SIMD lane count \(lanes)", rule: .typesSIMD, at: lanesOffset)
                }
                let scalarOffset = reader.offset
                let (scalar, _) = try component()
                guard case .scalar = scalar else {
                    throw GCodableError.invalid("the lanes of a SIMD layout must be scalars", rule: .typesSIMD, at: scalarOffset)
                }
                size += 1
                entry = .native(.simd(lanes: Int(lanes), scalar))
            }
            guard size <= maximumLayoutSize else {
                throw GCodableError.invalid(
                    "type table entry \(index) describes a layout of \(size) parts, the most is \(maximumLayoutSize)", rule: .typesParts,
                    at: entryOffset)
            }
            let key: EntryKey
            switch entry {
            case .named(let named): key = .named(named)
            case .native(let layout): key = .composite(kind, lanes: layout.lanes, first: parts[0], second: parts.count > 1 ? parts[1] : 0)
            case .structured: preconditionFailure("structured natives are predefined codes, never table entries")
            }
            guard table.references.updateValue(TypeReference.reference(forTableIndex: table.entries.count), forKey: key) == nil else {
                throw GCodableError.invalid("type table entry \(index) duplicates an earlier entry", rule: .typesDuplicate, at: entryOffset)
            }
            table.entries.append(entry)
            table.keys.append(key)
            sizes.append(size)
        }
        return table
    }
}

extension NativeDescriptor {
    /// The lanes of a SIMD layout; 0 for the others.
    var lanes: Int {
        if case .simd(let lanes, _) = self { return lanes }
        return 0
    }

    /// The layouts this one is made of, in table order.
    var components: [NativeDescriptor] {
        switch self {
        case .scalar: return []
        case .array(let element), .set(let element), .optional(let element), .range(let element),
            .closedRange(let element), .simd(_, let element):
            return [element]
        case .dictionary(let key, let value): return [key, value]
        }
    }
}
