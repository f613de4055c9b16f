import Testing

@testable import GraphHTTP

/// A malformed or hostile multipart body and the error it must be answered with.
struct HostileMultipart: Sendable, CustomTestStringConvertible {
    let name: String
    let body: [UInt8]
    let boundary: String
    let limits: MultipartLimits
    let status: HTTPStatus
    let reason: String

    init(
        _ name: String, _ body: String, boundary: String = "b", limits: MultipartLimits = MultipartLimits(),
        _ status: HTTPStatus = .badRequest, because reason: String
    ) {
        (self.name, self.body, self.boundary, self.limits) = (name, Array(body.utf8), boundary, limits)
        (self.status, self.reason) = (status, reason)
    }

    var testDescription: String { name }
}

/// Malformed and hostile multipart bodies are errors that say what is wrong and where, and
/// limits are errors as soon as they are passed.
@Suite struct UploadMultipartErrorTests {
    /// A field line that makes a part valid.
    static let disposition = "Content-Disposition: form-data; name=a\r\n"
    /// A valid part: fields, the empty line and content.
    static let part = disposition + "\r\nx"

    static let inputs: [HostileMultipart] = delimiters + headers + dispositions + limits

    static let delimiters: [HostileMultipart] = [
        HostileMultipart("an empty body", "", because: "multipart body: no delimiter line \"--b\""),
        HostileMultipart("no delimiter", "hello\r\n-b\r\n", because: "multipart body: no delimiter line \"--b\""),
        HostileMultipart(
            "no close delimiter", "--b\r\n" + part,
            because:
                "multipart part 1 (from byte 5): the body ends before the delimiter that should end this part"),
        HostileMultipart(
            "a body that ends after a delimiter", "--b\r\n\(part)\r\n--b",
            because:
                "multipart body: the body ends at byte 53, after a delimiter and before the close delimiter"),
        HostileMultipart(
            "a body that ends after padding", "--b \t",
            because:
                "multipart body: the body ends at byte 5, after a delimiter and before the close delimiter"),
        HostileMultipart(
            "a body that ends inside the CRLF", "--b\r\n\(part)\r\n--b\r",
            because:
                "multipart body: the body ends at byte 54, after a delimiter and before the close delimiter"),
        HostileMultipart(
            "half a close delimiter", "--b\r\n\(part)\r\n--b-",
            because:
                "multipart body: byte 0x2D at offset 53 after a delimiter, where CRLF or \"--\" should be"),
        HostileMultipart(
            "a longer boundary", "--bX\r\n" + part + "\r\n--b--",
            because:
                "multipart body: byte 0x58 at offset 3 after a delimiter, where CRLF or \"--\" should be"),
        HostileMultipart(
            "the boundary again in the content", "--b\r\n\(part)\r\n--boundary\r\n--b--",
            because:
                "multipart body: byte 0x6F at offset 53 after a delimiter, where CRLF or \"--\" should be"),
        HostileMultipart(
            "LF alone after a delimiter", "--b\n" + part + "\r\n--b--",
            because:
                "multipart body: byte 0x0A at offset 3 after a delimiter, where CRLF or \"--\" should be"),
        HostileMultipart(
            "CR alone after a delimiter", "--b\rx" + part + "\r\n--b--",
            because:
                "multipart body: byte 0x78 at offset 4 after a delimiter, where CRLF or \"--\" should be"),
        HostileMultipart(
            "a close delimiter first", "--b--\r\n",
            because:
                "multipart body: the close delimiter comes before any part"),
        HostileMultipart(
            "an empty boundary", "--\r\n" + part + "\r\n----", boundary: "",
            because:
                "boundary parameter: 0 bytes long, not 1 to 70"),
        HostileMultipart(
            "a boundary of 71 characters", "", boundary: String(repeating: "b", count: 71),
            because:
                "boundary parameter: 71 bytes long, not 1 to 70"),
        HostileMultipart(
            "a boundary with a quote", "", boundary: "a\"b",
            because:
                "boundary parameter: byte 0x22 cannot be in a boundary"),
        HostileMultipart(
            "a boundary with CR", "", boundary: "a\rb",
            because:
                "boundary parameter: byte 0x0D cannot be in a boundary"),
        HostileMultipart(
            "a boundary ending with a space", "", boundary: "ab ",
            because:
                "boundary parameter: ends with a space"),
    ]

