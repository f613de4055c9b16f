/// Compares two parsed archives: their tables (``TableComparison``), then their bodies from
/// the roots, iteratively, pairing fields by key or by position (the elements of sets and
/// the entries of dictionaries by their archived form, ``ElementDigests``) and following
/// pointers, so that each node of either archive is looked at about once; then the
/// top-level definitions no pointer reached, in body order.
struct ArchiveComparison {
    private typealias Difference = GraphArchiveDiff.Difference

    private let before: DiffSide
    private let after: DiffSide
    private let tables: TableComparison
    private let maximumCount: Int
    private var differences: [Difference] = []
    private var omittedCount = 0
    /// The digests of elements of each archive, made when a set or dictionary is first met.
    private var digests: (before: ElementDigests, after: ElementDigests)?

    /// How a node is reached from the node whose field it is.
    enum Step {
        case root
        /// A keyed field, by the key's id in the archive before, or else in the archive after.
        case key(UInt32, inBefore: Bool)
        case index(Int)
        /// An element of a set, or the key of a dictionary's entry, by its node in the archive
        /// before, or else in the archive after.
        case element(Int, inBefore: Bool)
        /// The key of a dictionary's entry itself, by its node in the archive before.
        case dictionaryKey(Int, inBefore: Bool)
        /// The n-th top-level definition that no pointer reaches.
        case unreached(Int)
    }

    /// A node pair compared, kept so that paths can be written: the pair it is a field of
    /// (an index in ``trail``, -1 for none), the step from there, how many stops lead to it,
    /// and its ancestor at depth 15 (-1 above), from which the first steps of a long path
    /// are written without walking it all.
    private struct Stop {
        var parent: Int
        var step: Step
        var depth: Int
        var head: Int
    }

    /// Two nodes to compare (either may be missing: -1), reached from `parent` by `step`.
    struct Task {
        var before: Int
        var after: Int
        var parent: Int
        var step: Step
    }

    /// Pairs left to compare, as a list walked forwards (a set's elements, the top-level
    /// definitions no pointer reached).
    private final class PairList {
        let tasks: [Task]
        var position = 0
        /// What the list was charged, to the budget of each archive.
        let costs: (before: Int, after: Int)
        init(_ tasks: [Task], costs: (before: Int, after: Int)) { (self.tasks, self.costs) = (tasks, costs) }
    }

    /// Work left to do, the last first: single pairs, the fields of node pairs being
    /// walked, lists of pairs. Its size follows the archives' nesting, not their widths.
    private enum Pending {
        case pair(Task)
        case fields(FieldPairs)
        case list(PairList)
    }

    private var trail: [Stop] = []
    private var pending: [Pending] = []
    /// The objects compared so far, by id, each with the stop where it was first compared,
    /// and the object of the other archive each was paired with.
    private var beforeObjects: [UInt32: (stop: Int, partner: UInt32)] = [:]
    private var afterObjects: [UInt32: (stop: Int, partner: UInt32)] = [:]

    private static let taskCost = MemoryLayout<Task>.stride
    private static let stopCost = MemoryLayout<Stop>.stride
    private static let objectCost = 48
    /// What pairing each element of a set or dictionary takes: its place among those
    /// unmatched, whether it was matched, and the task of its pair.
    private static let elementCost = 192
    /// The steps a path shows from each end before its middle is cut.
    private static let pathHalf = 16

    init(before: ParsedArchive, after: ParsedArchive, maximumCount: Int) throws {
        self.before = try DiffSide(before)
        self.after = try DiffSide(after)
        tables = try TableComparison(self.before, self.after)
        self.maximumCount = max(0, maximumCount)
    }

    mutating func run() throws -> GraphArchiveDiff {
        for difference in tables.differences { report(difference) }
        pending.append(.pair(Task(before: 0, after: 0, parent: -1, step: .root)))
        try compareTasks()
        let beforeUnreached = try unreachedDefinitions(of: before, compared: beforeObjects)
        let afterUnreached = try unreachedDefinitions(of: after, compared: afterObjects)
        let count = max(beforeUnreached.count, afterUnreached.count)
        try pushList(count, beforeShare: beforeUnreached.count) { index in
            Task(
                before: index < beforeUnreached.count ? beforeUnreached[index] : -1,
                after: index < afterUnreached.count ? afterUnreached[index] : -1, parent: -1, step: .unreached(index))
        }
        try compareTasks()
        return GraphArchiveDiff(differences: differences, omittedCount: omittedCount)
    }

