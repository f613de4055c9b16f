import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A response as the tests read it off the wire.
struct WireResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The value of the first field called `name`.
    func header(_ name: String) -> String? {
        headers(name).first
    }

    /// The values of every field called `name`, in order.
    func headers(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as a JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }
}

struct TestClientError: Error, CustomStringConvertible {
    let description: String
}

extension String {
    /// The string with every character but letters and digits percent-encoded: a
    /// query parameter's value.
    var queryEncoded: String { addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? self }
}

/// A blocking HTTP/1.1 client over a plain socket, sending exactly the bytes a test gives
/// and reading responses one at a time (so pipelining and raw protocol tests are possible).
/// Unchecked: a test may write on one thread while it reads on another; writing uses the
/// descriptor only.
final class TestConnection: @unchecked Sendable {
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    /// Connects to `port` on loopback; a read waits at most `timeout` seconds.
    init(port: Int, timeout: Int = 30) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else { throw TestClientError(description: "connect failed: \(errno)") }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var noSignal: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    #if canImport(Glibc)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let sendFlags: Int32 = 0
    #endif

    deinit { if descriptor >= 0 { close(descriptor) } }

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Self.sendFlags) }
            guard sent > 0 else { throw TestClientError(description: "send failed: \(errno)") }
            offset += sent
        }
    }

    /// Sends `text` in one call with its last byte as urgent (out-of-band) data: the server's
    /// reads stop at its mark, and the byte is not part of the stream they read.
    func writeUrgent(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Self.sendFlags | Int32(MSG_OOB)) }
        guard sent == bytes.count else { throw TestClientError(description: "send failed: \(errno)") }
    }

    /// A request with a body and a `Content-Length`.
    func request(_ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []) throws {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: test\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        try write(Array((head + "\r\n").utf8) + body)
    }

    /// Reads one response (an interim 100 Continue is returned as a response of its own).
    /// With `method` HEAD, the body framing headers are not followed.
    func readResponse(method: String = "GET") throws -> WireResponse {
        let headEnd = try readUntil([13, 10, 13, 10])
        let headText = String(decoding: buffer[start ..< headEnd], as: UTF8.self)
        start = headEnd + 4
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw TestClientError(description: "bad status line \(headText)")
        }
        let headers = lines.map { line -> (String, String) in
            let colon = line.firstIndex(of: ":")!
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = WireResponse(status: status, headers: headers, body: [])
        if status < 200 || status == 204 || status == 304 || method == "HEAD" { return response }
        if let length = response.header("Content-Length").flatMap(Int.init) {
            response.body = try readBytes(length)
        } else if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            while true {
                let lineEnd = try readUntil([13, 10])
                let size = Int(String(decoding: buffer[start ..< lineEnd], as: UTF8.self), radix: 16) ?? 0
                start = lineEnd + 2
                if size == 0 {
                    _ = try readUntil([13, 10])
                    start += 2
                    break
                }
                response.body += try readBytes(size)
                _ = try readBytes(2)
            }
        } else {
            while try fill() {}
            response.body = Array(buffer[start...])
            start = buffer.count
        }
        return response
    }

    /// Whether the server closed the connection (reads the end of the stream within `timeout`).
    func isClosedByServer(within seconds: Int = 5) -> Bool {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var byte: UInt8 = 0
        while true {
            let count = recv(descriptor, &byte, 1, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// Ends the stream the server reads (a FIN), while still reading its answers.
    func shutdownWrites() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Holds what is written until ``shutdownWrites()``, which then sends it in one segment
    /// with the end of the stream, so that the server learns of both at once.
    func cork() {
        var on: Int32 = 1
        #if canImport(Glibc)
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_CORK, &on, socklen_t(MemoryLayout<Int32>.size))
        #else
        setsockopt(descriptor, IPPROTO_TCP, TCP_NOPUSH, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Closes with a reset (SO_LINGER 0) instead of an orderly close.
    func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(descriptor)
        descriptor = -1
    }

    /// Reads until at least `count` bytes of the stream (heads included) have arrived, and
    /// keeps them for the next ``readResponse(method:)``.
    func receive(atLeast count: Int) throws {
        while buffer.count - start < count {
            guard try fill() else { throw TestClientError(description: "connection closed before \(count) bytes") }
        }
    }

    private func readBytes(_ count: Int) throws -> [UInt8] {
        while buffer.count - start < count {
            guard try fill() else {
                throw TestClientError(description: "connection closed with \(count - (buffer.count - start)) bytes missing")
            }
        }
        defer { start += count }
        return Array(buffer[start ..< start + count])
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        while true {
            if let found = buffer[start...].firstRange(of: marker) { return found.lowerBound }
            guard try fill() else { throw TestClientError(description: "connection closed before \(marker)") }
        }
    }

    /// Reads more bytes; false at the end of the stream.
    private func fill() throws -> Bool {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        if count < 0 {
            if errno == ECONNRESET { return false }
            throw TestClientError(description: "receive failed: \(errno)")
        }
        buffer += chunk[..<count]
        return count > 0
    }
}
