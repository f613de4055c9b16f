@testable import GraphHTTP

/// What a test expects of one part: its fields and its content copied out of the body.
struct UploadedPart: Equatable, Sendable, CustomStringConvertible {
    var name: String
    var filename: String?
    var contentType: String?
    var content: [UInt8]

    init(name: String, filename: String? = nil, contentType: String? = nil, content: [UInt8]) {
        (self.name, self.filename, self.contentType, self.content) = (name, filename, contentType, content)
    }

    init(name: String, filename: String? = nil, contentType: String? = nil, text: String) {
        self.init(name: name, filename: filename, contentType: contentType, content: Array(text.utf8))
    }

    /// `part` of `body` as a test sees it.
    init(_ part: FormDataPart, of body: [UInt8]) {
        self.init(name: part.name, filename: part.filename, contentType: part.contentType?.essence, content: Array(body[part.content]))
    }

    /// The parts of `body`, parsed with `boundary`.
    static func parse(_ body: [UInt8], boundary: String) throws -> [UploadedPart] {
        try MultipartFormData(parsing: body, boundary: boundary).parts.map { UploadedPart($0, of: body) }
    }

    var description: String {
        "\(name) \(filename ?? "-") \(contentType ?? "-") \(String(decoding: content, as: UTF8.self).debugDescription)"
    }
}