    /// Queues a list of `count` pairs that `task` makes, made at their exact size and
    /// charged first: `beforeShare` of them to the archive before (the pairs it has nodes
    /// for), the others to the archive after.
    private mutating func pushList(_ count: Int, beforeShare: Int, _ task: (Int) throws -> Task) throws {
        guard count > 0 else { return }
        let share = min(beforeShare, count)
        let costs = (before: share * Self.taskCost, after: (count - share) * Self.taskCost)
        try before.archive.budget.charge(costs.before)
        try after.archive.budget.charge(costs.after)
        var tasks: [Task] = []
        tasks.reserveCapacity(count)
        for index in 0 ..< count { tasks.append(try task(index)) }
        pending.append(.list(PairList(tasks, costs: costs)))
    }

    /// Compares what is pending, one pair at a time, depth first: the pairs a pair's
    /// comparison queues are compared before the pairs after it.
    private mutating func compareTasks() throws {
        while let top = pending.popLast() {
            switch top {
            case .pair(let task):
                try compare(task)
            case .fields(let pairs):
                guard let task = pairs.next(before, after, keys: tables.keys) else {
                    pairs.release()
                    continue
                }
                pending.append(top)
                try compare(task)
            case .list(let list):
                guard list.position < list.tasks.count else {
                    before.archive.budget.refund(list.costs.before)
                    after.archive.budget.refund(list.costs.after)
                    continue
                }
                let task = list.tasks[list.position]
                list.position += 1
                pending.append(top)
                try compare(task)
            }
        }
    }

    /// The top-level definitions of `side` whose objects were not compared, in body order.
    private func unreachedDefinitions(of side: DiffSide, compared: [UInt32: (stop: Int, partner: UInt32)]) throws -> [Int] {
        var unreached: [Int] = []
        var index = side[0].next
        while index < side.archive.nodes.count {
            if compared[side[index].objectID] == nil {
                try side.archive.budget.charge(MemoryLayout<Int>.stride)
                unreached.append(index)
            }
            index = side[index].next
        }
        return unreached
    }

    private mutating func report(_ difference: Difference) {
        if differences.count < maximumCount { differences.append(difference) } else { omittedCount += 1 }
    }

    /// Reports a difference at the path of `task`; `sides` makes what each archive holds
    /// there (nil for nothing), only for the differences listed.
    private mutating func report(
        _ change: Difference.Change, _ task: Task, _ sides: (ArchiveComparison) -> (Difference.Side?, Difference.Side?)
    ) {
        report(change, path: { $0.path(task.parent, task.step) }, sides)
    }

    /// Reports a difference at the path `path` makes, only for the differences listed.
    private mutating func report(
        _ change: Difference.Change, path: (ArchiveComparison) -> String,
        _ sides: (ArchiveComparison) -> (Difference.Side?, Difference.Side?)
    ) {
        guard differences.count < maximumCount else {
            omittedCount += 1
            return
        }
        let (old, new) = sides(self)
        differences.append(Difference(change: change, path: path(self), before: old, after: new))
    }

    /// Reports a difference of the nodes of `task`, which stand for the nodes at `oldTarget`
    /// and `newTarget` (their definitions, for pointers).
    private mutating func report(_ change: Difference.Change, _ task: Task, _ oldTarget: Int?, _ newTarget: Int?) {
        report(change, task) { $0.sides(task, oldTarget, newTarget) }
    }

    /// Both sides of a difference of the nodes of `task`: where they are, and what they stand for.
    private func sides(_ task: Task, _ oldTarget: Int?, _ newTarget: Int?) -> (Difference.Side, Difference.Side) {
        (before.side(of: task.before, showing: oldTarget), after.side(of: task.after, showing: newTarget))
    }

