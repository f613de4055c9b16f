/// Asks a server on this machine whether it is alive (`GET /healthz`), with no HTTP client
/// library: what a container's health check runs (slim images have no curl).
public enum HealthProbe {
    /// Whether the server at `host`:`port` answers `/healthz` with 200 within `seconds`.
    public static func isHealthy(host: String, port: Int, seconds: Int = 3) -> Bool {
        guard let descriptor = try? Socket.connection(toHost: host, port: port, timeoutSeconds: seconds) else { return false }
        defer { Socket.release(descriptor) }
        let request = Array("GET /healthz HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8)
        guard case .done(request.count) = request.withUnsafeBytes({ Socket.transmit(to: descriptor, $0) }) else { return false }
        var answer: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1024, alignment: 1)
        defer { buffer.deallocate() }
        while answer.count < 12, case .done(let count) = Socket.receive(from: descriptor, into: buffer) {
            answer += buffer[..<count]
        }
        return answer.starts(with: Array("HTTP/1.1 200".utf8))
    }
}
