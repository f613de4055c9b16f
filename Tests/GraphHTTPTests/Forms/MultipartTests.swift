import SeededRandom
import Testing

@testable import GraphHTTP

/// Multipart bodies as curl and browsers send them split into exactly their parts, the
/// content of each left in the body, with the conveniences that pick the uploaded files.
@Suite struct UploadMultipartTests {
    /// Binary content with CR, LF, `--` and near-delimiters that must stay content.
    static func trickyContent(boundary: String) -> [UInt8] {
        [0x00, 0xFF, 0x0D, 0x0A, 0x0D, 0x0D, 0x0A, 0x2D, 0x2D, 0x0A, 0x0D]
            + Array("\r\n--\r\n-\r\n--\(boundary.dropLast())X\r\n--\(boundary.prefix(5))\n--\(boundary)\r--\(boundary)".utf8)
            + [0x0D, 0x0A, 0x2D]
    }

    @Test func readsTheFileCurlSends() throws {
        // curl -F file=@a.graph http://host/inspect
        let boundary = "------------------------d74496d66958873e"
        let content = Self.trickyContent(boundary: boundary) + Array("\r\n--\(boundary.prefix(9))\r\n-".utf8)
        let head = Array(
            """
            --\(boundary)\r
            Content-Disposition: form-data; name="file"; filename="a.graph"\r
            Content-Type: application/octet-stream\r
            \r

            """.utf8)
        let body = head + content + Array("\r\n--\(boundary)--\r\n".utf8)
        let parts = try UploadedPart.parse(body, boundary: boundary)
        #expect(
            parts == [UploadedPart(name: "file", filename: "a.graph", contentType: "application/octet-stream", content: Array(content))])
        #expect(try MultipartFormData(parsing: body, boundary: boundary).parts.first?.content == head.count ..< head.count + content.count)
    }

    @Test func readsBeforeAndAfterAsChromeSendsThem() throws {
        let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
        let before = Self.trickyContent(boundary: boundary)
        let after: [UInt8] = [0x47, 0x43, 0x0D, 0x0A, 0x2D, 0x2D, 0x2D, 0x2D, 0x2D, 0x2D, 0x0D]
        let body =
            Array(
                """
                --\(boundary)\r
                Content-Disposition: form-data; name="before"; filename="old.graph"\r
                Content-Type: application/octet-stream\r
                \r

                """.utf8) + before
            + Array(
                """
                \r
                --\(boundary)\r
                Content-Disposition: form-data; name="after"; filename="new.graph"\r
                Content-Type: application/octet-stream\r
                \r

                """.utf8) + after + Array("\r\n--\(boundary)--\r\n".utf8)
        let form = try MultipartFormData(parsing: body, contentType: MediaType(parsing: "multipart/form-data; boundary=\(boundary)"))
        #expect(
            form.parts.map { UploadedPart($0, of: body) } == [
                UploadedPart(name: "before", filename: "old.graph", contentType: "application/octet-stream", content: before),
                UploadedPart(name: "after", filename: "new.graph", contentType: "application/octet-stream", content: after),
            ])
        #expect(try UploadedPart(form.part(named: "before"), of: body).content == before)
        #expect(try UploadedPart(form.part(named: "after"), of: body).content == after)
        #expect(throws: UploadParseError.badRequest(.multipartBody, "no part named \"file\"")) { try form.uploadedFile() }
    }

    @Test func readsFieldsAndEmptyFilesAsFirefoxSendsThem() throws {
        let boundary = "---------------------------735323031399963166993862150"
        let body = Array(
            """
            --\(boundary)\r
            Content-Disposition: form-data; name="note"\r
            \r
            hello\r
            --\(boundary)\r
            Content-Disposition: form-data; name="file"; filename="café.graph"\r
            Content-Type: application/octet-stream\r
            \r
            \r
            --\(boundary)\r
            Content-Disposition: form-data; name="empty"; filename=""\r
            Content-Type: application/octet-stream\r
            \r
            \r
            --\(boundary)--\r

            """.utf8)
        let form = try MultipartFormData(parsing: body, boundary: boundary)
        #expect(
            form.parts.map { UploadedPart($0, of: body) } == [
                UploadedPart(name: "note", text: "hello"),
                UploadedPart(name: "file", filename: "café.graph", contentType: "application/octet-stream", text: ""),
                UploadedPart(name: "empty", filename: "", contentType: "application/octet-stream", text: ""),
            ])
        #expect(try form.uploadedFile().name == "file")
    }

    @Test func skipsPreambleEpilogueAndPaddingAndReadsFieldsWithoutCase() throws {
        let body = Array(
            """
            This is the preamble; --b is not a delimiter here.\r
            --b \t\r
            content-disposition: FORM-DATA; NAME="a\\"b"; filename="x.graph"; filename*=UTF-8''%C3%A9.graph\r
            X-Ignored: yes\r
            CONTENT-TYPE: Application/Octet-Stream; x=1\r
            \r
            data\r
            --b\r
            Content-Disposition: form-data; name=bare\r
            \r
            --b--  \r
            This is the epilogue.\r
            --b\r
            garbage
            """.utf8)
        let form = try MultipartFormData(parsing: body, boundary: "b")
        #expect(
            form.parts.map { UploadedPart($0, of: body) } == [
                UploadedPart(name: "a\"b", filename: "x.graph", contentType: "application/octet-stream", text: "data"),
                UploadedPart(name: "bare", text: ""),
            ])
        #expect(form.parts.first?.contentType?.parameter("x") == "1")
    }

    @Test func acceptsPartsThatEndRightAfterTheirFields() throws {
        // RFC 2046 attaches the CRLF before a delimiter to the delimiter: a part may end
        // after its last field line, without the empty line.
        let body = Array("--b\r\nContent-Disposition: form-data; name=a\r\n\r\n--b--".utf8)
        #expect(try UploadedPart.parse(body, boundary: "b") == [UploadedPart(name: "a", text: "")])
    }

    @Test func readsBoundariesOfEveryAllowedCharacter() throws {
        let boundary = "'()+_,-./:=? azAZ09" + String(repeating: "x", count: 51)
        #expect(boundary.count == 70)
        let body = Array("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=f\r\n\r\nx\r\n--\(boundary)--".utf8)
        let contentType = try MediaType(parsing: "multipart/form-data; boundary=\"\(boundary)\"")
        #expect(
            try MultipartFormData(parsing: body, contentType: contentType).parts.map { UploadedPart($0, of: body) }
                == [UploadedPart(name: "f", text: "x")])
    }

    @Test func findsTheDelimiterWhenContentRepeatsTheBoundary() throws {
        let boundary = String(repeating: "a", count: 70)
        let content = Array(
            (String(repeating: "a", count: 1000) + "\r" + String(repeating: "a", count: 50)
                + "\r\n--\(boundary.dropLast())\r\r\n-\(boundary)\r\n--\(boundary.dropLast())").utf8)
        let body =
            Array("--\(boundary)\r\nContent-Disposition: form-data; name=f\r\n\r\n".utf8) + content
            + Array("\r\n--\(boundary)--".utf8)
        #expect(try UploadedPart.parse(body, boundary: boundary) == [UploadedPart(name: "f", content: content)])
    }

    @Test func picksTheOnlyPartOrTheOneNamedFile() throws {
        let one = Array("--b\r\nContent-Disposition: form-data; name=upload\r\n\r\nA\r\n--b--".utf8)
        #expect(try MultipartFormData(parsing: one, boundary: "b").uploadedFile().name == "upload")
        let two = Array(
            "--b\r\nContent-Disposition: form-data; name=x\r\n\r\nA\r\n--b\r\nContent-Disposition: form-data; name=file\r\n\r\nB\r\n--b--"
                .utf8)
        let form = try MultipartFormData(parsing: two, boundary: "b")
        #expect(try form.uploadedFile().content == form.parts[1].content)
        let twice = Array(
            "--b\r\nContent-Disposition: form-data; name=file\r\n\r\nA\r\n--b\r\nContent-Disposition: form-data; name=file\r\n\r\nB\r\n--b--"
                .utf8)
        #expect(throws: UploadParseError.badRequest(.multipartBody, "2 parts named \"file\"")) {
            try MultipartFormData(parsing: twice, boundary: "b").uploadedFile()
        }
    }

    @Test func readsATwentyMegabytePart() throws {
        let boundary = "------------------------d74496d66958873e"
        var generator = SplitMix64(seed: 20)
        var block = (0 ..< 64 * 1024).map { _ in UInt8.random(in: 0 ... 255, using: &generator) }
        let nearDelimiter = Array("\r\n--\(boundary.dropLast())".utf8)
        for offset in stride(from: 0, to: block.count - nearDelimiter.count, by: 4096) {
            block.replaceSubrange(offset ..< offset + nearDelimiter.count, with: nearDelimiter)
        }
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.graph\"\r\n\r\n".utf8)
        let start = body.count
        body.reserveCapacity(start + 320 * block.count + 100)
        for _ in 0 ..< 320 { body.append(contentsOf: block) }
        let end = body.count
        body.append(contentsOf: "\r\n--\(boundary)--\r\n".utf8)
        #expect(end - start == 20 * 1024 * 1024)
        let part = try MultipartFormData(parsing: body, boundary: boundary).uploadedFile()
        #expect(part.content == start ..< end)
        #expect(part.filename == "big.graph")
    }
}
