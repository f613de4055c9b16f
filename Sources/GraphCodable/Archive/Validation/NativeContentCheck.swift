/// Checks a native payload as typed decoding would read it, walking it once: every scalar
/// valid (UTF-8, integer ranges, Bool and presence bytes…), the keys of each dictionary and
/// the elements of each set unique, at most ``SelfUnequalKeys/maximum`` of them unequal to
/// themselves, and each range's lower bound not above its upper one, compared as Swift
/// compares them (see ``NativeIdentities``). Keys and elements are compared by number: each
/// value inside one is numbered once, from its elements' numbers, and the numbers are
/// charged to the reader's memory budget while they are kept.
struct NativeContentCheck {
    /// A container begun and not yet ended.
    private struct Frame {
        let layout: NativeDescriptor
        /// The offset of its payload, where a rule between its elements is reported.
        let start: Int
        /// The elements met so far.
        var index = 0
        /// The numbers of its elements, when it is inside a key or element being compared.
        var elements: [Int] = []
        /// Whether an element is unequal to itself (for an optional, SIMD vector or range,
        /// this makes the container so).
        var holdsSelfUnequal = false
        /// The numbers of the keys or elements seen, for a dictionary or a set.
        var seen: Set<Int> = []
        /// Its keys or elements unequal to themselves (see ``SelfUnequalKeys``).
        var selfUnequal = 0
        /// The lower bound, for a range whose upper bound is still to come.
        var lower: NativeValue?
    }

    private var open: [Frame] = []
    /// The depths at which the keys and elements being compared began, outermost first.
    private var compared: [Int] = []
    private var identities = NativeIdentities()
    private let budget: MemoryBudget?
    /// What the numbers kept were charged.
    private var charged = 0
    /// The number of the whole payload, and whether it is unequal to itself, when it is
    /// compared as a whole (``number(_:_:identities:charged:)``).
    private var whole: (number: Int, selfUnequal: Bool)?

    /// The memory of a value numbered while it is compared.
    static let identityCost = 64

    private init(budget: MemoryBudget?) { self.budget = budget }

    /// Checks the payload `reader` holds; throws the first problem, at its offset. Returns
    /// the memory it charged at its most, given back by then.
    @discardableResult
    static func check(_ layout: NativeDescriptor, _ reader: inout BinaryReadBuffer) throws -> Int {
        var check = NativeContentCheck(budget: reader.budget)
        defer { check.budget?.refund(check.charged) }
        try check.walk(layout, &reader)
        return check.charged
    }

    /// Numbers the payload `reader` holds as a whole among the values `identities` has
    /// numbered, walking and checking it as ``check(_:_:)`` does (the rules inside it too);
    /// returns its number and whether Swift finds it unequal to itself (a NaN, or an
    /// optional, SIMD vector, geometry or range holding one: arrays, sets and dictionaries
    /// equal themselves, Swift comparing their storage first). Every value numbered is
    /// charged to the reader's budget and added to `charged`, not given back: `identities`
    /// keeps the numbers.
    static func number(
        _ layout: NativeDescriptor, _ reader: inout BinaryReadBuffer, identities: inout NativeIdentities, charged: inout Int
    ) throws -> (number: Int, selfUnequal: Bool) {
        var check = NativeContentCheck(budget: reader.budget)
        check.compared = [0]
        swap(&check.identities, &identities)
        defer {
            swap(&check.identities, &identities)
            charged += check.charged
        }
        let start = reader.offset
        try check.walk(layout, &reader)
        guard let whole = check.whole else { throw GCodableError.corrupted("an incomplete native value", at: start) }
        return whole
    }

    /// Walks the payload `reader` holds, step by step; a problem, or the memory budget
    /// running out, is thrown at the payload's offset.
    private mutating func walk(_ layout: NativeDescriptor, _ reader: inout BinaryReadBuffer) throws {
        let start = reader.offset
        do {
            try layout.walk(&reader) { try add($0, $1) }
        } catch let problem as Problem {
            throw GCodableError.corrupted(problem.message, rule: problem.rule, at: problem.offset)
        } catch GCodableError.limitExceeded(var context) where context.byteOffset == nil {
            context.byteOffset = start
            throw GCodableError.limitExceeded(context)
        }
    }

