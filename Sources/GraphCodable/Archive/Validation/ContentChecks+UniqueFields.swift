/// The check that the elements of a set stored node by node, or the keys of such a
/// dictionary, are unique as typed decoding finds them: compared among the fields that are
/// nil or native payloads (a field of another kind is not compared, and a payload that does
/// not read, or breaks a rule inside it, is its own node's problem). The full validation
/// runs it on the nodes it keeps, validation in one pass on the fields it keeps of a
/// collection while it is open.
extension ContentChecks {
    /// Checks that `fields`, the compared fields of the `VAL` at `offset` whose check is
    /// `check`, are unique; a problem is the `VAL`'s. `archive` holds the archive's bytes,
    /// which `reader` reads too; `payloads` is room to work in, kept from call to call.
    /// Returns the memory charged to the reader's budget at its most, given back by then.
    @discardableResult
    func checkUnique(
        _ fields: ArraySlice<ArchiveNode>, of check: Check, at offset: Int,
        in archive: UnsafeBufferPointer<UInt8>, reader: inout BinaryReadBuffer, payloads: inout [Range<Int>]
    ) throws -> Int {
        guard !differByBytes(fields, in: archive, payloads: &payloads) else { return 0 }
        let (message, rule): (String, FormatRule) =
            if case .uniqueKeys = check {
                ("duplicate Dictionary key", .dictionaryDuplicate)
            } else {
                ("duplicate Set element", .setDuplicate)
            }
        var identities = NativeIdentities()
        // Fields of different types are never equal (`Int` 1 and `Double` 1.0, `Int` 1 and
        // `Int128` 1): no Swift set holds both. So a field is known by its type and number.
        var seen: Set<SIMD2<Int>> = []
        var unequal = 0
        let budget = reader.budget
        var charged = 0
        defer { budget?.refund(charged) }
        for node in fields {
            let (identity, selfUnequal): (Int, Bool)
            switch (node.kind, types.resolve(node.typeReference)) {
            case (.nil, _):
                try budget?.charge(NativeContentCheck.identityCost, at: node.offset)
                charged += NativeContentCheck.identityCost
                (identity, selfUnequal) = (identities.container(.optional(.scalar(.bool)), []), false)
            case (.biv, .native(let layout)?):
                reader.reposition(to: node.binaryPayload)
                do {
                    // Walked rather than read whole: every value inside is charged as it is
                    // numbered, and none is built.
                    (identity, selfUnequal) = try NativeContentCheck.number(layout, &reader, identities: &identities, charged: &charged)
                } catch GCodableError.dataCorrupted {
                    // The element's own problem, which the check of its node reports.
                    continue
                }
            default:
                continue
            }
            if selfUnequal {
                unequal += 1
                guard unequal <= SelfUnequalKeys.maximum else {
                    throw GCodableError.corrupted(SelfUnequalKeys.problem, rule: .setSelfUnequal, at: offset)
                }
            }
            guard seen.insert(SIMD2(Int(node.typeReference), identity)).inserted else {
                throw GCodableError.corrupted(message, rule: rule, at: offset)
            }
        }
        return charged
    }

    /// Whether the bytes alone show `fields` all different: when they are `BIV` payloads of
    /// one type whose ``BytesEquality`` lets them, no two with the same bytes. False when
    /// the bytes cannot decide it.
    private func differByBytes(_ fields: ArraySlice<ArchiveNode>, in archive: UnsafeBufferPointer<UInt8>, payloads: inout [Range<Int>])
        -> Bool
    {
        guard let first = fields.first else { return true }
        for node in fields where node.kind != .biv || node.typeReference != first.typeReference {
            return false
        }
        switch bytesEquality[Int(first.typeReference)] {
        case .always:
            break
        case .whenASCII:
            for node in fields where !NativeTypeCode.text(ofStringPayload: archive[node.binaryPayload]).isASCII {
                return false
            }
        case .never:
            return false
        }
        func equal(_ one: Range<Int>, _ other: Range<Int>) -> Bool {
            one.count == other.count && archive[one].elementsEqual(archive[other])
        }
        // A few fields are compared each with each (quicker than sorting them, for the
        // dictionaries of a few keys that are the most common); more are sorted by their
        // bytes, and neighbours compared.
        guard fields.count > 8 else {
            return fields.indices.allSatisfy { index in
                fields[(index + 1)...].allSatisfy { !equal($0.binaryPayload, fields[index].binaryPayload) }
            }
        }
        payloads.removeAll(keepingCapacity: true)
        payloads.append(contentsOf: fields.lazy.map(\.binaryPayload))
        payloads.sort { archive[$0].lexicographicallyPrecedes(archive[$1]) }
        return zip(payloads, payloads.dropFirst()).allSatisfy { !equal($0, $1) }
    }
}

extension ContentChecks {
    /// Whether two payloads of a type hold equal values exactly when their bytes are equal:
    /// always for integers (varints have one form, overlong ones are refused), `Bool`, UUIDs
    /// and data; for strings and characters, only when both are ASCII (canonical
    /// equivalence makes some ASCII characters equal to characters that are not: `K` to the
    /// Kelvin sign); never for the rest, as far as the bytes go.
    enum BytesEquality {
        case never, always, whenASCII

        init(_ type: ResolvedType?) {
            guard case .native(.scalar(let code))? = type else {
                self = .never
                return
            }
            switch code {
            case .bool, .int8, .int16, .int32, .int64, .int, .uint8, .uint16, .uint32, .uint64, .uint, .int128, .uint128, .uuid, .data:
                self = .always
            case .string, .character:
                self = .whenASCII
            default:
                self = .never
            }
        }
    }
}

extension ContentChecks.Check {
    /// Which unkeyed fields of a `VAL` of this check are compared: every one of a set stored
    /// node by node, every other one of such a dictionary (its keys, from the first on); nil
    /// when none is.
    var comparedFieldStride: Int? {
        switch self {
        case .uniqueElements: 1
        case .uniqueKeys: 2
        case .none, .text, .inPlace, .compared, .foundationValue: nil
        }
    }
}

/// The unkeyed fields `0, every, 2 × every…` of a `VAL`, in order: the elements of a set
/// stored node by node (`every` 1), or the keys of such a dictionary (`every` 2).
struct ComparedFields: Sequence, IteratorProtocol {
    private let nodes: NodeList
    private let step: Int
    private let end: Int
    private var field: Int
    private var position = 0

    fileprivate init(nodes: NodeList, of index: Int, every step: Int) {
        self.nodes = nodes
        self.step = step
        end = nodes[index].next
        field = index + 1
    }

    mutating func next() -> ArchiveNode? {
        while field < end {
            let node = nodes[field]
            field = node.next
            guard node.keyID == 0 else { continue }
            let unkeyed = position
            position += 1
            if unkeyed.isMultiple(of: step) { return node }
        }
        return nil
    }
}

extension ParsedArchive {
    /// The unkeyed fields `0, every, 2 × every…` of the `VAL` at `index`.
    func comparedFields(of index: Int, every step: Int) -> ComparedFields {
        ComparedFields(nodes: nodes, of: index, every: step)
    }
}
