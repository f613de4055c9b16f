import Dispatch

/// Carries out a connection's ``ConnectionState`` on its socket: a read source, a write
/// source used only when the kernel's buffer is full, and a timer for the state's deadline,
/// all on the connection's ``IOLoop``.
final class ConnectionDriver: @unchecked Sendable {
    // Unchecked: every member is used on `loop.queue` only.
    private let descriptor: Int32
    private let loop: IOLoop
    private let services: ConnectionServices
    private var state: ConnectionState
    private let readSource: DispatchSourceRead
    private let writeSource: DispatchSourceWrite
    private let timer: DispatchSourceTimer
    private var isReading = false
    private var isWriting = false
    /// Bytes waiting to be written, the first from `outgoingOffset`, each with the streamed
    /// body bytes it carries.
    private var outgoing: [(bytes: [UInt8], streamed: Int)] = []
    private var outgoingOffset = 0
    private var requestInFlight = false
    /// Where the answer to the current request comes from.
    private var channel: ResponseChannel?
    private var isClosed = false
    private var sourcesToCancel = 3

    init(descriptor: Int32, loop: IOLoop, services: ConnectionServices) {
        self.descriptor = descriptor
        self.loop = loop
        self.services = services
        state = ConnectionState(
            limits: services.parserLimits, timeouts: services.timeouts, decorator: services.decorator, budget: services.uploadBudget,
            now: Self.now())
        readSource = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: loop.queue)
        writeSource = DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: loop.queue)
        timer = DispatchSource.makeTimerSource(queue: loop.queue)
    }

    /// Starts reading; the connection then lives until its state closes it.
    func start() {
        loop.queue.async { [self] in
            readSource.setEventHandler { [unowned self] in readable() }
            writeSource.setEventHandler { [unowned self] in flush() }
            timer.setEventHandler { [unowned self] in perform(state.tick(now: Self.now())) }
            for source in [readSource, writeSource, timer] as [any DispatchSourceProtocol] {
                source.setCancelHandler { [self] in sourceCancelled() }
            }
            timer.activate()
            writeSource.activate()
            writeSource.suspend()
            readSource.activate()
            isReading = true
            updateInterest()
        }
    }

    /// Asks the connection to close once its current request is answered.
    func shutdown() {
        loop.queue.async { [self] in perform(state.shutdown(now: Self.now())) }
    }

    /// Closes the connection now, whatever it is doing.
    func abort() {
        loop.queue.async { [self] in close() }
    }

    private func readable() {
        guard !isClosed else { return }
        switch Socket.receive(from: descriptor, into: loop.readBuffer) {
        case .done(let count):
            perform(state.received(UnsafeRawBufferPointer(rebasing: loop.readBuffer[..<count]), now: Self.now()))
        case .wouldBlock:
            break
        case .closed:
            perform(state.clientClosed(now: Self.now()))
        case .outOfDescriptors, .failed:
            close()
        }
    }

    private func perform(_ actions: [ConnectionState.Action]) {
        for action in actions {
            guard !isClosed else { return }
            switch action {
            case .write(let bytes, let streamed):
                outgoing.append((bytes, streamed))
                if !isWriting { flush() }
            case .start(let request):
                requestInFlight = true
                services.metrics.requestStarted()
                let loop = self.loop
                let channel = ResponseChannel { [weak self] sender, delivery in
                    loop.queue.async { [weak self] in self?.deliver(delivery, from: sender) }
                }
                self.channel = channel
                services.responder.handle(request, on: channel)
            case .finish(let exchange):
                endRequest()
                services.record(exchange, duration: Self.now() - exchange.start)
            case .shutdownWrites:
                Socket.shutdownWrites(descriptor)
            case .close:
                close()
            }
        }
        updateInterest()
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

    /// Writes what is waiting until it is all written or the kernel's buffer is full.
    private func flush() {
        while !isClosed, let first = outgoing.first {
            let outcome = first.bytes.withUnsafeBytes { Socket.transmit(to: descriptor, UnsafeRawBufferPointer(rebasing: $0[outgoingOffset...])) }
            switch outcome {
            case .done(let count):
                outgoingOffset += count
                if outgoingOffset == first.bytes.count {
                    outgoing.removeFirst()
                    outgoingOffset = 0
                    if first.streamed > 0 { channel?.written(first.streamed) }
                }
                state.wrote(count, now: Self.now())
            case .wouldBlock:
                setWriting(true)
                return
            case .closed, .outOfDescriptors, .failed:
                close()
                return
            }
        }
        setWriting(false)
        if !isClosed { perform(state.drained(now: Self.now())) }
    }

    /// Reads only when the state wants to, and wakes up at its deadline.
    private func updateInterest() {
        guard !isClosed else { return }
        if state.isClosed { return close() }
        if state.wantsToRead != isReading {
            isReading.toggle()
            if isReading { readSource.resume() } else { readSource.suspend() }
        }
        if let deadline = state.deadline {
            timer.schedule(deadline: DispatchTime(uptimeNanoseconds: max(deadline, 1)), leeway: .milliseconds(50))
        } else {
            timer.schedule(deadline: .distantFuture)
        }
    }

    private func setWriting(_ writing: Bool) {
        guard writing != isWriting, !isClosed else { return }
        isWriting = writing
        if writing { writeSource.resume() } else { writeSource.suspend() }
    }

    private func endRequest() {
        guard requestInFlight else { return }
        requestInFlight = false
        services.metrics.requestEnded()
    }

    /// Cancels the sources; the last cancel handler closes the socket.
    private func close() {
        guard !isClosed else { return }
        isClosed = true
        channel?.close()
        endRequest()
        if !isReading { readSource.resume() }
        if !isWriting { writeSource.resume() }
        readSource.cancel()
        writeSource.cancel()
        timer.cancel()
    }

    private func sourceCancelled() {
        sourcesToCancel -= 1
        guard sourcesToCancel == 0 else { return }
        Socket.release(descriptor)
        services.closed(self)
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
