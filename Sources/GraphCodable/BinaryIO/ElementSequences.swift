import Foundation

/// Types whose BinaryIO layout is their in-memory layout on a little-endian machine,
/// so that a contiguous run of them is written and read with one copy.
protocol BulkCopyable: BinaryIOType {}

#if !(os(macOS) && arch(x86_64))
extension Float16: BulkCopyable {}
#endif
extension Float: BulkCopyable {}
extension Double: BulkCopyable {}
extension CGFloat: BulkCopyable {}
extension Int8: BulkCopyable {}
extension UInt8: BulkCopyable {}

/// The library's common element types that are not bulk-copyable: arrays of them are
/// written and read by loops compiled for each type (the witnesses below), where the
/// generic loop of ``BinaryWriteBuffer/writeElements(of:)`` would make dynamic calls for
/// every element.
protocol LoopedElement: BinaryIOType {
    /// Writes the elements of `run`, a buffer of `Self`, one after another.
    static func write(run: UnsafeRawBufferPointer, to wbuffer: inout BinaryWriteBuffer) throws
    /// Reads `count` elements one after another into the empty `[Self]` at `array`.
    static func read(_ count: Int, into array: UnsafeMutableRawPointer, from rbuffer: inout BinaryReadBuffer) throws
}

extension LoopedElement {
    static func write(run: UnsafeRawBufferPointer, to wbuffer: inout BinaryWriteBuffer) throws {
        for element in run.assumingMemoryBound(to: Self.self) { try element.write(to: &wbuffer) }
    }

    static func read(_ count: Int, into array: UnsafeMutableRawPointer, from rbuffer: inout BinaryReadBuffer) throws {
        let elements = array.assumingMemoryBound(to: [Self].self)
        for _ in 0 ..< count { elements.pointee.append(try Self(from: &rbuffer)) }
    }
}

extension LoopedElement where Self: FixedWidthInteger & BitwiseCopyable {
    static func write(run: UnsafeRawBufferPointer, to wbuffer: inout BinaryWriteBuffer) throws {
        wbuffer.writeIntegers(run.assumingMemoryBound(to: Self.self))
    }

    static func read(_ count: Int, into array: UnsafeMutableRawPointer, from rbuffer: inout BinaryReadBuffer) throws {
        array.assumingMemoryBound(to: [Self].self).pointee = try rbuffer.readIntegers(count)
    }
}

extension Int: LoopedElement {}
extension Int16: LoopedElement {}
extension Int32: LoopedElement {}
extension Int64: LoopedElement {}
extension UInt: LoopedElement {}
extension UInt16: LoopedElement {}
extension UInt32: LoopedElement {}
extension UInt64: LoopedElement {}
extension Bool: LoopedElement {}
extension String: LoopedElement {}

extension BinaryWriteBuffer {
    /// Writes the element count, then each element; contiguous runs of bulk-copyable
    /// elements are copied in one block, those of looped elements written by their loop.
    mutating func writeElements<C: Collection>(of elements: C) throws where C.Element: BinaryOType {
        writeCount(elements.count)
        countRoom(elements.count, of: C.Element.self)
        // Int, the commonest element, skips the conformance lookups below: they cost more
        // than writing a short array.
        if C.Element.self == Int.self,
            try elements.withContiguousStorageIfAvailable({ try Int.write(run: UnsafeRawBufferPointer($0), to: &self) }) != nil
        {
            return
        }
        #if _endian(little)
        if C.Element.self is any BulkCopyable.Type,
            elements.withContiguousStorageIfAvailable({ writeBytes(UnsafeRawBufferPointer($0)) }) != nil
        {
            return
        }
        #endif
        if let looped = C.Element.self as? any LoopedElement.Type,
            try elements.withContiguousStorageIfAvailable({ try looped.write(run: UnsafeRawBufferPointer($0), to: &self) }) != nil
        {
            return
        }
        for element in elements { try element.write(to: &self) }
    }
}

extension BinaryReadBuffer {
    /// The most elements reserved ahead of reading them: a count is checked against the bytes
    /// that remain, but an element can take more memory than its bytes, so larger
    /// collections grow as they are read.
    static let reservationLimit = 4096

    /// Reserves room for `count` elements of `Element` (and a collection's header) within
    /// the ``bounds``.
    func reserve<Element>(_ count: Int, of _: Element.Type) throws {
        try bounds?.reserve(ReservedRoom.collection(count, of: Element.self), at: offset)
    }

    /// Reads `count` elements whose layout is their in-memory layout, as one copy.
    mutating func readCopies<Element>(_ count: Int) throws -> [Element] {
        let byteCount = count.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !byteCount.overflow else {
            throw GCodableError.corrupted("element count \(count) overflows", rule: .countExceeds, at: offset)
        }
        return try withBytes(count: byteCount.partialValue) { source in
            [Element](unsafeUninitializedCapacity: count) { destination, initialized in
                UnsafeMutableRawBufferPointer(destination).copyMemory(from: source)
                initialized = count
            }
        }
    }

    /// Reads what ``BinaryWriteBuffer/writeElements(of:)`` wrote.
    mutating func readElements<Element: BinaryIType>() throws -> [Element] {
        let count = try readCount()
        try reserve(count, of: Element.self)
        // Int, the commonest element, skips the conformance lookups below: they cost more
        // than reading a short array.
        if Element.self == Int.self {
            return unsafeBitCast(try readIntegers(count) as [Int], to: [Element].self)
        }
        #if _endian(little)
        if Element.self is any BulkCopyable.Type {
            return try readCopies(count)
        }
        #endif
        var elements = [Element]()
        elements.reserveCapacity(Swift.min(count, Self.reservationLimit))
        if let looped = Element.self as? any LoopedElement.Type {
            try withUnsafeMutablePointer(to: &elements) { try looped.read(count, into: UnsafeMutableRawPointer($0), from: &self) }
        } else {
            for _ in 0 ..< count { elements.append(try Element(from: &self)) }
        }
        return elements
    }
}