    /// A rule between the elements of a container, broken: reported at the container's
    /// payload, the innermost one holding the elements.
    private struct Problem: Error {
        let message: String
        let rule: FormatRule
        let offset: Int
    }

    private mutating func add(_ layout: NativeDescriptor, _ step: NativeStep) throws {
        switch step {
        case .begin(_, let start):
            enterElement()
            open.append(Frame(layout: layout, start: start))
        case .scalar(let value):
            enterElement()
            let number = try numbered { $0.scalar(value, layout) }
            try completed(number: number, scalar: value, selfUnequal: NativeIdentities.holdsNaN(value))
        case .absent: // an optional of `layout` holding nothing
            enterElement()
            try completed(number: try numbered { $0.container(layout, []) }, scalar: nil, selfUnequal: false)
        case .end:
            let frame = open.removeLast()
            let number = try numbered { $0.container(frame.layout, frame.elements) }
            let selfUnequal: Bool
            switch frame.layout {
            case .optional, .simd, .range, .closedRange: selfUnequal = frame.holdsSelfUnequal
            default: selfUnequal = false
            }
            try completed(number: number, scalar: nil, selfUnequal: selfUnequal)
        }
    }

    /// An element of the innermost open container begins: it is compared when it is a key,
    /// a set's element or a range's bound.
    private mutating func enterElement() {
        guard let parent = open.indices.last else { return }
        if Self.compares(open[parent].layout, elementAt: open[parent].index) { compared.append(open.count) }
        open[parent].index += 1
    }

    /// The number `make` gives an element inside a compared one, charged; nil elsewhere
    /// (nothing there is compared).
    private mutating func numbered(_ make: (inout NativeIdentities) -> Int) throws -> Int? {
        guard !compared.isEmpty else { return nil }
        try budget?.charge(Self.identityCost)
        charged += Self.identityCost
        return make(&identities)
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

    /// An element of the innermost open container is complete, with its number when it is
    /// inside a compared key or element: its container keeps the number, and compares it
    /// when it is a compared one.
    private mutating func completed(number: Int?, scalar: NativeValue?, selfUnequal: Bool) throws {
        guard let parent = open.indices.last else {
            whole = number.map { ($0, selfUnequal) }
            return
        }
        if selfUnequal { open[parent].holdsSelfUnequal = true }
        let isCompared = compared.last == open.count
        if isCompared { compared.removeLast() }
        if let number, let outermost = compared.first, parent >= outermost { open[parent].elements.append(number) }
        guard isCompared, let number else { return }
        let start = open[parent].start
        switch open[parent].layout {
        case .set, .dictionary:
            if selfUnequal {
                open[parent].selfUnequal += 1
                guard open[parent].selfUnequal <= SelfUnequalKeys.maximum else {
                    throw Problem(message: SelfUnequalKeys.problem, rule: .setSelfUnequal, offset: start)
                }
            }
            guard open[parent].seen.insert(number).inserted else {
                let isSet = if case .set = open[parent].layout { true } else { false }
                throw isSet
                    ? Problem(message: "duplicate Set element", rule: .setDuplicate, offset: start)
                    : Problem(message: "duplicate Dictionary key", rule: .dictionaryDuplicate, offset: start)
            }
        case .range(let bound), .closedRange(let bound):
            guard let value = scalar else {
                throw Problem(message: "a range of \(bound) bounds, which have no order", rule: .typesRangeBound, offset: start)
            }
            guard let lower = open[parent].lower else {
                open[parent].lower = value
                return
            }
            switch NativeIdentities.isOrdered(lower, value, bound) {
            case true?: break
            case false?: throw Problem(message: "range lower bound exceeds upper bound", rule: .rangeOrder, offset: start)
            case nil: throw Problem(message: "a range of \(bound) bounds, which have no order", rule: .typesRangeBound, offset: start)
            }
        case .scalar, .array, .optional, .simd:
            break
        }
    }
}
