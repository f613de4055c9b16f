import Dispatch

/// Carries out a connection's ``ConnectionState`` on its socket: reads and writes when its
/// ``IOLoop``'s poller says the socket is ready, and a timer for the state's deadline, all on
/// the loop's queue.
final class ConnectionDriver: @unchecked Sendable {
    // Unchecked: every member is used on `loop.queue` only.
    private let descriptor: Int32
    private let loop: IOLoop
    private let services: ConnectionServices
    private var state: ConnectionState
    /// Made when the connection starts.
    private var timer: DispatchSourceTimer?
    /// When the timer is set to fire, if it is.
    private var timerDeadline: UInt64?
    /// The socket's token with the loop's poller, once attached.
    private var token: UInt64?
    /// Whether the state wants bytes.
    private var isReading = true
    /// Whether writes wait for the socket to be writable again.
    private var isWriting = false
    /// Whether the kernel may hold bytes (or the peer's close) that no new event will tell
    /// of: the poller tells of arrivals only, and reading pauses once the state has a whole
    /// request, before the kernel says "would block". At first, bytes may have come before
    /// the socket was watched.
    private var mayHoldUnreadInput = true
    /// Whether a read that leaves room in the buffer may still leave input in the kernel:
    /// once the poller has told of the peer's close (still to be read) or of urgent data (a
    /// read stops at its mark).
    private var readsMayStopShort = false
    /// Bytes waiting to be written, the first from `outgoingOffset`, each with the streamed
    /// body bytes it carries; charged to the server's answer budget until written.
    private var outgoing: [(bytes: [UInt8], streamed: Int)] = []
    private var outgoingOffset = 0
    /// Whether the loop sends `outgoing` when its turn ends.
    private var isSendScheduled = false
    private var requestInFlight = false
    /// Where the answer to the current request comes from, when it is not given at once.
    private var channel: ResponseChannel?
    /// Answers given while their requests were being started: a quick route's, with no
    /// channel (`sender` nil), or what a channel delivered on the loop's queue.
    private var deliveredAtOnce: [(sender: ResponseChannel?, delivery: ResponseChannel.Delivery)] = []
    /// Whether a ``perform(_:)`` call is carrying out `deliveredAtOnce`.
    private var isDeliveringAtOnce = false
    private var isClosed = false

    init(descriptor: Int32, loop: IOLoop, services: ConnectionServices) {
        self.descriptor = descriptor
        self.loop = loop
        self.services = services
        let responder = services.responder
        state = ConnectionState(
            limits: services.parserLimits, timeouts: services.timeouts, decorator: services.decorator, budget: services.uploadBudget,
            refusal: { head in responder.refusal(for: head) }, now: Self.now())
    }

    /// Starts watching the socket; the connection then lives until its state closes it.
    func start() {
        loop.async { [self] in
            guard !isClosed else { return } // closed before it started: its descriptor is released
            let token: UInt64
            do {
                token = try loop.attach(self, descriptor: descriptor)
            } catch {
                return close()
            }
            self.token = token
            let timer = loop.makeTimer { [loop] in loop.connection(token)?.timerFired() }
            self.timer = timer
            timer.activate()
            updateInterest()
            readable() // bytes may have come before the socket was watched
        }
    }

    /// The state's deadline has come, or the timer fired early (it is only moved earlier).
    private func timerFired() {
        timerDeadline = nil
        perform(state.tick(now: Self.now()))
    }

    /// The poller says the socket may be read or written.
    func ready(readable canRead: Bool, writable canWrite: Bool, hungUp: Bool, urgent: Bool) {
        if hungUp || urgent { readsMayStopShort = true }
        if canWrite, isWriting { flush() }
        if canRead {
            mayHoldUnreadInput = true // until a read tells otherwise
            if isReading { readable() }
        }
    }

    /// Asks the connection to close once its current request is answered.
    func shutdown() {
        loop.async { [self] in perform(state.shutdown(now: Self.now())) }
    }

    /// Closes the connection now, whatever it is doing.
    func abort() {
        loop.async { [self] in close() }
    }

    /// Reads until the kernel has nothing more (the poller is edge-triggered: it tells of
    /// new bytes only), the state stops wanting bytes, or ``readsPerTurn`` reads were made
    /// (then it yields the loop to other connections and comes back). A read that left
    /// room in the buffer is not followed by another until the poller tells of more, so
    /// that no system call is spent only to hear "would block".
    private func readable() {
        for _ in 0 ..< Self.readsPerTurn {
            guard !isClosed, state.wantsToRead, mayHoldUnreadInput else { return }
            switch Socket.receive(from: descriptor, into: loop.readBuffer) {
            case .done(let count):
                // A read that leaves room in the buffer took all the kernel had, and what
                // comes after it raises a new event; unless the peer has closed or sent
                // urgent data.
                mayHoldUnreadInput = count == loop.readBuffer.count || readsMayStopShort
                perform(state.received(UnsafeRawBufferPointer(rebasing: loop.readBuffer[..<count]), now: Self.now()))
            case .wouldBlock:
                mayHoldUnreadInput = false
                return
            case .closed:
                return perform(state.clientClosed(now: Self.now()))
            case .outOfDescriptors, .failed:
                return close()
            }
        }
        loop.async { [self] in readable() }
    }

    /// Reads a connection makes before letting others on its loop have a turn.
    private static let readsPerTurn = 16

