#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX socket calls the server makes, on non-blocking descriptors, with their
/// outcomes as values: no call here blocks, and none raises SIGPIPE.
enum Socket {
    /// What a read, write or accept did.
    enum Outcome<Value> {
        /// It moved `Value` (bytes, or a new descriptor).
        case done(Value)
        /// The kernel has nothing for it now: wait for the descriptor's source.
        case wouldBlock
        /// The peer closed its side (reads), or reset the connection.
        case closed
        /// The process or system is out of descriptors (accept): try again later.
        case outOfDescriptors
        /// Any other failure, with its `errno`.
        case failed(Int32)
    }

    /// A listening socket bound to `host` and `port` (0 for any free port), non-blocking.
    static func makeListener(host: String, port: Int, backlog: Int32, bufferBytes: Int? = nil) throws(SocketError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw SocketError("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var lastError: Int32 = 0
        for address in sequence(first: first, next: { $0.pointee.ai_next }) {
            let descriptor = socket(address.pointee.ai_family, streamType, 0)
            guard descriptor >= 0 else {
                lastError = errno
                continue
            }
            setOption(descriptor, SOL_SOCKET, SO_REUSEADDR, 1)
            // Set on the listener, before it listens: connections inherit the sizes, and the
            // receive window they announce follows from them.
            if let bufferBytes {
                let bytes = Int32(clamping: bufferBytes)
                setOption(descriptor, SOL_SOCKET, SO_RCVBUF, bytes)
                setOption(descriptor, SOL_SOCKET, SO_SNDBUF, bytes)
            }
            if address.pointee.ai_family == AF_INET6 { setOption(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 0) }
            if bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0,
                listen(descriptor, backlog) == 0, prepare(descriptor)
            {
                return descriptor
            }
            lastError = errno
            close(descriptor)
        }
        throw SocketError("cannot listen on \(host):\(port): \(String(cString: strerror(lastError)))")
    }

    /// A blocking connection to `host`:`port` whose reads and writes give up after
    /// `timeoutSeconds` (for clients such as ``HealthProbe``; the server never blocks).
    static func connection(toHost host: String, port: Int, timeoutSeconds: Int) throws(SocketError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw SocketError("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        for address in sequence(first: first, next: { $0.pointee.ai_next }) {
            let descriptor = socket(address.pointee.ai_family, streamType, 0)
            guard descriptor >= 0 else { continue }
            var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            #if canImport(Darwin)
            setOption(descriptor, SOL_SOCKET, SO_NOSIGPIPE, 1)
            #endif
            if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return descriptor }
            close(descriptor)
        }
        throw SocketError("cannot connect to \(host):\(port)")
    }

    /// The port a socket is bound to.
    static func boundPort(_ descriptor: Int32) -> Int {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return 0 }
        let family = Int32(address.ss_family)
        return withUnsafePointer(to: &address) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    /// Accepts one pending connection as a non-blocking descriptor.
    static func acceptConnection(on listener: Int32) -> Outcome<Int32> {
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else { return outcome(of: errno) }
        guard prepare(descriptor) else {
            close(descriptor)
            return .failed(errno)
        }
        setOption(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        return .done(descriptor)
    }

    /// Reads into `buffer`; `.done(0)` never happens: the end of the stream is `.closed`.
    static func receive(from descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Outcome<Int> {
        var count: Int
        repeat { count = read(descriptor, buffer.baseAddress, buffer.count) } while count < 0 && errno == EINTR
        if count > 0 { return .done(count) }
        return count == 0 ? .closed : outcome(of: errno)
    }

    /// Writes from `bytes`, without SIGPIPE when the peer has gone. An interrupted call is
    /// made again: the edge-triggered poller would not tell of the room it left.
    static func transmit(to descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Outcome<Int> {
        var count: Int
        repeat { count = send(descriptor, bytes.baseAddress, bytes.count, sendFlags) } while count < 0 && errno == EINTR
        return count >= 0 ? .done(count) : outcome(of: errno)
    }

    /// Stops sending (the peer reads the end of the stream) while still receiving.
    static func shutdownWrites(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    static func release(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    private static func outcome<Value>(of error: Int32) -> Outcome<Value> {
        switch error {
        case EAGAIN, EWOULDBLOCK, EINTR: return .wouldBlock
        case ECONNRESET, EPIPE, ENOTCONN, ECONNABORTED: return .closed
        case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .outOfDescriptors
        default: return .failed(error)
        }
    }

    /// Makes `descriptor` non-blocking, closed on exec, and silent on writes to a closed peer.
    private static func prepare(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        setOption(descriptor, SOL_SOCKET, SO_NOSIGPIPE, 1)
        #endif
        let flags = fcntl(descriptor, F_GETFL)
        return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 && fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0
    }

    private static func setOption(_ descriptor: Int32, _ level: Int32, _ name: Int32, _ value: Int32) {
        var value = value
        _ = setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #endif
}

/// A socket that could not be set up, with the system's reason.
public struct SocketError: Error, CustomStringConvertible {
    /// What failed, and the system's reason.
    public let description: String
    init(_ description: String) { self.description = description }
}
