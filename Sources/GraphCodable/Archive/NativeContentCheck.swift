/// Checks a native payload as typed decoding would read it, walking it once: every scalar
/// valid (UTF-8, integer ranges, Bool and presence bytes…), the keys of each dictionary and
/// the elements of each set unique, and each range's lower bound not above its upper one,
/// compared as Swift compares them (see ``NativeIdentity``). Only the keys and elements being
/// compared are kept, charged to the reader's memory budget while they are.
struct NativeContentCheck {
    /// A container begun and not yet ended.
    private struct Frame {
        let layout: NativeDescriptor
        /// The elements met so far.
        var index = 0
        /// The keys or elements seen, for a dictionary or a set.
        var seen: Set<NativeIdentity> = []
        /// Its keys or elements unequal to themselves (see ``SelfUnequalKeys``).
        var unequal = 0
        /// The lower bound, for a range whose upper bound is still to come.
        var lower: NativeValue?
    }

    /// An element being built whole, to compare it: it began when `depth` frames were open.
    private struct Capture {
        let depth: Int
        var builder = NativeValueBuilder()
    }

    private var open: [Frame] = []
    private var captures: [Capture] = []
    private let budget: MemoryBudget?
    /// What the keys and elements kept were charged.
    private var charged = 0

    /// The memory of a key or element kept to compare it.
    static let identityCost = 64

    private init(budget: MemoryBudget?) { self.budget = budget }

    /// Checks the payload `reader` holds; throws the first problem, at its offset.
    static func check(_ layout: NativeDescriptor, _ reader: inout BinaryReadBuffer) throws {
        var check = NativeContentCheck(budget: reader.budget)
        defer { check.budget?.refund(check.charged) }
        let start = reader.offset
        do {
            try layout.walk(&reader) { try check.add($0, $1) }
        } catch let problem as Problem {
            throw GCodableError.corrupted(problem.message, at: start)
        }
    }

    private struct Problem: Error {
        let message: String
    }

    private mutating func add(_ layout: NativeDescriptor, _ step: NativeStep) throws {
        if case .end = step {
            for index in captures.indices { captures[index].builder.add(layout, step) }
            open.removeLast()
            return try ended()
        }
        if let parent = open.last, Self.compares(parent.layout, elementAt: parent.index) {
            captures.append(Capture(depth: open.count))
        }
        if !open.isEmpty { open[open.count - 1].index += 1 }
        for index in captures.indices { captures[index].builder.add(layout, step) }
        if case .begin = step { return open.append(Frame(layout: layout)) }
        try ended()
    }

    /// Whether the element at `index` of a container of `layout` is compared: a set's
    /// elements, a dictionary's keys, a range's bounds.
    private static func compares(_ layout: NativeDescriptor, elementAt index: Int) -> Bool {
        switch layout {
        case .set, .range, .closedRange: return true
        case .dictionary: return index.isMultiple(of: 2)
        case .scalar, .array, .optional, .simd: return false
        }
    }

    /// An element is complete: when it was being captured, compare it.
    private mutating func ended() throws {
        guard let capture = captures.last, capture.depth == open.count else { return }
        captures.removeLast()
        try budget?.charge(Self.identityCost)
        charged += Self.identityCost
        let value = try capture.builder.value()
        let parent = open.count - 1
        switch open[parent].layout {
        case .set(let layout), .dictionary(let layout, _):
            if NativeIdentity.isUnequalToItself(value, layout) {
                open[parent].unequal += 1
                guard open[parent].unequal <= SelfUnequalKeys.maximum else { throw Problem(message: SelfUnequalKeys.problem) }
            }
            guard let identity = NativeIdentity(value, layout) else { break }
            guard open[parent].seen.insert(identity).inserted else {
                let duplicate = if case .set = open[parent].layout { "duplicate Set element" } else { "duplicate Dictionary key" }
                throw Problem(message: duplicate)
            }
        case .range(let bound), .closedRange(let bound):
            guard let lower = open[parent].lower else {
                open[parent].lower = value
                return
            }
            switch NativeIdentity.isOrdered(lower, value, bound) {
            case true?: break
            case false?: throw Problem(message: "range lower bound exceeds upper bound")
            case nil: throw Problem(message: "a range of \(bound) bounds, which have no order")
            }
        case .scalar, .array, .optional, .simd:
            break
        }
    }
}
