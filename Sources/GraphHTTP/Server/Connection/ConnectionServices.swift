import Foundation

/// What every connection of a server shares: its limits, how it answers, and where it
/// reports.
struct ConnectionServices: Sendable {
    let parserLimits: HTTPParserLimits
    let timeouts: ConnectionState.Timeouts
    let decorator: ResponseDecorator
    let responder: Responder
    let metrics: ServerMetrics
    let uploadBudget: ByteBudget
    /// Bytes of answers queued on connections, waiting for their clients.
    let answerBudget: ByteBudget
    /// Seconds a streamed answer may wait for the client to read before it stops.
    var stallTimeout: Double { Double(timeouts.write) / 1e9 }
    /// When a request starting now must be done, its answer produced.
    var workDeadline: Date { Date(timeIntervalSinceNow: Double(timeouts.work) / 1e9) }
    /// Called once the connection's socket is closed.
    let closed: @Sendable (ConnectionDriver) -> Void

    /// Logs an exchange in `log` and counts it in the metrics, under labels of bounded values.
    func record(_ exchange: Exchange, duration nanoseconds: UInt64, in log: inout LogBatch) {
        let seconds = Double(nanoseconds) / 1e9
        let route = responder.router.knows(exchange.path) ? exchange.path : "other"
        let method = HTTPMethod.standard.contains { $0.rawValue == exchange.method } ? exchange.method : "other"
        metrics.record(
            route: route, method: method, status: exchange.status, bytesIn: exchange.bytesIn, bytesOut: exchange.bytesOut, seconds: seconds)
        log.add(.info, "request") { line in
            line.add("method", exchange.method)
            line.add("path", exchange.path)
            line.add("status", exchange.status)
            line.add("bytes_in", exchange.bytesIn)
            line.add("bytes_out", exchange.bytesOut)
            line.add("duration_ms", milliseconds: nanoseconds)
            line.add("request_id", exchange.requestID)
            line.add("complete", exchange.isComplete)
        }
    }
}
