// Arrays, sets, dictionaries and optionals of Codable values (which are not `GCodable`,
// since their elements are not) are written by the bridge as the native ones are, rather
// than through their own `Codable` conformances: an array is a `VAL` of the array code with
// a field per element, a dictionary one with each key then its value, an optional `nil` or
// its value in place. Their archives read as those of the native types do, in any tool.
// Every optional a Codable container codes is written in place, as Codable coders write it.

/// An optional of Codable values, written in its own place.
protocol EncodableOptional {
    func encodeInPlace(_ session: EncodingSession, keyID: UInt32, conditional: Bool) throws
}

extension Optional: EncodableOptional where Wrapped: Encodable {
    func encodeInPlace(_ session: EncodingSession, keyID: UInt32, conditional: Bool) throws {
        guard case .some(let wrapped) = self else { return session.encodeNil(keyID: keyID) }
        guard Wrapped.self is any EncodableOptional.Type else {
            return try session.encodeCodable(wrapped, keyID: keyID, conditional: conditional)
        }
        try session.writeOptionalBox(of: Self.self, keyID: keyID) {
            try session.encodeCodable(wrapped, keyID: 0, conditional: conditional)
        }
    }
}

/// An optional of Codable values, read in its own place.
protocol DecodableOptional {
    static func decodeInPlace(_ session: DecodingSession, _ index: Int) throws -> Self
}

extension Optional: DecodableOptional where Wrapped: Decodable {
    static func decodeInPlace(_ session: DecodingSession, _ index: Int) throws -> Self {
        guard !session.holdsNil(index) else { return nil }
        guard Wrapped.self is any DecodableOptional.Type else { return .some(try session.decodeCodable(index)) }
        return .some(try session.decodeCodable(try session.wrappedField(ofBox: index, as: Self.self)))
    }
}

/// An array, set or dictionary of Codable values, written as the native one is.
protocol EncodableCollection: NativeValueType {
    /// Writes the elements as the fields of the frame `frame`.
    func encodeElements(_ session: EncodingSession, frame: Int) throws
}

/// An array, set or dictionary of Codable values, read as the native one is.
protocol DecodableCollection: NativeValueType {
    /// Reads the collection from the fields of the `VAL` at `index`, which holds `count`.
    static func decodeElements(_ session: DecodingSession, _ index: Int, count: Int) throws -> Self
}

extension EncodingSession {
    /// Writes each element as the next unkeyed field of `frame`.
    fileprivate func encodeElements<C: Collection>(of elements: C, frame: Int) throws where C.Element: Encodable {
        countReading(ReservedRoom.collection(elements.count, of: C.Element.self))
        for element in elements { try encodeElement(element, frame: frame) }
    }

    fileprivate func encodeElement<T: Encodable>(_ element: T, frame: Int) throws {
        try writeField(element, unkeyedIn: frame) { try encodeCodable(element, keyID: 0) }
    }
}

extension Array: EncodableCollection where Element: Encodable {
    func encodeElements(_ session: EncodingSession, frame: Int) throws { try session.encodeElements(of: self, frame: frame) }
}

extension ContiguousArray: EncodableCollection where Element: Encodable {
    func encodeElements(_ session: EncodingSession, frame: Int) throws { try session.encodeElements(of: self, frame: frame) }
}

extension Set: EncodableCollection where Element: Encodable {
    func encodeElements(_ session: EncodingSession, frame: Int) throws {
        try SelfUnequalKeys.checkWritable(Self.self, keys: self)
        guard session.writesCanonicalOrder else { return try session.encodeElements(of: self, frame: frame) }
        try session.encodeInCanonicalOrder(
            members: self, field: { try session.encodeElement($0, frame: frame) }, alone: { try $0.encodeCodable($1, keyID: 0) })
    }
}

extension Dictionary: EncodableCollection where Key: Encodable, Value: Encodable {
    func encodeElements(_ session: EncodingSession, frame: Int) throws {
        try SelfUnequalKeys.checkWritable(Self.self, keys: keys)
        guard session.writesCanonicalOrder else {
            session.countReading(ReservedRoom.collection(count, of: (Key, Value).self))
            for (key, value) in self {
                try session.encodeElement(key, frame: frame)
                try session.encodeElement(value, frame: frame)
            }
            return
        }
        try session.encodeInCanonicalOrder(
            entries: self, key: { try session.encodeElement($0, frame: frame) }, value: { try session.encodeElement($0, frame: frame) },
            keyAlone: { try $0.encodeCodable($1, keyID: 0) }, valueAlone: { try $0.encodeCodable($1, keyID: 0) })
    }
}

extension Array: DecodableCollection where Element: Decodable {
    static func decodeElements(_ session: DecodingSession, _ index: Int, count: Int) throws -> Self {
        try session.budget.charge(ReservedRoom.collection(count, of: Element.self))
        var elements = Self()
        elements.reserveCapacity(count)
        try session.forEachUnkeyedField(of: index) { elements.append(try session.decodeCodable($0)) }
        return elements
    }
}

extension ContiguousArray: DecodableCollection where Element: Decodable {
    static func decodeElements(_ session: DecodingSession, _ index: Int, count: Int) throws -> Self {
        ContiguousArray(try [Element].decodeElements(session, index, count: count))
    }
}

extension Set: DecodableCollection where Element: Decodable {
    static func decodeElements(_ session: DecodingSession, _ index: Int, count: Int) throws -> Self {
        try session.budget.charge(ReservedRoom.collection(count, of: Element.self))
        var members = Self(minimumCapacity: count)
        var unequal = SelfUnequalKeys.Counter()
        try session.forEachUnkeyedField(of: index) { try unequal.insert(try session.decodeCodable($0) as Element, into: &members) }
        return members
    }
}

extension Dictionary: DecodableCollection where Key: Decodable, Value: Decodable {
    static func decodeElements(_ session: DecodingSession, _ index: Int, count: Int) throws -> Self {
        try session.budget.charge(ReservedRoom.collection(count / 2, of: (Key, Value).self))
        var entries = Self(minimumCapacity: count / 2)
        var unequal = SelfUnequalKeys.Counter()
        var pendingKey: Key?
        try session.forEachUnkeyedField(of: index) { field in
            guard let key = pendingKey else {
                let key: Key = try session.decodeCodable(field)
                try unequal.admit(key)
                pendingKey = key
                return
            }
            pendingKey = nil
            try SelfUnequalKeys.add(try session.decodeCodable(field) as Value, for: key, to: &entries)
        }
        guard pendingKey == nil else {
            throw GCodableError.valueNotFound(Value.self, .init(debugDescription: "the last key of the dictionary has no value"))
        }
        return entries
    }
}
