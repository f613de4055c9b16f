import Foundation

extension Data: BinaryIOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        wbuffer.writeLength(count)
        wbuffer.writeBytes(self)
    }

    public init(from rbuffer: inout BinaryReadBuffer) throws {
        let count = try rbuffer.readCount()
        self = try rbuffer.withBytes(count: count) { Data($0) }
    }
}

extension Date: BinaryIOType {
    // Seconds since 2001-01-01 00:00:00 UTC, as a Double.
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        try timeIntervalSinceReferenceDate.write(to: &wbuffer)
    }

    public init(from rbuffer: inout BinaryReadBuffer) throws {
        self.init(timeIntervalSinceReferenceDate: try Double(from: &rbuffer))
    }
}

extension UUID: BinaryIOType {
    // The 16 bytes of the UUID, in order.
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        withUnsafeBytes(of: uuid) { wbuffer.writeBytes($0) }
    }

    public init(from rbuffer: inout BinaryReadBuffer) throws {
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        try rbuffer.withBytes(count: 16) { source in
            withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: source) }
        }
        self.init(uuid: uuid)
    }
}

extension URL: BinaryIOType {
    // The relative string, then the absolute string of the base URL, if any. They are read
    // back as URL bytes, not parsed as URL strings: Foundation makes URLs (from bytes, or
    // relative to a base) whose strings `URL(string:)` refuses, such as "1a:b".
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        wbuffer.writeString(relativeString)
        let base: String? = baseURL?.absoluteString
        try base.write(to: &wbuffer)
    }

    public init(from rbuffer: inout BinaryReadBuffer) throws {
        let offset = rbuffer.offset
        let (relative, base) = try Self.archivedStrings(from: &rbuffer)
        let baseURL = try base.map { text in
            guard let url = URL(dataRepresentation: Data(text.utf8), relativeTo: nil, isAbsolute: true) else {
                throw GCodableError.corrupted("invalid base URL \"\(text)\"", at: offset)
            }
            return url
        }
        guard let url = URL(dataRepresentation: Data(relative.utf8), relativeTo: baseURL) else {
            throw GCodableError.corrupted("invalid URL \"\(relative)\"", at: offset)
        }
        self = url
    }

    /// Reads a URL's strings, neither of which may be empty (Foundation makes no URL of
    /// empty bytes).
    static func archivedStrings(from rbuffer: inout BinaryReadBuffer) throws -> (relative: String, base: String?) {
        let offset = rbuffer.offset
        let relative = try rbuffer.readString()
        let baseOffset = rbuffer.offset
        let base = try String?(from: &rbuffer)
        guard !relative.isEmpty else { throw GCodableError.corrupted("invalid URL \"\"", rule: .urlEmpty, at: offset) }
        guard base?.isEmpty != true else { throw GCodableError.corrupted("invalid base URL \"\"", rule: .urlEmpty, at: baseOffset) }
        return (relative, base)
    }
}

extension PersonNameComponents: BinaryIOType {
    // Its six components as optional strings, then whether it has a phonetic representation
    // and, if so, that representation's six components. A phonetic representation may not
    // have one of its own. (Archives store the type keyed; this is for BinaryIO types that
    // hold a name.)
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        try writeComponents(to: &wbuffer)
        try (phoneticRepresentation != nil).write(to: &wbuffer)
        guard let phonetic = phoneticRepresentation else { return }
        guard phonetic.phoneticRepresentation == nil else {
            throw GCodableError.cannotEncode(Self.self, "a phonetic representation has a phonetic representation of its own")
        }
        try phonetic.writeComponents(to: &wbuffer)
    }

    public init(from rbuffer: inout BinaryReadBuffer) throws {
        try self.init(components: &rbuffer)
        if try Bool(from: &rbuffer) { phoneticRepresentation = try PersonNameComponents(components: &rbuffer) }
    }

    private func writeComponents(to wbuffer: inout BinaryWriteBuffer) throws {
        for component in [namePrefix, givenName, middleName, familyName, nameSuffix, nickname] {
            try component.write(to: &wbuffer)
        }
    }

    private init(components rbuffer: inout BinaryReadBuffer) throws {
        self.init()
        namePrefix = try String?(from: &rbuffer)
        givenName = try String?(from: &rbuffer)
        middleName = try String?(from: &rbuffer)
        familyName = try String?(from: &rbuffer)
        nameSuffix = try String?(from: &rbuffer)
        nickname = try String?(from: &rbuffer)
    }
}
