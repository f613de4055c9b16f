/// One part of a `multipart/form-data` body: a form field or an uploaded file, with what
/// its header section says about it and where its content lies in the body.
struct FormDataPart: Equatable, Sendable {
    /// The form field's name, from `Content-Disposition`.
    let name: String
    /// The uploaded file's name, from `Content-Disposition`, if the part holds a file.
    let filename: String?
    /// The part's `Content-Type`, if it has one (RFC 7578 §4.4 makes it `text/plain` when
    /// it has none; this leaves it to the caller).
    let contentType: MediaType?
    /// Where the content lies in the body: the bytes after the header section's empty line
    /// and before the CRLF of the next delimiter.
    let content: Range<Int>

    /// Parses the part that occupies `region` of `body`: from after the delimiter line
    /// before it to the CRLF of the delimiter after it. `number` counts parts from 1.
    ///
    /// The header section is CRLF-terminated field lines, of which `Content-Disposition` is
    /// required and `Content-Type` read (each at most once; the others are ignored), then an
    /// empty line. The empty line may be missing when nothing follows it: RFC 2046 attaches
    /// the CRLF before a delimiter to the delimiter, so a part may end right after its fields.
    init(parsing body: [UInt8], region: Range<Int>, number: Int, limits: MultipartLimits) throws(UploadParseError) {
        let place = UploadPlace.part(number, offset: region.lowerBound)
        func fieldPlace(_ name: String) -> UploadPlace { .partField(number, offset: region.lowerBound, name: name) }
        var disposition: FormDataDisposition?
        var contentType: MediaType?
        var lineStart = region.lowerBound
        var sectionBytes = 0
        var fieldLines = 0
        headerSection: while lineStart < region.upperBound {
            let maximumLength = max(0, limits.maximumHeaderSectionBytes - sectionBytes - 2)
            let line: Range<Int>
            switch LineScan.scan(body, lineStart: lineStart, scanned: 0, maximumLength: maximumLength) {
            case .line(let found) where found.upperBound + 2 <= region.upperBound:
                line = found
            case .line, .incomplete:
                throw .badRequest(place, "no empty line ends the header section before the delimiter at byte \(region.upperBound)")
            case .bareCR:
                throw .badRequest(place, "field line \(fieldLines + 1): CR not followed by LF")
            case .bareLF:
                throw .badRequest(place, "field line \(fieldLines + 1): LF without CR")
            case .tooLong:
                throw Self.headerSectionTooLarge(place, limits)
            }
            sectionBytes += line.count + 2
            guard sectionBytes <= limits.maximumHeaderSectionBytes else { throw Self.headerSectionTooLarge(place, limits) }
            lineStart = line.upperBound + 2
            if line.isEmpty { break headerSection }
            fieldLines += 1
            guard fieldLines <= limits.maximumHeaderLines else {
                throw UploadParseError(.contentTooLarge, place, "more than \(limits.maximumHeaderLines) field lines")
            }
            let field: HTTPHeaders.Field
            do throws(HTTPParseError) {
                field = try FieldLine.parse(body[line], at: .fieldLine(fieldLines))
            } catch {
                throw .badRequest(place, error.message)
            }
            if ASCII.equalsIgnoringCase(field.name, "Content-Disposition") {
                guard disposition == nil else { throw .badRequest(place, "more than one Content-Disposition field") }
                disposition = try FormDataDisposition(parsing: field.value, at: fieldPlace("Content-Disposition"))
            } else if ASCII.equalsIgnoringCase(field.name, "Content-Type") {
                guard contentType == nil else { throw .badRequest(place, "more than one Content-Type field") }
                contentType = try MediaType(parsing: field.value, at: fieldPlace("Content-Type"))
            }
        }
        guard let disposition else { throw .badRequest(place, "no Content-Disposition field") }
        name = disposition.name
        filename = disposition.filename
        self.contentType = contentType
        content = lineStart ..< region.upperBound
    }

    /// The error for a header section larger than the limit.
    private static func headerSectionTooLarge(_ place: UploadPlace, _ limits: MultipartLimits) -> UploadParseError {
        UploadParseError(.contentTooLarge, place, "header section larger than \(limits.maximumHeaderSectionBytes) bytes")
    }
}
