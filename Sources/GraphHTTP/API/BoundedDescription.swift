/// A value described as Swift prints it, but bounded: at most ``maximumLength`` bytes and
/// ``maximumDepth`` levels, since decoded archives can be huge, deep or cyclic. Collections
/// and plain structures are walked; classes show their own description, or their name
/// (walking into objects could go round a cycle).
struct BoundedDescription {
    static let maximumLength = 64 * 1024
    static let maximumDepth = 64

    private var text = ""
    private var room = maximumLength

    /// The description, and whether it was cut.
    static func describe(_ value: Any) -> (String, Bool) {
        var description = BoundedDescription()
        let complete = description.append(value, depth: 0)
        return (description.text, !complete)
    }

    /// Appends `value`; false once the length limit is reached.
    private mutating func append(_ value: Any, depth: Int) -> Bool {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection?, .set?, .dictionary?, .optional?, .tuple?:
            break
        case .enum?:
            if mirror.children.isEmpty { return add(String(describing: value)) }
        case .class?:
            return add(value is CustomStringConvertible ? String(describing: value) : "\(mirror.subjectType)")
        default:
            if mirror.children.isEmpty || value is CustomStringConvertible { return add(String(describing: value)) }
        }
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first else { return add("nil") }
            return append(wrapped.value, depth: depth)
        }
        guard depth < Self.maximumDepth else { return add("…") }
        let (open, close) =
            mirror.displayStyle == .collection || mirror.displayStyle == .set || mirror.displayStyle == .dictionary
            ? ("[", "]") : ("(", ")")
        let prefix = mirror.displayStyle == .enum || mirror.displayStyle == .tuple ? "" : "\(mirror.subjectType)"
        guard add(prefix + open) else { return false }
        for (index, child) in mirror.children.enumerated() {
            if index > 0 { guard add(", ") else { return false } }
            if let label = child.label { guard add(label + ": ") else { return false } }
            guard append(child.value, depth: depth + 1) else { return false }
        }
        return add(close)
    }

    /// Appends `piece`, cut where the room ends; false once it has.
    private mutating func add(_ piece: String) -> Bool {
        let length = piece.utf8.count
        guard length <= room else {
            text += String(decoding: piece.utf8.prefix(room), as: UTF8.self)
            room = 0
            return false
        }
        text += piece
        room -= length
        return true
    }
}
