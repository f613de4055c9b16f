/// Bounds on one `multipart/form-data` body, checked by ``MultipartFormData`` as it reads
/// the body, so that a client cannot make it hold more than these per body.
///
/// Passing one is answered 413 (Content Too Large). The size of the body itself is bounded
/// before it is read, by ``HTTPParserLimits/maximumBodyBytes``.
struct MultipartLimits: Sendable, Equatable {
    /// The most parts, in parts; one more is an error. Default 16.
    var maximumParts = 16
    /// The largest header section of one part, in bytes: every field line with its CRLF and
    /// the empty line that ends the section. Default 8 KiB.
    var maximumHeaderSectionBytes = 8 * 1024
    /// The most field lines in the header section of one part, in lines. Default 16.
    var maximumHeaderLines = 16

    /// The default limits.
    init() {}
}
