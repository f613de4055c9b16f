import Dispatch
import Foundation
import GraphCodable
import Synchronization

/// The archive service: an HTTP/1.1 server whose endpoints dump, convert, validate and
/// decode GraphCodable archives (see `openapi.yaml`).
///
/// Embed it with your own types registered, so that `/v1/decode` and conversion know them:
///
/// ```swift
/// let server = GraphServer(configuration: .init(), registry: GTypeRegistry([Model.self]))
/// try server.run()  // until SIGTERM or SIGINT, then a graceful shutdown
/// ```
public final class GraphServer: Sendable {
    /// The address, limits and timeouts the server runs with.
    public let configuration: Configuration
    private let metrics = ServerMetrics()
    private let pool: WorkPool
    private let state = Mutex(State())
    private let stopped = DispatchSemaphore(value: 0)
    private let readiness = Readiness()
    private let uploadBudget: ByteBudget
    private let answerBudget: ByteBudget
    private let router: Router

    private struct State {
        var listener: Listener?
        var loops: [IOLoop] = []
        /// What every connection uses, from the start until the server stops.
        var services: ConnectionServices?
        var port = 0
        var nextLoop = 0
        var connections: [ObjectIdentifier: ConnectionDriver] = [:]
        var isShuttingDown = false
        var isStopped = false
    }

    /// A server that decodes archives in secure mode with `registry`'s types only, and
    /// offers `samples` as examples (`/v1/samples`).
    public init(configuration: Configuration = Configuration(), registry: GTypeRegistry = GTypeRegistry(), samples: [SampleArchive] = []) {
        self.configuration = configuration
        pool = WorkPool(
            threadCount: configuration.workerCount, capacity: configuration.maximumQueuedRequests, stackSize: configuration.workerStackBytes
        )
        let fourUploads = configuration.maximumUploadBytes.multipliedReportingOverflow(by: 4)
        uploadBudget = ByteBudget(bytes: configuration.uploadBudgetBytes ?? (fourUploads.overflow ? .max : fourUploads.partialValue))
        answerBudget = ByteBudget(bytes: configuration.answerBudgetBytes ?? (fourUploads.overflow ? .max : fourUploads.partialValue))
        let archives = ArchiveEndpoints(registry: registry, limits: configuration.effectiveArchiveLimits)
        let service = ServiceEndpoints(readiness: readiness, metrics: metrics, pool: pool)
        router = Router(archives.routes + service.routes + SampleEndpoints(samples: samples).routes)
    }

    /// A started server goes only once stopped; one never started still has its workers.
    deinit {
        pool.stop()
    }

    /// The port the server listens on, once started (useful with port 0).
    public var port: Int { state.withLock { $0.port } }

    /// Whether the server takes new work: from ``start()`` until a shutdown begins.
    public var isReady: Bool { readiness.isReady }

    /// Binds the socket and starts accepting connections; returns at once. Throws a
    /// ``SocketError`` saying why when the configured limits cannot fit its
    /// ``Configuration/memoryLimitBytes``.
    public func start() throws {
        if let limit = configuration.memoryLimitBytes, let problem = configuration.memoryBound.problem(underLimit: limit) {
            throw SocketError(problem)
        }
        signal(SIGPIPE, SIG_IGN)
        let loops = try (0 ..< max(1, configuration.ioLoopCount)).map { index throws(SocketError) in
            try IOLoop(label: "graph-server io \(index + 1)")
        }
        let descriptor = try Socket.makeListener(
            host: configuration.host, port: configuration.port, backlog: configuration.backlog, bufferBytes: configuration.socketBufferBytes
        )
        let services = connectionServices()
        state.withLock { state in
            // All that `accept` needs is in place before the listener can call it.
            state.loops = loops
            state.services = services
            state.port = Socket.boundPort(descriptor)
            state.listener = Listener(descriptor: descriptor) { [self] connection in accept(connection) }
        }
        readiness.set(true)
        let bound = configuration.memoryBound
        Log.shared.info(
            "listening",
            [
                "host": configuration.host, "port": String(port), "workers": String(configuration.workerCount),
                "memory_bound_bytes": String(bound.resident), "memory_bound": bound.description,
            ])
    }

