import Foundation
import Synchronization
import Testing

@testable import GraphHTTP

/// How turns reach an IO loop from other threads: a worker's hand-over runs on its own
/// thread when the loop is idle, and never overtakes the turns queued before it.
@Suite struct IOLoopTests {
    /// A value that turns on other threads set.
    final class Shared<Value: Sendable>: Sendable {
        let value: Mutex<Value>
        init(_ value: Value) { self.value = Mutex(value) }
    }

    /// On an idle loop, the turn runs on the caller's thread, as a turn of the loop.
    @Test func anIdleLoopRunsTheTurnOnTheCallersThread() throws {
        let loop = try IOLoop(label: "test io")
        let caller = pthread_self()
        let seen = Shared<(onCaller: Bool, onLoop: Bool)?>(nil)
        loop.runPromptly { seen.value.withLock { $0 = (pthread_equal(pthread_self(), caller) != 0, loop.isCurrent) } }
        let (onCaller, onLoop) = try #require(seen.value.withLock { $0 })
        #expect(onCaller)
        #expect(onLoop)
    }

    /// From a turn of the loop itself, a timer's or one run through `async`, the turn asked
    /// for is queued behind it: run in place, its `sync` on the loop's own queue would never
    /// return.
    @Test func aTurnAskedForFromTheLoopRunsAfterTheTurnAskingForIt() throws {
        let loop = try IOLoop(label: "test io")
        let order = Shared<[String]>([])
        let done = DispatchSemaphore(value: 0)
        let askFromTurn: @Sendable (String) -> Void = { name in
            loop.runPromptly {
                order.value.withLock { $0.append("asked by \(name)") }
                done.signal()
            }
            order.value.withLock { $0.append(name) }
        }
        let timer = loop.makeTimer { askFromTurn("timer") }
        timer.schedule(deadline: .now())
        timer.activate()
        defer { timer.cancel() }
        #expect(done.wait(timeout: .now() + 5) == .success, "the timer's turn did not end")
        loop.async { askFromTurn("async") }
        #expect(done.wait(timeout: .now() + 5) == .success, "the turn run through async did not end")
        #expect(order.value.withLock { $0 } == ["timer", "asked by timer", "async", "asked by async"])
    }

    /// A busy loop gets the turn queued, and the caller goes on at once; each caller's turns
    /// run in the order it asked for them, whichever way each one went.
    @Test func aBusyLoopQueuesTheTurnAndKeepsEachCallersOrder() async throws {
        let loop = try IOLoop(label: "test io")
        let release = DispatchSemaphore(value: 0)
        loop.async { release.wait() } // a turn that runs until the test lets it go
        let order = Shared<[Int: [Int]]>([:])
        let returned = DispatchSemaphore(value: 0)
        Thread {
            loop.runPromptly { order.value.withLock { $0[0, default: []].append(0) } }
            returned.signal()
        }.start()
        #expect(returned.wait(timeout: .now() + 5) == .success, "the caller waited for the busy turn")
        #expect(order.value.withLock { $0.isEmpty }, "the turn ran before the busy one ended")
        release.signal()
        // Callers in tasks of their own, with turns of the loop's own (which sometimes
        // keep it busy) in between.
        let callers = 4
        let turnsEach = 2_000
        await withTaskGroup(of: Void.self) { group in
            for caller in 1 ... callers {
                group.addTask {
                    for index in 0 ..< turnsEach {
                        if index % 7 == 0 { loop.async { usleep(20) } }
                        loop.runPromptly { order.value.withLock { $0[caller, default: []].append(index) } }
                    }
                }
            }
        }
        loop.queue.sync {} // the queued turns have run
        let seen = order.value.withLock { $0 }
        #expect(seen[0] == [0])
        for caller in 1 ... callers {
            #expect(seen[caller] == Array(0 ..< turnsEach), "caller \(caller)'s turns ran out of order")
        }
    }
}
