#if canImport(Glibc)
import Glibc

/// glibc's `pthread_getattr_np`, a GNU extension the Glibc module does not export.
@_silgen_name("pthread_getattr_np")
private func getThreadAttributes(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> Int32
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells whether the current thread still has room on its stack for one more level of
/// recursion, so that coding deeply nested values throws instead of overflowing the stack
/// (whatever the thread, its stack size, and the build configuration).
struct StackGuard {
    /// The lowest address of the stack.
    private let low: UInt
    /// The lowest stack address at which another level may start.
    private let floor: UInt

    /// A guard for the calling thread, keeping `margin` bytes (at most a quarter of the
    /// stack) for the work done between two checks.
    init(margin: Int = 256 << 10) {
        var (low, size) = Self.currentThreadStack()
        if size == 0 {
            // Unknown bounds: assume a small (512 KiB) stack below the current position.
            var marker: UInt8 = 0
            size = 512 << 10
            low = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) } - UInt(size)
        }
        self.low = low
        floor = low + UInt(min(margin, size / 4))
    }

    /// Whether the stack has room for another level. A local that is not on the stack at all
    /// (AddressSanitizer moves frames to a heap "fake stack" to find uses after return)
    /// cannot be judged, and passes.
    @inline(__always)
    func hasRoom() -> Bool {
        var marker: UInt8 = 0
        let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return address > floor || address < low
    }

    /// The lowest address and the size of the calling thread's stack.
    private static func currentThreadStack() -> (low: UInt, size: Int) {
        #if canImport(Glibc)
        var attributes = pthread_attr_t()
        guard getThreadAttributes(pthread_self(), &attributes) == 0 else { return (0, 0) }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0 else { return (0, 0) }
        return (UInt(bitPattern: address), size)
        #elseif canImport(Darwin)
        let size = pthread_get_stacksize_np(pthread_self())
        return (UInt(bitPattern: pthread_get_stackaddr_np(pthread_self())) - UInt(size), size)
        #else
        return (0, 0)
        #endif
    }
}
