import Foundation

@testable import GraphCodable

/// The valid files of the conformance corpus: what the library writes for every native
/// code (in both internal BinaryIO versions), every layout, every structured native, user
/// types, identity and top-level definitions; and, made by hand, the forms a writer may
/// use that this library's encoder does not.
enum ValidCorpus {
    /// A user value type with keyed fields (a type table entry of kind 1, keys).
    struct Reading: GCodable, Equatable, Sendable {
        var label: String
        var values: [Double]
        private enum Key: String { case label, values }
        init(label: String, values: [Double]) {
            self.label = label
            self.values = values
        }
        init(from decoder: GDecoder) throws {
            label = try decoder.decode(for: Key.label)
            values = try decoder.decode(for: Key.values)
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(label, for: Key.label)
            try encoder.encode(values, for: Key.values)
        }
    }

    /// A user value type stored as one opaque BinaryIO unit.
    struct Packed: GBinaryCodable, Equatable, Sendable {
        var count: Int
        var name: String
        init(count: Int, name: String) {
            self.count = count
            self.name = name
        }
        init(from rbuffer: inout BinaryReadBuffer) throws {
            count = try Int(from: &rbuffer)
            name = try String(from: &rbuffer)
        }
        func write(to wbuffer: inout BinaryWriteBuffer) throws {
            try count.write(to: &wbuffer)
            try name.write(to: &wbuffer)
        }
    }

    /// Objects linked into a chain that may close on itself: classes, identity, cycles.
    class Link: GCodable, @unchecked Sendable {
        let number: Int
        var next: Link?
        private enum Key: String { case number, next }
        init(_ number: Int) { self.number = number }
        required init(from decoder: GDecoder) throws {
            number = try decoder.decode(for: Key.number)
            try decoder.deferDecode(for: Key.next) { self.next = $0 }
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(number, for: Key.number)
            try encoder.encode(next, for: Key.next)
        }
    }

    /// A subclass, stored in a field of its superclass's type (inheritance).
    final class NamedLink: Link, @unchecked Sendable {}

    /// Links as a value, compared by their numbers and shape.
    struct Chain: GCodable, Equatable, Sendable {
        var head: Link
        var closes: Bool
        init(length: Int, closes: Bool) {
            let links = (0 ..< length).map { $0.isMultiple(of: 2) ? Link($0) : NamedLink($0) }
            for (link, next) in zip(links, links.dropFirst()) { link.next = next }
            if closes { links.last?.next = links.first }
            head = links[0]
            self.closes = closes
        }
        init(from decoder: GDecoder) throws {
            head = try decoder.decode()
            closes = try decoder.decode()
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(head)
            try encoder.encode(closes)
        }
        /// The numbers and classes of the links, in order, until the chain ends or closes.
        var shape: [String] {
            var shape: [String] = []
            var link: Link? = head
            var seen = Set<ObjectIdentifier>()
            while let current = link, seen.insert(ObjectIdentifier(current)).inserted {
                shape.append("\(current is NamedLink ? "named" : "plain") \(current.number)")
                link = current.next
            }
            return shape + (link == nil ? [] : ["back to \(link!.number)"])
        }
        static func == (a: Chain, b: Chain) -> Bool { a.shape == b.shape && a.closes == b.closes }
    }

    /// An object referred to conditionally only: the pointer reads as nil.
    final class Watcher: GCodable, @unchecked Sendable {
        var watched: Link?
        private enum Key: String { case watched }
        init(watching link: Link?) { watched = link }
        init(from decoder: GDecoder) throws {
            try decoder.deferDecode(for: Key.watched) { self.watched = $0 }
        }
        func encode(to encoder: GEncoder) throws { try encoder.encodeConditional(watched, for: Key.watched) }
    }

    static let uuid = UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF")!
    static let fixedWidth: GraphEncoder.Options = .fixedWidthIntegers

