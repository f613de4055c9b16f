/// An error answer: RFC 9457's `application/problem+json`, with a stable `type` per kind of
/// error, the HTTP status, a title, and a `detail` saying what went wrong and where.
///
/// Handlers throw problems; anything else they throw becomes a 500 with no details (and a
/// log line), since bad input is always answered 4xx by a problem of its own.
public struct Problem: Error, Sendable, CustomStringConvertible {
    /// A kind of error: its `type` URI and title never change, so clients can act on them.
    public struct Kind: Sendable, Equatable {
        /// The last part of the type URI, `urn:graphcodable:problem:<name>`.
        public let name: String
        /// A short summary of the kind, the same for every occurrence.
        public let title: String
        /// The status the kind is answered with.
        public let status: HTTPStatus

        /// The problem's `type` member.
        public var type: String { "urn:graphcodable:problem:\(name)" }
    }

    /// What kind of error it is.
    public var kind: Kind
    /// What went wrong in this request, and where (the codec's byte offset and node path
    /// for archives).
    public var detail: String
    /// Members added to the problem object beside the standard ones, such as `byteOffset`.
    public var members: [String: ProblemMember]
    /// Header fields the answer carries, such as `Allow` or `Retry-After`.
    public var headers: HTTPHeaders

    /// A problem of `kind`, saying `detail`, with `members` beside the standard ones and
    /// `headers` on its answer.
    public init(_ kind: Kind, _ detail: String, members: [String: ProblemMember] = [:], headers: HTTPHeaders = HTTPHeaders()) {
        self.kind = kind
        self.detail = detail
        self.members = members
        self.headers = headers
    }

    public var description: String { "\(kind.status.code) \(kind.name): \(detail)" }

    /// The problem as a response.
    public var response: Response {
        var object: [String: ProblemMember] = members
        object["type"] = .string(kind.type)
        object["title"] = .string(kind.title)
        object["status"] = .integer(kind.status.code)
        object["detail"] = .string(detail)
        var headers = self.headers
        headers.replace(name: "Content-Type", value: "application/problem+json")
        return Response(status: kind.status, headers: headers, body: ProblemMember.object(object).json + [UInt8(ascii: "\n")])
    }
}

/// A value in a problem object.
///
/// Written as JSON by hand: every error answer is one, so that a stream of requests for no
/// resource is answered without Foundation's `JSONEncoder`. `Encodable`
/// gives the form the API's JSON answers take, which the tests hold the hand-written one to.
public enum ProblemMember: Sendable, Equatable, Encodable {
    /// A JSON string.
    case string(String)
    /// A JSON number, whole.
    case integer(Int)
    /// A JSON array of strings.
    case strings([String])
    /// A JSON object.
    indirect case object([String: ProblemMember])

    /// The value as JSON, with object members sorted by name.
    var json: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }

    private func write(to writer: inout JSONWriter) {
        switch self {
        case .string(let value):
            writer.value(value)
        case .integer(let value):
            writer.value(value)
        case .strings(let values):
            writer.beginArray()
            for value in values { writer.value(value) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for (name, member) in JSONWriter.sortedMembers(members) {
                writer.key(name)
                member.write(to: &writer)
            }
            writer.endObject()
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .strings(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }
}
