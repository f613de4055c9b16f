/// The fields of two `VAL`/`REF` nodes, paired one pair at a time as the comparison asks for
/// them: keyed fields by key (the n-th field with a key with the n-th with the same key, keys
/// compared by id through the correspondence of the key tables), unkeyed fields by position;
/// then the fields only the node after has. The fields are walked in place: only the keyed
/// fields of the node after are listed, charged to its archive's budget until the pairs
/// are done (``release()``), so that a node with millions of fields costs no more than its key.
///
/// A class: the comparison keeps it on its stack of pending work and advances it in place.
final class FieldPairs {
    /// The stop of the two nodes, whose fields these are.
    let stop: Int
    private var old: DiffSide.Fields
    /// The fields after, walked to each unkeyed one in turn.
    private var newUnkeyed: DiffSide.Fields
    /// The fields after, walked again once the fields before are paired.
    private var newRest: DiffSide.Fields
    private let newKeyed: [UInt32: [Int]]
    /// How many fields with each key (by its id after), and without a key, are paired.
    private var pairedKeyed: [UInt32: Int] = [:]
    private var pairedUnkeyed = 0
    private var seenKeyed: [UInt32: Int] = [:]
    private var seenUnkeyed = 0
    private let cost: Int
    private let budget: MemoryBudget

    /// What the walker itself takes, beside its keyed fields.
    static let walkerCost = 256

    init(_ old: Int, _ new: Int, stop: Int, before: DiffSide, after: DiffSide) throws {
        self.stop = stop
        budget = after.archive.budget
        let keyedCount = after.fields(of: new).reduce(0) { $0 + (after[$1].keyID != 0 ? 1 : 0) }
        cost = Self.walkerCost + 64 * keyedCount
        try after.archive.budget.charge(cost)
        var newKeyed: [UInt32: [Int]] = [:]
        for field in after.fields(of: new) where after[field].keyID != 0 { newKeyed[after[field].keyID, default: []].append(field) }
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
                let newKey = Int(key) < keys.count ? keys[Int(key)] : 0
                let matches = newKeyed[newKey] ?? [], paired = pairedKeyed[newKey, default: 0]
                if newKey != 0 { pairedKeyed[newKey] = paired + 1 }
                return .init(before: field, after: paired < matches.count ? matches[paired] : -1, parent: stop, step: .key(key, inBefore: true))
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
                let seen = seenKeyed[key, default: 0]
                seenKeyed[key] = seen + 1
                if seen >= pairedKeyed[key, default: 0] { return .init(before: -1, after: field, parent: stop, step: .key(key, inBefore: false)) }
            } else {
                defer { seenUnkeyed += 1 }
                if seenUnkeyed >= pairedUnkeyed { return .init(before: -1, after: field, parent: stop, step: .index(seenUnkeyed)) }
            }
        }
        return nil
    }
}