    private mutating func compare(_ task: Task) throws {
        guard task.before >= 0 else { return report(.nodeAdded, task) { (nil, $0.after.side(of: task.after)) } }
        guard task.after >= 0 else { return report(.nodeRemoved, task) { ($0.before.side(of: task.before), nil) } }
        if (before[task.before].kind == .ptc) != (after[task.after].kind == .ptc) {
            report(.referenceChanged, task) { ($0.before.side(of: task.before), $0.after.side(of: task.after)) }
        }
        let oldTarget = before.target(of: task.before), newTarget = after.target(of: task.after)
        guard let oldTarget, let newTarget else {
            if oldTarget != nil || newTarget != nil { report(.valueChanged, task, oldTarget, newTarget) }
            return
        }
        let oldNode = before[oldTarget], newNode = after[newTarget]
        guard oldNode.kind == newNode.kind else { return report(.kindChanged, task, oldTarget, newTarget) }
        let hasStop = oldNode.objectID != 0 || newNode.objectID != 0 || oldNode.kind.hasFields
        let stop = hasStop ? try addStop(task) : -1
        guard try enterObjects(task, stop, oldTarget, newTarget) else { return }
        let sameType = tables.isSameType(oldNode.typeReference, newNode.typeReference)
        if !sameType { report(.typeChanged, task, oldTarget, newTarget) }
        switch oldNode.kind {
        case .val, .ref:
            if sameType && before.isUnordered(oldTarget) {
                try compareUnordered(oldTarget, newTarget, stop: stop)
            } else {
                try compareFields(oldTarget, newTarget, stop: stop)
            }
        case .biv, .bir:
            if sameType && !before.hasSamePayload(oldNode, as: newNode, in: after) { try comparePayloads(task, oldTarget, newTarget) }
        case .nil, .pts, .ptc, .end:
            break
        }
    }

    /// Records the objects the nodes at `oldTarget` and `newTarget` are, if any, at `stop`;
    /// false when their contents are not to be compared here: the pair was compared before,
    /// or one of them was compared elsewhere (a difference of sharing, reported).
    private mutating func enterObjects(_ task: Task, _ stop: Int, _ oldTarget: Int, _ newTarget: Int) throws -> Bool {
        let oldID = before[oldTarget].objectID, newID = after[newTarget].objectID
        guard oldID != 0 || newID != 0 else { return true }
        let oldSeen = oldID == 0 ? nil : beforeObjects[oldID], newSeen = newID == 0 ? nil : afterObjects[newID]
        if let oldSeen, oldSeen.partner == newID, newID != 0 { return false }
        if oldSeen != nil || newSeen != nil || oldID == 0 || newID == 0 {
            report(.identityChanged, task) { comparison in
                func identity(_ side: Difference.Side, _ id: UInt32, _ seen: (stop: Int, partner: UInt32)?) -> Difference.Side {
                    var place = side
                    place.value =
                        id == 0
                        ? "a value without identity: \(place.value)"
                        : "object \(id)" + (seen.map { ", the one at \(comparison.path(ofStop: $0.stop))" } ?? "") + ": \(place.value)"
                    return place
                }
                let (old, new) = comparison.sides(task, oldTarget, newTarget)
                return (identity(old, oldID, oldSeen), identity(new, newID, newSeen))
            }
            if oldSeen != nil || newSeen != nil { return false }
        }
        if oldID != 0 {
            try before.archive.budget.charge(Self.objectCost)
            beforeObjects[oldID] = (stop, newID)
        }
        if newID != 0 {
            try after.archive.budget.charge(Self.objectCost)
            afterObjects[newID] = (stop, oldID)
        }
        return true
    }

    /// Adds the stop of a task to the trail.
    private mutating func addStop(_ task: Task) throws -> Int {
        try before.archive.budget.charge(Self.stopCost)
        let depth = task.parent >= 0 ? trail[task.parent].depth + 1 : 0
        let head = depth == Self.pathHalf - 1 ? trail.count : depth >= Self.pathHalf ? trail[task.parent].head : -1
        trail.append(Stop(parent: task.parent, step: task.step, depth: depth, head: head))
        return trail.count - 1
    }

    /// Queues the fields of two `VAL`/`REF` nodes, to be paired as they are compared
    /// (``FieldPairs``).
    private mutating func compareFields(_ old: Int, _ new: Int, stop: Int) throws {
        pending.append(.fields(try FieldPairs(old, new, stop: stop, before: before, after: after)))
    }

