import Foundation
import GraphCodable
import SeededRandom
import Synchronization
import Testing

@testable import GraphHTTP

/// Limits and time: slow or silent clients, long work, a full pool, too many connections,
/// clients that vanish, shutdown with work in flight.
@Suite struct ServerLimitsTests {
    /// Strangers' archives are read under the server's own bounds: its upload limit, and
    /// 4,000,000 nodes and 1,000,000 table entries, where the library's defaults scale with
    /// the archive.
    @Test func archiveLimitsAreTheServers() {
        var configuration = GraphServer.Configuration()
        configuration.maximumUploadBytes = 1 << 20
        let limits = configuration.effectiveArchiveLimits
        #expect(limits.maximumArchiveSize == 1 << 20)
        #expect(limits.maximumNodeCount == 4_000_000)
        #expect(limits.maximumTableCount == 1_000_000)
        #expect(limits.maximumLength == 1 << 20)
        #expect(ArchiveLimits().maximumLength == .max)
        #expect(ArchiveLimits().maximumNodeCount == .max)
        #expect(ArchiveLimits().maximumTableCount == .max)
    }

    /// The memory bound of deploy/kubernetes.yaml's settings, term by term, as
    /// Docs/Security.md works it out: 1128 MiB, within 85 % of the manifest's 1344 MiB with
    /// its 64 MiB of socket buffers in the rest, and not within a smaller limit.
    @Test func theMemoryBoundOfTheManifestsSettings() {
        var configuration = GraphServer.Configuration()
        configuration.maximumUploadBytes = 4 << 20
        configuration.uploadBudgetBytes = 16 << 20
        configuration.answerBudgetBytes = 16 << 20
        configuration.workerCount = 2
        configuration.maximumConnections = 256
        configuration.socketBufferBytes = 64 << 10
        let bound = configuration.memoryBound
        #expect(bound.workers == 2 * (128 * (4 << 20) + (8 << 20)))
        #expect(bound.connectionBytes == 96 << 10)
        #expect(bound.resident == 1128 << 20)
        #expect(bound.kernel == 64 << 20)
        #expect(
            bound.description
                == "idle 32.0 MiB + uploads 16.0 MiB + answers 16.0 MiB + workers 1040 MiB + connections 24.0 MiB, kernel 64.0 MiB")
        #expect(bound.problem(underLimit: 1344 << 20) == nil)
        #expect(bound.problem(underLimit: 1300 << 20)?.contains("more than 85 % of the memory limit of 1300 MiB") == true)
        configuration.socketBufferBytes = 256 << 10
        #expect(configuration.memoryBound.problem(underLimit: 1344 << 20)?.contains("the kernel 256 MiB for the sockets") == true)
        // Limits too large to add up fit no memory limit, and are said so rather than trap.
        configuration.maximumConnections = .max
        #expect(configuration.memoryBound.resident == .max)
        #expect(configuration.memoryBound.problem(underLimit: .max)?.contains("more than 85 %") == true)
    }

    /// A server whose limits cannot fit its memory limit refuses to start, saying why; with
    /// room, and its sockets' buffers set, it serves.
    @Test func aServerThatCannotFitItsMemoryLimitDoesNotStart() throws {
        do {
            _ = try TestServer { $0.memoryLimitBytes = 512 << 20 }
            Issue.record("the server started")
        } catch let error as SocketError {
            #expect(error.description.contains("more than 85 % of the memory limit of 512 MiB"))
        }
        let server = try TestServer {
            $0.maximumUploadBytes = 1 << 20
            $0.socketBufferBytes = 16 << 10
            $0.memoryLimitBytes = 1 << 30
        }
        let response = try server.exchange("POST", "/v1/json", body: try GraphEncoder().encode(Array(0 ..< 100_000)))
        #expect(response.status == 200 && response.body.count > 500_000)
    }

    @Test func slowHeadsAreAnswered408() throws {
        let server = try TestServer { $0.headTimeout = .milliseconds(300) }
        let connection = try server.connect()
        try connection.write("GET /healthz HTTP/1.1\r\nHo")
        let response = try connection.readResponse()
        #expect(response.status == 408)
        #expect(response.header("Connection") == "close")
        #expect(connection.isClosedByServer())
    }

    @Test func slowBodiesAreAnswered408() throws {
        let server = try TestServer { $0.bodyTimeout = .milliseconds(300) }
        let connection = try server.connect()
        try connection.write("POST /v1/dump HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nabc")
        #expect(try connection.readResponse().status == 408)
    }

    @Test func idleConnectionsAreClosed() throws {
        let server = try TestServer { $0.idleTimeout = .milliseconds(300) }
        let connection = try server.connect()
        try connection.request("GET", "/healthz")
        #expect(try connection.readResponse().status == 200)
        #expect(connection.isClosedByServer(within: 3))
    }

    @Test func workPastTheDeadlineIsAnswered503() throws {
        let server = try TestServer { $0.requestTimeout = .milliseconds(300) }
        let gate = TestModels.Gate()
        defer { gate.open() }
        let response = try server.exchange("POST", "/v1/decode?type=Held", body: gate.archive)
        #expect(response.status == 503)
        #expect(response.json["type"] as? String == "urn:graphcodable:problem:deadline-exceeded")
    }

    @Test func aFullPoolAnswers503WithRetryAfter() throws {
        let server = try TestServer {
            $0.workerCount = 1
            $0.maximumQueuedRequests = 1
        }
        let gate = TestModels.Gate()
        defer { gate.open() }
        // One job running, then one queued (submitted before the worker takes the first, the
        // second would find the queue full).
        let busy = try (0 ..< 2).map { _ in try server.connect() }
        for (connection, state) in zip(busy, ["running", "queued"]) {
            try connection.request("POST", "/v1/decode?type=Held", body: gate.archive)
            try server.waitForMetric("graph_server_worker_jobs{state=\"\(state)\"} 1")
        }
        let refused = try server.exchange("POST", "/v1/decode?type=Held", body: gate.archive)
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.json["type"] as? String == "urn:graphcodable:problem:server-busy")
        #expect(try server.exchange("GET", "/healthz").status == 200) // quick routes never wait for workers
        gate.open()
        for connection in busy {
            let answer = try connection.readResponse()
            #expect(answer.status == 200, "\(answer.text.prefix(300))")
        }
    }

    @Test func connectionsBeyondTheLimitAreAnswered503() throws {
        let server = try TestServer { $0.maximumConnections = 2 }
        let open = try (0 ..< 2).map { _ in try server.connect() }
        for connection in open {
            try connection.request("GET", "/healthz")
            #expect(try connection.readResponse().status == 200)
        }
        let refused = try server.connect()
        let answer = try refused.readResponse()
        #expect(answer.status == 503)
        #expect(answer.json["type"] as? String == "urn:graphcodable:problem:too-many-connections")
        #expect(answer.headers("Content-Length") == [String(answer.body.count)])
        #expect(answer.headers("Connection") == ["close"])
        #expect(answer.headers("X-Request-Id").map(\.count) == [32])
        #expect(answer.headers("Date").count == 1)
        #expect(refused.isClosedByServer())
        open[0].reset()
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try server.exchange("GET", "/healthz").status == 200)
    }

    @Test func aHundredConcurrentConnections() throws {
        let server = try TestServer { $0.maximumQueuedRequests = 100 }
        let port = server.port
        let archive = TestModels.graphArchive
        let statuses = Mutex<[Int]>([])
        let group = DispatchGroup()
        for index in 0 ..< 100 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    let connection = try TestConnection(port: port)
                    for _ in 0 ..< 3 {
                        try connection.request("POST", index.isMultiple(of: 2) ? "/v1/validate" : "/v1/typemap", body: archive)
                        let status = try connection.readResponse().status
                        statuses.withLock { $0.append(status) }
                    }
                } catch {
                    statuses.withLock { $0.append(-1) }
                }
            }
        }
        group.wait()
        let all = statuses.withLock { $0 }
        #expect(all.count == 300)
        #expect(all.allSatisfy { $0 == 200 })
    }

    @Test func clientsThatResetMidAnswerDoNotHurtTheServer() throws {
        let server = try TestServer()
        var generator = SplitMix64(seed: 3)
        let archive = try GraphEncoder().encode((0 ..< 200_000).map { _ in Double(bitPattern: generator.next()) }) as Bytes
        for _ in 0 ..< 5 {
            let connection = try server.connect()
            try connection.request("POST", "/v1/json?pretty=true", body: archive)
            Thread.sleep(forTimeInterval: 0.05)
            connection.reset()
        }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try server.exchange("GET", "/healthz").status == 200)
    }

    /// The deepest archive the default limits allow, dumped, validated, converted, decoded,
    /// and read back from its JSON form, on the workers' stacks, in and out.
    @Test func theDeepestArchiveOverHTTP() throws {
        let server = try TestServer()
        let archive = try onLargeStack {
            var value: TestModels.Deep = .leaf
            for _ in 0 ..< 4_995 { value = .node([value]) } // two levels each: a value, its array
            return try GraphEncoder().encode(value) as Bytes
        }
        for path in [
            "/v1/dump", "/v1/validate", "/v1/json", "/v1/typemap", "/v1/convert?internalBinaryIOVersion=2", "/v1/decode?type=Deep",
        ] {
            let response = try server.exchange("POST", path, body: archive)
            #expect(response.status == 200, "\(path): \(response.text.prefix(300))")
            if path == "/v1/validate" { #expect(response.json["maximumDepth"] as? Int ?? 0 > 9_900) }
        }
        // Its JSON form is parsed, modelled and released on a worker too.
        let json = try server.exchange("POST", "/v1/json", body: archive)
        let back = try server.exchange("POST", "/v1/archive", headers: ["Content-Type": "application/json"], body: json.body)
        #expect(back.status == 200, "\(back.text.prefix(300))")
        #expect(back.body == archive)
    }

    /// Long chains of objects, each holding the one before, decode and are released on the
    /// workers: a million links of a type that takes its chain apart, a hundred thousand of
    /// one that leaves it to the runtime (the worker's stack holds the recursion), and a
    /// million links dropped by a decoding that fails after building them. In a debug build
    /// the test takes about a minute alone on two cores, and longer while other tests share
    /// them: the server and the client wait up to five minutes for each answer.
    @Test func longChainsDecodeAndAreReleased() throws {
        let server = try TestServer { $0.requestTimeout = .seconds(300) }
        let million = try GraphEncoder().encode(TestModels.Chain(length: 1_000_000)) as Bytes
        let decoded = try server.exchange("POST", "/v1/decode?type=TestModels.Chain", body: million, timeout: 300)
        #expect(decoded.status == 200, "\(decoded.text.prefix(300))")
        let misread = try server.exchange("POST", "/v1/decode?type=Misread.Chain", body: million, timeout: 300)
        #expect(misread.status == 422)
        #expect(misread.json["type"] as? String == "urn:graphcodable:problem:cannot-decode")

        let naiveArchive = try onLargeStack { // built and released here, on a stack that holds the recursion
            var naive: [TestModels.NaiveLink] = []
            for _ in 0 ..< 100_000 {
                let link = TestModels.NaiveLink()
                link.previous = naive.last.map { [$0] } ?? []
                naive.append(link)
            }
            return try GraphEncoder().encode(naive) as Bytes
        }
        let answer = try server.exchange(
            "POST", "/v1/decode?type=" + _typeName([TestModels.NaiveLink].self).queryEncoded, body: naiveArchive, timeout: 300)
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        #expect(try server.exchange("GET", "/healthz").status == 200)
    }

    @Test func shutdownFinishesWorkInFlightThenStops() throws {
        let server = try TestServer()
        let gate = TestModels.Gate()
        defer { gate.open() }
        let working = try server.connect()
        try working.request("POST", "/v1/decode?type=Held", body: gate.archive)
        let idle = try server.connect()
        try idle.request("GET", "/healthz")
        #expect(try idle.readResponse().status == 200)
        Thread.sleep(forTimeInterval: 0.3)
        let started = Date()
        server.server.shutdown()
        #expect(!server.server.isReady)
        #expect(idle.isClosedByServer())
        gate.open()
        let answer = try working.readResponse()
        #expect(answer.status == 200)
        #expect(answer.header("Connection") == "close")
        server.server.waitUntilStopped()
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(throws: (any Error).self) { try server.exchange("GET", "/healthz") }
    }

    /// A stopped server holds nothing that holds it: once its owner lets go, it goes, and
    /// its loops and their threads with it.
    @Test func aStoppedServerIsReleased() throws {
        weak var released: GraphServer?
        do {
            let server = try TestServer() // stopped when it goes, at the end of this block
            released = server.server
            #expect(try server.exchange("POST", "/v1/validate", body: TestModels.graphArchive).status == 200)
        }
        for _ in 0 ..< 100 where released != nil { Thread.sleep(forTimeInterval: 0.05) }
        #expect(released == nil)
    }

    /// A server never started stops at once when asked to.
    @Test func aServerNeverStartedStopsAtOnce() {
        let server = GraphServer(configuration: GraphServer.Configuration())
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.shutdown()
            server.waitUntilStopped()
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
    }

    /// A server let go while a worker still runs the request its drain timeout cut: the
    /// worker finishes, and the pool goes with its last thread.
    @Test func aServerLetGoWhileItsWorkersRunStaysSound() throws {
        let gate = TestModels.Gate()
        defer { gate.open() }
        weak var released: GraphServer?
        do {
            let server = try TestServer { $0.drainTimeout = .milliseconds(200) }
            released = server.server
            let working = try server.connect()
            try working.request("POST", "/v1/decode?type=Held", body: gate.archive)
            try server.waitForMetric("graph_server_worker_jobs{state=\"running\"} 1")
        }
        for _ in 0 ..< 100 where released != nil { Thread.sleep(forTimeInterval: 0.05) }
        #expect(released == nil)
        gate.open()
        Thread.sleep(forTimeInterval: 0.5) // the worker ends its job and looks for the next
    }

    /// Clients that vanish part way through their upload (so that the server's next write,
    /// its 100 Continue, fails) give back the upload budget their bytes took: later uploads
    /// still fit.
    @Test func uploadsCutShortGiveTheirBudgetBack() throws {
        let server = try TestServer { $0.uploadBudgetBytes = 300_000 }
        let head = "POST /v1/validate HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 250000\r\n\r\n"
        for _ in 0 ..< 20 {
            let connection = try server.connect()
            try connection.write(Array(head.utf8) + [UInt8](repeating: 0, count: 60_000))
            connection.reset()
        }
        Thread.sleep(forTimeInterval: 0.3)
        let archive = try GraphEncoder().encode([UInt8](repeating: 7, count: 240_000)) as Bytes
        let answer = try server.exchange("POST", "/v1/validate", body: archive)
        #expect(answer.status == 200, "\(answer.text)")
    }

    /// Answers waiting for clients that do not read them are bounded by the answer budget:
    /// once it is spent, archive requests are answered 503 with `Retry-After` (health is not
    /// touched), and when the stalled client goes, its answer's bytes come back.
    @Test func answersWaitingForClientsAreBounded() throws {
        let server = try TestServer { $0.answerBudgetBytes = 1 << 20 }
        // 24 MB: more than the kernel's socket buffers take on this machine's loopback.
        let large = try GraphEncoder().encode(String(repeating: "a", count: 24_000_000)) as Bytes
        let stalled = try server.connect()
        try stalled.request("POST", "/v1/convert?internalBinaryIOVersion=2", body: large)
        try expectAnswer(from: server, 503, retryAfter: "1")
        #expect(try server.exchange("GET", "/healthz").status == 200)
        stalled.reset()
        try expectAnswer(from: server, 200)
    }

    /// Validates a small archive until the answer is `status` (at most a minute: the 24 MB
    /// conversion takes seconds in a debug build, more while other tests run).
    private func expectAnswer(from server: TestServer, _ status: Int, retryAfter: String? = nil) throws {
        var answer = try server.exchange("POST", "/v1/validate", body: TestModels.graphArchive)
        for _ in 0 ..< 1_200 where answer.status != status {
            Thread.sleep(forTimeInterval: 0.05)
            answer = try server.exchange("POST", "/v1/validate", body: TestModels.graphArchive)
        }
        #expect(answer.status == status, "\(answer.text)")
        if let retryAfter { #expect(answer.header("Retry-After") == retryAfter) }
    }

    /// A request that arrives on an open connection once the shutdown has begun learns that
    /// the server is not ready (new connections are refused: the listener is closed).
    @Test func readinessFailsAtOnceOnShutdown() throws {
        let server = try TestServer()
        let connection = try server.connect()
        try connection.write("GET /readyz HTTP/1.1\r\nHost: t\r\n")
        Thread.sleep(forTimeInterval: 0.2)
        server.server.shutdown()
        try connection.write("\r\n")
        let answer = try connection.readResponse()
        #expect(answer.status == 503)
        #expect(answer.json["type"] as? String == "urn:graphcodable:problem:shutting-down")
        #expect(answer.header("Connection") == "close")
        #expect(throws: (any Error).self) { try server.exchange("GET", "/readyz") }
    }

    /// Work still running when the drain timeout ends is cut: its connection closes, and the
    /// server stops.
    @Test func theDrainTimeoutCutsWorkStillInFlight() throws {
        let server = try TestServer { $0.drainTimeout = .milliseconds(500) }
        let gate = TestModels.Gate()
        defer { gate.open() }
        let working = try server.connect()
        try working.request("POST", "/v1/decode?type=Held", body: gate.archive)
        try server.waitForMetric("graph_server_worker_jobs{state=\"running\"} 1")
        let started = Date()
        server.server.shutdown()
        server.server.waitUntilStopped()
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.4 && waited < 5)
        #expect(working.isClosedByServer(within: 1))
    }
}

/// Runs `work` on a thread with a 512 MiB stack (deep archives recurse deeply) and waits.
func onLargeStack<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) throws -> Value {
    let result = Mutex<Result<Value, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        result.withLock { $0 = Result { try work() } }
        done.signal()
    }
    thread.stackSize = 512 << 20
    thread.start()
    done.wait()
    return try result.withLock { $0! }.get()
}
