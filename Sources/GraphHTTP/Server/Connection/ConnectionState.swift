/// One connection's protocol, with no I/O: events in (bytes received, an answer ready, its
/// streamed body's pieces, bytes written, time passing), actions out (write these bytes,
/// start this request, close). ``ConnectionDriver`` carries the actions out on the socket.
///
/// A connection serves one request at a time: it stops reading while a request is being
/// worked on and answered, so pipelined requests wait in the kernel's buffer and are
/// answered in order, and a client cannot make the server buffer more than one request.
/// Every phase has a deadline: a silent keep-alive connection, a head or body arriving too
/// slowly, work running too long, a client not reading its answer.
struct ConnectionState {
    /// What the driver must do, in order.
    enum Action {
        /// Send these bytes after any already queued; once written, `streamed` of them
        /// (body bytes of a streamed answer, before framing) are acknowledged to its channel.
        case write([UInt8], streamed: Int)
        /// Hand the request to the workers; its answer comes back through ``respond(_:now:)``.
        case start(Request)
        /// An exchange is over (its answer written, or abandoned): log it.
        case finish(Exchange)
        /// Stop sending, keep reading (and discarding) a little, then close: so that a
        /// client still sending a body reads the answer instead of a reset.
        case shutdownWrites
        case close
    }

    /// The time limits of the phases, in nanoseconds.
    struct Timeouts: Sendable {
        var idle: UInt64
        var head: UInt64
        var body: UInt64
        var work: UInt64
        var write: UInt64
        var linger: UInt64
    }

    /// An answer being written.
    private struct Sending {
        /// Whether another request may follow on the connection.
        let keepAlive: Bool
        /// How body bytes are framed.
        let coding: ResponseFraming.BodyCoding
        /// Whether a streamed body still has pieces to come.
        var isStreaming: Bool
        /// Bytes handed to the driver and not yet written.
        var unwritten: Int
        /// When bytes were last written, or last handed over.
        var lastProgress: UInt64
        /// When the answer must be written whole, however steadily the client reads: the
        /// request timeout and the write timeout after it began. A client reading a
        /// trickle cannot hold the answer, and its memory, for longer.
        let deadline: UInt64
    }

    private enum Phase {
        /// Between requests, since this time.
        case waiting(since: UInt64)
        /// A request's head is arriving, since its first byte did.
        case receivingHead(since: UInt64)
        /// The body of `head` is arriving, since the head ended.
        case receivingBody(RequestHead, body: [UInt8], since: UInt64)
        /// The workers have the request, since this time.
        case working(RequestHead, since: UInt64)
        case sending(Sending)
        /// Answered with `Connection: close`: discarding input until this time.
        case lingering(until: UInt64)
        case closed
    }

    private var phase: Phase
    /// The exchange of the request being read, worked on or answered; between requests, the
    /// last one's (before the first, one never reported). Kept out of the phases so that
    /// counting its bytes changes it in place.
    private var exchange: Exchange
    private var parser: RequestParser
    private let timeouts: Timeouts
    private let decorator: ResponseDecorator
    private let budget: ByteBudget
    /// The answer a request gets from its head alone, when it has no route: its body is
    /// then never read (nor, with `Expect: 100-continue`, sent).
    private let refusal: @Sendable (RequestHead) -> Response?
    /// The bytes of the budget the current request's body holds, until they pass to the
    /// request's reservation.
    private var reserved = 0
    /// Whether the server is shutting down: answers close their connection.
    private var shuttingDown = false
    /// Whether the client has closed its side: nothing more will arrive.
    private var peerClosed = false

    init(
        limits: HTTPParserLimits, timeouts: Timeouts, decorator: ResponseDecorator, budget: ByteBudget,
        refusal: @escaping @Sendable (RequestHead) -> Response? = { _ in nil }, now: UInt64
    ) {
        parser = RequestParser(limits: limits)
        self.timeouts = timeouts
        self.decorator = decorator
        self.budget = budget
        self.refusal = refusal
        phase = .waiting(since: now)
        exchange = Exchange(start: now)
    }

    /// Whether the driver should read: not while a request is worked on or answered.
    var wantsToRead: Bool {
        switch phase {
        case .waiting, .receivingHead, .receivingBody, .lingering: return !peerClosed
        case .working, .sending, .closed: return false
        }
    }

    var isClosed: Bool { if case .closed = phase { return true } else { return false } }

    /// Whether the connection is between requests with nothing pending.
    var isIdle: Bool { if case .waiting = phase { return parser.unconsumedByteCount == 0 } else { return false } }

