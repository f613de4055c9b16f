import Foundation

/// How an answer goes back to its connection from a worker thread: the answer, then, for a
/// streamed body, its pieces with backpressure: ``sendBody(_:)`` blocks while more than
/// ``highWater`` bytes wait to be written, and throws once the connection is gone, once the
/// client has read nothing for the stall timeout, or once the request's deadline has passed
/// with the body still not produced. So a slow, stalled or vanished client stops the
/// production instead of growing memory, and holds its worker no longer than any request may.
final class ResponseChannel: @unchecked Sendable {
    // Unchecked: `queuedBytes` and `isClosed` are guarded by `condition`.
    private let condition = NSCondition()
    private var queuedBytes = 0
    private var isClosed = false
    private let deliver: @Sendable (ResponseChannel, Delivery) -> Void
    private let stallTimeout: Double
    private let deadline: Date

    /// Bytes of a streamed body that may wait to be written before production pauses: enough
    /// that most answers are produced at once, freeing their worker while the client reads.
    static let highWater = 8 << 20

    /// What reaches the connection.
    enum Delivery: Sendable {
        case response(Response)
        case bodyPiece([UInt8])
        case bodyEnd
        /// Production failed after the answer began: the connection must close.
        case abort
    }

    struct Closed: Error {}

    /// A channel handing itself and its deliveries to `deliver` (which carries them out on the
    /// connection's queue); a streamed body stops when the client reads nothing for
    /// `stallTimeout` seconds, or when it must wait for the client past `deadline`.
    init(stallTimeout: Double, deadline: Date, deliver: @escaping @Sendable (ResponseChannel, Delivery) -> Void) {
        self.stallTimeout = stallTimeout
        self.deadline = deadline
        self.deliver = deliver
    }

    func send(_ response: Response) { deliver(self, .response(response)) }

    /// Whether the connection still waits for the answer.
    var isOpen: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !isClosed
    }

    /// Sends a piece of a streamed body, once fewer than ``highWater`` bytes wait; cuts the
    /// answer off (and throws) when the client reads too slowly.
    func sendBody(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        condition.lock()
        var stallDeadline = Date(timeIntervalSinceNow: stallTimeout)
        var waiting = queuedBytes
        var cutOff = false
        while queuedBytes >= Self.highWater && !isClosed && !cutOff {
            if queuedBytes < waiting { (stallDeadline, waiting) = (Date(timeIntervalSinceNow: stallTimeout), queuedBytes) }
            let limit = min(stallDeadline, deadline)
            cutOff = !condition.wait(until: limit) && (queuedBytes >= waiting || limit == deadline)
        }
        if cutOff { isClosed = true }
        let closed = isClosed
        if !closed { queuedBytes += bytes.count }
        condition.unlock()
        if cutOff { deliver(self, .abort) }
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
