import Foundation

/// A fixed set of threads that run the service's work (decoding, dumping, converting) off
/// the I/O path, behind a bounded queue: when it is full, ``submit(_:)`` refuses the job
/// and the server answers 503, so a flood of uploads never grows memory without bound.
///
/// Threads are made with a stack of their own size: archive work recurses as deep as the
/// archive nests (the library checks the real stack, and fails cleanly when it runs out).
final class WorkPool: @unchecked Sendable {
    // Unchecked: every mutable member is guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var running = 0
    private var stopped = false
    private let capacity: Int

    /// Starts `threadCount` threads of `stackSize` bytes each, queueing at most `capacity`
    /// jobs beyond those running.
    init(threadCount: Int, capacity: Int, stackSize: Int) {
        self.capacity = capacity
        for index in 0 ..< max(1, threadCount) {
            // Each thread holds the pool until it ends, after `stop()`: the pool's owner may
            // let go of it before its threads have finished.
            let thread = Thread { [self] in work() }
            thread.stackSize = stackSize
            thread.name = "graph-server worker \(index + 1)"
            thread.start()
        }
    }

    /// Queues `job`; false if the queue is full or the pool stopped.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped, jobs.count < capacity else { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    /// Jobs queued and jobs running.
    var load: (queued: Int, running: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (jobs.count, running)
    }

    /// Lets the threads finish the queued jobs, then end.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while let job = nextJob() {
            job()
            condition.lock()
            running -= 1
            condition.unlock()
        }
    }

    /// The next job, waiting for one; nil once stopped with nothing left.
    private func nextJob() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty {
            if stopped { return nil }
            condition.wait()
        }
        running += 1
        // The queue is short (its capacity): removing from the front costs little.
        return jobs.removeFirst()
    }
}
