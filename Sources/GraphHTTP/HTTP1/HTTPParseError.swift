/// Why a request could not be parsed: 400, 413, 414, 417, 431, 501 or 505, and what went
/// wrong, where. After an error the parser is finished; the connection answers and closes.
typealias HTTPParseError = RequestReadError<HTTPParsePlace>

/// The part of a request a parse error is about, named at the start of its message.
enum HTTPParsePlace: Equatable, Sendable, CustomStringConvertible {
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
