import GraphCodable
import GraphHTTP

/// `graph-server [serve]`: runs the service until SIGTERM or SIGINT.
enum ServeCommand {
    static let valueOptions: Set<String> = [
        "--host", "--port", "--max-upload-bytes", "--upload-budget-bytes", "--answer-budget-bytes", "--max-request-line-bytes",
        "--max-header-bytes",
        "--max-header-count", "--max-connections", "--workers", "--io-loops", "--queue-size",
        "--request-timeout", "--idle-timeout", "--head-timeout", "--body-timeout", "--write-timeout",
        "--drain-timeout", "--cors-origin", "--log-level", "--socket-buffer-bytes", "--memory-limit",
    ]

    static func run(_ arguments: Arguments) throws {
        let configuration = try configuration(from: arguments)
        if let name = arguments.value("--log-level") {
            guard let level = Log.Level(name: name) else {
                throw Arguments.Failure(
                    description: "\(arguments.source("--log-level")) must be error, warning, info or debug, not \"\(name)\"")
            }
            Log.shared.setLevel(level)
        }
        MemoryArenas.limitToProcessorCount()
        try GraphServer(configuration: configuration, registry: SampleModels.registry, samples: SampleArchives.offered).run()
    }

    /// The server's configuration: the defaults, then the environment, then the flags.
    static func configuration(from arguments: Arguments) throws -> GraphServer.Configuration {
        var configuration = GraphServer.Configuration()
        if let host = arguments.value("--host") { configuration.host = host }
        if let port = try arguments.integer("--port") {
            guard port <= 65535 else {
                throw Arguments.Failure(description: "\(arguments.source("--port")) must be at most 65535, not \(port)")
            }
            configuration.port = port
        }
        if let bytes = try arguments.integer("--max-upload-bytes", minimum: 1) { configuration.maximumUploadBytes = bytes }
        if let bytes = try arguments.integer("--upload-budget-bytes", minimum: 1) { configuration.uploadBudgetBytes = bytes }
        if let bytes = try arguments.integer("--answer-budget-bytes", minimum: 1) { configuration.answerBudgetBytes = bytes }
        if let bytes = try arguments.integer("--max-request-line-bytes", minimum: 16) { configuration.maximumRequestLineBytes = bytes }
        if let bytes = try arguments.integer("--max-header-bytes", minimum: 64) { configuration.maximumHeaderBytes = bytes }
        if let count = try arguments.integer("--max-header-count", minimum: 1) { configuration.maximumHeaderCount = count }
        if let count = try arguments.integer("--max-connections", minimum: 1) { configuration.maximumConnections = count }
        if let bytes = try arguments.integer("--socket-buffer-bytes", minimum: 4096) { configuration.socketBufferBytes = bytes }
        if let bytes = try arguments.integer("--memory-limit", minimum: 1) { configuration.memoryLimitBytes = bytes }
        if let count = try arguments.integer("--workers", minimum: 1) { configuration.workerCount = count }
        if let count = try arguments.integer("--io-loops", minimum: 1) { configuration.ioLoopCount = count }
        if let count = try arguments.integer("--queue-size", minimum: 0) { configuration.maximumQueuedRequests = count }
        if let time = try arguments.duration("--request-timeout") { configuration.requestTimeout = time }
        if let time = try arguments.duration("--idle-timeout") { configuration.idleTimeout = time }
        if let time = try arguments.duration("--head-timeout") { configuration.headTimeout = time }
        if let time = try arguments.duration("--body-timeout") { configuration.bodyTimeout = time }
        if let time = try arguments.duration("--write-timeout") { configuration.writeTimeout = time }
        if let time = try arguments.duration("--drain-timeout") { configuration.drainTimeout = time }
        let origins = arguments.list("--cors-origin")
        if !origins.isEmpty { configuration.cors = CORSPolicy(allowedOrigins: origins) }
        return configuration
    }
}