    static func files() throws -> [CorpusFile] {
        var files: [CorpusFile] = []
        func add<T: GCodable & Equatable & Sendable>(_ name: String, _ value: T, _ options: GraphEncoder.Options = []) throws {
            files.append(try .valid(name, value, options))
        }
        /// A scalar in both internal versions (`scalar-…` and `v2-scalar-…`).
        func scalar<T: GCodable & Equatable & Sendable>(_ name: String, _ value: T) throws {
            try add("scalar-" + name, value)
            try add("v2-scalar-" + name, value, fixedWidth)
        }
        // Every scalar code, in both internal versions.
        try scalar("bool", true)
        try scalar("int8", Int8(-5))
        try scalar("int16", Int16(-300))
        try scalar("int32", Int32(70_000))
        try scalar("int64", Int64(-1) << 40)
        try scalar("uint8", UInt8(200))
        try scalar("uint16", UInt16(60_000))
        try scalar("uint32", UInt32(4_000_000_000))
        try scalar("uint64", UInt64.max)
        try scalar("int", Int.min)
        try scalar("uint", UInt(12_345))
        try scalar("float", Float(1.5))
        try scalar("double", -0.0)
        try scalar("cgfloat", CGFloat(2.5))
        try scalar("string", "héllo, 世界")
        try scalar("character", Character("e\u{301}"))
        // One cluster since Unicode 15.1 (GB9c): the format's Unicode 16.0 says so.
        try add("scalar-character-conjunct", Character("\u{0915}\u{094D}\u{0937}"))
        try scalar("data", Data([0, 1, 255]))
        try scalar("date", Date(timeIntervalSinceReferenceDate: 12.5))
        try scalar("uuid", uuid)
        try scalar("url", URL(string: "b/c?d", relativeTo: URL(string: "http://h/a/"))!)
        try scalar("decimal", Decimal(string: "-12.345")!)
        try scalar("cgpoint", CGPoint(x: 1, y: -2))
        try scalar("cgsize", CGSize(width: 3, height: 4))
        try scalar("cgrect", CGRect(x: 1, y: 2, width: 3, height: 4))
        try scalar("float16", Float16(0.5))
        try scalar("int128", Int128.min)
        try scalar("uint128", UInt128.max)
        // Integers in internal version 2 in an array, and an archive without a checksum.
        try add("v2-array-int", [1, -1, Int.max], fixedWidth)
        try add("unchecksummed", ["a", "b"], .omitChecksum)
        // Every layout kind.
        try add("layout-array", [1.5, -2.5])
        try add("layout-set", Set([7]))
        try add("layout-dictionary", [3: 0.25])
        try add("layout-optional-some", Int?.some(4))
        try add("layout-optional-none", Int?.none)
        try add("layout-optional-nested", Int??.some(nil))
        try add("layout-range", 3 ..< 9)
        // Foundation orders a Decimal NaN below every number.
        try add("layout-range-decimal-nan", Decimal.nan ..< Decimal(1))
        try add("layout-closed-range", -1.5 ... 2.5)
        try add("layout-simd4", SIMD4<Float>(1, 2, 3, 4))
        try add("layout-simd64", SIMD64<UInt8>(repeating: 9))
        try add("layout-nested", [[1, 2], [3]])
        try add("layout-array-of-optionals", [1, nil, 3] as [Int?])
        // Every structured native.
        try add("structured-array", ["x", "y"])
        try add("structured-set", Set(["only"]))
        try add("structured-dictionary", ["k": "v"])
        try add("structured-optional-box", String??.some(nil))
        try add("structured-index-set", IndexSet([1, 2, 3, 10]))
        try add("structured-index-path", IndexPath(indexes: [0, 4]))
        try add("structured-date-components", DateComponents(year: 2026, month: 11, day: 26))
        try add("structured-time-zone", TimeZone(identifier: "Europe/Rome")!)
        try add("structured-locale", Locale(identifier: "it_IT"))
        try add("structured-character-set", CharacterSet(charactersIn: "abc"))
        var name = PersonNameComponents()
        name.givenName = "Ada"
        name.familyName = "Lovelace"
        try add("structured-person-name", name)
        try add("structured-measurement", Measurement(value: 1.5, unit: UnitLength.meters))
        try add("structured-url-components", URLComponents(string: "https://u@h:8/p?q=1#f")!)
        try add("structured-url-components-zone", URLComponents(string: "http://[fe80::1%25en0]:80/")!)
        try add("structured-measurement-reciprocal", Measurement(value: 31.5, unit: UnitFuelEfficiency.milesPerGallon))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.locale = Locale(identifier: "en_US")
        try add("structured-calendar", calendar)
        // User types, identity, inheritance, cycles, conditional pointers, definitions
        // moved to the top level.
        try add("user-value-keyed", Reading(label: "t", values: [1, 2]))
        try add("user-value-opaque", Packed(count: 3, name: "three"))
        try add("graph-chain", Chain(length: 4, closes: false))
        try add("graph-cycle", Chain(length: 3, closes: true))
        try add("graph-top-level-definitions", Chain(length: 150, closes: false))
        let watcher = Watcher(watching: Link(1))
        files.append(
            CorpusFile(name: "graph-conditional", bytes: try GraphEncoder().encode(watcher) as Bytes, expectation: .valid) { bytes in
                guard try GraphDecoder().decode(Watcher.self, from: bytes).watched == nil else {
                    throw CorpusMismatch(description: "a conditional pointer to an object never encoded read as an object")
                }
            })
        try add("root-nil", String?.none)
        files += handMade()
        return files
    }

