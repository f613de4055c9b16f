/// Bounds on one request, checked by ``RequestParser`` as bytes arrive, so that a client
/// can make the server hold no more than these many bytes before it answers with an error.
///
/// The defaults suit a public service; raise them for clients known to send more.
struct HTTPParserLimits: Sendable, Equatable {
    /// The longest request line, in bytes, without its CRLF; a longer one is answered
    /// 414 (URI Too Long) as soon as the byte past the limit arrives. Default 8 KiB.
    var maximumRequestLineBytes = 8 * 1024
    /// The most empty lines (CRLF) skipped before a request line, in lines; one more is
    /// answered 400. Default 8.
    var maximumEmptyLinesBeforeRequest = 8
    /// The largest header section, in bytes: every field line with its CRLF, and the empty
    /// line that ends the section; a larger one is answered 431 (Request Header Fields Too
    /// Large) as soon as the byte past the limit arrives. Default 32 KiB.
    ///
    /// The chunk extensions and the trailer section of one chunked body share a second
    /// budget of this size; passing it is answered 413 (Content Too Large) in extensions
    /// and 431 in trailers.
    var maximumHeaderSectionBytes = 32 * 1024
    /// The most field lines in the header section, and again in a trailer section, in
    /// fields; one more is answered 431. Default 100.
    var maximumHeaderCount = 100
    /// The largest body, in bytes of content (chunk framing not counted); a larger
    /// `Content-Length` is answered 413 (Content Too Large) from the head alone, and a
    /// chunked body as soon as a chunk size takes it past the limit. Default 64 MiB.
    var maximumBodyBytes = 64 * 1024 * 1024

    /// The default limits.
    init() {}
}
