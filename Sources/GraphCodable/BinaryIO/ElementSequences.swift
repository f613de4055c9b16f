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

extension BinaryWriteBuffer {
    /// Writes the element count, then each element; contiguous runs of bulk-copyable
    /// elements are copied in one block.
    mutating func writeElements<C: Collection>(of elements: C) throws where C.Element: BinaryOType {
        writeCount(elements.count)
        #if _endian(little)
        if C.Element.self is any BulkCopyable.Type,
            elements.withContiguousStorageIfAvailable({ writeBytes(UnsafeRawBufferPointer($0)) }) != nil
        {
            return
        }
        #endif
        for element in elements { try element.write(to: &self) }
    }
}

extension BinaryReadBuffer {
    /// The most elements reserved ahead of reading them: a count is checked against the bytes
    /// that remain, but an element can take more memory than its bytes, so larger
    /// collections grow as they are read.
    static let reservationLimit = 4096

    /// Charges `count` elements of `Element` (and a collection's header) to the budget of the
    /// archive being read.
    func charge<Element>(_ count: Int, of _: Element.Type) throws {
        try budget?.charge(count, of: MemoryLayout<Element>.stride, at: offset)
        try budget?.charge(32, at: offset)
    }

    /// Reads what ``BinaryWriteBuffer/writeElements(of:)`` wrote.
    mutating func readElements<Element: BinaryIType>() throws -> [Element] {
        let count = try readCount()
        try charge(count, of: Element.self)
        #if _endian(little)
        if Element.self is any BulkCopyable.Type {
            let byteCount = count.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
            guard !byteCount.overflow else {
                throw GCodableError.corrupted("element count \(count) overflows", at: offset)
            }
            return try withBytes(count: byteCount.partialValue) { source in
                [Element](unsafeUninitializedCapacity: count) { destination, initialized in
                    UnsafeMutableRawBufferPointer(destination).copyMemory(from: source)
                    initialized = count
                }
            }
        }
        #endif
        var elements = [Element]()
        elements.reserveCapacity(Swift.min(count, Self.reservationLimit))
        for _ in 0 ..< count { elements.append(try Element(from: &self)) }
        return elements
    }
}