    /// The digests of the elements of both archives.
    private mutating func elementDigests() throws -> (before: ElementDigests, after: ElementDigests) {
        if let digests { return digests }
        let made = (before: ElementDigests.before(before, tables), after: try ElementDigests.after(after, tables, before: before))
        digests = made
        return made
    }

    /// Queues the fields of two `VAL`s of sets (or of dictionaries), paired by the digests of
    /// their elements (of their keys): each element of one with an equal element of the
    /// other (a key's value with the same key's), the others added or removed. Falls back to
    /// ``compareFields(_:_:stop:)`` for a dictionary whose fields do not pair up.
    private mutating func compareUnordered(_ old: Int, _ new: Int, stop: Int) throws {
        let isDictionary = before.isUnorderedDictionary(old)
        let oldCount = before.fields(of: old).reduce(0) { count, _ in count + 1 }
        let newCount = after.fields(of: new).reduce(0) { count, _ in count + 1 }
        guard !isDictionary || oldCount.isMultiple(of: 2) && newCount.isMultiple(of: 2) else {
            return try compareFields(old, new, stop: stop)
        }
        try chargeElements(oldCount, newCount)
        defer { refundElements(oldCount, newCount) }
        let oldFields = Array(before.fields(of: old)), newFields = Array(after.fields(of: new))
        let stride = isDictionary ? 2 : 1
        let (oldDigests, newDigests) = try elementDigests()
        var unmatched: [ElementDigests.Digest: [Int]] = [:]
        for position in Swift.stride(from: newFields.count - stride, through: 0, by: -stride) {
            unmatched[try newDigests.element(newFields[position]), default: []].append(position)
        }
        var pairs: [Task] = []
        pairs.reserveCapacity(oldCount + newCount)
        var matched = Set<Int>()
        for position in Swift.stride(from: 0, to: oldFields.count, by: stride) {
            let element = oldFields[position], step = Step.element(element, inBefore: true)
            let digest = try oldDigests.element(element)
            guard let match = unmatched[digest]?.popLast() else {
                pairs.append(Task(before: oldFields[position + stride - 1], after: -1, parent: stop, step: step))
                continue
            }
            matched.insert(match)
            if isDictionary {
                // Keys match by their form; what objects inside them hold is compared too.
                pairs.append(Task(before: element, after: newFields[match], parent: stop, step: .dictionaryKey(element, inBefore: true)))
            }
            pairs.append(Task(before: oldFields[position + stride - 1], after: newFields[match + stride - 1], parent: stop, step: step))
        }
        for position in Swift.stride(from: 0, to: newFields.count, by: stride) where !matched.contains(position) {
            pairs.append(
                Task(
                    before: -1, after: newFields[position + stride - 1], parent: stop, step: .element(newFields[position], inBefore: false))
            )
        }
        try pushList(pairs.count, beforeShare: oldFields.count) { pairs[$0] }
    }

