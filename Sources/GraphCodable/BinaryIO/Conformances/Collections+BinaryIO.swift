// Optionals store a presence byte (0 or 1) before the value; collections store their
// element count before the elements, and dictionaries each key before its value. Sets and
// dictionaries are written in the canonical order when the buffer asks for it.

extension Optional: BinaryOType where Wrapped: BinaryOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        switch self {
        case .none:
            wbuffer.writeByte(0)
        case .some(let wrapped):
            wbuffer.writeByte(1)
            try wrapped.write(to: &wbuffer)
        }
    }
}

extension Optional: BinaryIType where Wrapped: BinaryIType {
    public init(from rbuffer: inout BinaryReadBuffer) throws {
        let offset = rbuffer.offset
        switch try rbuffer.readByte() {
        case 0: self = .none
        case 1: self = .some(try Wrapped(from: &rbuffer))
        case let byte: throw GCodableError.corrupted("invalid Optional presence byte \(byte)", rule: .optionalByte, at: offset)
        }
    }
}

extension Array: BinaryOType where Element: BinaryOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws { try wbuffer.writeElements(of: self) }
}

extension Array: BinaryIType where Element: BinaryIType {
    public init(from rbuffer: inout BinaryReadBuffer) throws { self = try rbuffer.readElements() }
}

extension ContiguousArray: BinaryOType where Element: BinaryOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws { try wbuffer.writeElements(of: self) }
}

extension ContiguousArray: BinaryIType where Element: BinaryIType {
    public init(from rbuffer: inout BinaryReadBuffer) throws { self.init(try rbuffer.readElements() as [Element]) }
}

extension Set: BinaryOType where Element: BinaryOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        try SelfUnequalKeys.checkWritable(Self.self, keys: self)
        try wbuffer.writeUnordered(self, roomFor: Element.self) { try $0.write(to: &$1) }
    }
}

extension Set: BinaryIType where Element: BinaryIType {
    public init(from rbuffer: inout BinaryReadBuffer) throws {
        let offset = rbuffer.offset
        let elements: [Element] = try rbuffer.readElements()
        var unequal = SelfUnequalKeys.Counter()
        guard elements.allSatisfy({ unequal.admits($0) }) else {
            throw GCodableError.corrupted(SelfUnequalKeys.problem, rule: .setSelfUnequal, at: offset)
        }
        self.init(elements)
        guard count == elements.count else { throw GCodableError.corrupted("duplicate Set element", rule: .setDuplicate, at: offset) }
    }
}

extension Dictionary: BinaryOType where Key: BinaryOType, Value: BinaryOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        try SelfUnequalKeys.checkWritable(Self.self, keys: keys)
        try wbuffer.writeUnordered(self, roomFor: (Key, Value).self) { entry, buffer in
            try entry.key.write(to: &buffer)
            try entry.value.write(to: &buffer)
        }
    }
}

extension Dictionary: BinaryIType where Key: BinaryIType, Value: BinaryIType {
    public init(from rbuffer: inout BinaryReadBuffer) throws {
        let offset = rbuffer.offset
        let count = try rbuffer.readCount()
        try rbuffer.reserve(count, of: (Key, Value).self)
        self.init(minimumCapacity: Swift.min(count, BinaryReadBuffer.reservationLimit))
        var unequal = SelfUnequalKeys.Counter()
        for _ in 0 ..< count {
            let key = try Key(from: &rbuffer)
            guard unequal.admits(key) else { throw GCodableError.corrupted(SelfUnequalKeys.problem, rule: .setSelfUnequal, at: offset) }
            guard updateValue(try Value(from: &rbuffer), forKey: key) == nil else {
                throw GCodableError.corrupted("duplicate Dictionary key", rule: .dictionaryDuplicate, at: offset)
            }
        }
    }
}

extension Range: BinaryOType where Bound: BinaryOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        try RangeBounds.check(lowerBound, upperBound, of: Self.self)
        try lowerBound.write(to: &wbuffer)
        try upperBound.write(to: &wbuffer)
    }
}

extension Range: BinaryIType where Bound: BinaryIType {
    public init(from rbuffer: inout BinaryReadBuffer) throws {
        let (lower, upper) = try RangeBounds.read(Bound.self, from: &rbuffer)
        self = lower ..< upper
    }
}

extension ClosedRange: BinaryOType where Bound: BinaryOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        try RangeBounds.check(lowerBound, upperBound, of: Self.self)
        try lowerBound.write(to: &wbuffer)
        try upperBound.write(to: &wbuffer)
    }
}

extension ClosedRange: BinaryIType where Bound: BinaryIType {
    public init(from rbuffer: inout BinaryReadBuffer) throws {
        let (lower, upper) = try RangeBounds.read(Bound.self, from: &rbuffer)
        self = lower ... upper
    }
}

/// Swift's rule for the bounds of a range, checked on both sides: the lower bound does not
/// exceed the upper one. A range that breaks it (NaN bounds, which only
/// `Range(uncheckedBounds:)` in an optimized build can make) throws when encoded, since
/// decoding could not build it; read from an archive, such bounds are corrupt data.
enum RangeBounds {
    static func check<Bound: Comparable>(_ lower: Bound, _ upper: Bound, of type: Any.Type) throws {
        guard lower <= upper else {
            throw GCodableError.cannotEncode(type, "the bounds \(lower) and \(upper) break a range's rule lowerBound <= upperBound")
        }
    }

    /// Reads two bounds, rejecting bounds that break the rule.
    static func read<Bound: BinaryIType & Comparable>(_: Bound.Type, from reader: inout BinaryReadBuffer) throws -> (Bound, Bound) {
        let offset = reader.offset
        let (lower, upper) = (try Bound(from: &reader), try Bound(from: &reader))
        guard lower <= upper else { throw GCodableError.corrupted("range lower bound exceeds upper bound", rule: .rangeOrder, at: offset) }
        return (lower, upper)
    }
}
