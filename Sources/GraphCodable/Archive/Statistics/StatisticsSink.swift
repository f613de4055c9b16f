/// A sink that keeps no node and counts, as the parse hands the nodes over, whose bytes
/// they are (see ``GraphArchiveStatistics``): by type, by key, by part of the root, and the
/// largest values stored as one unit. Its memory is a few counters per type reference and
/// per key, and a frame per open `VAL`/`REF`.
struct StatisticsSink: NodeSinkKeepingNothing {
    /// Where the bytes of a part of the root are counted: the root itself, the objects after
    /// it, its unkeyed fields, then one per key (its id past these).
    enum Part {
        static let root = 0
        static let afterRoot = 1
        static let unkeyed = 2
        static func key(_ id: UInt32) -> Int { 2 + Int(id) }
    }

    /// Counters in memory of their own, which counting a node writes without the uniqueness
    /// checks of arrays in a struct (a few for every node).
    final class Counters {
        private let storage: UnsafeMutableBufferPointer<Int>
        /// By type reference: the instances and the bytes owned.
        let typeInstances: UnsafeMutableBufferPointer<Int>
        let typeBytes: UnsafeMutableBufferPointer<Int>
        /// By key id (0: no key holds them): the fields with the key and the bytes owned.
        let keyOccurrences: UnsafeMutableBufferPointer<Int>
        let keyBytes: UnsafeMutableBufferPointer<Int>
        /// By ``Part``: the nodes starting the part and the bytes inside.
        let partCounts: UnsafeMutableBufferPointer<Int>
        let partBytes: UnsafeMutableBufferPointer<Int>

        init(references: Int, keys: Int) {
            let parts = Part.key(UInt32(keys)) + 1
            let storage = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * (references + keys + 1 + parts))
            storage.initialize(repeating: 0)
            self.storage = storage
            var start = 0
            func next(_ count: Int) -> UnsafeMutableBufferPointer<Int> {
                defer { start += count }
                return UnsafeMutableBufferPointer(rebasing: storage[start ..< start + count])
            }
            typeInstances = next(references)
            typeBytes = next(references)
            keyOccurrences = next(keys + 1)
            keyBytes = next(keys + 1)
            partCounts = next(parts)
            partBytes = next(parts)
        }

        deinit { storage.deallocate() }
    }

    /// An open `VAL`/`REF`: who owns its bytes and the bytes of the untyped or unkeyed nodes
    /// inside it, and how its path goes on.
    private struct Frame {
        let typeOwner: UInt32
        let keyOwner: UInt32
        let part: Int
        /// Whether it is the root, whose fields each start a part.
        let isRoot: Bool
        /// The step from its parent: a key id, or a position among the unkeyed fields.
        let keyID: UInt32
        let position: Int
        var unkeyedCount = 0
    }

    private(set) var count = 0
    let counters: Counters
    private(set) var largest: LargestValues
    private let keys: KeyTable
    /// The innermost open `VAL`/`REF`, kept apart from those around it, in `enclosing`.
    private var innermost: Frame?
    private var enclosing: [Frame] = []
    /// The object id of the top-level node after the root being read (0: none), nil while
    /// the root is.
    private var afterRootObject: UInt32?

    init(types: TypeTable, keys: KeyTable, largestValueCount: Int) {
        counters = Counters(references: Int(TypeReference.firstTableReference) + types.count, keys: keys.keys.count)
        largest = LargestValues(limit: largestValueCount)
        self.keys = keys
    }

    @inline(__always)
    mutating func receive(_ node: ArchiveNode, in bytes: UnsafeBufferPointer<UInt8>) {
        let counters = self.counters
        var position = 0
        let part: Int
        let typeOwner: UInt32
        let keyOwner: UInt32
        if let parent = innermost {
            if node.keyID == 0 {
                position = parent.unkeyedCount
                innermost!.unkeyedCount += 1
            }
            if parent.isRoot {
                part = node.keyID != 0 ? Part.key(node.keyID) : Part.unkeyed
                counters.partCounts[part] += 1
            } else {
                part = parent.part
            }
            typeOwner = node.typeReference != 0 ? node.typeReference : parent.typeOwner
            keyOwner = node.keyID != 0 ? node.keyID : parent.keyOwner
        } else {
            part = count == 0 ? Part.root : Part.afterRoot
            counters.partCounts[part] += 1
            afterRootObject = count == 0 ? nil : node.objectID
            typeOwner = node.typeReference
            keyOwner = node.keyID
        }
        count += 1
        counters.typeInstances[Int(node.typeReference)] += 1
        counters.keyOccurrences[Int(node.keyID)] += 1

        let size: Int
        switch node.kind {
        case .val, .ref:
            size = Self.headerSize(of: node)
            if let innermost { enclosing.append(innermost) }
            innermost = Frame(
                typeOwner: typeOwner, keyOwner: keyOwner, part: part, isRoot: count == 1, keyID: node.keyID, position: position)
        case .biv, .bir:
            size = node.binaryPayload.upperBound - node.offset
            if largest.admits(bytes: size, offset: node.offset) {
                let path = path(to: node, position: position)
                largest.add(.init(bytes: size, offset: node.offset, typeReference: node.typeReference, path: path))
            }
        default:
            size = Self.headerSize(of: node)
        }
        add(size, typeOwner: typeOwner, keyOwner: keyOwner, part: part)
    }

    /// Counts the `END` that closes the fields of the innermost open value.
    @inline(__always)
    mutating func close(_ index: Int, next: Int, unkeyedFieldCount: UInt32, in bytes: UnsafeBufferPointer<UInt8>) {
        guard let frame = innermost else { return }
        add(1, typeOwner: frame.typeOwner, keyOwner: frame.keyOwner, part: frame.part)
        innermost = enclosing.popLast()
    }

    @inline(__always)
    private func add(_ size: Int, typeOwner: UInt32, keyOwner: UInt32, part: Int) {
        counters.typeBytes[Int(typeOwner)] += size
        counters.keyBytes[Int(keyOwner)] += size
        counters.partBytes[part] += size
    }

    /// The bytes of a node's tag and ids: each id a minimal LEB128 varuint (as the format
    /// requires), none for an id of 0, which the node does not have.
    @inline(__always)
    private static func headerSize(of node: ArchiveNode) -> Int {
        func size(_ id: UInt32) -> Int { (38 - id.leadingZeroBitCount) / 7 }
        return 1 + size(node.keyID) + size(node.typeReference) + size(node.objectID)
    }

    /// The path of a node not yet opened, from the values open around it: the steps of the
    /// open values but the outermost (the top-level node, which has none), then its own, of
    /// which only those the text shows are made (a path 10,000 deep shows 32).
    private func path(to node: ArchiveNode, position: Int) -> String {
        let start = afterRootObject.map(GCodableError.afterRootStart) ?? GCodableError.Context.rootStart
        guard let innermost else { return start }
        let openCount = enclosing.count + 1
        func step(_ keyID: UInt32, _ position: Int) -> String {
            (keyID != 0 ? keys.pathComponent(for: keyID) : .index(position)).description
        }
        return start
            + GCodableError.PathComponent.joined(count: openCount) { index in
                guard index + 1 < openCount else { return step(node.keyID, position) }
                let frame = index + 1 < enclosing.count ? enclosing[index + 1] : innermost
                return step(frame.keyID, frame.position)
            }
    }
}
