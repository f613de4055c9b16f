/// A type that can write itself to a ``BinaryWriteBuffer``.
///
/// Write the fields in a fixed order; ``BinaryIType/init(from:)`` reads them back in
/// the same order. Switch on ``BinaryWriteBuffer/version`` to keep writing older layouts.
public protocol BinaryOType {
    /// Appends the binary representation of `self` to `wbuffer`.
    func write(to wbuffer: inout BinaryWriteBuffer) throws
}

/// A type that can read itself from a ``BinaryReadBuffer``.
public protocol BinaryIType {
    /// Reads a value from `rbuffer`, in the order ``BinaryOType/write(to:)`` wrote it.
    ///
    /// Switch on ``BinaryReadBuffer/version`` to read layouts written by older versions.
    init(from rbuffer: inout BinaryReadBuffer) throws
}

/// A type that can both write itself to and read itself from BinaryIO buffers.
public typealias BinaryIOType = BinaryIType & BinaryOType

/// The versions of the library's own BinaryIO layouts (its integers, strings, containers…).
///
/// Every version stays readable forever; new archives use ``current``.
public enum BinaryIOInternalVersion {
    /// Variable-length integers (LEB128, zig-zag for signed types), the first layout.
    public static let variableLengthIntegers: UInt16 = 1
    /// Integers wider than 8 bits in their full width, little-endian: larger, but read
    /// and written without a loop.
    public static let fixedWidthIntegers: UInt16 = 2
    /// The layout new archives are written with.
    public static let current: UInt16 = variableLengthIntegers
    /// Every layout this build can read.
    public static let supported: ClosedRange<UInt16> = 1 ... 2
}
