/// The node index of the definition of each object id of an archive.
///
/// Writers number objects 1, 2, 3… so ids are looked up in an array indexed by id; an id
/// far beyond the nodes parsed so far (which only a crafted archive has) goes to a
/// dictionary instead, so the array never outgrows twice the node list.
struct ObjectDefinitions {
    /// For each id, its definition's node index + 1, or 0 when it has none.
    private var dense: [UInt32] = []
    private var sparse: [UInt32: Int] = [:]
    /// The number of ids defined.
    private(set) var count = 0

    /// The index of the node that defines `id`, if any.
    subscript(id: UInt32) -> Int? {
        if Int(id) < dense.count {
            let entry = dense[Int(id)]
            if entry != 0 { return Int(entry) - 1 }
        }
        return sparse.isEmpty ? nil : sparse[id]
    }

    /// Records that node `index` defines `id`, among `nodeCount` nodes parsed so far;
    /// false when `id` has a definition already (which is kept).
    mutating func define(_ id: UInt32, at index: Int, nodeCount: Int) -> Bool {
        guard self[id] == nil else { return false }
        count += 1
        let slot = Int(id)
        if slot < dense.count {
            dense[slot] = UInt32(truncatingIfNeeded: index + 1)
        } else if slot <= 2 * nodeCount + 1024 {
            dense.append(contentsOf: repeatElement(0, count: slot + 1 - dense.count))
            dense[slot] = UInt32(truncatingIfNeeded: index + 1)
        } else {
            sparse[id] = index
        }
        return true
    }
}
