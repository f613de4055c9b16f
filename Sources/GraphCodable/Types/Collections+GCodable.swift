// Containers of any GCodable elements are `VAL`s with one unkeyed field per element
// (a dictionary: each key, then its value). Containers of packable elements are stored
// as one BinaryIO block instead. Deterministic encoding writes sets and dictionaries in
// the canonical order (CanonicalEncoding.swift).

extension GEncoder {
    /// The session encoding an archive, when this encoder is one (found as
    /// ``GDecoder/session`` is).
    var session: EncodingSession? {
        guard ObjectIdentifier(type(of: self)) == ObjectIdentifier(EncodingSession.self) else { return nil }
        return unsafeDowncast(self as AnyObject, to: EncodingSession.self)
    }

    /// Counts the room a reader reserves for `count` elements of `Element` (and a
    /// collection's header) in what reading the archive costs (``GDecoder/reserve(_:of:)``).
    fileprivate func countRoom<Element>(_ count: Int, of _: Element.Type) {
        session?.countReading(ReservedRoom.collection(count, of: Element.self))
    }

    /// Encodes each element unkeyed, in order.
    fileprivate func encodeElements<C: Collection>(of elements: C) throws where C.Element: GEncodable {
        countRoom(elements.count, of: C.Element.self)
        for element in elements { try encode(element) }
    }

    /// Encodes each element of contiguous storage unkeyed, in order, each read in place
    /// (no iterator, and no copy of the element).
    fileprivate func encodeElements<Element: GEncodable>(in elements: UnsafeBufferPointer<Element>) throws {
        countRoom(elements.count, of: Element.self)
        for index in elements.indices { try encode(elements[index]) }
    }

    /// Encodes each key and then its value, unkeyed.
    fileprivate func encodeEntries<Key: GEncodable, Value: GEncodable>(of entries: [Key: Value]) throws {
        countRoom(entries.count, of: (Key, Value).self)
        for (key, value) in entries {
            try encode(key)
            try encode(value)
        }
    }
}

extension GDecoder {
    /// The session decoding an archive, when this decoder is one. (Found by its class, which
    /// is final, rather than cast to, so that no dynamic cast runs and no reference is
    /// retained.)
    var session: DecodingSession? {
        guard ObjectIdentifier(type(of: self)) == ObjectIdentifier(DecodingSession.self) else { return nil }
        return unsafeDowncast(self as AnyObject, to: DecodingSession.self)
    }

    /// Charges room for `count` elements of `Element` (and a collection's header) to the
    /// memory budget of the archive being decoded, before the room is reserved.
    func reserve<Element>(_ count: Int, of _: Element.Type) throws {
        try session?.budget.charge(ReservedRoom.collection(count, of: Element.self))
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

    /// Decodes every remaining unkeyed value as a member of a set.
    fileprivate func decodeMembers<Element: GDecodable>() throws -> Set<Element> {
        try reserve(unkeyedCount, of: Element.self)
        var members = Set<Element>(minimumCapacity: unkeyedCount)
        var unequal = SelfUnequalKeys.Counter()
        while unkeyedCount > 0 { try unequal.insert(try decode() as Element, into: &members) }
        return members
    }

    /// Decodes every remaining pair of unkeyed values as a key and its value.
    fileprivate func decodeEntries<Key: GDecodable, Value: GDecodable>() throws -> [Key: Value] {
        try reserve(unkeyedCount / 2, of: (Key, Value).self)
        var entries = [Key: Value](minimumCapacity: unkeyedCount / 2)
        var unequal = SelfUnequalKeys.Counter()
        while unkeyedCount > 0 {
            let key: Key = try decode()
            try unequal.admit(key)
            try SelfUnequalKeys.add(try decode() as Value, for: key, to: &entries)
        }
        return entries
    }
}

// Collections of the scalars with a fast path (``ScalarFastPath``) encoding or decoding an
// archive call the helpers above on the session with their concrete types, which
// specializes the loop: no call through `GEncoder` or `GDecoder`, no generic copy (with
// its retain and release of each string), decode or insertion per element, which would
// otherwise outweigh the elements' own coding.

extension EncodingSession {
    /// Encodes `elements`, whose `Element` is `scalar`'s type.
    fileprivate func encodeScalars<Element>(_ scalar: ScalarFastPath.Scalar, in elements: UnsafeBufferPointer<Element>) throws {
        let raw = UnsafeRawBufferPointer(elements)
        switch scalar {
        case .int: try encodeElements(in: raw.assumingMemoryBound(to: Int.self))
        case .string: try encodeElements(in: raw.assumingMemoryBound(to: String.self))
        case .double: try encodeElements(in: raw.assumingMemoryBound(to: Double.self))
        case .float: try encodeElements(in: raw.assumingMemoryBound(to: Float.self))
        }
    }

