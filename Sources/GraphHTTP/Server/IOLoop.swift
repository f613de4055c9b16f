import Dispatch

/// A serial queue on which connections' sources run, with the read buffer they share
/// (reads on one queue never overlap). The server spreads connections over a few loops:
/// never a thread per connection.
final class IOLoop: @unchecked Sendable {
    // Unchecked: `readBuffer` is used on `queue` only.
    let queue: DispatchQueue
    let readBuffer: UnsafeMutableRawBufferPointer

    /// Bytes read from a socket at a time.
    static let readSize = 64 * 1024

    init(label: String) {
        queue = DispatchQueue(label: label)
        readBuffer = .allocate(byteCount: Self.readSize, alignment: 16)
    }

    deinit {
        readBuffer.deallocate()
    }
}
