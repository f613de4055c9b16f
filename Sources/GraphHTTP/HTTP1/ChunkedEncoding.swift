/// The chunked transfer coding of streamed response bodies (RFC 9112 §7.1): each piece of
/// the body is sent as a chunk with its size in hex, and an empty last chunk ends the body.
enum ChunkedEncoding {
    /// The last chunk, with no trailer fields: it ends a chunked body.
    static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

    /// Appends `data` as one chunk: its size in hex, CRLF, the data, CRLF. Empty data
    /// appends nothing, since an empty chunk would end the body.
    static func appendChunk(_ data: some Collection<UInt8>, to bytes: inout [UInt8]) {
        guard !data.isEmpty else { return }
        bytes.append(contentsOf: String(data.count, radix: 16).utf8)
        bytes.append(ASCII.cr)
        bytes.append(ASCII.lf)
        bytes.append(contentsOf: data)
        bytes.append(ASCII.cr)
        bytes.append(ASCII.lf)
    }
}
