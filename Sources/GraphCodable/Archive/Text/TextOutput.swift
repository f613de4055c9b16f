/// Where a long text form of an archive (a dump, a JSON form) goes: its UTF-8 in chunks of
/// about ``chunkSize`` bytes, handed to a closure as they fill, so that the text is never
/// held whole. The closure may throw to stop the writing (a reader that went away). The
/// text may not pass its limit (see ``ArchiveLimits/maximumTextBytesPerArchiveByte``).
struct TextOutput {
    /// The size of the chunks handed out, in bytes.
    static let chunkSize = 64 * 1024

    private let buffer: Buffer
    private let output: ([UInt8]) throws -> Void
    private let limit: Int
    /// Bytes that may still be written.
    private var room: Int

    /// The bytes written and not yet handed out: memory of its own, written with plain
    /// copies (an array's appends check its uniqueness and capacity at every piece, which
    /// cost more than the pieces of a JSON form or a dump).
    private final class Buffer {
        let start: UnsafeMutablePointer<UInt8>
        let capacity: Int
        var count = 0

        init(capacity: Int) {
            start = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit { start.deallocate() }

        var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }
    }

    /// An output that buffers at most `capacity` bytes (at most ``chunkSize``) before it hands
    /// them out: a short text needs no 64 KiB.
    init(_ output: @escaping ([UInt8]) throws -> Void, limit: Int = .max, capacity: Int = chunkSize) {
        self.output = output
        self.limit = limit
        room = limit
        buffer = Buffer(capacity: min(max(capacity, 1), Self.chunkSize))
    }

    mutating func write(text: String) throws {
        var text = text
        try text.withUTF8 { try write($0) }
    }

    /// Writes UTF-8 bytes.
    @inline(__always)
    mutating func write(_ utf8: UnsafeBufferPointer<UInt8>) throws {
        try take(utf8.count)
        if utf8.count > buffer.capacity - buffer.count { return try writeLong(utf8) }
        let destination = buffer.start + buffer.count
        if utf8.count <= 16 {
            for index in 0 ..< utf8.count { destination[index] = utf8[index] }
        } else {
            destination.update(from: utf8.baseAddress!, count: utf8.count)
        }
        buffer.count += utf8.count
    }

    /// Writes what does not fit the buffer: after what it holds, in chunks.
    private mutating func writeLong(_ utf8: UnsafeBufferPointer<UInt8>) throws {
        try flush()
        if utf8.count <= buffer.capacity {
            buffer.start.update(from: utf8.baseAddress!, count: utf8.count)
            buffer.count = utf8.count
            return
        }
        for start in stride(from: 0, to: utf8.count, by: Self.chunkSize) {
            try output(Array(utf8[start ..< min(start + Self.chunkSize, utf8.count)]))
        }
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
        if buffer.count == buffer.capacity { try flush() }
        buffer.start[buffer.count] = byte
        buffer.count += 1
    }

    /// Writes the decimal digits of `value`, after a minus when it is negative.
    mutating func write(decimal value: Int64) throws {
        if value < 0 { try write(byte: UInt8(ascii: "-")) }
        try write(decimal: value.magnitude)
    }

    /// Writes the decimal digits of `value`, at least `minimumDigits` of them (zeros before;
    /// at most 20), straight into the buffer.
    mutating func write(decimal value: UInt64, minimumDigits: Int = 1) throws {
        let count = max(IntegerDigits.count(of: value), min(minimumDigits, 20))
        guard count <= buffer.capacity else {
            return try IntegerDigits.with(value, minimumDigits: minimumDigits) { try write($0) }
        }
        try take(count)
        if count > buffer.capacity - buffer.count { try flush() }
        let start = buffer.start + buffer.count
        var position = start + count
        var rest = value
        while position > start {
            position -= 1
            position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        buffer.count += count
    }

    /// Writes the text `description` makes for `value`.
    mutating func write<F: BinaryFloatingPoint & TextOutputStreamable>(float value: F) throws {
        try FloatDigits.with(value) { try write($0) }
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
        .limitExceeded(
            .init(
                debugDescription:
                    "the text would be longer than \(limit) bytes, the most this archive may make (ArchiveLimits.maximumTextBytesPerArchiveByte)"
            ))
    }

    /// Hands out what is buffered.
    mutating func flush() throws {
        guard buffer.count > 0 else { return }
        let bytes = buffer.bytes
        buffer.count = 0
        try output(bytes)
    }

    /// The whole text `write` makes, for callers that want it as one string (`Data` grows in
    /// place where the system can extend its memory, so a large text is not held twice).
    static func collecting<Text: RangeReplaceableCollection<UInt8>>(
        into _: Text.Type = [UInt8].self, limit: Int, capacity: Int = chunkSize, _ write: (inout TextOutput) throws -> Void
    ) throws -> Text {
        var text = Text()
        var output = TextOutput({ text.append(contentsOf: $0) }, limit: limit, capacity: capacity)
        try write(&output)
        try output.flush()
        return text
    }
}
