import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands SIGTERM and SIGINT to the listeners of the process, for as long as there are any:
/// while there are, a handler of its own writes each signal's number to a pipe, which a
/// thread reads to call them; once the last one leaves, the signals are handled as they
/// were before the first came. (A signal that arrives as the last listener leaves may be
/// read only once the next has come, and is then handed to it.)
///
/// Not a Dispatch signal source: on Linux, libdispatch installs its handler for a signal
/// only for the first source ever made for it, so a second `run()` in one process, which
/// ignores the signal as Dispatch asks, would never see it; and that handler stays,
/// swallowing the signal, once the sources are gone.
final class SignalRelay: Sendable {
    /// The relay of the process.
    static let shared = SignalRelay()

    typealias Listener = @Sendable (Int32) -> Void

    private static let signals = [SIGTERM, SIGINT]

    private struct State {
        var listeners: [Int: Listener] = [:]
        var nextID = 0
        /// Whether the pipe is made and the thread reading it started.
        var isReading = false
        /// The handling of each signal before the relay's, while it is installed.
        var previous: [Int32: sigaction] = [:]
    }

    private let state = Mutex(State())

    private init() {}

    /// Calls `listener` with each signal from now until ``stopListening(_:)`` with the id
    /// returned.
    func listen(_ listener: @escaping Listener) throws(SocketError) -> Int {
        try state.withLock { state throws(SocketError) in
            if !state.isReading {
                try startReading()
                state.isReading = true
            }
            if state.listeners.isEmpty {
                for number in Self.signals {
                    var action = sigaction()
                    #if canImport(Glibc)
                    action.__sigaction_handler.sa_handler = relaySignal
                    #else
                    action.__sigaction_u.__sa_handler = relaySignal
                    #endif
                    action.sa_flags = SA_RESTART
                    sigemptyset(&action.sa_mask)
                    var previous = sigaction()
                    sigaction(number, &action, &previous)
                    state.previous[number] = previous
                }
            }
            state.nextID += 1
            state.listeners[state.nextID] = listener
            return state.nextID
        }
    }

    /// Stops calling the listener `id`; after the last one, restores what handled the
    /// signals before.
    func stopListening(_ id: Int) {
        state.withLock { state in
            guard state.listeners.removeValue(forKey: id) != nil, state.listeners.isEmpty else { return }
            for (number, previous) in state.previous {
                var previous = previous
                sigaction(number, &previous, nil)
            }
            state.previous = [:]
        }
    }

    /// Makes the pipe and starts the thread that reads it, which lives as long as the
    /// process: signals are rare, and an idle thread blocked in `read` costs nothing.
    private func startReading() throws(SocketError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw SocketError("cannot relay signals: \(String(cString: strerror(errno)))")
        }
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        // A full pipe drops a signal rather than block its handler.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        relayWriteEnd.store(ends[1], ordering: .releasing)
        let thread = Thread { [self, reader = ends[0]] in
            var byte: UInt8 = 0
            while true {
                let count = read(reader, &byte, 1)
                if count == 1 {
                    let listeners = state.withLock { Array($0.listeners.values) }
                    listeners.forEach { $0(Int32(byte)) }
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        thread.name = "graph-server signals"
        thread.start()
    }
}

/// The pipe the handler writes to: set once, before the handler is first installed.
private let relayWriteEnd = Atomic<Int32>(-1)

/// The handler: only what is safe in one (an atomic load, `write`, and `errno` kept for
/// the code it interrupted).
private func relaySignal(_ number: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(relayWriteEnd.load(ordering: .acquiring), &byte, 1)
    errno = savedErrno
}
