/// An incremental HTTP/1.1 request parser (RFC 9112) with no I/O: append bytes as they
/// arrive, in pieces of any size, then pull events with ``next()`` until it returns nil.
///
/// Each request gives one ``Event/head(_:)``, its body as zero or more ``Event/body(_:)``
/// events, then ``Event/end``; pipelined requests follow one another. Every limit of
/// ``HTTPParserLimits`` is checked as bytes arrive, so a request fails as soon as it passes
/// one. After an error the parser is finished: ``next()`` throws that error again and
/// appended bytes are dropped.
///
/// The parser keeps the bytes it has not consumed yet and drops consumed ones as it goes,
/// so its buffer stays near the size of what is pending, however many requests pass.
struct RequestParser: Sendable {
    /// What the parser found in the bytes appended so far.
    enum Event: Equatable, Sendable {
        /// The head of the next request.
        case head(RequestHead)
        /// Body bytes of the current request, without chunk framing: a slice of the parser's
        /// buffer, so index it from its `startIndex`, and use it before the next append,
        /// which would otherwise copy the buffer.
        case body(ArraySlice<UInt8>)
        /// The end of the current request.
        case end
    }

    /// Where the parser is in the current request.
    private enum State: Sendable {
        /// Before a request line, skipping empty lines.
        case requestLine
        /// Reading the header fields of the request on this line.
        case headerSection(RequestLine)
        /// Reading a body of known length, with this many bytes to go (0: the end is next).
        case body(remaining: Int)
        /// Before a chunk-size line.
        case chunkSize
        /// Reading chunk data, with this many bytes to go.
        case chunkData(remaining: Int)
        /// Before the CRLF that ends a chunk's data.
        case chunkDataEnd
        /// Reading the trailer fields after the last chunk.
        case trailerSection
        /// Finished by this error.
        case failed(HTTPParseError)
    }

    /// What reading a line of a header or trailer section found.
    private enum SectionLine {
        /// Not the whole line yet.
        case pending
        /// A field line.
        case field
        /// The empty line that ends the section.
        case end
    }

    /// What the current request has used of the limits.
    private struct Usage: Sendable {
        var emptyLines = 0
        /// Field lines in the current header or trailer section.
        var fieldLines = 0
        var headerSectionBytes = 0
        /// Bytes of chunk extensions and trailer lines, which share one budget.
        var chunkMetadataBytes = 0
        var bodyBytes = 0
        var headers = HTTPHeaders()
    }

    /// The limits checked on every request.
    let limits: HTTPParserLimits
    /// Appended bytes; those before `start` are consumed and dropped on the next append.
    private(set) var buffer: [UInt8] = []
    /// The first byte not consumed yet.
    private var start = 0
    /// Bytes after `start` already scanned for the end of the current line.
    private var scanned = 0
    private var state = State.requestLine
    private var usage = Usage()
    /// The request line of the message being read, once read: what a request refused before
    /// its head was whole (a field too long, a body too large) is logged under.
    private(set) var requestLine: RequestLine?

    /// The room an emptied buffer keeps for the next request.
    static let keptCapacity = 16 << 10

    /// A parser checking `limits`.
    init(limits: HTTPParserLimits = HTTPParserLimits()) {
        self.limits = limits
    }

    /// The bytes appended and not consumed yet: a connection stops reading when this grows
    /// while its requests wait for their responses.
    var unconsumedByteCount: Int { buffer.count - start }

    /// Drops the bytes consumed when nothing else is pending; a large request's room is
    /// given back, so that a connection waiting for its next request holds little.
    mutating func releaseConsumed() {
        guard start == buffer.count else { return }
        buffer.removeAll(keepingCapacity: buffer.capacity <= Self.keptCapacity)
        start = 0
    }