    /// Encodes `members`, whose `Element` is `scalar`'s type. (Sets of floating-point
    /// numbers, rare, take the general loop.)
    fileprivate func encodeScalarMembers<Element: GEncodable>(_ scalar: ScalarFastPath.Scalar, of members: Set<Element>) throws {
        switch scalar {
        case .int: try encodeElements(of: unsafeBitCast(members, to: Set<Int>.self))
        case .string: try encodeElements(of: unsafeBitCast(members, to: Set<String>.self))
        case .double, .float: try encodeElements(of: members)
        }
    }

    /// Encodes `entries`, whose `Key` is `key`'s type and `Value` is `value`'s. (Keys of
    /// floating-point numbers, rare, take the general loop.)
    fileprivate func encodeScalarEntries<Key: GEncodable, Value: GEncodable>(
        _ key: ScalarFastPath.Scalar, _ value: ScalarFastPath.Scalar, of entries: [Key: Value]
    ) throws {
        switch (key, value) {
        case (.string, .int): try encodeEntries(of: unsafeBitCast(entries, to: [String: Int].self))
        case (.string, .string): try encodeEntries(of: unsafeBitCast(entries, to: [String: String].self))
        case (.string, .double): try encodeEntries(of: unsafeBitCast(entries, to: [String: Double].self))
        case (.string, .float): try encodeEntries(of: unsafeBitCast(entries, to: [String: Float].self))
        case (.int, .int): try encodeEntries(of: unsafeBitCast(entries, to: [Int: Int].self))
        case (.int, .string): try encodeEntries(of: unsafeBitCast(entries, to: [Int: String].self))
        case (.int, .double): try encodeEntries(of: unsafeBitCast(entries, to: [Int: Double].self))
        case (.int, .float): try encodeEntries(of: unsafeBitCast(entries, to: [Int: Float].self))
        case (.double, _), (.float, _): try encodeEntries(of: entries)
        }
    }
}

extension DecodingSession {
    /// The remaining unkeyed values, as `[Element]`: `Element` is `scalar`'s type.
    fileprivate func decodeScalars<Element>(_ scalar: ScalarFastPath.Scalar, as _: [Element].Type) throws -> [Element] {
        switch scalar {
        case .int: return unsafeBitCast(try decodeElements() as [Int], to: [Element].self)
        case .string: return unsafeBitCast(try decodeElements() as [String], to: [Element].self)
        case .double: return unsafeBitCast(try decodeElements() as [Double], to: [Element].self)
        case .float: return unsafeBitCast(try decodeElements() as [Float], to: [Element].self)
        }
    }

    /// The remaining unkeyed values, as `Set<Element>`: `Element` is `scalar`'s type.
    /// (Sets of floating-point numbers, rare, take the general loop.)
    fileprivate func decodeScalarMembers<Element: GDecodable>(_ scalar: ScalarFastPath.Scalar, as _: Set<Element>.Type) throws -> Set<
        Element
    > {
        switch scalar {
        case .int: return unsafeBitCast(try decodeMembers() as Set<Int>, to: Set<Element>.self)
        case .string: return unsafeBitCast(try decodeMembers() as Set<String>, to: Set<Element>.self)
        case .double, .float: return try decodeMembers()
        }
    }

