extension String: BinaryIOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws { wbuffer.writeString(self) }
    public init(from rbuffer: inout BinaryReadBuffer) throws { self = try rbuffer.readString() }
}

extension Character: BinaryIOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws { wbuffer.writeString(String(self)) }
    public init(from rbuffer: inout BinaryReadBuffer) throws {
        let offset = rbuffer.offset
        let string = try rbuffer.readString()
        guard string.count == 1, let character = string.first else {
            throw GCodableError.corrupted(
                "a Character must be exactly one grapheme, found \"\(string)\"", rule: .characterCluster, at: offset)
        }
        self = character
    }
}
