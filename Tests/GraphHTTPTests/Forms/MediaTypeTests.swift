import Testing

@testable import GraphHTTP

/// `Content-Type` values parse into a lower-cased type and subtype and parameters looked up
/// without case; malformed values are errors that say what is wrong and where.
@Suite struct UploadMediaTypeTests {
    /// A well-formed value and what it must parse to.
    struct Valid: Sendable, CustomTestStringConvertible {
        let value: String
        let essence: String
        let parameters: [String: String]
        var testDescription: String { value.debugDescription }
    }

    static let valid: [Valid] = [
        Valid(value: "text/plain", essence: "text/plain", parameters: [:]),
        Valid(value: "Multipart/Form-Data; Boundary=AbC", essence: "multipart/form-data", parameters: ["boundary": "AbC"]),
        Valid(
            value: #"multipart/form-data; boundary="a \"b\" \\c""#, essence: "multipart/form-data",
            parameters: ["boundary": #"a "b" \c"#]),
        Valid(value: "application/json;charset=utf-8", essence: "application/json", parameters: ["charset": "utf-8"]),
        Valid(value: "application/octet-stream \t; a=1 ;b=\"\"", essence: "application/octet-stream", parameters: ["a": "1", "b": ""]),
        Valid(value: "text/plain;", essence: "text/plain", parameters: [:]),
        Valid(value: "text/plain; ;; a=1 ;", essence: "text/plain", parameters: ["a": "1"]),
        Valid(value: "  application/x-www-form-urlencoded  ", essence: "application/x-www-form-urlencoded", parameters: [:]),
        Valid(value: "text/plain; title=\"caf\u{E9} \t!\"", essence: "text/plain", parameters: ["title": "caf\u{E9} \t!"]),
        Valid(value: "application/vnd.graph+binary; v=2", essence: "application/vnd.graph+binary", parameters: ["v": "2"]),
    ]

    @Test(arguments: valid)
    func parses(_ input: Valid) throws {
        let type = try MediaType(parsing: input.value)
        #expect(type.essence == input.essence)
        #expect(type.parameters.count == input.parameters.count)
        for (name, value) in input.parameters {
            #expect(type.parameter(name) == value)
            #expect(type.parameter(name.uppercased()) == value)
        }
    }

    @Test func namesTheFourTypesTheServerReads() throws {
        let multipart = try MediaType(parsing: "MULTIPART/form-data; boundary=x")
        #expect(multipart.isMultipartFormData && !multipart.isOctetStream && !multipart.isJSON && !multipart.isFormURLEncoded)
        #expect(try MediaType(parsing: "application/Octet-Stream").isOctetStream)
        #expect(try MediaType(parsing: "application/json; charset=UTF-8").isJSON)
        #expect(try MediaType(parsing: "application/x-www-form-urlencoded").isFormURLEncoded)
        #expect(try !MediaType(parsing: "application/problem+json").isJSON)
        #expect(try !MediaType(parsing: "multipart/mixed; boundary=x").isMultipartFormData)
        #expect(multipart.parameter("charset") == nil)
    }

    static let malformed: [(value: String, message: String)] = [
        ("", "Content-Type field: empty"),
        ("   ", "Content-Type field: empty"),
        ("text", "Content-Type field: no \"/\" right after the type"),
        ("text /plain", "Content-Type field: no \"/\" right after the type"),
        ("text/", "Content-Type field: no subtype right after the \"/\""),
        ("text/ plain", "Content-Type field: no subtype right after the \"/\""),
        ("/plain", "Content-Type field: byte 0x2F where the type should start"),
        ("text/plain x", "Content-Type field: byte 0x78 at offset 11, where \";\" or the end should be"),
        ("text/plain, text/html", "Content-Type field: byte 0x2C at offset 10, where \";\" or the end should be"),
        ("text/plain; charset", "Content-Type field: parameter \"charset\" has no \"=\" after its name"),
        ("text/plain; charset =utf-8", "Content-Type field: parameter \"charset\" has no \"=\" after its name"),
        ("text/plain; charset= utf-8", "Content-Type field: parameter \"charset\" has no value (a token or a quoted-string)"),
        ("text/plain; charset=", "Content-Type field: parameter \"charset\" has no value (a token or a quoted-string)"),
        ("text/plain; =utf-8", "Content-Type field: byte 0x3D at offset 12, where a parameter name should start"),
        ("text/plain; a=b c", "Content-Type field: byte 0x63 at offset 16, where \";\" or the end should be"),
        ("text/plain; a=\"b\"c", "Content-Type field: byte 0x63 at offset 17, where \";\" or the end should be"),
        ("text/plain; charset=\"utf-8", "Content-Type field: the quoted-string opened at offset 20 has no closing quote"),
        ("text/plain; charset=\"utf-8\\\"", "Content-Type field: the quoted-string opened at offset 20 has no closing quote"),
        ("text/plain; a=\"b\\", "Content-Type field: the quoted-string opened at offset 14 has no closing quote"),
        ("text/plain; a=\"b\u{7F}\"", "Content-Type field: control byte 0x7F at offset 16 in a quoted-string"),
        ("text/plain; a=\"\\\u{01}\"", "Content-Type field: control byte 0x01 at offset 16 in a quoted-string"),
        ("text/plain; a=1; A=2", "Content-Type field: parameter \"a\" given twice"),
        ("text/plain" + (0 ... 16).map { "; p\($0)=v" }.joined(), "Content-Type field: more than 16 parameters"),
    ]

    @Test(arguments: malformed)
    func rejects(_ value: String, _ message: String) {
        let error = #expect(throws: UploadParseError.self) { try MediaType(parsing: value) }
        #expect(error?.status == .badRequest)
        #expect(error?.message == message)
    }

    @Test func sixteenParametersAreAllowed() throws {
        let type = try MediaType(parsing: "text/plain" + (1 ... 16).map { "; p\($0)=v" }.joined())
        #expect(type.parameter("p16") == "v")
    }
}
