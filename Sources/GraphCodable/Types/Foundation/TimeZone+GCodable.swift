import Foundation

extension TimeZone: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .timeZone }

    private enum Key: String { case secondsFromGMT }

    /// The offsets a fixed-offset zone may have: ±18 hours.
    private static let fixedOffsets = -18 * 3600 ... 18 * 3600

    /// Stores the identifier; for a fixed offset that the identifier does not give back
    /// (`GMT+0101` for 3661 seconds), also the offset; for ``autoupdatingCurrent``, that it
    /// is the system's zone (see ``SystemCurrent``). `current` is a zone like any other.
    public func encode(to encoder: GEncoder) throws {
        try encoder.encode(identifier)
        if let system = SystemCurrent.of(self, autoupdating: .autoupdatingCurrent) {
            return try system.encode(to: encoder)
        }
        let offset = secondsFromGMT()
        guard TimeZone(identifier: identifier)?.secondsFromGMT() != offset else { return }
        guard TimeZone(secondsFromGMT: offset)?.identifier == identifier else {
            throw GCodableError.cannotEncode(Self.self, "the time zone \"\(identifier)\" is neither a known identifier nor a fixed offset")
        }
        try encoder.encode(offset, for: Key.secondsFromGMT)
    }

    public init(from decoder: GDecoder) throws {
        let identifier: String = try decoder.decode()
        guard TimeZoneIdentifier.isWellFormed(identifier) else {
            throw GCodableError.corrupted(
                "\"\(ShownText.shown(identifier))\" is not a well-formed time zone identifier", rule: .timeZoneIdentifier)
        }
        if let system = try SystemCurrent.decode(from: decoder) {
            self = system == .current ? .current : .autoupdatingCurrent
        } else if let offset: Int = try decoder.decodeIfPresent(for: Key.secondsFromGMT) {
            // Checked before Foundation sees it: it traps on some offsets (Int.min).
            guard Self.fixedOffsets.contains(offset), identifier == TimeZoneIdentifier.fixedOffset(offset),
                let zone = TimeZone(secondsFromGMT: offset)
            else {
                throw GCodableError.corrupted(
                    "\(offset) seconds from GMT is not the time zone \"\(identifier)\"", rule: .timeZoneIdentifier)
            }
            self = zone
        } else if let zone = TimeZone(identifier: identifier) {
            self = zone
        } else if decoder.checksFormatOnly {
            self = .gmt
        } else {
            throw GCodableError.unknownHere("the time zone \"\(identifier)\" is not one this platform's Foundation knows")
        }
    }
}
