/// Where a long text form of an archive (a dump, a JSON form) goes: its UTF-8 in chunks of
/// about ``chunkSize`` bytes, handed to a closure as they fill, so that the text is never
/// held whole. The closure may throw to stop the writing (a reader that went away). The
/// text may not pass its limit (see ``ArchiveLimits/maximumTextBytesPerArchiveByte``).
struct TextOutput {
    /// The size of the chunks handed out, in bytes.
    static let chunkSize = 64 * 1024

    private var buffer: [UInt8] = []
    private let output: ([UInt8]) throws -> Void
    private let limit: Int
    /// Bytes that may still be written.
    private var room: Int

    init(_ output: @escaping ([UInt8]) throws -> Void, limit: Int = .max) {
        self.output = output
        self.limit = limit
        room = limit
        buffer.reserveCapacity(Self.chunkSize + 1024)
    }

    mutating func write(text: String) throws {
        var text = text
        try text.withUTF8 { try write($0) }
    }

    /// Writes UTF-8 bytes.
    @inline(__always)
    mutating func write(_ utf8: UnsafeBufferPointer<UInt8>) throws {
        try take(utf8.count)
        buffer.append(contentsOf: utf8)
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Writes a literal's UTF-8.
    @inline(__always)
    mutating func write(_ text: StaticString) throws {
        try write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes one byte of UTF-8.
    @inline(__always)
    mutating func write(byte: UInt8) throws {
        try take(1)
        buffer.append(byte)
    }

    /// Writes the decimal digits of `value`, after a minus when it is negative.
    mutating func write(decimal value: Int64) throws {
        let start = buffer.count
        buffer.appendDecimal(value)
        try take(buffer.count - start)
    }

    /// Writes the decimal digits of `value`.
    mutating func write(decimal value: UInt64) throws {
        let start = buffer.count
        buffer.appendDecimal(value)
        try take(buffer.count - start)
    }

    /// Writes UTF-8 bytes.
    mutating func write(_ utf8: [UInt8]) throws {
        try utf8.withUnsafeBufferPointer { try write($0) }
    }

    /// Takes room for `count` bytes.
    @inline(__always)
    private mutating func take(_ count: Int) throws {
        guard count <= room else { throw tooLong() }
        room -= count
    }

    private func tooLong() -> GCodableError {
        .limitExceeded(.init(debugDescription:
            "the text would be longer than \(limit) bytes, the most this archive may make (ArchiveLimits.maximumTextBytesPerArchiveByte)"))
    }

    /// Hands out what is buffered, in chunks of at most ``chunkSize`` bytes (one write may
    /// have been larger: a long value).
    mutating func flush() throws {
        if buffer.count <= Self.chunkSize {
            if !buffer.isEmpty { try output(buffer) }
        } else {
            for start in stride(from: 0, to: buffer.count, by: Self.chunkSize) {
                try output(Array(buffer[start ..< min(start + Self.chunkSize, buffer.count)]))
            }
        }
        buffer.removeAll(keepingCapacity: buffer.capacity <= 2 * Self.chunkSize)
    }

    /// The whole text `write` makes, for callers that want it as one string.
    static func collecting(limit: Int, _ write: (inout TextOutput) throws -> Void) throws -> [UInt8] {
        var text: [UInt8] = []
        var output = TextOutput({ text.append(contentsOf: $0) }, limit: limit)
        try write(&output)
        try output.flush()
        return text
    }
}
