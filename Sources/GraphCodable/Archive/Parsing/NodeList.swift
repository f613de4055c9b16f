/// The nodes of a parsed archive in body order, stored once and never copied: the list
/// is read-only, and only its ``Builder``, which the parse owns alone, writes it.
///
/// (Not an array: the parse may also hand its nodes elsewhere (see ``NodeSink``), and an
/// array would then check at every node that its storage is unshared.)
struct NodeList: RandomAccessCollection {
    /// The nodes' memory, freed with the last list that reads it.
    private final class Storage {
        let base: UnsafeMutablePointer<ArchiveNode>

        init(_ base: UnsafeMutablePointer<ArchiveNode>) {
            self.base = base
        }

        deinit {
            base.deallocate() // nodes are bitwise copyable: nothing to deinitialize
        }
    }

    private let storage: Storage
    /// The storage's nodes, read without going through it (which kept every read a load
    /// longer).
    private let base: UnsafePointer<ArchiveNode>
    let count: Int
    /// The nodes its memory has room for: the room the parse made.
    let capacity: Int

    private init(storage: Storage, count: Int, capacity: Int) {
        self.storage = storage
        base = UnsafePointer(storage.base)
        self.count = count
        self.capacity = capacity
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always)
    subscript(position: Int) -> ArchiveNode {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "a node index out of range")
        return withExtendedLifetime(storage) { base[position] }
    }

    /// Where the parse writes the nodes as it reads them: a list that only grows, and whose
    /// nodes closed so far are set once their fields end.
    struct Builder: ~Copyable, NodeSink {
        private var base: UnsafeMutablePointer<ArchiveNode>
        private(set) var count = 0
        private(set) var capacity = 0

        init() {
            base = .allocate(capacity: 0)
        }

        deinit {
            base.deallocate()
        }

        /// Makes room for `capacity` nodes in all, moving the nodes so far.
        mutating func reserveCapacity(_ capacity: Int) {
            guard capacity > self.capacity else { return }
            let grown = UnsafeMutablePointer<ArchiveNode>.allocate(capacity: capacity)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            self.capacity = capacity
        }

        @inline(__always)
        mutating func receive(_ node: ArchiveNode, in bytes: UnsafeBufferPointer<UInt8>) {
            precondition(count < capacity, "a node beyond the room made for it")
            (base + count).initialize(to: node)
            count += 1
        }

        @inline(__always)
        mutating func close(_ index: Int, next: Int, unkeyedFieldCount: UInt32, in bytes: UnsafeBufferPointer<UInt8>) {
            precondition(index >= 0 && index < count, "a node index out of range")
            base[index].next = next
            base[index].unkeyedFieldCount = unkeyedFieldCount
        }

        /// The list of the nodes written, which takes over their memory.
        consuming func finish() -> NodeList {
            let list = NodeList(storage: Storage(base), count: count, capacity: capacity)
            discard self
            return list
        }
    }
}
