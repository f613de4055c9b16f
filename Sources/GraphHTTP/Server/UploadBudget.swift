import Synchronization

/// The bytes of request bodies all connections may hold at once: a body is admitted when
/// its declared length (or, chunked, each chunk) fits what is left, and answered 503
/// otherwise. Without it, many clients uploading at once could together exhaust memory,
/// each within the upload limit.
final class UploadBudget: Sendable {
    private let available: Mutex<Int>

    init(bytes: Int) {
        available = Mutex(bytes)
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
}
