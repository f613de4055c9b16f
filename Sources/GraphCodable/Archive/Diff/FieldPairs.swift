/// The fields of two `VAL`/`REF` nodes, paired one pair at a time as the comparison asks for
/// them: keyed fields by key (the n-th field with a key with the n-th with the same key, keys
/// compared by id through the correspondence of the key tables), unkeyed fields by position;
/// then the fields only the node after has. The fields are walked in place: only the keyed
/// fields of the node after are listed, sorted by key, and charged to its archive's budget
/// until the pairs are done (``release()``), so that a node with millions of unkeyed fields
/// costs no more than one with none.
///
/// A class: the comparison keeps it on its stack of pending work and advances it in place.
final class FieldPairs {
    /// A keyed field of the node after, by its key's id; the first of each key's run also
    /// counts how many fields with that key are paired.
    private struct KeyedField {
        let key: UInt32
        var pairedCount: UInt32
        let field: Int
    }

    /// The stop of the two nodes, whose fields these are.
    let stop: Int
    private var old: DiffSide.Fields
    /// The fields after, walked to each unkeyed one in turn.
    private var newUnkeyed: DiffSide.Fields
    /// The fields after, walked again once the fields before are paired.
    private var newRest: DiffSide.Fields
    /// The keyed fields after, by key then by place.
    private var newKeyed: [KeyedField]
    private var pairedUnkeyed = 0
    private var seenUnkeyed = 0
    private let cost: Int
    private let budget: MemoryBudget

    /// What the walker takes beside its keyed fields: itself, and its place (twice over, as
    /// the stack grows) on the comparison's stack of pending work.
    static let walkerCost = 320
    /// What each keyed field takes: its entry, and as much again while they are sorted.
    private static let keyedFieldCost = 2 * MemoryLayout<KeyedField>.stride

    init(_ old: Int, _ new: Int, stop: Int, before: DiffSide, after: DiffSide) throws {
        self.stop = stop
        budget = after.archive.budget
        let keyedCount = after.fields(of: new).reduce(0) { $0 + (after[$1].keyID != 0 ? 1 : 0) }
        cost = Self.walkerCost + Self.keyedFieldCost * keyedCount
        try budget.charge(cost)
        var newKeyed: [KeyedField] = []
        if keyedCount > 0 {
            newKeyed.reserveCapacity(keyedCount)
            for field in after.fields(of: new) where after[field].keyID != 0 {
                newKeyed.append(KeyedField(key: after[field].keyID, pairedCount: 0, field: field))
            }
            newKeyed.sort { ($0.key, $0.field) < ($1.key, $1.field) }
        }
        self.newKeyed = newKeyed
        self.old = before.fields(of: old)
        newUnkeyed = after.fields(of: new)
        newRest = after.fields(of: new)
    }

    /// Gives back to the budget what the walker was charged.
    func release() {
        budget.refund(cost)
    }

    /// The next pair, nil when every field is paired or left alone; `keys` gives the id
    /// after of each key id before.
    func next(_ before: DiffSide, _ after: DiffSide, keys: [UInt32]) -> ArchiveComparison.Task? {
        if let field = old.next() {
            let key = before[field].keyID
            if key != 0 {
                return .init(
                    before: field, after: pairKeyed(Int(key) < keys.count ? keys[Int(key)] : 0), parent: stop,
                    step: .key(key, inBefore: true))
            }
            var match = -1
            while let candidate = newUnkeyed.next() {
                if after[candidate].keyID == 0 {
                    match = candidate
                    break
                }
            }
            defer { pairedUnkeyed += 1 }
            return .init(before: field, after: match, parent: stop, step: .index(pairedUnkeyed))
        }
        // The fields only the node after has: unkeyed ones past the pairs, keyed ones past
        // the pairs of their key.
        while let field = newRest.next() {
            let key = after[field].keyID
            if key != 0 {
                let run = firstIndex(key: key, field: 0), place = firstIndex(key: key, field: field)
                if place - run >= newKeyed[run].pairedCount {
                    return .init(before: -1, after: field, parent: stop, step: .key(key, inBefore: false))
                }
            } else {
                defer { seenUnkeyed += 1 }
                if seenUnkeyed >= pairedUnkeyed { return .init(before: -1, after: field, parent: stop, step: .index(seenUnkeyed)) }
            }
        }
        return nil
    }

    /// The next field after with the key whose id after is `key` not yet paired, now paired;
    /// -1 for none (for 0: no such key after).
    private func pairKeyed(_ key: UInt32) -> Int {
        guard key != 0 else { return -1 }
        let run = firstIndex(key: key, field: 0)
        guard run < newKeyed.count, newKeyed[run].key == key else { return -1 }
        let place = run + Int(newKeyed[run].pairedCount)
        guard place < newKeyed.count, newKeyed[place].key == key else { return -1 }
        newKeyed[run].pairedCount += 1
        return newKeyed[place].field
    }

    /// The index of the first keyed field after at or past (`key`, `field`).
    private func firstIndex(key: UInt32, field: Int) -> Int {
        var low = 0, high = newKeyed.count
        while low < high {
            let middle = (low + high) / 2
            if (newKeyed[middle].key, newKeyed[middle].field) < (key, field) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
