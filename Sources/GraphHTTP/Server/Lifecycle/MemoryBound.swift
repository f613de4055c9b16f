/// The most memory a server's configuration lets it hold, term by term (Docs/Security.md,
/// "Memory of a server, worst case"): what it needs in a container, and the check that it
/// fits a memory limit with room to spare for the kernel's socket buffers and the runtime.
public struct MemoryBound: Sendable, CustomStringConvertible {
    /// A server's memory with no request: code, runtime, Foundation's data, thread stacks
    /// touched, per-loop buffers (16 to 25 MiB measured, rounded up).
    public static let idleBytes = 32 << 20
    /// What one connection holds beyond its request's head: its state, its parser and the
    /// room a head's buffer grows by (measured at about 6 KiB, rounded up).
    public static let connectionStateBytes = 16 << 10
    /// What a worker holds of a streamed answer before it waits for the client.
    public static let streamedAnswerBytes = 8 << 20
    /// The share of a memory limit the server's own memory may take; the rest is for the
    /// kernel's socket buffers and the runtime's own margins.
    public static let residentShare = 0.85

    /// The server's memory with no request.
    public let idle: Int
    /// Uploads held at once (being received, queued or worked on).
    public let uploads: Int
    /// Answers waiting for their clients.
    public let answers: Int
    /// The work of every worker on one archive at once: the memory budget of the largest
    /// upload (its archive, or both of a diff's) and a streamed answer's part each.
    public let workers: Int
    /// Every connection at once with a head as large as the limits allow.
    public let connections: Int
    /// What the kernel holds for the connections' sockets, when their buffers are set
    /// (``GraphServer/Configuration/socketBufferBytes``); nil when the kernel sizes them.
    public let kernel: Int?

    /// The most one connection holds in the server: a head at the largest the limits allow,
    /// in a buffer that may have doubled to hold it, and its state.
    public let connectionBytes: Int

    /// The server's memory at most: every term but the kernel's.
    public var resident: Int { Self.sum(idle, uploads, answers, workers, connections) }

    /// Every term is computed without overflow: one too large to hold is `Int.max`, which no
    /// memory limit fits.
    init(_ configuration: GraphServer.Configuration) {
        idle = Self.idleBytes
        let fourUploads = Self.product(4, configuration.maximumUploadBytes)
        uploads = configuration.uploadBudgetBytes ?? fourUploads
        answers = configuration.answerBudgetBytes ?? fourUploads
        let limits = configuration.effectiveArchiveLimits
        let work = Self.product(limits.maximumMemoryBytesPerArchiveByte, min(configuration.maximumUploadBytes, limits.maximumArchiveSize))
        workers = Self.product(configuration.workerCount, Self.sum(work, Self.streamedAnswerBytes))
        let head = Self.sum(configuration.maximumRequestLineBytes, configuration.maximumHeaderBytes)
        connectionBytes = Self.sum(Self.product(2, head), Self.connectionStateBytes)
        connections = Self.product(configuration.maximumConnections, connectionBytes)
        kernel = configuration.socketBufferBytes.map { Self.product(configuration.maximumConnections, 4, $0) }
    }

    private static func sum(_ terms: Int...) -> Int {
        terms.reduce(0) { total, term in
            let (result, overflow) = total.addingReportingOverflow(max(term, 0))
            return overflow ? .max : result
        }
    }

    private static func product(_ factors: Int...) -> Int {
        factors.reduce(1) { total, factor in
            let (result, overflow) = total.multipliedReportingOverflow(by: max(factor, 0))
            return overflow ? .max : result
        }
    }

    /// Why the bound does not fit `limit` bytes of memory, or nil when it does: the server's
    /// own memory within 85 % of it, and the kernel's sockets within the rest.
    public func problem(underLimit limit: Int) -> String? {
        let share = Int(Double(limit) * Self.residentShare)
        if resident > share {
            return "the limits can take \(Self.mebibytes(resident)) of memory (\(self)), more than 85 % of the memory limit of "
                + "\(Self.mebibytes(limit)) (\(Self.mebibytes(share))): lower the upload limit, the workers or the connections, or raise the limit"
        }
        if let kernel, Self.sum(resident, kernel) > limit {
            return "the limits can take \(Self.mebibytes(resident)) of memory and the kernel \(Self.mebibytes(kernel)) for the "
                + "sockets, more than the memory limit of \(Self.mebibytes(limit)): lower the connections or their socket buffers"
        }
        return nil
    }

    /// The terms, as the arithmetic of Docs/Security.md shows them.
    public var description: String {
        "idle \(Self.mebibytes(idle)) + uploads \(Self.mebibytes(uploads)) + answers \(Self.mebibytes(answers)) + workers "
            + "\(Self.mebibytes(workers)) + connections \(Self.mebibytes(connections))"
            + (kernel.map { ", kernel \(Self.mebibytes($0))" } ?? "")
    }

    private static func mebibytes(_ bytes: Int) -> String {
        let mebibytes = Double(bytes) / Double(1 << 20)
        return mebibytes >= 100 ? "\(Int(mebibytes.rounded())) MiB" : "\((mebibytes * 10).rounded() / 10) MiB"
    }
}

extension GraphServer.Configuration {
    /// The most memory these limits let the server hold.
    public var memoryBound: MemoryBound { MemoryBound(self) }
}
