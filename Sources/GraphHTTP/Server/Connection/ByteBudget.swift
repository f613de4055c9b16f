import Synchronization

/// Bytes of memory that all connections share, so that many clients together, each within
/// its own limits, cannot exhaust the server. A server keeps two: one for request bodies
/// (taken as they arrive: a declared length is only checked against what is left, so a client
/// cannot hold the budget by announcing a body it never sends; given back when the request is
/// gone, answered and its work done) and one for answers waiting in memory for their clients
/// to read them (charged when queued, given back as the kernel takes them).
final class ByteBudget: Sendable {
    private let available: Mutex<Int>

    init(bytes: Int) {
        available = Mutex(bytes)
    }

    /// Whether `count` bytes are left now.
    func has(_ count: Int) -> Bool {
        available.withLock { count <= $0 }
    }

    /// Takes `count` bytes from the budget, if they are left.
    func reserve(_ count: Int) -> Bool {
        available.withLock { available in
            guard count <= available else { return false }
            available -= count
            return true
        }
    }

    /// Takes `count` bytes already in memory, even past the budget: what is then left is
    /// negative until enough comes back.
    func charge(_ count: Int) {
        available.withLock { $0 -= count }
    }

    /// Gives back bytes taken by ``reserve(_:)`` or ``charge(_:)``.
    func release(_ count: Int) {
        available.withLock { $0 += count }
    }

    /// Bytes of the budget a request holds until it is gone.
    final class Reservation: Sendable {
        private let budget: ByteBudget
        private let count: Int

        init(_ budget: ByteBudget, _ count: Int) {
            self.budget = budget
            self.count = count
        }

        deinit { budget.release(count) }
    }
}
