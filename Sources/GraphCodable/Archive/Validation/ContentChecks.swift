/// How the contents of the nodes of each type reference are checked beyond what parsing
/// checks (lengths only): what typed decoding would refuse in them (bad UTF-8, an
/// out-of-range integer, a Bool that is neither 0 nor 1, two equal dictionary keys or set
/// elements, range bounds out of order…).
struct ContentChecks {
    /// The check of one type reference: trivial to copy, since a walk reads one at every
    /// node (a layout is kept in a list beside the checks, by index).
    enum Check {
        /// Nothing: parsing checked the lengths, and every value of the right length is valid.
        case none
        /// A string's UTF-8.
        case text
        /// Each scalar of a payload that compares nothing, in place.
        case inPlace(layout: Int)
        /// A payload with keys, set elements or range bounds to compare.
        case compared(layout: Int)
        /// The elements of a set stored node by node, and the keys of such a dictionary
        /// (``checkUnique(_:of:at:in:reader:payloads:)``).
        case uniqueElements, uniqueKeys
        /// A Foundation value stored as a structured native, read with its Foundation type
        /// (``ParsedArchive/checkFoundationValues(problems:)``).
        case foundationValue
    }

    private let checks: [Check]
    private let layouts: [NativeDescriptor]
    /// The types the references point to, whose natives the uniqueness checks read, and
    /// whether the bytes of each one's payloads show two values equal.
    let types: TypeTable
    let bytesEquality: [BytesEquality]

    /// The checks of every reference to `types`, for payloads laid out as `internalVersion` says.
    init(types: TypeTable, internalVersion: UInt16) {
        let references = 0 ..< TypeReference.firstTableReference + UInt32(types.count)
        let comparesNothing = types.nativeLayoutAnswers(otherwise: false) { $0.comparesNothing(part: $1) }
        var layouts: [NativeDescriptor] = []
        checks = references.map { reference -> Check in
            switch types.resolve(reference) {
            case .native(.scalar(.string))?: return .text
            case .native(let layout)? where layout.acceptsEveryBitPattern(internalVersion: internalVersion): return .none
            case .native(let layout)?:
                layouts.append(layout)
                return comparesNothing[Int(reference)] ? .inPlace(layout: layouts.count - 1) : .compared(layout: layouts.count - 1)
            case .structured(.set)?: return .uniqueElements
            case .structured(.dictionary)?: return .uniqueKeys
            case .structured? where ParsedArchive.foundationValueReferences.contains(reference): return .foundationValue
            default: return .none
            }
        }
        self.layouts = layouts
        self.types = types
        bytesEquality = references.map { BytesEquality(types.resolve($0)) }
    }

    /// The check of the nodes of `reference`, which the parse found in the type table.
    @inline(__always)
    subscript(reference: UInt32) -> Check { checks[Int(reference)] }

    /// Checks the payload of `node`, a `BIV` whose type's check is `check`; `archive` holds
    /// the archive's bytes, which `reader` reads too. Returns the memory the check charged
    /// to the reader's budget at its most, given back by then.
    @discardableResult @inline(__always)
    func checkPayload(_ check: Check, of node: ArchiveNode, in archive: UnsafeBufferPointer<UInt8>, reader: inout BinaryReadBuffer) throws
        -> Int
    {
        switch check {
        case .text:
            guard NativeTypeCode.isUTF8(stringPayload: archive[node.binaryPayload]) else {
                throw GCodableError.corrupted("invalid UTF-8 in a string", rule: .stringUTF8, at: node.binaryPayload.lowerBound)
            }
        case .inPlace(let layout):
            reader.reposition(to: node.binaryPayload)
            try layouts[layout].checkInPlace(&reader)
        case .compared(let layout):
            reader.reposition(to: node.binaryPayload)
            return try NativeContentCheck.check(layouts[layout], &reader)
        case .none, .uniqueElements, .uniqueKeys, .foundationValue:
            break
        }
        return 0
    }
}
