import Dispatch

/// The listening socket: accepts connections as they come, on its own queue, and hands
/// each to `accepted`. Out of descriptors (EMFILE), it pauses accepting for a moment
/// instead of spinning, and resumes when descriptors may have been freed.
final class Listener: @unchecked Sendable {
    // Unchecked: `isPaused` is used on `queue` only.
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "graph-server accept")
    private let source: DispatchSourceRead
    private let accepted: @Sendable (Int32) -> Void
    private var isPaused = false

    /// How long accepting pauses when the process is out of descriptors.
    static let pauseWhenOutOfDescriptors = DispatchTimeInterval.milliseconds(100)

    init(descriptor: Int32, accepted: @escaping @Sendable (Int32) -> Void) {
        self.descriptor = descriptor
        self.accepted = accepted
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in self?.acceptPending() }
        source.setCancelHandler { Socket.release(descriptor) }
        source.activate()
    }

    /// Stops accepting and closes the listening socket.
    func stop() {
        queue.async { [self] in
            if isPaused { source.resume() }
            isPaused = false
            source.cancel()
        }
    }

    private func acceptPending() {
        while !source.isCancelled {
            switch Socket.acceptConnection(on: descriptor) {
            case .done(let connection):
                accepted(connection)
            case .wouldBlock:
                return
            case .closed:
                continue // the client gave up before we accepted
            case .outOfDescriptors:
                Log.shared.warning("out of file descriptors: accepting pauses", ["pause_ms": "100"])
                isPaused = true
                source.suspend()
                queue.asyncAfter(deadline: .now() + Self.pauseWhenOutOfDescriptors) { [self] in
                    guard isPaused else { return }
                    isPaused = false
                    source.resume()
                }
                return
            case .failed(let error):
                Log.shared.error("accept failed", ["errno": String(error)])
                return
            }
        }
    }
}
