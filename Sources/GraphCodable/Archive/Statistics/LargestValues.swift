/// The `limit` largest of the values offered one by one, kept in a min-heap by size: a
/// value smaller than the smallest kept costs one comparison, so that a body of millions
/// of payloads is scanned at the cost of its few large ones.
struct LargestValues {
    struct Candidate {
        let bytes: Int
        let offset: Int
        let typeReference: UInt32
        let path: String
    }

    let limit: Int
    private var heap: [Candidate] = []

    init(limit: Int) { self.limit = max(0, limit) }

    /// Whether a value of `bytes` at `offset` would be kept: ask before making its path.
    func admits(bytes: Int, offset: Int) -> Bool {
        guard limit > 0 else { return false }
        guard heap.count == limit else { return true }
        return Self.precedes(bytes, offset, heap[0].bytes, heap[0].offset)
    }

    mutating func add(_ candidate: Candidate) {
        guard admits(bytes: candidate.bytes, offset: candidate.offset) else { return }
        if heap.count == limit {
            heap[0] = candidate
            siftDown(from: 0)
        } else {
            heap.append(candidate)
            siftUp(from: heap.count - 1)
        }
    }

    /// The values kept, the largest first, ties by offset.
    var sorted: [Candidate] {
        heap.sorted { Self.precedes($0.bytes, $0.offset, $1.bytes, $1.offset) }
    }

    /// Whether a value ranks before another: larger, or as large and earlier.
    private static func precedes(_ bytes: Int, _ offset: Int, _ otherBytes: Int, _ otherOffset: Int) -> Bool {
        bytes != otherBytes ? bytes > otherBytes : offset < otherOffset
    }

    /// Whether the value at `index` ranks after the one at `other`: the heap's top ranks last.
    private func ranksLast(_ index: Int, _ other: Int) -> Bool {
        Self.precedes(heap[other].bytes, heap[other].offset, heap[index].bytes, heap[index].offset)
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard ranksLast(child, parent) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            var last = parent
            let left = 2 * parent + 1
            if left < heap.count && ranksLast(left, last) { last = left }
            if left + 1 < heap.count && ranksLast(left + 1, last) { last = left + 1 }
            guard last != parent else { return }
            heap.swapAt(parent, last)
            parent = last
        }
    }
}
