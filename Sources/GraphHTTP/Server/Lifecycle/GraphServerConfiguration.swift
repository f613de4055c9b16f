import Foundation
import GraphCodable

extension GraphServer {
    /// Everything a server can be told: where it listens, and every limit it keeps, each
    /// with a default suited to a public service.
    public struct Configuration: Sendable {
        /// The address to listen on: `127.0.0.1` by default (this machine only); `0.0.0.0`
        /// or `::` for every interface (in a container).
        public var host = "127.0.0.1"
        /// The port; 0 picks a free one (see ``GraphServer/port``). Default 8080.
        public var port = 8080
        /// Connections the kernel queues before they are accepted. Default 511.
        public var backlog: Int32 = 511

        /// The largest upload (request body) in bytes: a larger one is answered 413 as soon
        /// as its declared length arrives, before its body. Default 64 MiB.
        public var maximumUploadBytes = 64 << 20
        /// The bytes of uploads all connections may hold at once (being received, queued or
        /// worked on): an upload that does not fit is answered 503 with `Retry-After`, before
        /// its body when its length is declared. Default: 4 × ``maximumUploadBytes``.
        public var uploadBudgetBytes: Int?
        /// The bytes of answers all connections may hold while their clients read them
        /// (answers are produced at once up to 8 MiB, then at the client's pace): while it is
        /// spent, archive requests are answered 503 with `Retry-After` instead of adding to
        /// it. Default: 4 × ``maximumUploadBytes``.
        public var answerBudgetBytes: Int?
        /// The longest request line in bytes (414 beyond). Default 8 KiB.
        public var maximumRequestLineBytes = 8 << 10
        /// The largest header section in bytes (431 beyond). Default 32 KiB.
        public var maximumHeaderBytes = 32 << 10
        /// The most header fields (431 beyond). Default 100.
        public var maximumHeaderCount = 100
        /// The limits archives are decoded, dumped and converted under; by default the
        /// library's, with archives and payloads no larger than the upload limit, at most
        /// 4,000,000 nodes and 1,000,000 entries in each table (a stranger's upload need not
        /// be as large as an archive you wrote). Limits set here replace all of these: set
        /// the node and table counts too, since the library's own defaults bound them by the
        /// archive's size alone.
        public var archiveLimits: ArchiveLimits?

        /// The most connections open at once: beyond it, a new connection is answered 503
        /// and closed. Default 1024. Each costs at most ``MemoryBound/connectionBytes`` of the
        /// server's memory (its request's head, and its state) and its socket buffers the
        /// kernel's.
        public var maximumConnections = 1024
        /// The kernel's receive and send buffers of each connection, in bytes (`SO_RCVBUF`,
        /// `SO_SNDBUF`; the kernel doubles them for its bookkeeping): bounds the kernel memory
        /// connections take, which a container's memory limit counts. nil, the default,
        /// leaves the kernel's own sizes (which grow to a few MiB a connection).
        public var socketBufferBytes: Int?
        /// The memory limit the server runs under (a container's), in bytes: with one, the
        /// server refuses to start when its limits could take more than 85 % of it
        /// (``MemoryBound``), rather than meet the out-of-memory killer under load. nil, the
        /// default: no check.
        public var memoryLimitBytes: Int?
        /// How long a connection may wait for its next request. Default 30 s.
        public var idleTimeout: Duration = .seconds(30)
        /// How long a request's head may take to arrive once it starts (408 beyond). Default 10 s.
        public var headTimeout: Duration = .seconds(10)
        /// How long a request's body may take to arrive once its head is in (408 beyond).
        /// Default 120 s.
        public var bodyTimeout: Duration = .seconds(120)
        /// How long an answer may make no progress while the client does not read it
        /// (the connection is closed beyond). Default 30 s. However steadily the client
        /// reads, an answer must be written whole within ``requestTimeout`` and this after
        /// it began.
        public var writeTimeout: Duration = .seconds(30)
        /// How long a request's work may take: beyond it the answer is 503, and the work,
        /// which cannot be stopped inside the codec, is abandoned (its result dropped when it
        /// ends; meanwhile its worker stays busy). Default 60 s.
        public var requestTimeout: Duration = .seconds(60)

        /// Threads doing archive work. Default: one per processor.
        public var workerCount = ProcessInfo.processInfo.activeProcessorCount
        /// Requests that may wait for a worker: beyond, the answer is 503 with
        /// `Retry-After`. Default 64.
        public var maximumQueuedRequests = 64
        /// The stack of each worker thread, in bytes: enough for the deepest archive the
        /// default limits allow (depth 10,000), in debug builds too. Default 512 MiB of
        /// address space (only the pages used take memory).
        public var workerStackBytes = 512 << 20
        /// Serial queues driving the connections. Default: one per processor.
        public var ioLoopCount = ProcessInfo.processInfo.activeProcessorCount

        /// How long requests in flight may take to finish on shutdown before their
        /// connections are closed anyway. Default 25 s.
        public var drainTimeout: Duration = .seconds(25)
        /// Cross-origin access: none by default.
        public var cors = CORSPolicy()

        /// The defaults.
        public init() {}

        /// The archive limits in force.
        var effectiveArchiveLimits: ArchiveLimits {
            if let archiveLimits { return archiveLimits }
            var limits = ArchiveLimits()
            limits.maximumArchiveSize = maximumUploadBytes
            limits.maximumNodeCount = 4_000_000
            limits.maximumTableCount = 1_000_000
            limits.maximumLength = min(limits.maximumLength, maximumUploadBytes)
            return limits
        }

        var parserLimits: HTTPParserLimits {
            var limits = HTTPParserLimits()
            limits.maximumRequestLineBytes = maximumRequestLineBytes
            limits.maximumHeaderSectionBytes = maximumHeaderBytes
            limits.maximumHeaderCount = maximumHeaderCount
            limits.maximumBodyBytes = maximumUploadBytes
            return limits
        }

        var timeouts: ConnectionState.Timeouts {
            ConnectionState.Timeouts(
                idle: idleTimeout.nanoseconds, head: headTimeout.nanoseconds, body: bodyTimeout.nanoseconds,
                work: requestTimeout.nanoseconds, write: writeTimeout.nanoseconds, linger: 2_000_000_000)
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating).
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole &+ UInt64(attoseconds / 1_000_000_000)
    }
}