    static let headers: [HostileMultipart] = [
        HostileMultipart(
            "content where the empty line should be", "--b\r\n\(disposition)x\r\n--b--",
            because:
                "multipart part 1 (from byte 5): no empty line ends the header section before the delimiter at byte 46"),
        HostileMultipart(
            "content before the empty line", "--b\r\n\(disposition)x\r\n\r\ny\r\n--b--",
            because:
                "multipart part 1 (from byte 5): field line 2: no colon"),
        HostileMultipart(
            "no CRLF after the fields", "--b\r\nContent-Disposition: form-data; name=a\r\n--b--",
            because:
                "multipart part 1 (from byte 5): no empty line ends the header section before the delimiter at byte 43"),
        HostileMultipart(
            "an empty part", "--b\r\n\r\n--b--",
            because:
                "multipart part 1 (from byte 5): no Content-Disposition field"),
        HostileMultipart(
            "no Content-Disposition", "--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--",
            because:
                "multipart part 1 (from byte 5): no Content-Disposition field"),
        HostileMultipart(
            "LF alone ending a field line", "--b\r\nContent-Disposition: form-data; name=a\n\r\nx\r\n--b--",
            because:
                "multipart part 1 (from byte 5): field line 1: LF without CR"),
        HostileMultipart(
            "CR alone in a field line", "--b\r\nContent-Disposition: form-data;\rname=a\r\n\r\nx\r\n--b--",
            because:
                "multipart part 1 (from byte 5): field line 1: CR not followed by LF"),
        HostileMultipart(
            "LF alone ending the fields", "--b\r\n\(disposition)\nx\r\n--b--",
            because:
                "multipart part 1 (from byte 5): field line 2: LF without CR"),
        HostileMultipart(
            "a folded field line", "--b\r\n\(disposition) folded\r\n\r\nx\r\n--b--",
            because:
                "multipart part 1 (from byte 5): field line 2: starts with whitespace (obs-fold is not allowed)"),
        HostileMultipart(
            "two Content-Disposition fields", "--b\r\n\(disposition)\(disposition)\r\nx\r\n--b--",
            because:
                "multipart part 1 (from byte 5): more than one Content-Disposition field"),
        HostileMultipart(
            "two Content-Type fields", "--b\r\n\(disposition)Content-Type: a/b\r\ncontent-type: a/b\r\n\r\nx\r\n--b--",
            because: "multipart part 1 (from byte 5): more than one Content-Type field"),
        HostileMultipart(
            "a malformed Content-Type", "--b\r\n\(disposition)Content-Type: text\r\n\r\nx\r\n--b--",
            because:
                "multipart part 1 (from byte 5), Content-Type field: no \"/\" right after the type"),
        HostileMultipart(
            "an error in the second part", "--b\r\n\(part)\r\n--b\r\nX-A: 1\r\n\r\ny\r\n--b--",
            because:
                "multipart part 2 (from byte 55): no Content-Disposition field"),
    ]

    static let dispositions: [HostileMultipart] = [
        HostileMultipart(
            "no name", "--b\r\nContent-Disposition: form-data; filename=\"a.graph\"\r\n\r\nx\r\n--b--",
            because:
                "multipart part 1 (from byte 5), Content-Disposition field: no name parameter"),
        HostileMultipart(
            "only name*", "--b\r\nContent-Disposition: form-data; name*=UTF-8''a\r\n\r\nx\r\n--b--",
            because:
                "multipart part 1 (from byte 5), Content-Disposition field: no name parameter"),
        HostileMultipart(
            "an unterminated quoted-string", "--b\r\nContent-Disposition: form-data; name=\"a\r\n\r\nx\r\n--b--",
            because:
                "multipart part 1 (from byte 5), Content-Disposition field: the quoted-string opened at offset 16 has no closing quote"),
        HostileMultipart(
            "a quoted-string with a bare quote inside", "--b\r\nContent-Disposition: form-data; name=\"a\"b\"\r\n\r\nx\r\n--b--",
            because: "multipart part 1 (from byte 5), Content-Disposition field: byte 0x62 at offset 19, where \";\" or the end should be"),
        HostileMultipart(
            "an attachment", "--b\r\nContent-Disposition: attachment; name=a\r\n\r\nx\r\n--b--",
            because:
                "multipart part 1 (from byte 5), Content-Disposition field: the disposition type \"attachment\" is not form-data"),
        HostileMultipart(
            "no disposition type", "--b\r\nContent-Disposition: ; name=a\r\n\r\nx\r\n--b--",
            because:
                "multipart part 1 (from byte 5), Content-Disposition field: the disposition type \"\" is not form-data"),
        HostileMultipart(
            "a name twice", "--b\r\nContent-Disposition: form-data; name=a; name=b\r\n\r\nx\r\n--b--",
            because:
                "multipart part 1 (from byte 5), Content-Disposition field: parameter \"name\" given twice"),
        HostileMultipart(
            "an unquoted file name with a space", "--b\r\nContent-Disposition: form-data; name=a; filename=a b\r\n\r\nx\r\n--b--",
            because: "multipart part 1 (from byte 5), Content-Disposition field: byte 0x62 at offset 30, where \";\" or the end should be"),
    ]

