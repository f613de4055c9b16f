import Foundation
import GraphCodable
import Synchronization
import Testing

@testable import GraphHTTP

/// Dumps and JSON forms, which can be many times their archive, are streamed: chunked
/// (close-delimited for HTTP/1.0), gzipped on the fly, produced at the pace the client
/// reads, and stopped when the client goes away.
@Suite struct ServerStreamingTests {
    static var largeArchive: [UInt8] {
        (try? GraphEncoder().encode((0 ..< 20_000).map { ["n\($0)": Double($0) / 3] })) ?? []
    }

    @Test func largeAnswersAreChunkedAndWhole() throws {
        let server = try TestServer()
        let archive = Self.largeArchive
        let response = try server.exchange("POST", "/v1/json", body: archive)
        #expect(response.status == 200)
        #expect(response.header("Transfer-Encoding") == "chunked")
        #expect(response.header("Content-Length") == nil)
        #expect(response.body == Array(try GraphArchive(bytes: archive).jsonData(indented: false)) + [UInt8(ascii: "\n")])
        let dump = try server.exchange("POST", "/v1/dump", body: archive)
        #expect(dump.text == (try GraphDecoder().dump(from: archive)) + "\n")
        let gzipped = try server.exchange("POST", "/v1/json", headers: ["Accept-Encoding": "gzip"], body: archive)
        #expect(gzipped.header("Content-Encoding") == "gzip")
        #expect(try SystemGzip.decompress(gzipped.body) == response.body)
    }

    @Test func httpOneZeroClientsGetCloseDelimitedStreams() throws {
        let server = try TestServer()
        let connection = try server.connect()
        let archive = TestModels.graphArchive
        try connection.write(Array("POST /v1/dump HTTP/1.0\r\nContent-Length: \(archive.count)\r\n\r\n".utf8) + archive)
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.header("Transfer-Encoding") == nil)
        #expect(response.text == (try GraphDecoder().dump(from: archive)) + "\n")
    }

    @Test func invalidArchivesAreStillProblems() throws {
        let server = try TestServer()
        let response = try server.exchange("POST", "/v1/json", body: [1, 2, 3])
        #expect(response.status == 422)
        #expect(response.header("Content-Type") == "application/problem+json")
    }

    /// The producer waits while more than the high-water mark is unwritten, and stops
    /// when the connection closes.
    @Test func productionWaitsForTheReaderAndStopsWhenItLeaves() throws {
        let delivered = Mutex(0)
        let channel = ResponseChannel(stallTimeout: 60, deadline: .distantFuture) { _, delivery in
            if case .bodyPiece(let bytes) = delivery { delivered.withLock { $0 += bytes.count } }
        }
        let outcome = Mutex<String>("running")
        let piece = [UInt8](repeating: 7, count: 256 * 1024)
        let producer = Thread {
            do {
                for _ in 0 ..< 100 { try channel.sendBody(piece) }
                outcome.withLock { $0 = "finished" }
            } catch {
                outcome.withLock { $0 = "stopped" }
            }
        }
        producer.start()
        Thread.sleep(forTimeInterval: 0.3)
        #expect(delivered.withLock { $0 } == ResponseChannel.highWater)
        channel.written(piece.count)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(delivered.withLock { $0 } == ResponseChannel.highWater + piece.count)
        channel.close()
        Thread.sleep(forTimeInterval: 0.2)
        #expect(outcome.withLock { $0 } == "stopped")
    }

    /// A client that stops reading stops the production after the stall timeout, and its
    /// connection is aborted.
    @Test func aStalledReaderStopsTheProduction() throws {
        let aborted = Mutex(false)
        let channel = ResponseChannel(stallTimeout: 0.3, deadline: .distantFuture) { _, delivery in
            if case .abort = delivery { aborted.withLock { $0 = true } }
        }
        let start = Date()
        #expect(throws: ResponseChannel.Closed.self) {
            for _ in 0 ..< 10 { try channel.sendBody([UInt8](repeating: 1, count: ResponseChannel.highWater)) }
        }
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(aborted.withLock { $0 })
    }

    /// A client that keeps reading, but too slowly to take the answer before the request's
    /// deadline, is cut off at the deadline: it cannot hold a worker longer than any request.
    @Test func aTrickleReaderIsCutOffAtTheDeadline() throws {
        let aborted = Mutex(false)
        let channel = ResponseChannel(stallTimeout: 60, deadline: Date(timeIntervalSinceNow: 0.5)) { _, delivery in
            if case .abort = delivery { aborted.withLock { $0 = true } }
        }
        let reading = Atomic(true)
        let reader = Thread {
            while reading.load(ordering: .relaxed) {
                channel.written(1)
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        reader.start()
        defer { reading.store(false, ordering: .relaxed) }
        let start = Date()
        #expect(throws: ResponseChannel.Closed.self) {
            for _ in 0 ..< 10 { try channel.sendBody([UInt8](repeating: 1, count: ResponseChannel.highWater)) }
        }
        #expect(Date().timeIntervalSince(start) >= 0.4)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(aborted.withLock { $0 })
    }

    @Test func aReaderThatLeavesMidStreamFreesItsWorker() throws {
        let server = try TestServer { $0.workerCount = 1 }
        // Its pretty JSON form is far more than the channel and the sockets' buffers hold.
        let archive = try GraphEncoder().encode((0 ..< 3_000_000).map { Double($0) + 0.5 }) as Bytes
        let connection = try server.connect()
        try connection.request("POST", "/v1/json?pretty=true", body: archive)
        try connection.receive(atLeast: 100_000) // the answer is being written
        connection.reset()
        try server.waitForMetric("graph_server_worker_jobs{state=\"running\"} 0")
        #expect(try server.exchange("POST", "/v1/typemap", body: TestModels.graphArchive).status == 200)
    }
}
