import Testing

@testable import GraphHTTP

/// The connection's state machine alone, with a fake clock: sequences of events and the
/// actions they give, no sockets.
@Suite struct ConnectionStateTests {
    static let second: UInt64 = 1_000_000_000
    static let timeouts = ConnectionState.Timeouts(
        idle: 30 * second, head: 10 * second, body: 60 * second, work: 20 * second, write: 5 * second, linger: 2 * second)

    static func machine() -> ConnectionState {
        ConnectionState(
            limits: HTTPParserLimits(), timeouts: timeouts, decorator: ResponseDecorator(cors: CORSPolicy()),
            budget: ByteBudget(bytes: 1000), now: 0)
    }

    /// A readable summary of actions: `write`, `start <path>`, `finish <status>`, `shutdownWrites`, `close`.
    static func summary(_ actions: [ConnectionState.Action]) -> [String] {
        actions.map { action in
            switch action {
            case .write(let bytes, _): return bytes.isEmpty ? "write nothing" : "write \(String(decoding: bytes.prefix(12), as: UTF8.self))"
            case .start(let request): return "start \(request.path)"
            case .finish(let exchange): return "finish \(exchange.status)"
            case .shutdownWrites: return "shutdownWrites"
            case .close: return "close"
            }
        }
    }

    static func receive(_ machine: inout ConnectionState, _ text: String, at now: UInt64 = 0) -> [String] {
        Array(text.utf8).withUnsafeBytes { summary(machine.received($0, now: now)) }
    }

    @Test func pipelinedRequestsStartOneAtATime() {
        var machine = Self.machine()
        let two = "GET /a HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHost: t\r\n\r\n"
        #expect(Self.receive(&machine, two) == ["start /a"])
        #expect(!machine.wantsToRead)
        #expect(Self.summary(machine.respond(.text("a"), now: 1)) == ["write HTTP/1.1 200"])
        machine.wrote(100, now: 2)
        #expect(Self.summary(machine.drained(now: 2)) == ["finish 200", "start /b"])
    }

    @Test func deadlinesFollowThePhases() {
        var machine = Self.machine()
        #expect(machine.deadline == 30 * Self.second)
        _ = Self.receive(&machine, "GET /a HTTP/1.1\r\n", at: Self.second)
        #expect(machine.deadline == 11 * Self.second)
        #expect(Self.summary(machine.tick(now: 11 * Self.second)) == ["write HTTP/1.1 408"])
        machine.wrote(200, now: 11 * Self.second)
        #expect(Self.summary(machine.drained(now: 11 * Self.second)) == ["finish 408", "shutdownWrites"])
        #expect(Self.summary(machine.tick(now: 13 * Self.second)) == ["close"])
    }

