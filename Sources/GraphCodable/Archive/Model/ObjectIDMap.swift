/// Values by object id: the definitions of an archive's objects (their node indexes), and
/// the objects a decoding has built.
///
/// Writers number objects 1, 2, 3… so values are kept in an array indexed by id; an id
/// beyond a bound the caller gives (which only a crafted archive has) goes to a dictionary
/// instead, so that the array stays in proportion to what the archive holds.
struct ObjectIDMap<Value> {
    private var dense: [Value?] = []
    private var sparse: [UInt32: Value] = [:]
    /// The number of ids with a value.
    private(set) var count = 0

    /// The value of `id`, if any.
    @inline(__always)
    subscript(id: UInt32) -> Value? {
        if Int(id) < dense.count, let value = dense[Int(id)] { return value }
        return sparse.isEmpty ? nil : sparse[id]
    }

    /// Records `value` for `id`, unless `id` has a value already (which is kept: false
    /// then). Ids up to `denseLimit` are kept in the array.
    @inline(__always)
    mutating func insert(_ value: Value, for id: UInt32, denseLimit: Int) -> Bool {
        guard self[id] == nil else { return false }
        count += 1
        let slot = Int(id)
        if slot < dense.count {
            dense[slot] = value
        } else {
            insert(value, beyond: slot, denseLimit: denseLimit)
        }
        return true
    }

    /// Records `value` at `slot`, past the end of the array: in it, grown, up to
    /// `denseLimit`, in the dictionary beyond.
    @inline(never)
    private mutating func insert(_ value: Value, beyond slot: Int, denseLimit: Int) {
        if slot <= denseLimit {
            // Grown by doubling, not to each new id, so that recording an object costs
            // amortized constant time, with no reallocation for most of them.
            let grown = max(slot, min(2 * dense.count - 1, denseLimit)) + 1
            dense = [Value?](unsafeUninitializedCapacity: grown) { slots, initialized in
                let copied = slots.initialize(fromContentsOf: dense)
                slots[copied...].initialize(repeating: nil)
                slots[slot] = value
                initialized = grown
            }
        } else {
            sparse[UInt32(slot)] = value
        }
    }
}
