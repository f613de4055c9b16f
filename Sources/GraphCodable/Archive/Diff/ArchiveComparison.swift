/// Compares two parsed archives: headers and named types (``TableComparison``), then the
/// bodies from their roots, iteratively, pairing fields by key or by position and
/// following pointers, so that each node of either archive is looked at about once.
struct ArchiveComparison {
    private typealias Difference = GraphArchiveDiff.Difference

    private var before: DiffSide
    private var after: DiffSide
    private let maximumCount: Int
    private var differences: [Difference] = []
    private var omittedCount = 0

    /// How a node is reached from the node whose field it is.
    private enum Step {
        case root
        case key(String)
        case index(Int)
    }

    /// A node pair compared, kept so that paths can be written: the pair it is a field of
    /// (an index in ``trail``, -1 for none) and the step from there.
    private struct Stop {
        var parent: Int
        var step: Step
    }

    /// Two nodes to compare (either may be missing: -1), reached from `parent` by `step`.
    private struct Task {
        var before: Int
        var after: Int
        var parent: Int
        var step: Step
    }

    private var trail: [Stop] = []
    private var tasks: [Task] = []
    /// The objects compared so far, by id, each with the stop where it was first compared,
    /// and the object of the other archive each was paired with.
    private var beforeObjects: [UInt32: (stop: Int, partner: UInt32)] = [:]
    private var afterObjects: [UInt32: (stop: Int, partner: UInt32)] = [:]

    private static let taskCost = MemoryLayout<Task>.stride
    private static let stopCost = MemoryLayout<Stop>.stride
    private static let objectCost = 48

    init(before: ParsedArchive, after: ParsedArchive, maximumCount: Int) throws {
        self.before = try DiffSide(before, name: "before")
        self.after = try DiffSide(after, name: "after")
        self.maximumCount = max(0, maximumCount)
    }

    mutating func run() throws -> GraphArchiveDiff {
        let tables = try TableComparison(before, after)
        before.renamedTypes = tables.renamedTypes
        for difference in tables.differences { report(difference) }
        tasks.append(Task(before: 0, after: 0, parent: -1, step: .root))
        while let task = tasks.popLast() {
            (task.before >= 0 ? before : after).archive.budget.refund(Self.taskCost)
            try compare(task)
        }
        return GraphArchiveDiff(differences: differences, omittedCount: omittedCount)
    }

    private mutating func report(_ difference: Difference) {
        if differences.count < maximumCount { differences.append(difference) } else { omittedCount += 1 }
    }

    /// Reports a difference at the path of `task`; `sides` makes what each archive holds
    /// there (nil for nothing), only for the differences listed.
    private mutating func report(
        _ change: Difference.Change, _ task: Task, _ sides: (ArchiveComparison) -> (Difference.Side?, Difference.Side?)
    ) {
        guard differences.count < maximumCount else { omittedCount += 1; return }
        let (old, new) = sides(self)
        differences.append(Difference(change: change, path: path(task.parent, task.step), before: old, after: new))
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
        let sameType = before.typeName(of: oldNode) == after.typeName(of: newNode)
        if !sameType { report(.typeChanged, task, oldTarget, newTarget) }
        switch oldNode.kind {
        case .val, .ref:
            try compareFields(oldTarget, newTarget, stop: stop)
        case .biv, .bir:
            if sameType && !before.hasSamePayload(oldNode, as: newNode, in: after) { report(.valueChanged, task, oldTarget, newTarget) }
        case .nil, .pts, .ptc, .end:
            break
        }
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
                    place.value = id == 0 ? "a value without identity: \(place.value)"
                        : "object \(id)" + (seen.map { ", the one at \(comparison.path($0.stop))" } ?? "") + ": \(place.value)"
                    return place
                }
                let (old, new) = comparison.sides(task, oldTarget, newTarget)
                return (identity(old, oldID, oldSeen), identity(new, newID, newSeen))
            }
            if oldSeen != nil || newSeen != nil { return false }
        }
        return try record(oldID, newID, stop)
    }

    /// Records that the objects `oldID` and `newID` (0 for none) are compared at `stop`.
    private mutating func record(_ oldID: UInt32, _ newID: UInt32, _ stop: Int) throws -> Bool {
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
        trail.append(Stop(parent: task.parent, step: task.step))
        return trail.count - 1
    }

    /// Queues the fields of two `VAL`/`REF` nodes, paired: keyed fields by key (the n-th
    /// field with a key with the n-th with the same key), unkeyed fields by position.
    private mutating func compareFields(_ old: Int, _ new: Int, stop: Int) throws {
        let oldFields = before.fields(of: old), newFields = after.fields(of: new)
        var newKeyed: [String: [Int]] = [:]
        var newUnkeyed: [Int] = []
        let mapCost = 64 * newFields.count
        try after.archive.budget.charge(mapCost)
        defer { after.archive.budget.refund(mapCost) }
        for field in newFields {
            if let key = after.key(of: after[field]) { newKeyed[key, default: []].append(field) } else { newUnkeyed.append(field) }
        }
        var pairs: [Task] = []
        /// How many fields with each key, and without a key, have been paired.
        var pairedKeyed: [String: Int] = [:]
        var pairedUnkeyed = 0
        for field in oldFields {
            if let key = before.key(of: before[field]) {
                let matches = newKeyed[key] ?? [], paired = pairedKeyed[key, default: 0]
                pairedKeyed[key] = paired + 1
                pairs.append(Task(before: field, after: paired < matches.count ? matches[paired] : -1, parent: stop, step: .key(key)))
            } else {
                let match = pairedUnkeyed < newUnkeyed.count ? newUnkeyed[pairedUnkeyed] : -1
                pairs.append(Task(before: field, after: match, parent: stop, step: .index(pairedUnkeyed)))
                pairedUnkeyed += 1
            }
        }
        // The fields only the node after has: unkeyed ones past the pairs, keyed ones past
        // the pairs of their key.
        var seenKeyed: [String: Int] = [:]
        var seenUnkeyed = 0
        for field in newFields {
            if let key = after.key(of: after[field]) {
                let seen = seenKeyed[key, default: 0]
                seenKeyed[key] = seen + 1
                if seen >= pairedKeyed[key, default: 0] { pairs.append(Task(before: -1, after: field, parent: stop, step: .key(key))) }
            } else {
                if seenUnkeyed >= pairedUnkeyed { pairs.append(Task(before: -1, after: field, parent: stop, step: .index(seenUnkeyed))) }
                seenUnkeyed += 1
            }
        }
        for pair in pairs.reversed() {
            try (pair.before >= 0 ? before : after).archive.budget.charge(Self.taskCost)
            tasks.append(pair)
        }
    }

    /// The path of the node reached from the stop `parent` by `step`.
    private func path(_ parent: Int, _ step: Step) -> String {
        var stops: [Int] = []
        var current = parent
        while current >= 0 {
            stops.append(current)
            current = trail[current].parent
        }
        return GCodableError.PathComponent.joined(count: stops.count + 1) { index in
            index == stops.count ? Self.text(of: step) : Self.text(of: trail[stops[stops.count - 1 - index]].step)
        }
    }

    /// The path of the node of a stop.
    private func path(_ stop: Int) -> String {
        path(trail[stop].parent, trail[stop].step)
    }

    private static func text(of step: Step) -> String {
        switch step {
        case .root: return "root"
        case .index(let index): return "[\(index)]"
        case .key(let key):
            return isIdentifier(key) ? ".\(key)" : "[\(JSONTextWriter.quoted(key))]"
        }
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0" ... "9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || $0.properties.isAlphabetic || ("0" ... "9").contains($0) }
    }
}
