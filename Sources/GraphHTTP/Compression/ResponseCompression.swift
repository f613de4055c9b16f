import Foundation

/// Gzips an answer's body when it pays and the client accepts it: text answers (JSON,
/// dumps, reports, the API description) of at least a minimum size; never archive bytes,
/// which do not compress, and never bodiless answers. Every text answer says
/// `Vary: Accept-Encoding`, since its encoding depends on that field.
enum ResponseCompression {
    static func apply(to response: inout Response, for request: RequestHead, minimumBytes: Int) {
        guard let type = response.headers.first("Content-Type"), isText(type) else { return }
        response.headers.add(name: "Vary", value: "Accept-Encoding")
        guard response.body.count >= minimumBytes, request.method != .head,
              ContentCoding.preferred(for: request.headers) == .gzip,
              let compressed = try? GzipStream.gzip(response.body)
        else { return }
        response.body = compressed
        response.headers.replace(name: "Content-Encoding", value: "gzip")
    }

    private static func isText(_ contentType: String) -> Bool {
        let essence = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
        return essence.hasPrefix("text/") || essence.hasSuffix("json") || essence.hasSuffix("yaml")
    }
}
