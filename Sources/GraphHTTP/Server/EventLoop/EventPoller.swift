import Foundation

#if canImport(Glibc)
import CEventPoll
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Readiness of sockets, edge-triggered (epoll on Linux, kqueue on Darwin): a thread of its
/// own waits, and hands each batch of events to `deliver`. A socket is watched for both
/// directions from registration to close; its owner reads and writes until the kernel says
/// "would block", then waits for the next event.
///
/// Connections are not driven by Dispatch read and write sources: on Linux, a source made
/// for a socket whose descriptor number was just used by another can miss every event
/// (libdispatch reuses its per-descriptor note and fails to re-register it), and a request
/// is then never read. Events here carry a token, never confused with a later socket.
final class EventPoller: @unchecked Sendable {
    // Unchecked: the descriptors are set once; the kernel serializes the calls on them.
    struct Event: Sendable {
        let token: UInt64
        let readable: Bool
        let writable: Bool
        /// The peer has closed its side, or the socket failed: a read will tell which.
        let hungUp: Bool
        /// The peer sent urgent (out-of-band) data: a read stops at its mark, short of what
        /// follows.
        let urgent: Bool
    }

    let poller: Int32
    /// A pipe whose read end the poller watches: a byte written ends the waiting thread.
    let wakeUp: (read: Int32, write: Int32)
    private static let stopToken = UInt64.max

    /// Starts the waiting thread, which calls `deliver` with each batch of events.
    init(deliver: @escaping @Sendable ([Event]) -> Void) throws(SocketError) {
        #if canImport(Glibc)
        poller = epoll_create1(Int32(EPOLL_CLOEXEC))
        #else
        poller = kqueue()
        #endif
        guard poller >= 0 else { throw Self.startFailure() }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            let error = Self.startFailure()
            close(poller)
            throw error
        }
        wakeUp = (ends[0], ends[1])
        // Closed on exec, as the sockets and the poller are.
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        do {
            try register(wakeUp.read, token: Self.stopToken)
        } catch {
            // The write end goes with the object (deinit); no thread is there to close these.
            close(poller)
            close(wakeUp.read)
            throw error
        }
        let thread = Thread { [poller, wakeUp] in Self.wait(poller: poller, wakeUp: wakeUp, deliver: deliver) }
        thread.name = "graph-server poller"
        thread.start()
    }

    /// The error of a failed start, from `errno` (read before anything else can change it).
    private static func startFailure() -> SocketError {
        SocketError("cannot watch sockets: \(String(cString: strerror(errno)))")
    }

    /// Watches `descriptor` for reading and writing, its events carrying `token`.
    func register(_ descriptor: Int32, token: UInt64) throws(SocketError) {
        #if canImport(Glibc)
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLPRI.rawValue | EPOLLOUT.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue
        event.data.u64 = token
        guard epoll_ctl(poller, EPOLL_CTL_ADD, descriptor, &event) == 0 else {
            throw SocketError("cannot watch a socket: \(String(cString: strerror(errno)))")
        }
        #else
        var changes = [Int16(EVFILT_READ), Int16(EVFILT_WRITE)].map { filter in
            kevent(
                ident: UInt(descriptor), filter: filter, flags: UInt16(EV_ADD | EV_CLEAR), fflags: 0, data: 0,
                udata: UnsafeMutableRawPointer(bitPattern: UInt(token)))
        }
        guard kevent(poller, &changes, Int32(changes.count), nil, 0, nil) == 0 else {
            throw SocketError("cannot watch a socket: \(String(cString: strerror(errno)))")
        }
        #endif
    }

    /// Stops watching `descriptor` (before it is closed).
    func unregister(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = epoll_ctl(poller, EPOLL_CTL_DEL, descriptor, nil)
        #else
        var changes = [Int16(EVFILT_READ), Int16(EVFILT_WRITE)].map { filter in
            kevent(ident: UInt(descriptor), filter: filter, flags: UInt16(EV_DELETE), fflags: 0, data: 0, udata: nil)
        }
        _ = kevent(poller, &changes, Int32(changes.count), nil, 0, nil)
        #endif
    }

    /// The wake-up pipe's write end is closed here, not by the thread: a thread that ended
    /// on an error would otherwise leave ``stop()`` writing to a number since given to
    /// another file.
    deinit {
        close(wakeUp.write)
    }

    /// Ends the waiting thread, which then closes the poller.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wakeUp.write, &byte, 1)
    }

    private static func wait(poller: Int32, wakeUp: (read: Int32, write: Int32), deliver: @Sendable ([Event]) -> Void) {
        defer {
            close(poller)
            close(wakeUp.read)
        }
        #if canImport(Glibc)
        var buffer = [epoll_event](repeating: epoll_event(), count: 128)
        #else
        var buffer = [kevent](repeating: kevent(), count: 128)
        #endif
        while true {
            #if canImport(Glibc)
            let count = epoll_wait(poller, &buffer, Int32(buffer.count), -1)
            guard count >= 0 else { if errno == EINTR { continue } else { return } }
            let events = buffer[..<Int(count)].map { event in
                let hangUp = event.events & (EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0
                let urgent = event.events & EPOLLPRI.rawValue != 0
                return Event(
                    token: event.data.u64, readable: event.events & EPOLLIN.rawValue != 0 || hangUp || urgent,
                    writable: event.events & EPOLLOUT.rawValue != 0 || hangUp, hungUp: hangUp, urgent: urgent)
            }
            #else
            let count = kevent(poller, nil, 0, &buffer, Int32(buffer.count), nil)
            guard count >= 0 else { if errno == EINTR { continue } else { return } }
            let events = buffer[..<Int(count)].map { event in
                let hangUp = event.flags & UInt16(EV_EOF | EV_ERROR) != 0
                let urgent = event.filter == Int16(EVFILT_READ) && event.flags & UInt16(EV_OOBAND) != 0
                return Event(
                    token: UInt64(UInt(bitPattern: event.udata)), readable: event.filter == Int16(EVFILT_READ) || hangUp,
                    writable: event.filter == Int16(EVFILT_WRITE) || hangUp, hungUp: hangUp, urgent: urgent)
            }
            #endif
            if events.contains(where: { $0.token == stopToken }) { return }
            if !events.isEmpty { deliver(events) }
        }
    }
}