    /// Carries out `actions`. Writes are queued, and sent when the loop's turn ends.
    private func perform(_ actions: [ConnectionState.Action]) {
        var queued = false
        for action in actions {
            guard !isClosed else { return }
            switch action {
            case .write(let bytes, let streamed):
                outgoing.append((bytes, streamed))
                services.answerBudget.charge(bytes.count)
                queued = true
            case .start(let request):
                requestInFlight = true
                services.metrics.requestStarted()
                channel = nil
                if let answer = services.responder.handle(request, channel: makeChannel) {
                    deliveredAtOnce.append((channel, .response(answer)))
                }
            case .finish(let exchange):
                endRequest()
                services.record(exchange, duration: Self.now() - exchange.start, in: &loop.accessLog)
            case .shutdownWrites:
                Socket.shutdownWrites(descriptor)
            case .close:
                close()
            }
        }
        if queued, !isSendScheduled {
            isSendScheduled = true
            loop.sendAtTurnEnd(self)
        }
        updateInterest()
        // Carried out once these actions are, as if they had come through the queue, and by
        // one call at a time: an answer may start the next pipelined request, and carrying
        // out its answer inside that call would nest a call deeper for every request.
        guard !isDeliveringAtOnce else { return }
        isDeliveringAtOnce = true
        while !deliveredAtOnce.isEmpty {
            let (sender, delivery) = deliveredAtOnce.removeFirst()
            deliver(delivery, from: sender)
        }
        isDeliveringAtOnce = false
    }

    /// A channel for the answer to the request just started, which the connection then
    /// waits on. A worker's delivery is carried out as a turn of the loop, on the worker's
    /// thread when the loop is idle.
    private func makeChannel() -> ResponseChannel {
        // A request is read only once the connection is attached.
        guard let token else { preconditionFailure("a channel for a connection not attached") }
        let loop = self.loop
        let channel = ResponseChannel(stallTimeout: services.stallTimeout, deadline: services.workDeadline) { sender, delivery in
            if loop.isCurrent {
                loop.connection(token)?.deliveredAtOnce.append((sender, delivery))
            } else {
                loop.runPromptly { loop.connection(token)?.deliver(delivery, from: sender) }
            }
        }
        self.channel = channel
        return channel
    }

    /// Hands what a worker sends to the state, unless it comes from an earlier request's
    /// channel (whose answer was abandoned).
    private func deliver(_ delivery: ResponseChannel.Delivery, from sender: ResponseChannel?) {
        guard !isClosed, sender === channel else { return }
        let now = Self.now()
        switch delivery {
        case .response(let response): perform(state.respond(response, now: now))
        case .bodyPiece(let bytes): perform(state.bodyPiece(bytes, now: now))
        case .bodyEnd: perform(state.bodyEnded(now: now))
        case .abort: perform(state.abort())
        }
    }

    /// Sends what was queued during the loop's turn, unless the socket's buffer is full (the
    /// poller then tells when it is writable).
    func sendQueued() {
        isSendScheduled = false
        if !isWriting, !isClosed { flush() }
    }

    /// Writes what is waiting until it is all written or the kernel's buffer is full.
    private func flush() {
        while !isClosed, let first = outgoing.first {
            let outcome = first.bytes.withUnsafeBytes {
                Socket.transmit(to: descriptor, UnsafeRawBufferPointer(rebasing: $0[outgoingOffset...]))
            }
            switch outcome {
            case .done(let count):
                outgoingOffset += count
                services.answerBudget.release(count)
                if outgoingOffset == first.bytes.count {
                    outgoing.removeFirst()
                    outgoingOffset = 0
                    if first.streamed > 0 { channel?.written(first.streamed) }
                }
                state.wrote(count, now: Self.now())
            case .wouldBlock:
                isWriting = true // until the poller says the socket is writable
                return
            case .closed, .outOfDescriptors, .failed:
                close()
                return
            }
        }
        isWriting = false
        if !isClosed { perform(state.drained(now: Self.now())) }
    }

    /// Reads only when the state wants to, and wakes up at its deadline or before.
    private func updateInterest() {
        guard !isClosed else { return }
        if state.isClosed { return close() }
        if state.wantsToRead != isReading {
            isReading.toggle()
            // Bytes left when reading paused, or that came while it was, raise no new event:
            // read them now. Without them, the next event tells of the next bytes.
            if isReading, mayHoldUnreadInput { loop.async { [self] in readable() } }
        }
        // Setting a timer wakes Dispatch's manager thread, so it is not done for every
        // request: the timer is only ever moved earlier. Firing
        // before the state's deadline does no harm (the state ticks on its own deadlines) and
        // sets it again from there.
        if let deadline = state.deadline, deadline < timerDeadline ?? .max {
            timerDeadline = deadline
            timer?.schedule(deadline: DispatchTime(uptimeNanoseconds: max(deadline, 1)), leeway: .milliseconds(50))
        }
    }

    private func endRequest() {
        guard requestInFlight else { return }
        requestInFlight = false
        services.metrics.requestEnded()
    }

    /// Stops watching the socket and closes it. A close the state did not ask for (the socket
    /// failed, the drain timeout passed) closes the state too, so that the upload budget
    /// comes back and the cut exchange is logged.
    private func close() {
        guard !isClosed else { return }
        let cut = state.abort()
        isClosed = true
        services.answerBudget.release(outgoing.reduce(-outgoingOffset) { $0 + $1.bytes.count })
        outgoing = []
        channel?.close()
        endRequest()
        timer?.cancel()
        if let token { loop.detach(token: token, descriptor: descriptor) }
        Socket.release(descriptor)
        for case .finish(let exchange) in cut { services.record(exchange, duration: Self.now() - exchange.start, in: &loop.accessLog) }
        // Written now: the last connection's close may end the process before the turn does.
        loop.accessLog.write()
        services.closed(self)
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
