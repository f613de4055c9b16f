import Synchronization

/// What `/metrics` reports: requests by route, method and status, their latency, bytes in
/// and out, open connections and requests in flight. Labels take bounded values only (the
/// route's template, or `other` for unknown paths and methods), so that random requests
/// cannot grow the metrics without bound.
final class ServerMetrics: Sendable {
    /// The latency histogram's upper bounds, in seconds.
    static let latencyBuckets: [Double] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    private struct RequestKey: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    private struct Latency {
        var bucketCounts = [Int](repeating: 0, count: ServerMetrics.latencyBuckets.count)
        var count = 0
        var sum = 0.0

        mutating func add(_ seconds: Double) {
            if let bucket = ServerMetrics.latencyBuckets.firstIndex(where: { seconds <= $0 }) { bucketCounts[bucket] += 1 }
            count += 1
            sum += seconds
        }
    }

    private struct State {
        var requests: [RequestKey: Int] = [:]
        var latencies: [String: Latency] = [:]
        var bytesReceived = 0
        var bytesSent = 0
        var openConnections = 0
        var refusedConnections = 0
        var inFlight = 0
    }

    private let state = Mutex(State())

    func connectionOpened() { state.withLock { $0.openConnections += 1 } }
    func connectionClosed() { state.withLock { $0.openConnections -= 1 } }
    func connectionRefused() { state.withLock { $0.refusedConnections += 1 } }
    func requestStarted() { state.withLock { $0.inFlight += 1 } }
    func requestEnded() { state.withLock { $0.inFlight -= 1 } }

    /// Records an answered request: `route` is its route's path, or `other`.
    func record(route: String, method: String, status: Int, bytesIn: Int, bytesOut: Int, seconds: Double) {
        state.withLock { state in
            state.requests[RequestKey(route: route, method: method, status: status), default: 0] += 1
            state.latencies[route, default: Latency()].add(seconds) // in place: copying would copy its counts
            state.bytesReceived += bytesIn
            state.bytesSent += bytesOut
        }
    }

    /// The metrics in the Prometheus text format, with the workers' `queued` and `running` jobs.
    func exposition(queued: Int, running: Int) -> String {
        let state = self.state.withLock { $0 }
        var out = PrometheusText()
        out.family("graph_server_requests_total", type: "counter", help: "Requests answered, by route, method and status.")
        for (key, count) in state.requests.sorted(by: {
            ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status)
        }) {
            out.sample(
                "graph_server_requests_total", labels: ["route": key.route, "method": key.method, "status": String(key.status)],
                Double(count))
        }
        out.family(
            "graph_server_request_duration_seconds", type: "histogram",
            help: "Time from a request's first byte to its answer's last, by route.")
        for (route, latency) in state.latencies.sorted(by: { $0.key < $1.key }) {
            var cumulative = 0
            for (bound, count) in zip(Self.latencyBuckets, latency.bucketCounts) {
                cumulative += count
                out.sample(
                    "graph_server_request_duration_seconds_bucket", labels: ["route": route, "le": PrometheusText.number(bound)],
                    Double(cumulative))
            }
            out.sample("graph_server_request_duration_seconds_bucket", labels: ["route": route, "le": "+Inf"], Double(latency.count))
            out.sample("graph_server_request_duration_seconds_sum", labels: ["route": route], latency.sum)
            out.sample("graph_server_request_duration_seconds_count", labels: ["route": route], Double(latency.count))
        }
        out.family("graph_server_received_bytes_total", type: "counter", help: "Bytes received in requests.")
        out.sample("graph_server_received_bytes_total", Double(state.bytesReceived))
        out.family("graph_server_sent_bytes_total", type: "counter", help: "Bytes sent in answers.")
        out.sample("graph_server_sent_bytes_total", Double(state.bytesSent))
        out.family("graph_server_open_connections", type: "gauge", help: "Connections open now.")
        out.sample("graph_server_open_connections", Double(state.openConnections))
        out.family(
            "graph_server_refused_connections_total", type: "counter", help: "Connections answered 503 and closed at the connection limit.")
        out.sample("graph_server_refused_connections_total", Double(state.refusedConnections))
        out.family("graph_server_requests_in_flight", type: "gauge", help: "Requests received and not yet answered.")
        out.sample("graph_server_requests_in_flight", Double(state.inFlight))
        out.family("graph_server_worker_jobs", type: "gauge", help: "Archive jobs on the workers, queued or running.")
        out.sample("graph_server_worker_jobs", labels: ["state": "queued"], Double(queued))
        out.sample("graph_server_worker_jobs", labels: ["state": "running"], Double(running))
        return out.text
    }
}