    /// A layout of exactly 256 parts, the most there may be: an array of an array… of `Int`,
    /// 255 deep, holding nothing. No Swift type reads it; readers without types do.
    static func largestLayout() -> CorpusFile {
        var types: [[UInt8]] = [[16, 10]]
        var buffer = BinaryWriteBuffer()
        for index in 0 ..< 254 {
            buffer = BinaryWriteBuffer()
            buffer.writeVarUInt(UInt64(64 + index))
            types.append([16] + buffer.bytes)
        }
        buffer = BinaryWriteBuffer()
        buffer.writeVarUInt(UInt64(64 + 254))
        let bytes = RawArchive(types: types, body: [0x23] + buffer.bytes + [0x00]).bytes
        return CorpusFile(name: "layout-256-parts", bytes: bytes, expectation: .valid) { bytes in
            _ = try GraphArchive(bytes: bytes)
        }
    }

    /// A valid file of a Foundation value of `code` holding one unkeyed string, `identifier`,
    /// which this platform does not know: typed decoding refuses it, and names no rule.
    static func unknownHere<T: GDecodable & Sendable>(_ name: String, code: UInt8, _ identifier: String, as _: T.Type) -> CorpusFile {
        CorpusFile(
            name: name, bytes: RawArchive(body: [0x21, code, 0x23, 0x0F] + RawArchive.string(identifier) + [0x00]).bytes,
            expectation: .valid
        ) { bytes in
            do {
                _ = try GraphDecoder().decode(T.self, from: bytes)
            } catch let error as GCodableError where error.context.rule == nil {
                return
            }
            throw CorpusMismatch(description: "\(name) decoded, or was refused naming a rule")
        }
    }

    /// Forms other writers may use, made by hand.
    static func handMade() -> [CorpusFile] {
        let one: [UInt8] = [0x23, 0x0A, 0x02], two: [UInt8] = [0x23, 0x0A, 0x04]
        let a: [UInt8] = [0x23, 0x0F, 0x01, 0x61], b: [UInt8] = [0x23, 0x0F, 0x01, 0x62]
        return [
            .valid("form-packable-array-as-fields", RawArchive(body: [0x21, 40] + one + two + [0x00]).bytes, as: [1, 2]),
            .valid(
                "form-string-array-as-layout", RawArchive(types: [[16, 15]], body: [0x23, 0x40, 0x02, 0x01, 0x61, 0x01, 0x62]).bytes,
                as: ["a", "b"]),
            .valid("form-set-of-strings", RawArchive(body: [0x21, 41] + a + b + [0x00]).bytes, as: Set(["a", "b"])),
            .valid("form-dictionary-of-strings", RawArchive(body: [0x21, 42] + a + b + b + a + [0x00]).bytes, as: ["a": "b", "b": "a"]),
            // The root is a strong pointer to a top-level definition.
            .valid("form-root-pointer", RawArchive(body: [0x46, 0x01] + [0x63, 0x0F, 0x01, 0x01, 0x61]).bytes, as: "a"),
            // A key that repeats in one value: its fields read in turn.
            .valid(
                "form-repeated-key",
                RawArchive(
                    types: [[1, 0] + RawArchive.string("GraphCodableTests.ValidCorpus.Reading") + [0], [16, 13]],
                    keys: ["label", "values"],
                    body: [0x21, 0x40] + [0x33, 0x01, 0x0F, 0x01, 0x61]
                        + [0x33, 0x02, 0x41, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F]
                        + [0x33, 0x01, 0x0F, 0x01, 0x62] + [0x00]
                ).bytes,
                as: Reading(label: "a", values: [1])),
            largestLayout(),
            // A plane that holds nothing: writers write none, readers accept it.
            .valid(
                "form-character-set-empty-plane",
                RawArchive(
                    body: [0x21, 49, 0x23, 0x11]
                        + RawArchive.data(
                            [UInt8](repeating: 0, count: 8192) + [1]
                                + [UInt8](repeating: 0, count: 8192)) + [0x00]
                ).bytes,
                as: CharacterSet()),
            // Well formed, and unknown to this platform's Foundation: valid, and not decoded here.
            unknownHere("structured-time-zone-unknown-here", code: 47, "Mars/Olympus", as: TimeZone.self),
            unknownHere("structured-locale-unknown-here", code: 48, "it_HT@numbers=abcd", as: Locale.self),
            // Elements of three types, each 1: different types are never equal. No Swift
            // set reads it; readers without types do.
            CorpusFile(
                name: "form-set-of-three-types",
                bytes: RawArchive(
                    body: [0x21, 41] + one + [0x23, 0x1A, 1] + Array(repeating: 0, count: 15)
                        + [0x23, 0x0D] + RawArchive.bits(1.0) + [0x00]
                ).bytes,
                expectation: .valid
            ) { bytes in _ = try GraphArchive(bytes: bytes) },
            .valid(
                "form-unchecksummed-v2",
                RawArchive(
                    body: [0x23, 0x0A] + [7, 0, 0, 0, 0, 0, 0, 0],
                    internalVersion: 2, checksummed: false
                ).bytes, as: 7),
        ]
    }
}
