/// One step of a walk over a native payload (see ``NativeDescriptor/walk(_:maximumElements:_:)``).
enum NativeStep {
    /// A scalar, read and checked.
    case scalar(NativeValue)
    /// A container begins at byte `start` of the archive (at its count, presence byte or
    /// first element): an array, set or SIMD vector with `count` elements, a dictionary
    /// with `count` pairs (its keys and values then alternate), a present optional (1), or a
    /// range (its 2 bounds). Its elements follow, then ``end``.
    case begin(count: Int, start: Int)
    /// The container that began last ends.
    case end
    /// An optional that holds nothing.
    case absent
}

extension NativeDescriptor {
    /// Walks one payload of this layout in order: each scalar is read (its contents checked)
    /// and handed to `visit` with its layout, as are the beginning and end of each container,
    /// and nothing else is kept, so that a payload of any size is shown, written as JSON,
    /// checked or converted in constant memory. With a `maximumElements`, the later elements
    /// of arrays, sets and dictionaries are skipped unread (their lengths still checked).
    func walk(_ reader: inout BinaryReadBuffer, maximumElements: Int = .max, _ visit: (NativeDescriptor, NativeStep) throws -> Void) throws
    {
        let start = reader.offset
        func elements(_ count: Int, _ layouts: [NativeDescriptor], kept: Int = .max) throws {
            try visit(self, .begin(count: count, start: start))
            for index in 0 ..< count {
                for layout in layouts {
                    if index < kept {
                        try layout.walk(&reader, maximumElements: maximumElements, visit)
                    } else {
                        try layout.skip(&reader, maximumLength: .max)
                    }
                }
            }
            try visit(self, .end)
        }
        switch self {
        case .scalar(let code):
            try visit(self, .scalar(try Self.readScalar(code, &reader)))
        case .array(let element), .set(let element):
            try elements(try reader.readCount(), [element], kept: maximumElements)
        case .dictionary(let key, let value):
            try elements(try reader.readCount(), [key, value], kept: maximumElements)
        case .optional(let wrapped):
            guard try Self.readPresence(&reader) else { return try visit(self, .absent) }
            try elements(1, [wrapped])
        case .range(let bound), .closedRange(let bound):
            try elements(2, [bound])
        case .simd(let lanes, let scalar):
            try elements(lanes, [scalar])
        }
    }

    /// Whether `reader` holds exactly one payload of this layout with valid contents; the
    /// reader is left where it was. `comparesNothing` is the layout's
    /// ``comparesNothing(part:)``, which the caller found once for every payload.
    func isReadable(_ reader: inout BinaryReadBuffer, comparesNothing: Bool) -> Bool {
        let unread = reader.offset ..< reader.offset + reader.remainingCount
        defer { reader.reposition(to: unread) }
        return (try? checkScalars(&reader, comparesNothing: comparesNothing)) != nil && reader.isAtEnd
    }

    /// Moves `reader` past one payload of this layout, checking each scalar as ``walk`` reads
    /// it (but not the rules between values: unique keys, ordered bounds).
    func checkScalars(_ reader: inout BinaryReadBuffer, comparesNothing: Bool) throws {
        if comparesNothing {
            try checkInPlace(&reader)
        } else {
            try walk(&reader) { _, _ in }
        }
    }

    /// Reads one payload of this layout as a value; with a `maximumElements`, containers keep
    /// only their first elements, which is enough to show a value.
    func read(_ reader: inout BinaryReadBuffer, maximumElements: Int = .max) throws -> NativeValue {
        var builder = NativeValueBuilder()
        try walk(&reader, maximumElements: maximumElements) { builder.add($0, $1) }
        return try builder.value()
    }
}

/// Builds the ``NativeValue`` that the steps of a walk describe.
struct NativeValueBuilder {
    /// The containers begun and not yet ended, with the values of their elements so far.
    private var open: [(layout: NativeDescriptor, elements: [NativeValue])] = []
    private var result: NativeValue?

    mutating func add(_ layout: NativeDescriptor, _ step: NativeStep) {
        switch step {
        case .scalar(let value):
            place(value)
        case .absent:
            place(.optional(nil))
        case .begin(let count, _):
            var elements: [NativeValue] = []
            elements.reserveCapacity(min(count, BinaryReadBuffer.reservationLimit))
            open.append((layout, elements))
        case .end:
            let (layout, elements) = open.removeLast()
            place(Self.container(layout, elements))
        }
    }

    /// The value built, once the walk is complete.
    func value() throws -> NativeValue {
        guard let result, open.isEmpty else { throw GCodableError.corrupted("an incomplete native value") }
        return result
    }

    private mutating func place(_ value: NativeValue) {
        if open.isEmpty { result = value } else { open[open.count - 1].elements.append(value) }
    }

    private static func container(_ layout: NativeDescriptor, _ elements: [NativeValue]) -> NativeValue {
        switch layout {
        case .dictionary:
            return .dictionary(stride(from: 0, to: elements.count - 1, by: 2).map { (elements[$0], elements[$0 + 1]) })
        case .optional:
            return .optional(elements.first)
        case .range, .closedRange:
            return .bounds(elements[0], elements[1])
        default:
            return .sequence(elements)
        }
    }
}