    /// Adds bytes read from the connection. They are dropped once the parser has failed.
    mutating func append(_ bytes: some Collection<UInt8>) {
        if case .failed = state { return }
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= buffer.count - start {
            // Moving the pending bytes costs no more than the consumed bytes already did.
            buffer.removeSubrange(..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next event, or nil until more bytes are appended.
    /// - Throws: An ``HTTPParseError`` with the status to answer, now and on every later call.
    mutating func next() throws(HTTPParseError) -> Event? {
        do throws(HTTPParseError) {
            return try step()
        } catch {
            state = .failed(error)
            throw error
        }
    }

    /// Consumes bytes until an event is complete or the bytes run out.
    private mutating func step() throws(HTTPParseError) -> Event? {
        while true {
            switch state {
            case .requestLine:
                guard try readRequestLine() else { return nil }
            case .headerSection(let requestLine):
                switch try readFieldLine() {
                case .pending: return nil
                case .field: continue
                case .end: return .head(try finishHead(requestLine))
                }
            case .body(let remaining):
                guard remaining > 0 else { return finishMessage() }
                guard let bytes = take(upTo: remaining) else { return nil }
                state = .body(remaining: remaining - bytes.count)
                return .body(bytes)
            case .chunkSize:
                guard try readChunkSizeLine() else { return nil }
            case .chunkData(let remaining):
                guard let bytes = take(upTo: remaining) else { return nil }
                state = bytes.count < remaining ? .chunkData(remaining: remaining - bytes.count) : .chunkDataEnd
                return .body(bytes)
            case .chunkDataEnd:
                guard try readLine(.chunkData, maximumLength: 0, tooLong: .badRequest(.chunkData, "no CRLF after the chunk's data")) != nil
                else { return nil }
                state = .chunkSize
            case .trailerSection:
                switch try readTrailerLine() {
                case .pending: return nil
                case .field: continue
                case .end: return finishMessage()
                }
            case .failed(let error):
                throw error
            }
        }
    }

    /// Reads a request line, or an empty line before one; false until a line has arrived.
    private mutating func readRequestLine() throws(HTTPParseError) -> Bool {
        let limits = self.limits
        guard let line = try readLine(.requestLine, maximumLength: limits.maximumRequestLineBytes, tooLong: limits.requestLineTooLong)
        else {
            try RequestLine.checkStart(buffer[start...])
            return false
        }
        if !line.isEmpty {
            let requestLine = try RequestLine(parsing: buffer[line])
            self.requestLine = requestLine
            state = .headerSection(requestLine)
            return true
        }
        usage.emptyLines += 1
        guard usage.emptyLines <= limits.maximumEmptyLinesBeforeRequest else {
            throw .badRequest(.requestLine, "more than \(limits.maximumEmptyLinesBeforeRequest) empty lines before it")
        }
        return true
    }

    /// Reads a header field line.
    private mutating func readFieldLine() throws(HTTPParseError) -> SectionLine {
        let limits = self.limits
        let maximumLength = limits.maximumHeaderSectionBytes - usage.headerSectionBytes - 2
        guard let line = try readLine(.fieldLine(usage.fieldLines + 1), maximumLength: maximumLength, tooLong: limits.headerSectionTooLarge)
        else { return .pending }
        usage.headerSectionBytes += line.count + 2
        guard usage.headerSectionBytes <= limits.maximumHeaderSectionBytes else { throw limits.headerSectionTooLarge }
        if line.isEmpty { return .end }
        usage.fieldLines += 1
        guard usage.fieldLines <= limits.maximumHeaderCount else { throw limits.tooManyFields(.headerSection) }
        usage.headers.append(checked: try FieldLine.parse(buffer[line], at: .fieldLine(usage.fieldLines)))
        return .field
    }

    /// Reads a chunk-size line; false until it has arrived.
    private mutating func readChunkSizeLine() throws(HTTPParseError) -> Bool {
        let limits = self.limits
        let budget = limits.maximumHeaderSectionBytes - usage.chunkMetadataBytes
        guard
            let line = try readLine(
                .chunkSizeLine, maximumLength: ChunkSizeLine.maximumDigits + budget,
                tooLong: limits.chunkMetadataTooLarge(.contentTooLarge, .chunkSizeLine))
        else {
            try ChunkSizeLine.checkStart(buffer[start...])
            return false
        }
        let chunk = try ChunkSizeLine(parsing: buffer[line])
        usage.chunkMetadataBytes += chunk.extensionBytes
        guard chunk.extensionBytes <= budget else { throw limits.chunkMetadataTooLarge(.contentTooLarge, .chunkSizeLine) }
        guard chunk.size <= limits.maximumBodyBytes - usage.bodyBytes else {
            throw HTTPParseError(.contentTooLarge, .chunkSizeLine, "the body passes \(limits.maximumBodyBytes) bytes")
        }
        usage.bodyBytes += chunk.size
        state = chunk.size > 0 ? .chunkData(remaining: chunk.size) : .trailerSection
        return true
    }

    /// Reads a trailer field line, checks it and drops it: no trailer changes how the server
    /// answers.
    private mutating func readTrailerLine() throws(HTTPParseError) -> SectionLine {
        let limits = self.limits
        let budget = limits.maximumHeaderSectionBytes - usage.chunkMetadataBytes
        func tooLarge() -> HTTPParseError { limits.chunkMetadataTooLarge(.requestHeaderFieldsTooLarge, .trailerSection) }
        guard let line = try readLine(.trailerLine(usage.fieldLines + 1), maximumLength: budget - 2, tooLong: tooLarge())
        else { return .pending }
        usage.chunkMetadataBytes += line.count + 2
        guard line.count + 2 <= budget else { throw tooLarge() }
        if line.isEmpty { return .end }
        usage.fieldLines += 1
        guard usage.fieldLines <= limits.maximumHeaderCount else { throw limits.tooManyFields(.trailerSection) }
        _ = try FieldLine.parse(buffer[line], at: .trailerLine(usage.fieldLines))
        return .field
    }

    /// The range of the next line's content, consumed with its CRLF; nil until the whole
    /// line has arrived. Throws `tooLong` once the content passes `maximumLength` bytes.
    private mutating func readLine(
        _ place: HTTPParsePlace, maximumLength: Int, tooLong: @autoclosure () -> HTTPParseError
    ) throws(HTTPParseError) -> Range<Int>? {
        switch LineScan.scan(buffer, lineStart: start, scanned: scanned, maximumLength: max(0, maximumLength)) {
        case .line(let line):
            start = line.upperBound + 2
            scanned = 0
            return line
        case .incomplete(let count):
            scanned = count
            return nil
        case .bareCR:
            throw .badRequest(place, "CR not followed by LF")
        case .bareLF:
            throw .badRequest(place, "LF without CR")
        case .tooLong:
            throw tooLong()
        }
    }

    /// Up to `count` unconsumed bytes, consumed; nil if there are none.
    private mutating func take(upTo count: Int) -> ArraySlice<UInt8>? {
        let taken = min(count, buffer.count - start)
        guard taken > 0 else { return nil }
        defer { start += taken }
        return buffer[start ..< start + taken]
    }

    /// The head whose header section just ended; the body comes next.
    private mutating func finishHead(_ line: RequestLine) throws(HTTPParseError) -> RequestHead {
        let head = try RequestHead(line, headers: usage.headers)
        usage.headers = HTTPHeaders()
        usage.fieldLines = 0
        switch head.bodyLength {
        case .none:
            state = .body(remaining: 0)
        case .length(let length):
            guard length <= limits.maximumBodyBytes else {
                throw HTTPParseError(
                    .contentTooLarge, .field("Content-Length"),
                    "\(length) bytes passes the limit of \(limits.maximumBodyBytes)")
            }
            state = .body(remaining: length)
        case .chunked:
            state = .chunkSize
        }
        return head
    }

    /// The end of the current request; the next one may follow.
    private mutating func finishMessage() -> Event {
        state = .requestLine
        usage = Usage()
        requestLine = nil
        return .end
    }
}

/// The errors for limits passed, made only when thrown.
extension HTTPParserLimits {
    fileprivate var requestLineTooLong: HTTPParseError {
        HTTPParseError(.uriTooLong, .requestLine, "longer than \(maximumRequestLineBytes) bytes")
    }

    fileprivate var headerSectionTooLarge: HTTPParseError {
        HTTPParseError(.requestHeaderFieldsTooLarge, .headerSection, "larger than \(maximumHeaderSectionBytes) bytes")
    }

    fileprivate func tooManyFields(_ place: HTTPParsePlace) -> HTTPParseError {
        HTTPParseError(.requestHeaderFieldsTooLarge, place, "more than \(maximumHeaderCount) fields")
    }

    /// Chunk extensions and trailers share one budget; passing it is a 413 in extensions
    /// (they are part of the body) and a 431 in trailers (they are fields).
    fileprivate func chunkMetadataTooLarge(_ status: HTTPStatus, _ place: HTTPParsePlace) -> HTTPParseError {
        HTTPParseError(status, place, "chunk extensions and trailers larger than \(maximumHeaderSectionBytes) bytes")
    }
}