    /// Reports how the payloads of two nodes of the same type differ: nothing when they
    /// hold the same sets and dictionaries in another order; the elements added and removed
    /// of a packed set, the entries of a packed dictionary by key; else that the value changed.
    private mutating func comparePayloads(_ task: Task, _ old: Int, _ new: Int) throws {
        guard case .native(let layout)? = before.archive.types.resolve(before[old].typeReference), layout.holdsUnordered else {
            return report(.valueChanged, task, old, new)
        }
        let (oldDigests, newDigests) = try elementDigests()
        guard try oldDigests.payloadDigest(of: before[old]) != newDigests.payloadDigest(of: after[new]) else { return }
        let keyLayout: NativeDescriptor, valueLayout: NativeDescriptor?
        switch layout {
        case .set(let element): (keyLayout, valueLayout) = (element, nil)
        case .dictionary(let key, let value): (keyLayout, valueLayout) = (key, value)
        default: return report(.valueChanged, task, old, new)
        }
        let stop = try addStop(task)
        func count(_ side: DiffSide, _ index: Int) throws -> Int {
            var reader = side.archive.payloadReader(of: side[index])
            return try reader.readCount()
        }
        let counts = (old: try count(before, old), new: try count(after, new))
        try chargeElements(counts.old, counts.new)
        defer { refundElements(counts.old, counts.new) }
        let oldEntries = try PackedEntries(before, old, keyLayout, valueLayout, oldDigests)
        defer { oldEntries.release() }
        let newEntries = try PackedEntries(after, new, keyLayout, valueLayout, newDigests)
        defer { newEntries.release() }
        var unmatched: [ElementDigests.Digest: [Int]] = [:]
        for (position, entry) in newEntries.entries.enumerated().reversed() { unmatched[entry.key, default: []].append(position) }
        var matched = Set<Int>()
        for entry in oldEntries.entries {
            let element = { (comparison: ArchiveComparison) in
                comparison.path(stop, last: "[\(comparison.before.elementText(of: keyLayout, at: entry.keyBytes))]")
            }
            guard let match = unmatched[entry.key]?.popLast() else {
                report(.nodeRemoved, path: element) { ($0.before.side(of: old, showing: entry, of: oldEntries), nil) }
                continue
            }
            matched.insert(match)
            let newEntry = newEntries.entries[match]
            if entry.value != newEntry.value {
                report(.valueChanged, path: element) {
                    ($0.before.side(of: old, showing: entry, of: oldEntries), $0.after.side(of: new, showing: newEntry, of: newEntries))
                }
            }
        }
        for (position, entry) in newEntries.entries.enumerated() where !matched.contains(position) {
            let element = { (comparison: ArchiveComparison) in
                comparison.path(stop, last: "[\(comparison.after.elementText(of: keyLayout, at: entry.keyBytes))]")
            }
            report(.nodeAdded, path: element) { (nil, $0.after.side(of: new, showing: entry, of: newEntries)) }
        }
    }

    /// Charges the pairing of `oldCount` elements before and `newCount` after, each to its
    /// archive's budget.
    private func chargeElements(_ oldCount: Int, _ newCount: Int) throws {
        try before.archive.budget.charge(oldCount, of: Self.elementCost)
        try after.archive.budget.charge(newCount, of: Self.elementCost)
    }

    /// Gives back what ``chargeElements(_:_:)`` charged.
    private func refundElements(_ oldCount: Int, _ newCount: Int) {
        before.archive.budget.refund(oldCount * Self.elementCost)
        after.archive.budget.refund(newCount * Self.elementCost)
    }

    /// The path of the node reached from the stop `parent` by `step`.
    private func path(_ parent: Int, _ step: Step) -> String {
        path(parent, last: text(of: step))
    }

    /// The path of the node reached from the stop `parent` by the step written `last`:
    /// walks at most the 32 steps it shows, however deep the node.
    private func path(_ parent: Int, last: String) -> String {
        let count = (parent >= 0 ? trail[parent].depth + 1 : 0) + 1
        /// The steps from the stop `stop` up, `count` of them, nearest first.
        func stepsUp(from stop: Int, _ count: Int) -> [String] {
            var steps: [String] = []
            var current = stop
            while current >= 0 && steps.count < count {
                steps.append(text(of: trail[current].step))
                current = trail[current].parent
            }
            return steps
        }
        guard count > 2 * Self.pathHalf else { return (stepsUp(from: parent, count).reversed() + [last]).joined() }
        let first = Array(stepsUp(from: trail[parent].head, Self.pathHalf).reversed())
        let ending = Array(stepsUp(from: parent, Self.pathHalf - 1).reversed()) + [last]
        return GCodableError.PathComponent.joined(count: count) { index in
            index < Self.pathHalf ? first[index] : ending[index - (count - Self.pathHalf)]
        }
    }

    /// The path of the node of a stop.
    private func path(ofStop stop: Int) -> String {
        path(trail[stop].parent, trail[stop].step)
    }

    private func text(of step: Step) -> String {
        switch step {
        case .root: return "root"
        case .index(let index): return "[\(index)]"
        case .element(let node, let inBefore): return "[\((inBefore ? before : after).elementText(of: node))]"
        case .dictionaryKey(let node, let inBefore): return "[key: \((inBefore ? before : after).elementText(of: node))]"
        case .unreached(let index): return "unreached[\(index)]"
        case .key(let id, let inBefore):
            return GCodableError.PathComponent.key((inBefore ? before : after).key(id)).description
        }
    }
}
