import Foundation

/// How an answer goes back to its connection from a worker thread: the answer, then, for a
/// streamed body, its pieces with backpressure: ``sendBody(_:)`` blocks while more than
/// ``highWater`` bytes wait to be written, and throws once the connection is gone, so that
/// a slow or vanished client stops the production instead of growing memory.
final class ResponseChannel: @unchecked Sendable {
    // Unchecked: `queuedBytes` and `isClosed` are guarded by `condition`.
    private let condition = NSCondition()
    private var queuedBytes = 0
    private var isClosed = false
    private let deliver: @Sendable (ResponseChannel, Delivery) -> Void

    /// Bytes of a streamed body that may wait to be written before production pauses.
    static let highWater = 1 << 20

    /// What reaches the connection.
    enum Delivery: Sendable {
        case response(Response)
        case bodyPiece([UInt8])
        case bodyEnd
        /// Production failed after the answer began: the connection must close.
        case abort
    }

    struct Closed: Error {}

    /// A channel handing itself and its deliveries to `deliver` (which hops to the
    /// connection's queue).
    init(deliver: @escaping @Sendable (ResponseChannel, Delivery) -> Void) {
        self.deliver = deliver
    }

    func send(_ response: Response) { deliver(self, .response(response)) }

    /// Sends a piece of a streamed body, once fewer than ``highWater`` bytes wait.
    func sendBody(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        condition.lock()
        while queuedBytes >= Self.highWater && !isClosed { condition.wait() }
        let closed = isClosed
        if !closed { queuedBytes += bytes.count }
        condition.unlock()
        guard !closed else { throw Closed() }
        deliver(self, .bodyPiece(bytes))
    }

    func endBody() { deliver(self, .bodyEnd) }
    func abort() { deliver(self, .abort) }

    /// The connection wrote `count` bytes of the body.
    func written(_ count: Int) {
        condition.lock()
        queuedBytes -= count
        condition.broadcast()
        condition.unlock()
    }

    /// The connection is gone: production stops at its next piece.
    func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }
}