    /// The remaining pairs of unkeyed values, as `[Key: Value]`: `Key` is `key`'s type
    /// and `Value` is `value`'s. (Keys of floating-point numbers, rare, take the general loop.)
    fileprivate func decodeScalarEntries<Key: GDecodable, Value: GDecodable>(
        _ key: ScalarFastPath.Scalar, _ value: ScalarFastPath.Scalar, as _: [Key: Value].Type
    ) throws -> [Key: Value] {
        switch (key, value) {
        case (.string, .int): return unsafeBitCast(try decodeEntries() as [String: Int], to: [Key: Value].self)
        case (.string, .string): return unsafeBitCast(try decodeEntries() as [String: String], to: [Key: Value].self)
        case (.string, .double): return unsafeBitCast(try decodeEntries() as [String: Double], to: [Key: Value].self)
        case (.string, .float): return unsafeBitCast(try decodeEntries() as [String: Float], to: [Key: Value].self)
        case (.int, .int): return unsafeBitCast(try decodeEntries() as [Int: Int], to: [Key: Value].self)
        case (.int, .string): return unsafeBitCast(try decodeEntries() as [Int: String], to: [Key: Value].self)
        case (.int, .double): return unsafeBitCast(try decodeEntries() as [Int: Double], to: [Key: Value].self)
        case (.int, .float): return unsafeBitCast(try decodeEntries() as [Int: Float], to: [Key: Value].self)
        case (.double, _), (.float, _): return try decodeEntries()
        }
    }
}

extension Array: GEncodable where Element: GEncodable {
    public func encode(to encoder: GEncoder) throws {
        if let session = encoder.session, let scalar = ScalarFastPath.scalar(Element.self) {
            try withUnsafeBufferPointer { try session.encodeScalars(scalar, in: $0) }
        } else {
            try withUnsafeBufferPointer { try encoder.encodeElements(in: $0) }
        }
    }
}

extension Array: GDecodable where Element: GDecodable {
    public init(from decoder: GDecoder) throws {
        if let session = decoder.session, let scalar = ScalarFastPath.scalar(Element.self) {
            self = try session.decodeScalars(scalar, as: Self.self)
        } else {
            self = try decoder.decodeElements()
        }
    }
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
        if let session = encoder.session, session.writesCanonicalOrder {
            try session.encodeInCanonicalOrder(members: self)
        } else if let session = encoder.session, let scalar = ScalarFastPath.scalar(Element.self) {
            try session.encodeScalarMembers(scalar, of: self)
        } else {
            try encoder.encodeElements(of: self)
        }
    }
}

extension Set: GDecodable where Element: GDecodable {
    public init(from decoder: GDecoder) throws {
        if let session = decoder.session, let scalar = ScalarFastPath.scalar(Element.self) {
            self = try session.decodeScalarMembers(scalar, as: Self.self)
        } else {
            self = try decoder.decodeMembers()
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
        if let session = encoder.session, session.writesCanonicalOrder {
            try session.encodeInCanonicalOrder(entries: self)
        } else if let session = encoder.session, let key = ScalarFastPath.scalar(Key.self), let value = ScalarFastPath.scalar(Value.self) {
            try session.encodeScalarEntries(key, value, of: self)
        } else {
            try encoder.encodeEntries(of: self)
        }
    }
}

extension Dictionary: GDecodable where Key: GDecodable, Value: GDecodable {
    public init(from decoder: GDecoder) throws {
        if let session = decoder.session, let key = ScalarFastPath.scalar(Key.self), let value = ScalarFastPath.scalar(Value.self) {
            self = try session.decodeScalarEntries(key, value, as: Self.self)
        } else {
            self = try decoder.decodeEntries()
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