    @Test func workPastItsDeadlineIsAnswered503AndTheLateAnswerIgnored() {
        var machine = Self.machine()
        _ = Self.receive(&machine, "GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(Self.summary(machine.tick(now: 20 * Self.second)) == ["write HTTP/1.1 503"])
        #expect(machine.respond(.text("late"), now: 21 * Self.second).isEmpty)
    }

    /// A client that keeps reading a little, never stalling for the write timeout, must still
    /// take the whole answer within the request and write timeouts.
    @Test func aTrickleReaderIsClosedAtTheAnswersDeadline() {
        var machine = Self.machine()
        _ = Self.receive(&machine, "GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = machine.respond(.text(String(repeating: "x", count: 100_000)), now: Self.second)
        for tick in stride(from: 2 * Self.second, to: 26 * Self.second, by: Int(Self.second)) {
            machine.wrote(10, now: tick)
            #expect(machine.tick(now: tick).isEmpty)
        }
        #expect(machine.deadline == 26 * Self.second) // begun at 1 s; 20 s of work and 5 of writing
        #expect(Self.summary(machine.tick(now: 26 * Self.second)) == ["finish 200", "close"])
    }

    @Test func streamedBodiesAreChunkedAndEndedOnce() {
        var machine = Self.machine()
        _ = Self.receive(&machine, "POST /s HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
        _ = machine.respond(.streamed(contentType: "text/plain") { _ in }, now: 1)
        machine.wrote(100, now: 1)
        #expect(machine.drained(now: 1).isEmpty) // more pieces to come
        #expect(Self.summary(machine.bodyPiece(Array("hello".utf8), now: 2)) == ["write 5\r\nhello\r\n"])
        #expect(Self.summary(machine.bodyEnded(now: 3)) == ["write 0\r\n\r\n"])
        #expect(machine.bodyPiece([1], now: 4).isEmpty)
        #expect(Self.summary(machine.drained(now: 4)) == ["finish 200"])
    }

    @Test func malformedRequestsCloseAfterTheirAnswer() {
        var machine = Self.machine()
        #expect(Self.receive(&machine, "GET /a HTTP/1.1\r\n\r\n") == ["write HTTP/1.1 400"])
        #expect(Self.summary(machine.drained(now: 1)) == ["finish 400", "shutdownWrites"])
        #expect(machine.wantsToRead) // draining what the client still sends
        #expect(Self.receive(&machine, "more") == [])
    }

    /// The budget is taken as bytes arrive (announcing a length takes nothing), and given
    /// back when the request is gone.
    @Test func uploadsBeyondTheBudgetAre503BeforeTheirBody() {
        let budget = ByteBudget(bytes: 1000)
        func machine() -> ConnectionState {
            ConnectionState(
                limits: HTTPParserLimits(), timeouts: Self.timeouts, decorator: ResponseDecorator(cors: CORSPolicy()), budget: budget,
                now: 0)
        }
        var announcing = machine()
        #expect(Self.receive(&announcing, "POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 900\r\n\r\n") == [])
        do {
            var sending = machine()
            let started = Array("POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 800\r\n\r\n\(String(repeating: "x", count: 800))".utf8)
                .withUnsafeBytes { sending.received($0, now: 0) }
            #expect(Self.summary(started) == ["start /a"])
            var refused = machine()
            #expect(
                Self.receive(&refused, "POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 800\r\nExpect: 100-continue\r\n\r\n") == [
                    "write HTTP/1.1 503"
                ])
        } // the request, and its share of the budget, are gone
        var admitted = machine()
        #expect(
            Self.receive(&admitted, "POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 800\r\nExpect: 100-continue\r\n\r\n") == [
                "write HTTP/1.1 100"
            ])
    }

    /// The exchanges a connection's actions report.
    static func finished(_ actions: [ConnectionState.Action]) -> [Exchange] {
        actions.compactMap { if case .finish(let exchange) = $0 { exchange } else { nil } }
    }

    /// Each of two pipelined requests is logged as itself: what it asked, the bytes that came
    /// with it and its answer's, and an id of its own.
    @Test func pipelinedExchangesAreLoggedEachAsItself() throws {
        var machine = Self.machine()
        let two = "GET /a HTTP/1.1\r\nHost: t\r\n\r\nPOST /b?q HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nhi"
        _ = Self.receive(&machine, two, at: 5)
        _ = machine.respond(.text("a"), now: 6)
        machine.wrote(100, now: 7)
        let afterFirst = machine.drained(now: 7)
        #expect(Self.summary(afterFirst) == ["finish 200", "start /b"])
        let first = try #require(Self.finished(afterFirst).first)
        #expect(first.method == "GET" && first.path == "/a" && first.status == 200 && first.start == 5)
        #expect(first.bytesIn == two.utf8.count && first.bytesOut == 100 && first.isComplete)
        _ = machine.respond(Response(status: .created), now: 8)
        machine.wrote(60, now: 9)
        machine.wrote(40, now: 9)
        let second = try #require(Self.finished(machine.drained(now: 9)).first)
        #expect(second.method == "POST" && second.path == "/b" && second.status == 201 && second.start == 7)
        #expect(second.bytesIn == 0 && second.bytesOut == 100 && second.isComplete) // its bytes came with the first's read
        #expect(first.requestID != second.requestID)
    }

    /// A connection idle after a request, or closed by its client then, logs nothing more;
    /// one cut in the middle of a request logs that request, unanswered.
    @Test func onlyARequestInProgressIsLoggedWhenTheConnectionEnds() {
        var answered = Self.machine()
        _ = Self.receive(&answered, "GET /a HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = answered.respond(.text("a"), now: 1)
        _ = answered.drained(now: 1)
        #expect(Self.summary(answered.tick(now: 31 * Self.second)) == ["close"])
        var leftAfterAnswer = Self.machine()
        _ = Self.receive(&leftAfterAnswer, "GET /a HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = leftAfterAnswer.respond(.text("a"), now: 1)
        _ = leftAfterAnswer.drained(now: 1)
        #expect(Self.summary(leftAfterAnswer.clientClosed(now: 2)) == ["close"])
        for partial in ["GET /a HTTP/1.1\r\nHo", "POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 9\r\n\r\nabc"] {
            var cut = Self.machine()
            _ = Self.receive(&cut, partial)
            let actions = cut.clientClosed(now: 1)
            #expect(Self.summary(actions) == ["finish 0", "close"])
            #expect(Self.finished(actions).first.map { $0.bytesIn == partial.utf8.count && !$0.isComplete } == true)
        }
        var working = Self.machine()
        _ = Self.receive(&working, "GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(working.clientClosed(now: 1).isEmpty) // the answer is still owed
        #expect(Self.summary(working.abort()) == ["finish 0", "close"])
    }

    @Test func aBodyArrivingTooSlowlyIsAnswered408() {
        var machine = Self.machine()
        _ = Self.receive(&machine, "POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 9\r\n\r\nabc", at: Self.second)
        #expect(machine.deadline == 61 * Self.second)
        #expect(Self.summary(machine.tick(now: 61 * Self.second)) == ["write HTTP/1.1 408"])
        #expect(Self.summary(machine.drained(now: 61 * Self.second)) == ["finish 408", "shutdownWrites"])
    }

    /// A request refused before its head is whole is recorded with the method and path its
    /// request line gave; a 408 says which part did not arrive.
    @Test func refusedRequestsAreRecordedWithWhatIsKnown() {
        func finished(_ actions: [ConnectionState.Action]) -> Exchange? {
            actions.lazy.compactMap { if case .finish(let exchange) = $0 { exchange } else { nil } }.first
        }
        func written(_ actions: [ConnectionState.Action]) -> String {
            actions.lazy.compactMap { if case .write(let bytes, _) = $0 { String(decoding: bytes, as: UTF8.self) } else { nil } }.first
                ?? ""
        }
        var limits = HTTPParserLimits()
        limits.maximumBodyBytes = 10
        var tooLarge = ConnectionState(
            limits: limits, timeouts: Self.timeouts, decorator: ResponseDecorator(cors: CORSPolicy()), budget: ByteBudget(bytes: 1000),
            now: 0)
        #expect(Self.receive(&tooLarge, "POST /v1/dump?header HTTP/1.1\r\nHost: t\r\nContent-Length: 11\r\n\r\n") == ["write HTTP/1.1 413"])
        let large = finished(tooLarge.drained(now: 1))
        #expect(large?.method == "POST" && large?.path == "/v1/dump" && large?.status == 413)

        var slowHead = Self.machine()
        _ = Self.receive(&slowHead, "GET /readyz HTTP/1.1\r\nHost", at: Self.second)
        let head = slowHead.tick(now: 11 * Self.second)
        #expect(written(head).contains(#""phase":"head""#) && written(head).contains("head did not arrive within 10 s"), "\(written(head))")
        let headExchange = finished(slowHead.drained(now: 11 * Self.second))
        #expect(headExchange?.method == "GET" && headExchange?.path == "/readyz" && headExchange?.status == 408)

        var slowBody = Self.machine()
        _ = Self.receive(&slowBody, "POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 9\r\n\r\nabc", at: Self.second)
        #expect(written(slowBody.tick(now: 61 * Self.second)).contains(#""phase":"body""#))
    }

    @Test func shutdownClosesIdleConnectionsAndLetsOthersFinish() {
        var idle = Self.machine()
        #expect(Self.summary(idle.shutdown(now: 1)) == ["close"])
        var busy = Self.machine()
        _ = Self.receive(&busy, "GET /a HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(busy.shutdown(now: 1).isEmpty)
        _ = busy.respond(.text("a"), now: 2)
        #expect(Self.summary(busy.drained(now: 3)) == ["finish 200", "shutdownWrites"])
    }
}
