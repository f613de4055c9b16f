import Foundation

/// The canonical order of the elements of a set and the entries of a dictionary, which
/// deterministic encoding writes (``GraphEncoder/Options/deterministic``): ascending by
/// their bytes as written, compared as unsigned bytes, a prefix before what it begins.
///
/// The bytes of each item are written one after another into one buffer; the items are then
/// sorted by their runs there.
struct CanonicalOrder {
    /// Every item's bytes, one run after another.
    private(set) var runs: BinaryWriteBuffer
    /// Where each run ends.
    private var ends: [Int] = []

    /// An empty order whose runs are written with the given BinaryIO versions.
    init(version: UInt16, internalVersion: UInt16, capacity: Int) {
        runs = BinaryWriteBuffer(version: version, internalVersion: internalVersion)
        runs.writesCanonicalOrder = true
        ends.reserveCapacity(capacity)
    }

    /// Adds an item, whose bytes `write` writes.
    mutating func add(_ write: (inout BinaryWriteBuffer) throws -> Void) rethrows {
        try write(&runs)
        ends.append(runs.count)
    }

    /// Adds an item of the bytes `bytes`.
    mutating func add(bytes: some Collection<UInt8>) {
        runs.writeBytes(bytes)
        ends.append(runs.count)
    }

    var count: Int { ends.count }

    /// The items' indexes, in ascending order of their runs; equal runs keep the order in
    /// which they were added. Runs are compared first by sixteen bytes each, past the bytes
    /// they all begin with (a node's tag and type), as two integers.
    func sortedIndexes() -> [Int] {
        runs.withWrittenBytes { raw in
            let skipped = commonPrefixCount(in: raw)
            var items = (0 ..< ends.count).map { index in
                let run = run(index, in: raw)
                return (Self.word(run, at: skipped), Self.word(run, at: skipped + 8), index)
            }
            items.sort { first, second in
                if first.0 != second.0 { return first.0 < second.0 }
                if first.1 != second.1 { return first.1 < second.1 }
                let order = Self.compare(run(first.2, in: raw), run(second.2, in: raw))
                return order < 0 || order == 0 && first.2 < second.2
            }
            return items.map(\.2)
        }
    }

    /// The eight bytes of `run` from `start` as a big-endian integer, zeros past its end.
    private static func word(_ run: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt64 {
        var word: UInt64 = 0
        for offset in start ..< start + 8 { word = word << 8 | UInt64(offset < run.count ? run[offset] : 0) }
        return word
    }

    /// How many bytes every run begins with.
    private func commonPrefixCount(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard ends.count > 1 else { return 0 }
        let first = run(0, in: bytes)
        var common = first.count
        for index in 1 ..< ends.count where common > 0 {
            let other = run(index, in: bytes)
            var shared = 0
            while shared < Swift.min(common, other.count) && first[shared] == other[shared] { shared += 1 }
            common = shared
        }
        return common
    }

    /// Groups of consecutive indexes of `sorted` whose runs are equal, two or more each.
    func ties(in sorted: [Int]) -> [Range<Int>] {
        runs.withWrittenBytes { raw in
            var groups: [Range<Int>] = []
            var start = 0
            for index in sorted.indices.dropFirst() where Self.compare(run(sorted[index - 1], in: raw), run(sorted[index], in: raw)) != 0 {
                if index - start > 1 { groups.append(start ..< index) }
                start = index
            }
            if sorted.count - start > 1 { groups.append(start ..< sorted.count) }
            return groups
        }
    }

    /// The bytes of item `index`.
    func run(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[(index == 0 ? 0 : ends[index - 1]) ..< ends[index]])
    }

    /// Compares two byte strings as unsigned bytes, a prefix first: negative, zero or positive.
    static func compare(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Swift.min(first.count, second.count)
        if common > 0, let a = first.baseAddress, let b = second.baseAddress {
            let order = memcmp(a, b, common)
            if order != 0 { return Int(order) }
        }
        return first.count - second.count
    }
}

extension BinaryWriteBuffer {
    /// Writes the count of `items`, then each item as `write` writes it: in the canonical
    /// order when ``writesCanonicalOrder``, else in the collection's own order.
    mutating func writeUnordered<C: Collection, Element>(
        _ items: C, roomFor _: Element.Type, _ write: (C.Element, inout BinaryWriteBuffer) throws -> Void
    ) rethrows {
        writeCount(items.count)
        countRoom(items.count, of: Element.self)
        guard writesCanonicalOrder else {
            for item in items { try write(item, &self) }
            return
        }
        var order = CanonicalOrder(version: version, internalVersion: internalVersion, capacity: items.count)
        for item in items { try order.add { try write(item, &$0) } }
        let sorted = order.sortedIndexes()
        order.runs.withWrittenBytes { raw in
            for index in sorted { writeBytes(UnsafeRawBufferPointer(order.run(index, in: raw))) }
        }
        reservedRoom &+= order.runs.reservedRoom
        longestLength = Swift.max(longestLength, order.runs.longestLength)
    }
}
