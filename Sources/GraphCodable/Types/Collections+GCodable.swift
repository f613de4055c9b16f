// Containers of any GCodable elements are `VAL`s with one unkeyed field per element
// (a dictionary: each key, then its value). Containers of packable elements are stored
// as one BinaryIO block instead.

extension GEncoder {
    /// Encodes each element unkeyed, in order.
    fileprivate func encodeElements<S: Sequence>(of elements: S) throws where S.Element: GEncodable {
        for element in elements { try encode(element) }
    }

    /// Encodes each element of contiguous storage unkeyed, in order, each read in place
    /// (no iterator, and no copy of the element).
    fileprivate func encodeElements<Element: GEncodable>(in elements: UnsafeBufferPointer<Element>) throws {
        for index in elements.indices { try encode(elements[index]) }
    }
}

extension GDecoder {
    /// Charges room for `count` elements of `Element` (and a collection's header) to the
    /// memory budget of the archive being decoded, before the room is reserved.
    func reserve<Element>(_ count: Int, of _: Element.Type) throws {
        // The session is found by its class, which is final, rather than cast to: the cast,
        // and the reference it retained, took some 2 % of decoding a graph.
        guard ObjectIdentifier(type(of: self)) == ObjectIdentifier(DecodingSession.self) else { return }
        let session = unsafeDowncast(self as AnyObject, to: DecodingSession.self)
        try session.budget.charge(count, of: MemoryLayout<Element>.stride)
        try session.budget.charge(32)
    }

    /// Decodes every remaining unkeyed value, in order. (Inlined, so that an array's own
    /// type is not looked up at run time for every array decoded.)
    @inline(__always)
    fileprivate func decodeElements<C: RangeReplaceableCollection>() throws -> C where C.Element: GDecodable {
        var elements = C()
        try reserve(unkeyedCount, of: C.Element.self)
        elements.reserveCapacity(unkeyedCount)
        while unkeyedCount > 0 { elements.append(try decode()) }
        return elements
    }
}

extension Array: GEncodable where Element: GEncodable {
    public func encode(to encoder: GEncoder) throws { try withUnsafeBufferPointer { try encoder.encodeElements(in: $0) } }
}

extension Array: GDecodable where Element: GDecodable {
    public init(from decoder: GDecoder) throws { self = try decoder.decodeElements() }
}

extension Array: GBinaryEncodable where Element: GPackEncodable {}
extension Array: GBinaryDecodable where Element: GPackDecodable {}
extension Array: NativeValueType { static var nativeTypeCode: NativeTypeCode { .array } }
extension Array: NativeBinaryType where Element: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .array(Element.nativeDescriptor) }
}

extension ContiguousArray: GEncodable where Element: GEncodable {
    public func encode(to encoder: GEncoder) throws { try withUnsafeBufferPointer { try encoder.encodeElements(in: $0) } }
}

extension ContiguousArray: GDecodable where Element: GDecodable {
    public init(from decoder: GDecoder) throws { self = try decoder.decodeElements() }
}

extension ContiguousArray: GBinaryEncodable where Element: GPackEncodable {}
extension ContiguousArray: GBinaryDecodable where Element: GPackDecodable {}
extension ContiguousArray: NativeValueType { static var nativeTypeCode: NativeTypeCode { .array } }
extension ContiguousArray: NativeBinaryType where Element: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .array(Element.nativeDescriptor) }
}

extension Set: GEncodable where Element: GEncodable {
    public func encode(to encoder: GEncoder) throws {
        try SelfUnequalKeys.checkWritable(Self.self, keys: self)
        try encoder.encodeElements(of: self)
    }
}

extension Set: GDecodable where Element: GDecodable {
    public init(from decoder: GDecoder) throws {
        try decoder.reserve(decoder.unkeyedCount, of: Element.self)
        self.init(minimumCapacity: decoder.unkeyedCount)
        var unequal = SelfUnequalKeys.Counter()
        while decoder.unkeyedCount > 0 {
            let element: Element = try decoder.decode()
            guard unequal.admits(element) else { throw GCodableError.corrupted(SelfUnequalKeys.problem, rule: .setSelfUnequal) }
            guard insert(element).inserted else {
                throw GCodableError.corrupted("duplicate Set element", rule: .setDuplicate)
            }
        }
    }
}