    /// A duration in nanoseconds as seconds, as people read them: `10`, `0.5`.
    private static func seconds(_ nanoseconds: UInt64) -> String {
        let seconds = Double(nanoseconds) / 1e9
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// `start` + `duration`, or the end of time.
    private static func after(_ start: UInt64, _ duration: UInt64) -> UInt64 {
        let (sum, overflow) = start.addingReportingOverflow(duration)
        return overflow ? .max : sum
    }

    /// When ``tick(now:)`` has something to do, if ever.
    var deadline: UInt64? {
        switch phase {
        case .waiting(let since): return Self.after(since, timeouts.idle)
        case .receivingHead(let since): return Self.after(since, timeouts.head)
        case .receivingBody(_, _, let since): return Self.after(since, timeouts.body)
        case .working(_, let since): return Self.after(since, timeouts.work)
        case .sending(let sending):
            // A client not reading, or a streamed body not coming; or the answer taking too long.
            return min(Self.after(sending.lastProgress, sending.unwritten > 0 ? timeouts.write : timeouts.work), sending.deadline)
        case .lingering(let until): return until
        case .closed: return nil
        }
    }

    // MARK: Events

    /// Bytes arrived from the client.
    mutating func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) -> [Action] {
        switch phase {
        case .lingering, .closed: return []
        case .waiting:
            startExchange(now: now)
        default: break
        }
        parser.append(bytes)
        exchange.bytesIn += bytes.count
        return advance(now: now)
    }

    /// The client closed its side of the connection.
    mutating func clientClosed(now: UInt64) -> [Action] {
        peerClosed = true
        switch phase {
        case .working, .sending: return []
        default: return close()
        }
    }

    /// The workers' answer to the request being worked on (its head only, for a streamed
    /// body); ignored if the request was already answered (its deadline passed).
    mutating func respond(_ response: Response, now: UInt64) -> [Action] {
        guard case .working(let head, _) = phase else { return [] }
        return send(response, to: head, now: now)
    }

    /// A piece of the streamed body of the answer being sent.
    mutating func bodyPiece(_ bytes: [UInt8], now: UInt64) -> [Action] {
        guard case .sending(var sending) = phase, sending.isStreaming else { return [] }
        var framed: [UInt8]
        switch sending.coding {
        case .none: return [.write([], streamed: bytes.count)]
        case .identity: framed = bytes
        case .chunked:
            framed = []
            ChunkedEncoding.appendChunk(bytes, to: &framed)
        }
        sending.unwritten += framed.count
        sending.lastProgress = now
        phase = .sending(sending)
        return [.write(framed, streamed: bytes.count)]
    }

    /// The streamed body is complete.
    mutating func bodyEnded(now: UInt64) -> [Action] {
        guard case .sending(var sending) = phase, sending.isStreaming else { return [] }
        sending.isStreaming = false
        let last = sending.coding == .chunked ? ChunkedEncoding.lastChunk : []
        sending.unwritten += last.count
        phase = .sending(sending)
        return [.write(last, streamed: 0)]
    }

    /// Some queued bytes were written.
    mutating func wrote(_ count: Int, now: UInt64) {
        guard case .sending(var sending) = phase else { return }
        exchange.bytesOut += count
        sending.unwritten -= count
        sending.lastProgress = now
        phase = .sending(sending)
    }

    /// Every queued byte is written.
    mutating func drained(now: UInt64) -> [Action] {
        guard case .sending(let sending) = phase, !sending.isStreaming else { return [] }
        releaseBudget() // an upload refused part way
        exchange.isComplete = true
        let finished = exchange
        guard sending.keepAlive, !peerClosed else {
            phase = .lingering(until: Self.after(now, timeouts.linger))
            return [.finish(finished), .shutdownWrites]
        }
        phase = .waiting(since: now)
        if parser.unconsumedByteCount > 0 { startExchange(now: now) } else { parser.releaseConsumed() }
        return [.finish(finished)] + advance(now: now)
    }

    /// Time passed: acts on the phase's deadline when it has come.
    mutating func tick(now: UInt64) -> [Action] {
        guard let deadline, now >= deadline else { return [] }
        switch phase {
        case .waiting, .lingering, .closed:
            return close()
        case .receivingHead:
            if let line = parser.requestLine { exchange.begin(line) }
            let seconds = Self.seconds(timeouts.head)
            return sendError(
                Problem(
                    .requestTimeout, "the request's head did not arrive within \(seconds) s (the server's --head-timeout)",
                    members: ["phase": .string("head")]), now: now)
        case .receivingBody:
            let seconds = Self.seconds(timeouts.body)
            return sendError(
                Problem(
                    .requestTimeout, "the request's body did not arrive within \(seconds) s (the server's --body-timeout)",
                    members: ["phase": .string("body")]), now: now)
        case .working(let head, _):
            shuttingDown = true // the work goes on in its thread: this connection takes no more
            let problem = Problem(.deadlineExceeded, "the request's work took longer than the server allows; it was abandoned")
            return send(problem.response, to: head, now: now)
        case .sending:
            return close()
        }
    }

    /// The server is shutting down: an idle connection closes now, others after their answer.
    mutating func shutdown(now: UInt64) -> [Action] {
        shuttingDown = true
        return isIdle ? close() : []
    }

