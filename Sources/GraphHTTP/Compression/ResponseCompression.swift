/// Decides whether an answer's body is gzipped: text answers (JSON, dumps, reports, the API
/// description) for clients that accept gzip, whole bodies only from a minimum size; never
/// archive bytes, which do not compress, and never bodiless answers. Every text answer says
/// `Vary: Accept-Encoding`, since its encoding depends on that field.
enum ResponseCompression {
    /// Whether to gzip `response` for `request` (and, if so, its `Content-Encoding` is set).
    static func choose(for response: inout Response, request: RequestHead, minimumBytes: Int) -> Bool {
        guard let type = response.headers.first("Content-Type"), isText(type) else { return false }
        response.headers.append(checked: varyAcceptEncoding)
        let largeEnough = response.producer != nil || response.body.count >= minimumBytes
        guard largeEnough, ContentCoding.preferred(for: request.headers) == .gzip else { return false }
        response.headers.replace(name: "Content-Encoding", value: "gzip")
        return true
    }

    /// Whether a `Content-Type` names text: `text/*`, or a subtype ending in `json` or `yaml`.
    static func isText(_ contentType: String) -> Bool {
        var contentType = contentType
        return contentType.withUTF8 { bytes in
            let essence = ASCII.trimmingWhitespace(bytes.prefix { $0 != ASCII.semicolon })
            return ASCII.hasPrefix(essence, ignoringCase: "text/") || ASCII.hasSuffix(essence, ignoringCase: "json")
                || ASCII.hasSuffix(essence, ignoringCase: "yaml")
        }
    }

    private static let varyAcceptEncoding = HTTPHeaders.Field(name: "Vary", value: "Accept-Encoding")
}
