import CZlib

/// A gzip compressor (RFC 1952) over the system zlib's deflate, fed a body a piece at a time.
///
/// Each ``compress(_:)`` returns the compressed bytes zlib has ready so far, often none, and
/// ``finish()`` returns the rest, ending with the gzip trailer (CRC-32 and length); the
/// pieces joined in order are one gzip member. Inputs of any size are accepted: zlib's
/// 32-bit input counter is fed in pieces.
///
/// The stream owns zlib's state (about 256 KiB with these settings) and a 32 KiB output
/// buffer until it is released. It is not thread-safe: use it from one place at a time.
/// After a ``ZlibError`` its output is incomplete: drop the stream and the response.
final class GzipStream {
    /// A failure reported by zlib: its return code, such as `Z_MEM_ERROR` (-4), and its message.
    ///
    /// With the settings used here deflate fails only when memory runs out or its state is
    /// damaged, never because of the bytes it is given.
    struct ZlibError: Error, Equatable, Sendable, CustomStringConvertible {
        /// zlib's return code, one of its negative `Z_…_ERROR` constants.
        let code: Int32
        /// zlib's message for this failure, or its description of the code.
        let message: String

        var description: String { "zlib error \(code): \(message)" }
    }

    /// zlib's `windowBits` for a 32 KiB window with a gzip header and trailer instead of zlib's.
    private static let gzipWindowBits = MAX_WBITS + 16
    /// zlib's `memLevel`: its default, 8, trading 128 KiB of state for speed and ratio.
    private static let memoryLevel: Int32 = 8
    /// The size of the buffer deflate writes into, in bytes; output longer than this is
    /// taken out in several rounds.
    private static let outputBufferBytes = 32 * 1024

    /// zlib's state, at a fixed address, since zlib keeps a pointer back to it.
    private let stream: UnsafeMutablePointer<z_stream>
    /// Where deflate writes before the bytes are copied into the array returned.
    private let outputBuffer: UnsafeMutableBufferPointer<UInt8>
    /// The most bytes given to zlib at once: `UInt32.max`, the most its counter holds;
    /// smaller only in tests, to exercise the pieces.
    private let largestInputPiece: Int
    /// Whether ``finish()`` has been called.
    private var isFinished = false

    /// A compressor at `level`, from 1 (fastest) to 9 (smallest); 0 stores the bytes
    /// without compression. The default, 6, is zlib's own.
    ///
    /// - Parameter largestInputPiece: The most bytes given to zlib in one call; leave it
    ///   alone except to test inputs too large for zlib's counter.
    /// - Throws: ``ZlibError`` if zlib cannot set up its state (memory ran out, or the
    ///   library does not match the header it was built with).
    /// - Precondition: `level` is in 0...9 and `largestInputPiece` in 1...`UInt32.max`.
    init(level: Int = 6, largestInputPiece: Int = Int(UInt32.max)) throws(ZlibError) {
        precondition((0 ... 9).contains(level), "a gzip compression level is in 0...9, not \(level)")
        precondition((1 ... Int(UInt32.max)).contains(largestInputPiece), "zlib takes 1 to UInt32.max bytes at once")
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let code = deflateInit2_(
            stream, Int32(level), Z_DEFLATED, Self.gzipWindowBits, Self.memoryLevel,
            Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard code == Z_OK else {
            let error = Self.error(code, in: stream)
            stream.deallocate()
            throw error
        }
        self.stream = stream
        self.outputBuffer = .allocate(capacity: Self.outputBufferBytes)
        self.largestInputPiece = largestInputPiece
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
        outputBuffer.deallocate()
    }

    /// `bytes` compressed as one gzip member, at `level` (see ``init(level:largestInputPiece:)``).
    /// - Throws: ``ZlibError`` when zlib fails, which only running out of memory can cause.
    static func gzip(_ bytes: some Collection<UInt8>, level: Int = 6) throws(ZlibError) -> [UInt8] {
        let stream = try GzipStream(level: level)
        var output = try stream.compress(bytes)
        output += try stream.finish()
        return output
    }

    /// Compresses the next piece of the body and returns the compressed bytes zlib has
    /// ready, possibly none: deflate holds input back until it has enough to compress well.
    ///
    /// Contiguous collections (arrays, slices, buffers, `Data`) are read in place; others
    /// are copied into an array first.
    /// - Precondition: ``finish()`` has not been called: a finished stream takes no more
    ///   bytes, and calling this after it is a programming error.
    func compress(_ bytes: some Collection<UInt8>) throws(ZlibError) -> [UInt8] {
        precondition(!isFinished, "GzipStream.compress(_:) after finish()")
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(ZlibError) in try compress(contiguous: UnsafeRawBufferPointer(buffer)) }
        }
        // An array always has contiguous storage, so the copy is read in place.
        guard let contiguous else { return try compress(Array(bytes)) }
        return try contiguous.get()
    }

    /// Ends the gzip member and returns the compressed bytes zlib still held, then the
    /// trailer. The stream takes no more bytes after this.
    /// - Precondition: ``finish()`` has not been called already.
    func finish() throws(ZlibError) -> [UInt8] {
        precondition(!isFinished, "GzipStream.finish() called twice")
        isFinished = true
        var output: [UInt8] = []
        try deflate(UnsafeRawBufferPointer(start: nil, count: 0), flush: Z_FINISH, into: &output)
        return output
    }

    /// Compresses `bytes`, given to zlib in pieces its counter can hold.
    private func compress(contiguous bytes: UnsafeRawBufferPointer) throws(ZlibError) -> [UInt8] {
        var output: [UInt8] = []
        var start = 0
        while start < bytes.count {
            let end = start + min(bytes.count - start, largestInputPiece)
            try deflate(UnsafeRawBufferPointer(rebasing: bytes[start ..< end]), flush: Z_NO_FLUSH, into: &output)
            start = end
        }
        return output
    }

    /// Runs deflate over all of `input` (at most `UInt32.max` bytes) with `flush`, appending
    /// to `output` everything it writes: until the input is used up for `Z_NO_FLUSH`, and
    /// until the end of the stream for `Z_FINISH`.
    private func deflate(_ input: UnsafeRawBufferPointer, flush: Int32, into output: inout [UInt8]) throws(ZlibError) {
        // zlib reads the input through a non-const pointer but never writes to it.
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        defer { stream.pointee.next_in = nil }
        while true {
            stream.pointee.next_out = outputBuffer.baseAddress
            stream.pointee.avail_out = uInt(outputBuffer.count)
            let code = CZlib.deflate(stream, flush)
            // Z_BUF_ERROR only says no progress was possible in this round, which is not a failure.
            guard code == Z_OK || code == Z_STREAM_END || code == Z_BUF_ERROR else { throw Self.error(code, in: stream) }
            output += outputBuffer[..<(outputBuffer.count - Int(stream.pointee.avail_out))]
            // A full output buffer may mean more output is waiting; otherwise the input is used up.
            let done = flush == Z_FINISH ? code == Z_STREAM_END : stream.pointee.avail_out != 0
            if done { return }
        }
    }

    /// The error for zlib's return `code`, with the message zlib left in `stream`, if any.
    private static func error(_ code: Int32, in stream: UnsafeMutablePointer<z_stream>) -> ZlibError {
        let message = stream.pointee.msg.map { String(cString: $0) } ?? String(cString: zError(code))
        return ZlibError(code: code, message: message)
    }
}