    /// The connection cannot go on (its streamed answer failed, its socket failed, or the
    /// server stops waiting for it): close, giving back the upload budget its request held
    /// and recording the exchange cut short.
    mutating func abort() -> [Action] { close() }

    // MARK: Steps

    /// Reads what the parser has: the head, the body, the end of the request.
    private mutating func advance(now: UInt64) -> [Action] {
        var actions: [Action] = []
        while true {
            let event: RequestParser.Event?
            do {
                event = try parser.next()
            } catch {
                switch phase {
                case .receivingHead:
                    if let line = parser.requestLine { exchange.begin(line) }
                    return actions + sendError(Problem(error), now: now)
                case .receivingBody:
                    return actions + sendError(Problem(error), now: now)
                default: return actions
                }
            }
            // Body pieces first, outside the switch below: its tuple would hold a second
            // reference to the body, and every append would copy it whole.
            if case .body(let bytes)? = event, case .receivingBody(let head, var body, let since) = phase {
                guard budget.reserve(bytes.count) else { return actions + sendError(Self.uploadsBusy, now: now) }
                reserved += bytes.count
                phase = .closed // releases `body` so that appending does not copy it
                body.append(contentsOf: bytes)
                phase = .receivingBody(head, body: body, since: since)
                continue
            }
            switch (event, phase) {
            case (nil, _):
                return actions
            case (.head(let head)?, .receivingHead):
                exchange.begin(head)
                var body: [UInt8] = []
                if case .length(let length) = head.bodyLength { body.reserveCapacity(min(length, 1 << 20)) }
                phase = .receivingBody(head, body: body, since: now)
                let hasBody = head.bodyLength != .none && head.bodyLength != .length(0)
                if hasBody, let response = refusal(head) {
                    shuttingDown = true // the body is not read: the connection cannot go on
                    return actions + send(response, to: head, now: now)
                }
                if case .length(let length) = head.bodyLength, !budget.has(length) {
                    return actions + sendError(Self.uploadsBusy, now: now)
                }
                if head.expectsContinue, hasBody {
                    actions.append(.write(ResponseHead.continueBytes, streamed: 0))
                }
            case (.end?, .receivingBody(let head, let body, _)):
                phase = .working(head, since: now)
                let reservation = ByteBudget.Reservation(budget, reserved)
                reserved = 0
                return actions + [.start(Request(head: head, body: body, id: exchange.requestID, reservation: reservation))]
            default:
                return actions // the parser's events come in this order only
            }
        }
    }

    /// Answers `head` with `response` (its head only when its body is streamed), framed for
    /// the client and the connection's future.
    private mutating func send(_ response: Response, to head: RequestHead?, now: UInt64) -> [Action] {
        let isStreamed = response.producer != nil && head?.method != .head
        let keepAlive = (head?.keepAlive ?? false) && !shuttingDown && !peerClosed
        let framing = ResponseFraming(
            requestMethod: head?.method ?? .get, requestVersion: head?.version ?? .http1_1, status: response.status,
            bodyLength: response.producer == nil ? response.body.count : nil, keepAlive: keepAlive)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + response.body.count)
        decorator.writeHead(of: response, for: head, requestID: exchange.requestID, framing: framing, to: &bytes)
        if framing.body != .none, !isStreamed { bytes.append(contentsOf: response.body) }
        exchange.status = response.status.code
        phase = .sending(
            Sending(
                keepAlive: framing.keepAlive, coding: framing.body, isStreaming: isStreamed,
                unwritten: bytes.count, lastProgress: now, deadline: Self.after(Self.after(now, timeouts.work), timeouts.write)))
        return [.write(bytes, streamed: 0)]
    }

    /// The answer to a body the upload budget cannot take now.
    private static let uploadsBusy = Problem(
        .serverBusy, "the server holds as many uploads as it can; try again shortly", headers: ["Retry-After": "1"])

    /// Gives back the budget a body that never became a request held.
    private mutating func releaseBudget() {
        budget.release(reserved)
        reserved = 0
    }

    /// Answers a request that could not be read with `problem`, and closes afterwards.
    private mutating func sendError(_ problem: Problem, now: UInt64) -> [Action] {
        shuttingDown = true
        let head: RequestHead? = if case .receivingBody(let head, _, _) = phase { head } else { nil }
        return send(problem.response, to: head, now: now)
    }

    /// A request's first byte has arrived.
    private mutating func startExchange(now: UInt64) {
        phase = .receivingHead(since: now)
        exchange = Exchange(start: now)
    }

    /// Closes the connection, recording the exchange it cuts short, if any.
    private mutating func close() -> [Action] {
        releaseBudget()
        let cut: Exchange? =
            switch phase {
            case .receivingHead, .receivingBody, .working, .sending: exchange
            case .waiting, .lingering, .closed: nil
            }
        if case .closed = phase { return [] }
        phase = .closed
        return (cut.map { [.finish($0)] } ?? []) + [.close]
    }
}
