extension Array where Element: BitwiseCopyable {
    /// An array of `count` elements that `write` initializes in place, every one of them
    /// unless it throws.
    ///
    /// A short array is written on the stack, then copied into its storage, which code
    /// specialized for `Element` allocates; `init(unsafeUninitializedCapacity:)` asks the
    /// runtime for the class of the storage instead, at every call, which costs more than
    /// the copy. A longer one is written in its storage directly.
    @inline(__always)
    init(count: Int, writingWith write: (UnsafeMutableBufferPointer<Element>) throws -> Void) rethrows {
        if count * MemoryLayout<Element>.stride <= Self.stackedBytes {
            self = try withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { elements in
                try write(elements)
                return Array(UnsafeBufferPointer(elements))
            }
        } else {
            self = try Array(unsafeUninitializedCapacity: count) { elements, initialized in
                try write(UnsafeMutableBufferPointer(rebasing: elements[..<count]))
                initialized = count
            }
        }
    }

    /// The most bytes of elements written on the stack first.
    private static var stackedBytes: Int { 1024 }
}
