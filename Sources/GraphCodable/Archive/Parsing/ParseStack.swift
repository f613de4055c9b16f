/// A stack of plain values in memory of its own, for the innermost loop of a parse: an
/// array checks that its storage is not shared at every push and pop, a call into the
/// runtime each time.
struct ParseStack<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity = 16
    private(set) var count = 0

    init() {
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The element on top, if any.
    var last: Element? { count > 0 ? base[count - 1] : nil }

    /// The elements, bottom first.
    var elements: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return base[count]
    }

    /// Doubles the room, moving the elements.
    @inline(never)
    private mutating func grow() {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: 2 * capacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
    }
}