extension Set: GBinaryEncodable where Element: GPackEncodable {}
extension Set: GBinaryDecodable where Element: GPackDecodable {}
extension Set: NativeValueType { static var nativeTypeCode: NativeTypeCode { .set } }
extension Set: NativeBinaryType where Element: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .set(Element.nativeDescriptor) }
}

extension Dictionary: GEncodable where Key: GEncodable, Value: GEncodable {
    public func encode(to encoder: GEncoder) throws {
        try SelfUnequalKeys.checkWritable(Self.self, keys: keys)
        for (key, value) in self {
            try encoder.encode(key)
            try encoder.encode(value)
        }
    }
}

extension Dictionary: GDecodable where Key: GDecodable, Value: GDecodable {
    public init(from decoder: GDecoder) throws {
        try decoder.reserve(decoder.unkeyedCount / 2, of: (Key, Value).self)
        self.init(minimumCapacity: decoder.unkeyedCount / 2)
        var unequal = SelfUnequalKeys.Counter()
        while decoder.unkeyedCount > 0 {
            let key: Key = try decoder.decode()
            guard unequal.admits(key) else { throw GCodableError.corrupted(SelfUnequalKeys.problem, rule: .setSelfUnequal) }
            guard updateValue(try decoder.decode(), forKey: key) == nil else {
                throw GCodableError.corrupted("duplicate Dictionary key", rule: .dictionaryDuplicate)
            }
        }
    }
}

extension Dictionary: GBinaryEncodable where Key: GPackEncodable, Value: GPackEncodable {}
extension Dictionary: GBinaryDecodable where Key: GPackDecodable, Value: GPackDecodable {}
extension Dictionary: NativeValueType { static var nativeTypeCode: NativeTypeCode { .dictionary } }
extension Dictionary: NativeBinaryType where Key: NativeBinaryType, Value: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .dictionary(Key.nativeDescriptor, Value.nativeDescriptor) }
}

// Ranges of packable bounds are packable; other ranges store the two bounds unkeyed.

extension Range: GEncodable where Bound: GEncodable {
    public func encode(to encoder: GEncoder) throws {
        try RangeBounds.check(lowerBound, upperBound, of: Self.self)
        try encoder.encode(lowerBound)
        try encoder.encode(upperBound)
    }
}

extension Range: GDecodable where Bound: GDecodable {
    public init(from decoder: GDecoder) throws {
        let (lower, upper) = try decodeBounds(Bound.self, from: decoder)
        self = lower ..< upper
    }
}

extension Range: GBinaryEncodable, GPackable where Bound: GPackEncodable {}
extension Range: GBinaryDecodable where Bound: GPackDecodable {}
extension Range: NativeBinaryType where Bound: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .range(Bound.nativeDescriptor) }
}

extension ClosedRange: GEncodable where Bound: GEncodable {
    public func encode(to encoder: GEncoder) throws {
        try RangeBounds.check(lowerBound, upperBound, of: Self.self)
        try encoder.encode(lowerBound)
        try encoder.encode(upperBound)
    }
}

extension ClosedRange: GDecodable where Bound: GDecodable {
    public init(from decoder: GDecoder) throws {
        let (lower, upper) = try decodeBounds(Bound.self, from: decoder)
        self = lower ... upper
    }
}

extension ClosedRange: GBinaryEncodable, GPackable where Bound: GPackEncodable {}
extension ClosedRange: GBinaryDecodable where Bound: GPackDecodable {}
extension ClosedRange: NativeBinaryType where Bound: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .closedRange(Bound.nativeDescriptor) }
}

private func decodeBounds<Bound: GDecodable & Comparable>(_: Bound.Type, from decoder: GDecoder) throws -> (Bound, Bound) {
    let lower: Bound = try decoder.decode()
    let upper: Bound = try decoder.decode()
    guard lower <= upper else {
        throw GCodableError.dataCorrupted(.init(debugDescription: "range lower bound exceeds upper bound"))
    }
    return (lower, upper)
}
