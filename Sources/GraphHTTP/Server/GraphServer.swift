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
    public let configuration: Configuration
    private let metrics = ServerMetrics()
    private let pool: WorkPool
    private let services: Mutex<ConnectionServices?> = Mutex(nil)
    private let state = Mutex(State())
    private let stopped = DispatchSemaphore(value: 0)
    private let readiness = Readiness()
    private let uploadBudget: ByteBudget
    private let answerBudget: ByteBudget
    private let router: Router

    private struct State {
        var listener: Listener?
        var loops: [IOLoop] = []
        var port = 0
        var nextLoop = 0
        var connections: [ObjectIdentifier: ConnectionDriver] = [:]
        var isShuttingDown = false
        var isStopped = false
    }

    /// A server that decodes archives in secure mode with `registry`'s types only.
    public init(configuration: Configuration = Configuration(), registry: GTypeRegistry = GTypeRegistry()) {
        self.configuration = configuration
        pool = WorkPool(threadCount: configuration.workerCount, capacity: configuration.maximumQueuedRequests, stackSize: configuration.workerStackBytes)
        let fourUploads = configuration.maximumUploadBytes.multipliedReportingOverflow(by: 4)
        uploadBudget = ByteBudget(bytes: configuration.uploadBudgetBytes ?? (fourUploads.overflow ? .max : fourUploads.partialValue))
        answerBudget = ByteBudget(bytes: configuration.answerBudgetBytes ?? (fourUploads.overflow ? .max : fourUploads.partialValue))
        let archives = ArchiveEndpoints(registry: registry, limits: configuration.effectiveArchiveLimits)
        let service = ServiceEndpoints(readiness: readiness, metrics: metrics, pool: pool)
        router = Router(archives.routes + service.routes)
    }

    /// The port the server listens on, once started (useful with port 0).
    public var port: Int { state.withLock { $0.port } }

    /// Whether the server takes new work: from ``start()`` until a shutdown begins.
    public var isReady: Bool { readiness.isReady }

    /// Binds the socket and starts accepting connections; returns at once.
    public func start() throws {
        signal(SIGPIPE, SIG_IGN)
        let loops = try (0 ..< max(1, configuration.ioLoopCount)).map { index throws(SocketError) in try IOLoop(label: "graph-server io \(index + 1)") }
        let descriptor = try Socket.makeListener(host: configuration.host, port: configuration.port, backlog: configuration.backlog)
        let listener = Listener(descriptor: descriptor) { [self] connection in accept(connection) }
        state.withLock {
            $0.loops = loops
            $0.listener = listener
            $0.port = Socket.boundPort(descriptor)
        }
        readiness.set(true)
        Log.shared.info("listening", ["host": configuration.host, "port": String(port), "workers": String(configuration.workerCount)])
    }

    /// Starts, then serves until SIGTERM or SIGINT, then shuts down gracefully and returns.
    public func run() throws {
        try start()
        let signals = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                Log.shared.info("shutting down", ["signal": number == SIGTERM ? "SIGTERM" : "SIGINT"])
                shutdown()
            }
            source.activate()
            return source
        }
        waitUntilStopped()
        signals.forEach { $0.cancel() }
    }

    /// Stops accepting, answers the requests in flight (their connections then close),
    /// closes idle connections, and stops once every connection is closed or the drain
    /// timeout has passed.
    public func shutdown() {
        let (listener, connections) = state.withLock { state -> (Listener?, [ConnectionDriver]) in
            guard !state.isShuttingDown else { return (nil, []) }
            state.isShuttingDown = true
            return (state.listener, Array(state.connections.values))
        }
        guard let listener else { return }
        readiness.set(false)
        listener.stop()
        connections.forEach { $0.shutdown() }
        stopIfDrained()
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(min(configuration.drainTimeout.nanoseconds, UInt64(Int.max))))) { [weak self] in
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
        let (loop, refused) = state.withLock { state -> (IOLoop, Bool) in
            state.nextLoop = (state.nextLoop + 1) % state.loops.count
            return (state.loops[state.nextLoop], state.isShuttingDown || state.connections.count >= configuration.maximumConnections)
        }
        guard !refused else { return refuse(descriptor) }
        let driver = ConnectionDriver(descriptor: descriptor, loop: loop, services: connectionServices())
        state.withLock { $0.connections[ObjectIdentifier(driver)] = driver }
        metrics.connectionOpened()
        driver.start()
    }

    /// Answers a connection over the limit with 503, without reading it, and closes it.
    private func refuse(_ descriptor: Int32) {
        metrics.connectionRefused()
        let response = Problem(.tooManyConnections, "the server has as many connections as it allows; try again shortly", headers: ["Retry-After": "1"]).response
        let framing = ResponseFraming(requestMethod: .get, requestVersion: .http1_1, status: response.status, bodyLength: response.body.count, keepAlive: false)
        var bytes: [UInt8] = []
        ResponseDecorator(cors: configuration.cors).writeHead(of: response, for: nil, requestID: RequestID.generate(), framing: framing, to: &bytes)
        bytes += response.body
        _ = bytes.withUnsafeBytes { Socket.transmit(to: descriptor, $0) }
        Socket.shutdownWrites(descriptor)
        Socket.release(descriptor)
    }

    private func connectionServices() -> ConnectionServices {
        services.withLock { services in
            if let services { return services }
            let made = ConnectionServices(
                parserLimits: configuration.parserLimits, timeouts: configuration.timeouts,
                decorator: ResponseDecorator(cors: configuration.cors),
                responder: Responder(router: router, pool: pool, cors: configuration.cors, answerBudget: answerBudget), metrics: metrics,
                uploadBudget: uploadBudget, answerBudget: answerBudget,
                closed: { [self] driver in connectionClosed(driver) })
            services = made
            return made
        }
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
            // The listener's closure holds the server: let it go (it has stopped accepting),
            // so that the server, its loops and their threads go once its owner lets go.
            state.listener = nil
            return true
        }
        guard stop else { return }
        services.withLock { $0 = nil }  // their `closed` holds the server too
        pool.stop()
        Log.shared.info("stopped")
        stopped.signal()
    }
}
