import Testing

@testable import GraphHTTP

/// Query strings split into decoded parameters in order, read as booleans and numbers, and
/// malformed ones are errors naming the parameter.
@Suite struct UploadQueryTests {
    static let valid: [(query: String, parameters: [String])] = [
        ("", []),
        ("a=1&b=&c&d=x%20y+z", ["a=1", "b=", "c=", "d=x y z"]),
        ("&&a=1&", ["a=1"]),
        ("a=1&a=2&A=3", ["a=1", "a=2", "A=3"]),
        ("=x", ["=x"]),
        ("a==b", ["a==b"]),
        ("%2B=%26%3d&%25", ["+=&=", "%="]),
        ("caf%C3%A9=th%c3%a9", ["café=thé"]),
        ("q=%E2%82%AC+%F0%9F%98%80", ["q=€ 😀"]),
        ("a+b=c+d", ["a b=c d"]),
        ("x=%00", ["x=\u{0}"]),
    ]

    @Test(arguments: valid)
    func parses(_ query: String, _ expected: [String]) throws {
        let parsed = try QueryParameters(parsing: query)
        #expect(parsed.parameters.map { "\($0.name)=\($0.value)" } == expected)
    }

    @Test func firstFindsTheFirstOfRepeatsWithCase() throws {
        let query = try QueryParameters(parsing: "a=1&a=2&A=3&flag")
        #expect(query.first("a") == "1")
        #expect(query.first("A") == "3")
        #expect(query.first("flag") == "")
        #expect(query.first("b") == nil)
    }

    static let malformed: [(query: String, message: String)] = [
        ("a=%zz", "query parameter \"a\": \"%zz\" at offset 2 is not a percent escape %XX"),
        ("a=1&b=%4", "query parameter \"b\": \"%4\" at offset 6 is not a percent escape %XX"),
        ("b=%", "query parameter \"b\": \"%\" at offset 2 is not a percent escape %XX"),
        ("a%=1", "query parameter \"a%\": \"%\" at offset 1 is not a percent escape %XX"),
        ("a%g1=1", "query parameter \"a%g1\": \"%g1\" at offset 1 is not a percent escape %XX"),
        ("a=%FF", "query parameter \"a\": the value is not UTF-8 once percent-decoded"),
        ("%C3=1", "query parameter \"%C3\": the name is not UTF-8 once percent-decoded"),
        ("a=%ED%A0%80", "query parameter \"a\": the value is not UTF-8 once percent-decoded"),
        (Array(repeating: "p=1", count: 65).joined(separator: "&"), "query: more than 64 parameters"),
    ]

    @Test(arguments: malformed)
    func rejects(_ query: String, _ message: String) {
        let error = #expect(throws: UploadParseError.self) { try QueryParameters(parsing: query) }
        #expect(error?.status == .badRequest)
        #expect(error?.message == message)
    }

    @Test func sixtyFourParametersAndEmptyPairsAreAllowed() throws {
        let query = try QueryParameters(parsing: Array(repeating: "p=1&", count: 64).joined() + "&&&")
        #expect(query.parameters.count == 64)
        #expect(throws: UploadParseError.badRequest(.query, "more than 2 parameters")) {
            try QueryParameters(parsing: "a&b&c", maximumCount: 2)
        }
    }

    static let booleans: [(query: String, value: Bool?)] = [
        ("v=true", true), ("v=TRUE", true), ("v=yes", true), ("v=1", true), ("v", true), ("v=", true),
        ("v=false", false), ("v=No", false), ("v=0", false), ("v=0&v=1", false),
        ("w=1", nil), ("", nil),
    ]

    @Test(arguments: booleans)
    func readsBooleans(_ query: String, _ value: Bool?) throws {
        #expect(try QueryParameters(parsing: query).bool("v") == value)
    }

    @Test(arguments: ["maybe", "2", "on", "tru", " true"])
    func rejectsOtherBooleans(_ value: String) throws {
        let query = try QueryParameters(parsing: "v=" + value.formEncoded)
        #expect(throws: UploadParseError.badRequest(.queryParameter("v"), "\"\(value)\" is not true, false, yes, no, 1 or 0")) {
            try query.bool("v")
        }
    }

    static let integers: [(query: String, value: Int?)] = [
        ("n=0", 0), ("n=5", 5), ("n=10", 10), ("n=007", 7), ("m=5", nil), ("", nil),
    ]

    @Test(arguments: integers)
    func readsWholeNumbersInRange(_ query: String, _ value: Int?) throws {
        #expect(try QueryParameters(parsing: query).integer("n", in: 0 ... 10) == value)
    }

    @Test(arguments: ["11", "-1", "+1", "1.5", "", "n", "1e3", "99999999999999999999999", "9223372036854775808", " 1"])
    func rejectsOtherNumbers(_ value: String) throws {
        let query = try QueryParameters(parsing: "n=" + value.formEncoded)
        #expect(throws: UploadParseError.badRequest(.queryParameter("n"), "\"\(value)\" is not a whole number in 0...10")) {
            try query.integer("n", in: 0 ... 10)
        }
    }

    @Test func readsTheLargestWholeNumber() throws {
        let query = try QueryParameters(parsing: "n=9223372036854775807")
        #expect(try query.integer("n", in: 0 ... Int.max) == Int.max)
    }
}

extension String {
    /// The text as a form writes it in a query: each `+` as `%2B`, then each space as `+`.
    fileprivate var formEncoded: String { replacing("+", with: "%2B").replacing(" ", with: "+") }
}
