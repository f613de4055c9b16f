/// The kinds of body nodes, as the dump shows them.
enum NodeKind: UInt8, CaseIterable {
    /// Closes the fields of a `VAL` or `REF` (the dump's `.`).
    case end = 0
    /// A value type encoded field by field.
    case val = 1
    /// A reference type encoded field by field.
    case ref = 2
    /// A value type stored as one BinaryIO unit.
    case biv = 3
    /// A reference type stored as one BinaryIO unit.
    case bir = 4
    /// `nil`.
    case `nil` = 5
    /// A strong pointer to a node with identity encoded elsewhere.
    case pts = 6
    /// A conditional pointer to a node with identity encoded elsewhere.
    case ptc = 7

    /// The three-letter code of the dump.
    var code: String {
        switch self {
        case .end: return "END"
        case .val: return "VAL"
        case .ref: return "REF"
        case .biv: return "BIV"
        case .bir: return "BIR"
        case .nil: return "NIL"
        case .pts: return "PTS"
        case .ptc: return "PTC"
        }
    }

    /// Whether the node is followed by fields and an `END`.
    var hasFields: Bool { self == .val || self == .ref }
    /// Whether the node is followed by a BinaryIO payload.
    var hasPayload: Bool { self == .biv || self == .bir }
}

/// The first byte of every node: its kind in the low four bits, then which optional
/// fields follow (a key id, a type reference, an object id, in that order).
struct NodeTag {
    static let kindMask: UInt8 = 0x0F
    static let keyed: UInt8 = 0x10
    static let typed: UInt8 = 0x20
    static let identified: UInt8 = 0x40
    static let reserved: UInt8 = 0x80
}
