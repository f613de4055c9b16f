import Foundation

/// The layout of `CharacterSet.bitmapRepresentation`, read without Foundation.
///
/// 8192 bytes for the basic plane (bit `n % 8` of byte `n / 8` is code point `n`), then,
/// for each other plane that holds anything, in ascending order, its number (1…16) and its
/// own 8192 bytes.
struct CharacterSetBitmap {
    /// Each run of consecutive code points in the set, in ascending order, within one
    /// plane (Linux's Foundation mishandles ranges that cross from one plane into the next).
    let runs: [ClosedRange<UInt32>]

    private static let planeBytes = 8192

    init(_ bitmap: Data) throws {
        let (extraPlanes, remainder) = (bitmap.count - Self.planeBytes).quotientAndRemainder(dividingBy: Self.planeBytes + 1)
        guard bitmap.count >= Self.planeBytes, remainder == 0 else {
            throw GCodableError.corrupted(
                "a CharacterSet bitmap of \(bitmap.count) bytes is not 8192 + 8193 × n bytes", rule: .characterSetBitmap)
        }
        runs = try bitmap.withUnsafeBytes { bytes in
            var runs: [ClosedRange<UInt32>] = []
            Self.appendRuns(of: UnsafeRawBufferPointer(rebasing: bytes[0 ..< Self.planeBytes]), base: 0, to: &runs)
            var previousPlane: UInt32 = 0
            for index in 0 ..< extraPlanes {
                let start = Self.planeBytes + index * (Self.planeBytes + 1)
                let plane = UInt32(bytes[start])
                guard (1 ... 16).contains(plane), plane > previousPlane else {
                    throw GCodableError.corrupted(
                        "a CharacterSet bitmap has plane \(plane) after plane \(previousPlane)", rule: .characterSetBitmap)
                }
                previousPlane = plane
                Self.appendRuns(
                    of: UnsafeRawBufferPointer(rebasing: bytes[start + 1 ..< start + 1 + Self.planeBytes]), base: plane << 16, to: &runs)
            }
            return runs
        }
    }

    /// Appends the runs of set bits of one plane's bytes, whose first bit is code point `base`.
    private static func appendRuns(of plane: UnsafeRawBufferPointer, base: UInt32, to runs: inout [ClosedRange<UInt32>]) {
        var runStart: UInt32?
        var offset = 0
        while offset < plane.count {
            let byte = plane[offset]
            if byte != (runStart == nil ? 0 : 0xFF) {
                for bit in 0 ..< 8 {
                    let isSet = byte & (1 << bit) != 0
                    let codePoint = base + UInt32(offset * 8 + bit)
                    if isSet, runStart == nil {
                        runStart = codePoint
                    } else if !isSet, let start = runStart {
                        runs.append(start ... codePoint - 1)
                        runStart = nil
                    }
                }
            }
            offset += 1
        }
        if let start = runStart { runs.append(start ... base + 0xFFFF) }
    }
}

extension CharacterSet {
    /// The set's bitmap, as `bitmapRepresentation` lays it out. Linux's getter sometimes
    /// writes a plane twice under one number (seen for inverted sets holding other planes'
    /// code points), with wrong bits in one copy: the other planes are then read again, one
    /// code point at a time.
    var exactBitmap: Data {
        let bitmap = bitmapRepresentation
        let planeNumbers = stride(from: 8192, to: bitmap.count, by: 8193).map { bitmap[bitmap.startIndex + $0] }
        guard Set(planeNumbers).count < planeNumbers.count else { return bitmap }
        var exact = bitmap.prefix(8192)
        for plane in UInt32(1) ... 16 {
            var bytes = [UInt8](repeating: 0, count: 8192)
            for offset in 0 ..< UInt32(0x10000) where contains(Unicode.Scalar(plane << 16 | offset)!) {
                bytes[Int(offset / 8)] |= 1 << (offset % 8)
            }
            guard bytes.contains(where: { $0 != 0 }) else { continue }
            exact.append(UInt8(plane))
            exact.append(contentsOf: bytes)
        }
        return Data(exact)
    }

    /// Builds the set of `runs` with Foundation's range insertion, one plane at a time (Linux's
    /// `init(bitmapRepresentation:)` is wrong, and crashes on some bitmaps).
    init(runs: [ClosedRange<UInt32>]) throws {
        self.init()
        for run in runs {
            guard let insertion = ScalarInsertion(run) else {
                throw GCodableError.corrupted(
                    "a CharacterSet run \(ScalarInsertion.hex(run)) starts or ends inside the surrogates D800–DFFF",
                    rule: .characterSetBitmap)
            }
            insertion.insert(into: &self)
        }
    }
}

/// How one run of code points is inserted with ranges of `Unicode.Scalar`, which cannot
/// start or end inside the surrogates (D800–DFFF): a run may start at D800 (it is inserted
/// from D7FF, which is then removed) and end at DFFF (it is inserted up to E000, excluded),
/// but no other run may start or end among them.
private struct ScalarInsertion {
    private static let beforeSurrogates = Unicode.Scalar(0xD7FF as UInt32)!

    private let lower: Unicode.Scalar
    private let upper: Unicode.Scalar
    private let includesUpper: Bool
    private let removesBeforeSurrogates: Bool

    init?(_ run: ClosedRange<UInt32>) {
        removesBeforeSurrogates = run.lowerBound == 0xD800
        guard let lower = removesBeforeSurrogates ? Self.beforeSurrogates : Unicode.Scalar(run.lowerBound) else { return nil }
        self.lower = lower
        if let upper = Unicode.Scalar(run.upperBound) {
            (self.upper, includesUpper) = (upper, true)
        } else if let end = Unicode.Scalar(run.upperBound + 1) {
            (self.upper, includesUpper) = (end, false)
        } else {
            return nil
        }
    }

    func insert(into set: inout CharacterSet) {
        if includesUpper { set.insert(charactersIn: lower ... upper) } else { set.insert(charactersIn: lower ..< upper) }
        if removesBeforeSurrogates { set.remove(Self.beforeSurrogates) }
    }

    static func hex(_ run: ClosedRange<UInt32>) -> String {
        String(run.lowerBound, radix: 16, uppercase: true) + "…" + String(run.upperBound, radix: 16, uppercase: true)
    }
}