    static let limits: [HostileMultipart] = [
        HostileMultipart(
            "a header section of 8 KiB and one byte",
            "--b\r\n\(disposition)X-Filler: \(String(repeating: "f", count: 8 * 1024 - 40 - 14 + 1))\r\n\r\nx\r\n--b--",
            .contentTooLarge, because: "multipart part 1 (from byte 5): header section larger than 8192 bytes"),
        HostileMultipart(
            "a header line longer than 8 KiB", "--b\r\nX: \(String(repeating: "f", count: 9000))\r\n\r\nx\r\n--b--",
            .contentTooLarge, because: "multipart part 1 (from byte 5): header section larger than 8192 bytes"),
        HostileMultipart(
            "a header line with no end", "--b\r\nX: \(String(repeating: "f", count: 100_000))\r\n--b--",
            .contentTooLarge, because: "multipart part 1 (from byte 5): header section larger than 8192 bytes"),
        HostileMultipart(
            "17 field lines", "--b\r\n\(disposition)\(String(repeating: "X-A: 1\r\n", count: 16))\r\nx\r\n--b--",
            .contentTooLarge, because: "multipart part 1 (from byte 5): more than 16 field lines"),
        HostileMultipart(
            "17 parts", "--b\r\n" + String(repeating: part + "\r\n--b\r\n", count: 16) + part + "\r\n--b--",
            .contentTooLarge, because: "multipart body: more than 16 parts"),
        HostileMultipart(
            "3 parts when 2 are allowed", "--b\r\n\(part)\r\n--b\r\n\(part)\r\n--b\r\n\(part)\r\n--b--", limits: limits(parts: 2),
            .contentTooLarge, because: "multipart body: more than 2 parts"),
        HostileMultipart(
            "2 field lines when 1 is allowed", "--b\r\n\(disposition)X: 1\r\n\r\nx\r\n--b--", limits: limits(lines: 1),
            .contentTooLarge, because: "multipart part 1 (from byte 5): more than 1 field lines"),
        HostileMultipart(
            "a header section of 42 bytes when 41 are allowed", "--b\r\n\(disposition)\r\nx\r\n--b--",
            limits: limits(sectionBytes: 41), .contentTooLarge,
            because: "multipart part 1 (from byte 5): header section larger than 41 bytes"),
    ]

    /// The default limits but those given, small enough for short inputs to pass them.
    static func limits(parts: Int = 16, lines: Int = 16, sectionBytes: Int = 8 * 1024) -> MultipartLimits {
        var limits = MultipartLimits()
        limits.maximumParts = parts
        limits.maximumHeaderLines = lines
        limits.maximumHeaderSectionBytes = sectionBytes
        return limits
    }

    @Test(arguments: inputs)
    func fails(_ input: HostileMultipart) {
        let error = #expect(throws: UploadParseError.self) {
            try MultipartFormData(parsing: input.body, boundary: input.boundary, limits: input.limits)
        }
        #expect(error?.status == input.status)
        #expect(error?.message == input.reason)
    }

    @Test func limitsAreInclusive() throws {
        let sixteenParts = "--b\r\n" + String(repeating: Self.part + "\r\n--b\r\n", count: 15) + Self.part + "\r\n--b--"
        #expect(try MultipartFormData(parsing: Array(sixteenParts.utf8), boundary: "b").parts.count == 16)
        let sixteenLines = "--b\r\n\(Self.disposition)\(String(repeating: "X-A: 1\r\n", count: 15))\r\nx\r\n--b--"
        #expect(try MultipartFormData(parsing: Array(sixteenLines.utf8), boundary: "b").parts.count == 1)
        let fullSection = "--b\r\n\(Self.disposition)X-Filler: \(String(repeating: "f", count: 8 * 1024 - 40 - 14))\r\n\r\nx\r\n--b--"
        #expect(try MultipartFormData(parsing: Array(fullSection.utf8), boundary: "b").parts.count == 1)
        let twoParts = "--b\r\n\(Self.part)\r\n--b\r\n\(Self.part)\r\n--b--"
        let limits = Self.limits(parts: 2, lines: 1, sectionBytes: 42)
        #expect(try MultipartFormData(parsing: Array(twoParts.utf8), boundary: "b", limits: limits).parts.count == 2)
    }

    @Test func theContentTypeMustBeMultipartFormDataWithABoundary() throws {
        let body = Array("--b\r\n\(Self.part)\r\n--b--".utf8)
        #expect(throws: UploadParseError(.unsupportedMediaType, .field("Content-Type"), "multipart/mixed is not multipart/form-data")) {
            try MultipartFormData(parsing: body, contentType: MediaType(parsing: "multipart/mixed; boundary=b"))
        }
        #expect(throws: UploadParseError.badRequest(.field("Content-Type"), "multipart/form-data without a boundary parameter")) {
            try MultipartFormData(parsing: body, contentType: MediaType(parsing: "multipart/form-data"))
        }
        #expect(throws: UploadParseError.badRequest(.boundary, "71 bytes long, not 1 to 70")) {
            try MultipartFormData(
                parsing: body, contentType: MediaType(parsing: "multipart/form-data; boundary=\(String(repeating: "b", count: 71))"))
        }
    }
}
