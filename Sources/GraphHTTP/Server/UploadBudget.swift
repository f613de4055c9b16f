import Synchronization

/// The bytes of request bodies all connections may hold at once. Bytes are taken as they
/// arrive (a declared length is only checked against what is left, so a client cannot hold
/// the budget by announcing a body it never sends), and given back when the request is
/// gone: answered, and its work done. A body that does not fit is answered 503. Without
/// it, many clients uploading at once could together exhaust memory, each within the
/// upload limit.
final class UploadBudget: Sendable {
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

    /// Gives back bytes taken by ``reserve(_:)``.
    func release(_ count: Int) {
        available.withLock { $0 += count }
    }

    /// Bytes of the budget a request holds until it is gone.
    final class Reservation: Sendable {
        private let budget: UploadBudget
        private let count: Int

        init(_ budget: UploadBudget, _ count: Int) {
            self.budget = budget
            self.count = count
        }

        deinit { budget.release(count) }
    }
}
