/// Why a request could not be parsed: the status to answer with and what went wrong, where.
///
/// After an error the parser is finished; the connection answers with ``status`` and closes.
struct HTTPParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The part of a request an error is about, named at the start of its message.
    enum Place: Equatable, Sendable, CustomStringConvertible {
        case requestLine
        case requestTarget
        /// The header field line with this number, counting from 1.
        case fieldLine(Int)
        case headerSection
        /// The header fields with this name, taken together.
        case field(String)
        case body
        case chunkSizeLine
        case chunkData
        /// The trailer field line with this number, counting from 1.
        case trailerLine(Int)
        case trailerSection

        var description: String {
            switch self {
            case .requestLine: "request line"
            case .requestTarget: "request target"
            case .fieldLine(let number): "field line \(number)"
            case .headerSection: "header section"
            case .field(let name): "\(name) field"
            case .body: "body"
            case .chunkSizeLine: "chunk size line"
            case .chunkData: "chunk data"
            case .trailerLine(let number): "trailer line \(number)"
            case .trailerSection: "trailer section"
            }
        }
    }

    /// The status of the error response: 400, 413, 414, 417, 431, 501 or 505.
    let status: HTTPStatus
    /// A short description naming the part of the request at fault, such as
    /// `field line 3: whitespace before the colon`.
    let message: String

    /// An error answered with `status`, about `place`, saying `what` went wrong there.
    init(_ status: HTTPStatus, _ place: Place, _ what: String) {
        self.status = status
        self.message = "\(place): \(what)"
    }

    var description: String { "\(status.code): \(message)" }

    /// A 400 (Bad Request) error about `place`.
    static func badRequest(_ place: Place, _ what: String) -> HTTPParseError {
        HTTPParseError(.badRequest, place, what)
    }

    /// `byte` as it appears in messages: `0x7F`.
    static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
