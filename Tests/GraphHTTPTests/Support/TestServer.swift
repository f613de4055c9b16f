import Foundation
import GraphCodable

@testable import GraphHTTP

/// A server on a free port of this machine, for one test; stopped when the test ends.
final class TestServer: Sendable {
    let server: GraphServer

    var port: Int { server.port }

    init(
        _ configure: (inout GraphServer.Configuration) -> Void = { _ in }, registry: GTypeRegistry = TestModels.registry,
        samples: [SampleArchive] = []
    ) throws {
        var configuration = GraphServer.Configuration()
        configuration.port = 0
        configuration.workerCount = 2
        configuration.ioLoopCount = 2
        configuration.drainTimeout = .seconds(5)
        configure(&configuration)
        Log.shared.setLevel(.warning)
        server = GraphServer(configuration: configuration, registry: registry, samples: samples)
        try server.start()
    }

    deinit {
        server.shutdown()
        server.waitUntilStopped()
    }

    /// A connection whose reads wait at most `timeout` seconds.
    func connect(timeout: Int = 30) throws -> TestConnection { try TestConnection(port: port, timeout: timeout) }

    /// Sends one request on a new connection and reads its response.
    func exchange(
        _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = [], timeout: Int = 30
    ) throws -> WireResponse {
        let connection = try connect(timeout: timeout)
        try connection.request(method, target, headers: headers, body: body)
        return try connection.readResponse(method: method)
    }

    /// Waits (at most 10 s) until `/metrics` shows `line`.
    func waitForMetric(_ line: String) throws {
        for _ in 0 ..< 200 {
            if try exchange("GET", "/metrics").text.contains(line) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestClientError(description: "the metrics never showed \(line)")
    }
}
