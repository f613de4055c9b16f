import Foundation
import Testing

@testable import GraphHTTP

/// What the server leaves in its process: the signals handled as before once `run()`
/// returns, and no descriptor that a program the process starts would inherit.
@Suite struct ServerProcessTests {
    /// Either signal stops `run()` each time it is called, and once it has returned, the
    /// signals are handled as they were before (by default, or ignored in a job that a
    /// shell started in the background).
    @Test func runStopsOnItsSignalsAndThenLeavesThemAsItFoundThem() throws {
        Log.shared.setLevel(.warning)
        let before = [SIGTERM, SIGINT].map(Self.disposition)
        for number in [SIGTERM, SIGINT, SIGTERM] {
            var configuration = GraphServer.Configuration()
            configuration.port = 0
            configuration.workerCount = 1
            configuration.ioLoopCount = 1
            let server = GraphServer(configuration: configuration, registry: TestModels.registry)
            let returned = DispatchSemaphore(value: 0)
            Thread {
                try? server.run()
                returned.signal()
            }.start()
            // Sent once `run()` handles it: neither by default nor ignored (else it would
            // end the process, or be lost).
            let unhandled = Set([Self.byDefault, Self.ignored])
            for _ in 0 ..< 1000 where unhandled.contains(Self.disposition(number)) {
                Thread.sleep(forTimeInterval: 0.01)
            }
            try #require(!unhandled.contains(Self.disposition(number)))
            kill(getpid(), number)
            try #require(returned.wait(timeout: .now() + 30) == .success)
            #expect([SIGTERM, SIGINT].map(Self.disposition) == before)
        }
    }

    @Test func thePollersDescriptorsAreClosedOnExec() throws {
        let poller = try EventPoller { _ in }
        defer { poller.stop() }
        for descriptor in [poller.poller, poller.wakeUp.read, poller.wakeUp.write] {
            #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
        }
    }

    private static let byDefault = 0
    private static let ignored = 1

    /// The handler of signal `number`, as a number: 0 by default, 1 when ignored.
    private static func disposition(_ number: Int32) -> Int {
        var action = sigaction()
        sigaction(number, nil, &action)
        #if canImport(Glibc)
        return unsafeBitCast(action.__sigaction_handler, to: Int.self)
        #else
        return unsafeBitCast(action.__sigaction_u, to: Int.self)
        #endif
    }
}
