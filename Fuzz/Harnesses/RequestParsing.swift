@testable import GraphHTTP1

/// (e) The HTTP/1.1 request parser, fed the input in two pieces at a point the input
/// chooses (its first byte), so that both whole and split feeding are explored; each
/// request's body then goes through the upload parsers (media type, multipart form, query).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParsing(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = input.first else { return 0 }
    let bytes = input.dropFirst()
    let split = bytes.startIndex + Int(first) % (bytes.count + 1)
    var limits = HTTPParserLimits()
    limits.maximumBodyBytes = 1 << 20
    var parser = RequestParser(limits: limits)
    var head: RequestHead?
    var body: [UInt8] = []
    for piece in [bytes[..<split], bytes[split...]] {
        piece.withUnsafeBytes { parser.append($0) }
        while true {
            let next: RequestParser.Event?
            do {
                next = try parser.next()
            } catch {
                return 0
            }
            guard let event = next else { break }
            switch event {
            case .head(let parsed):
                head = parsed
                body = []
            case .body(let bytes):
                body += bytes
            case .end:
                if let head { uploads(head, body) }
            }
        }
    }
    return 0
}

/// What the service makes of an upload's head and body before it reaches the codec.
private func uploads(_ head: RequestHead, _ body: [UInt8]) {
    if let query = head.query { _ = try? QueryParameters(parsing: query) }
    guard let value = head.headers.first("Content-Type"), let type = try? MediaType(parsing: value), type.isMultipartFormData,
        let form = try? MultipartFormData(parsing: body, contentType: type)
    else { return }
    if let file = try? form.uploadedFile() { _ = Array(body[file.content]) }
}

func fuzzSeeds() -> [[UInt8]] {
    let requests = [
        "GET /healthz HTTP/1.1\r\nHost: h\r\n\r\n",
        "HEAD /metrics HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
        "POST /v1/dump?header=true&typemap=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello",
        "POST /v1/json HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n0\r\nTrailer: x\r\n\r\n",
        "POST /v1/validate HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: 98\r\n\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.graph\"\r\n\r\nbytes\r\n--XyZ--\r\n",
        "OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\nGET /a HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n",
        "POST /v1/convert?binaryIOVersion=1&internalBinaryIOVersion=2 HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n",
    ]
    return requests.flatMap { request in [[0] + Array(request.utf8), [UInt8(request.utf8.count / 2)] + Array(request.utf8)] }
}