    /// Starts, then serves until SIGTERM or SIGINT, then shuts down gracefully and returns,
    /// leaving the two signals handled as they were before. A program that handles these
    /// signals itself (with a Dispatch signal source, say) should call ``start()`` and
    /// ``shutdown()`` instead: a signal reaches one handler only.
    public func run() throws {
        try start()
        let listener: Int
        do {
            listener = try SignalRelay.shared.listen { [self] number in
                Log.shared.info("shutting down", ["signal": number == SIGTERM ? "SIGTERM" : "SIGINT"])
                shutdown()
            }
        } catch {
            shutdown()
            waitUntilStopped()
            throw error
        }
        waitUntilStopped()
        SignalRelay.shared.stopListening(listener)
    }

    /// Stops accepting, answers the requests in flight (their connections then close),
    /// closes idle connections, and stops once every connection is closed or the drain
    /// timeout has passed.
    public func shutdown() {
        let (isFirst, listener, connections) = state.withLock { state -> (Bool, Listener?, [ConnectionDriver]) in
            guard !state.isShuttingDown else { return (false, nil, []) }
            state.isShuttingDown = true
            return (true, state.listener, Array(state.connections.values))
        }
        guard isFirst else { return }
        readiness.set(false)
        listener?.stop() // none if the server never started: it stops at once
        connections.forEach { $0.shutdown() }
        stopIfDrained()
        DispatchQueue.global().asyncAfter(
            deadline: .now() + .nanoseconds(Int(min(configuration.drainTimeout.nanoseconds, UInt64(Int.max))))
        ) { [weak self] in
            guard let self else { return }
            let remaining = state.withLock { Array($0.connections.values) }
            if !remaining.isEmpty { Log.shared.warning("drain timeout: closing connections", ["count": String(remaining.count)]) }
            remaining.forEach { $0.abort() }
        }
    }

    /// Blocks until the server has stopped.
    public func waitUntilStopped() {
        stopped.wait()
        stopped.signal()
    }

    private func accept(_ descriptor: Int32) {
        // Checked and recorded at once: a shutdown either finds the connection among those
        // to drain, or the connection is refused.
        let accepted = state.withLock { state -> ConnectionDriver? in
            guard !state.isShuttingDown, state.connections.count < configuration.maximumConnections, let services = state.services
            else { return nil }
            state.nextLoop = (state.nextLoop + 1) % state.loops.count
            let driver = ConnectionDriver(descriptor: descriptor, loop: state.loops[state.nextLoop], services: services)
            state.connections[ObjectIdentifier(driver)] = driver
            return driver
        }
        guard let driver = accepted else { return refuse(descriptor) }
        metrics.connectionOpened()
        driver.start()
    }

    /// Answers a connection over the limit with 503, without reading it, and closes it.
    private func refuse(_ descriptor: Int32) {
        metrics.connectionRefused()
        let response = Problem(
            .tooManyConnections, "the server has as many connections as it allows; try again shortly", headers: ["Retry-After": "1"]
        ).response
        let framing = ResponseFraming(
            requestMethod: .get, requestVersion: .http1_1, status: response.status, bodyLength: response.body.count, keepAlive: false)
        var bytes: [UInt8] = []
        ResponseDecorator(cors: configuration.cors).writeHead(
            of: response, for: nil, requestID: RequestID.generate(), framing: framing, to: &bytes)
        bytes += response.body
        _ = bytes.withUnsafeBytes { Socket.transmit(to: descriptor, $0) }
        Socket.shutdownWrites(descriptor)
        Socket.release(descriptor)
    }

    private func connectionServices() -> ConnectionServices {
        ConnectionServices(
            parserLimits: configuration.parserLimits, timeouts: configuration.timeouts,
            decorator: ResponseDecorator(cors: configuration.cors),
            responder: Responder(router: router, pool: pool, cors: configuration.cors, answerBudget: answerBudget), metrics: metrics,
            uploadBudget: uploadBudget, answerBudget: answerBudget,
            closed: { [self] driver in connectionClosed(driver) })
    }

    private func connectionClosed(_ driver: ConnectionDriver) {
        state.withLock { _ = $0.connections.removeValue(forKey: ObjectIdentifier(driver)) }
        metrics.connectionClosed()
        stopIfDrained()
    }

    private func stopIfDrained() {
        let stop = state.withLock { state -> Bool in
            guard state.isShuttingDown, state.connections.isEmpty, !state.isStopped else { return false }
            state.isStopped = true
            // The listener's closure and the services' `closed` hold the server: let them go
            // (no connection is left, and none is accepted now), so that the server, its
            // loops and their threads go once its owner lets go.
            state.listener = nil
            state.services = nil
            return true
        }
        guard stop else { return }
        pool.stop()
        Log.shared.info("stopped")
        stopped.signal()
    }
}
