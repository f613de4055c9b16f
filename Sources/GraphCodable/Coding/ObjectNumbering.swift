/// The object id of each class instance an encoding has met, found by the instance's
/// address.
///
/// One array of (address, id) slots, open addressing with linear probing, at most half
/// full: a lookup is a multiplication and, mostly, one cache line, with no SipHash and no
/// copy through value witnesses, as a `Dictionary` of identities would take. The session
/// keeps the objects alive, so an address stays theirs for the whole encoding.
final class ObjectNumbering {
    private struct Slot {
        /// The object's address; 0 marks an empty slot (no object lives at 0).
        var address: UInt
        var id: UInt32
    }

    private var slots: UnsafeMutablePointer<Slot>
    /// The slot count less one: the count is a power of two.
    private var mask: Int
    /// How far a product is shifted to give a slot index (64 less the index's bits).
    private var shift: Int
    private var count = 0

    /// A table of `2^bits` slots to start with.
    init(bits: Int = 10) {
        (slots, mask, shift) = Self.makeSlots(bits: bits)
    }

    deinit {
        slots.deallocate()
    }

    /// The id of `object`: the one it was given when first met, or `newID` (with `isNew`
    /// true) when this is its first meeting.
    @inline(__always)
    func id(of object: AnyObject, orInsert newID: UInt32) -> (id: UInt32, isNew: Bool) {
        let address = UInt(bitPattern: ObjectIdentifier(object))
        var index = slotIndex(of: address)
        while true {
            let slot = slots[index]
            if slot.address == address { return (slot.id, false) }
            if slot.address == 0 { break }
            index = (index + 1) & mask
        }
        slots[index] = Slot(address: address, id: newID)
        count += 1
        if count * 2 > mask { grow() }
        return (newID, true)
    }

    /// Fibonacci hashing: the product's high bits mix every bit of the address.
    @inline(__always)
    private func slotIndex(of address: UInt) -> Int {
        Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) &>> UInt(shift))
    }

    private func grow() {
        let old = slots
        let oldCount = mask + 1
        (slots, mask, shift) = Self.makeSlots(bits: UInt.bitWidth - shift + 1)
        for slot in UnsafeBufferPointer(start: old, count: oldCount) where slot.address != 0 {
            var index = slotIndex(of: slot.address)
            while slots[index].address != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
        old.deallocate()
    }

    private static func makeSlots(bits: Int) -> (UnsafeMutablePointer<Slot>, mask: Int, shift: Int) {
        let count = 1 << bits
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: count)
        slots.initialize(repeating: Slot(address: 0, id: 0), count: count)
        return (slots, count - 1, UInt.bitWidth - bits)
    }
}
