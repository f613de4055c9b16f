import Dispatch
import Synchronization

/// A serial queue that drives a share of the connections, with the poller that tells it
/// which are ready, the read buffer they share (reads on one queue never overlap), and the
/// answers and access-log lines of the current turn. The server spreads connections over a
/// few loops: never a thread per connection.
///
/// A turn is one batch of the poller's events, or one block run through ``async(_:)``,
/// ``runPromptly(_:)`` or a timer made with ``makeTimer(_:)``. When it ends, the answers its
/// connections queued are sent, then the log lines it gathered are written.
final class IOLoop: @unchecked Sendable {
    // Unchecked: `readBuffer`, `accessLog`, `sending`, `connections` and `nextToken` are
    // used on `queue` only, and `poller` is set in `init`.
    let queue: DispatchQueue
    let readBuffer: UnsafeMutableRawBufferPointer
    /// Lines logged during the current turn.
    var accessLog = LogBatch()
    /// Connections that queued bytes to send during the current turn.
    private var sending: [ConnectionDriver] = []
    private var poller: EventPoller?
    private var connections: [UInt64: ConnectionDriver] = [:]
    private var nextToken: UInt64 = 0
    /// Turns running or waiting for the queue; a timer's is counted from when it runs.
    private let turns = Atomic<Int>(0)

    /// Bytes read from a socket at a time.
    static let readSize = 64 * 1024

    private static let identity = DispatchSpecificKey<ObjectIdentifier>()

    init(label: String) throws(SocketError) {
        queue = DispatchQueue(label: label)
        readBuffer = .allocate(byteCount: Self.readSize, alignment: 16)
        // The poller's thread runs the events on the queue itself (a serial queue runs a
        // `sync` block on the caller's thread): no other thread is woken to run them.
        poller = try EventPoller { [weak self] events in
            guard let self else { return }
            turns.add(1, ordering: .relaxed)
            queue.sync { deliver(events) }
            turns.subtract(1, ordering: .relaxed)
        }
        queue.setSpecific(key: Self.identity, value: ObjectIdentifier(self))
    }

    /// Runs `body` on the queue as a turn of its own.
    func async(_ body: @escaping @Sendable () -> Void) {
        turns.add(1, ordering: .relaxed)
        queue.async { [self] in
            body()
            endTurn()
            turns.subtract(1, ordering: .relaxed)
        }
    }

    /// Runs `body` on the queue as a turn of its own without waiting behind other turns: on
    /// the caller's thread when no other turn runs or waits (a serial queue runs a `sync`
    /// block there), through ``async(_:)`` otherwise (and always when called from a turn,
    /// which is counted while it runs: a `sync` on its own queue would never return).
    /// Workers hand their answers over this way: through ``async(_:)`` alone, every answer
    /// woke one of Dispatch's threads to carry it, a thread switch per request; through
    /// `sync` alone, a worker waited for the poller's batches of uploads to be read, where
    /// it could have gone on to the next job. A caller's turns run in the order it asked for
    /// them: one handed to ``async(_:)`` is counted until it has run, so the next goes
    /// behind it. Never called while holding what a turn may wait for.
    func runPromptly(_ body: @escaping @Sendable () -> Void) {
        guard turns.compareExchange(expected: 0, desired: 1, ordering: .relaxed).exchanged else { return async(body) }
        queue.sync {
            body()
            endTurn()
        }
        turns.subtract(1, ordering: .relaxed)
    }

    /// A timer on the queue whose every firing runs `handler` as a turn of its own; not yet
    /// activated.
    func makeTimer(_ handler: @escaping @Sendable () -> Void) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in
            let loop = self
            loop?.turns.add(1, ordering: .relaxed)
            handler()
            loop?.endTurn()
            loop?.turns.subtract(1, ordering: .relaxed)
        }
        return timer
    }

    /// Has `connection` send what it queued once the current turn's events are handled (on
    /// ``queue``), so that its sends are not spread among other connections' work, each
    /// finding the client's thread asleep again and paying to wake it.
    func sendAtTurnEnd(_ connection: ConnectionDriver) {
        sending.append(connection)
    }

    /// Whether the caller runs on ``queue``.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: Self.identity) == ObjectIdentifier(self) }

    deinit {
        poller?.stop()
        readBuffer.deallocate()
    }

    /// Starts watching `descriptor` for `connection` (on ``queue``); returns its token.
    func attach(_ connection: ConnectionDriver, descriptor: Int32) throws(SocketError) -> UInt64 {
        nextToken += 1
        connections[nextToken] = connection
        do {
            try poller?.register(descriptor, token: nextToken)
        } catch {
            connections[nextToken] = nil
            throw error
        }
        return nextToken
    }

    /// The connection attached under `token`, unless it has closed since (on ``queue``).
    /// Its timer and the channels of its answers find it this way rather than through a
    /// weak reference, which would move every retain and release of the connection to a
    /// side table of its own, a cost paid on every request.
    func connection(_ token: UInt64) -> ConnectionDriver? { connections[token] }

    /// Stops watching a connection's socket, before it is closed (on ``queue``).
    func detach(token: UInt64, descriptor: Int32) {
        connections[token] = nil
        poller?.unregister(descriptor)
    }

    private func deliver(_ events: [EventPoller.Event]) {
        for event in events {
            connections[event.token]?.ready(readable: event.readable, writable: event.writable, hungUp: event.hungUp, urgent: event.urgent)
        }
        endTurn()
    }

    /// Sends what the turn's connections queued, then writes the turn's log lines. A send
    /// may finish an exchange and start a pipelined request whose answer queues more: those
    /// are sent in the same pass.
    private func endTurn() {
        var index = 0
        while index < sending.count {
            sending[index].sendQueued()
            index += 1
        }
        // A pass through many pipelined answers lists a connection once per answer: its
        // room is not kept past what ordinary turns need.
        sending.removeAll(keepingCapacity: sending.count <= 1024)
        accessLog.write()
    }
}
