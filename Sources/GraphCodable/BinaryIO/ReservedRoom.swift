/// The memory a reader reserves to hold a collection it reads: room for its elements, and
/// a header. Writers count it for what they write (``BinaryWriteBuffer/reservedRoom``), and
/// readers ask their bounds for it before reserving (``ReadBounds/reserve(_:at:)``).
enum ReservedRoom {
    /// A collection's header, beside its elements' room.
    static let header = 32

    /// A collection with room for `count` elements of `Element` (saturating).
    static func collection<Element>(_ count: Int, of _: Element.Type) -> Int {
        let (room, overflow) = max(count, 0).multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        return overflow || room > .max - header ? .max : room + header
    }
}
