import Synchronization

/// Whether the server takes new work: from when it listens until its shutdown begins.
/// `/readyz` reports it, so that a load balancer stops sending requests at once.
final class Readiness: Sendable {
    private let ready = Mutex(false)

    var isReady: Bool { ready.withLock { $0 } }

    func set(_ isReady: Bool) {
        ready.withLock { $0 = isReady }
    }
}
