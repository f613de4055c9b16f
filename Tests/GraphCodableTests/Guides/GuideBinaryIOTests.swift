import Foundation
import GraphCodable
import SeededRandom
import Testing

// The guide's "GraphCodable and BinaryIO" section, step by step: each step's declarations
// have the API forms of the guide's (the same protocols, initializers, calls and labels,
// `simd_double3x3` from the stand-in below, since Linux has no `simd` module), written for
// this project, in a namespace of its own since the steps share names. A nested type
// declares typealiases for the sibling names its extensions use (an extension of a nested
// type does not see its namespace's other members). Where the library's output differs
// from what the guide shows:
// - The guide's dumps show an older header (Version 4, Unused0, Unused1, Data size) and an
//   array of three 96-byte values as 296 bytes (its counts took 8 bytes); this library's
//   header is ArchiveFormat.md's, and a count is a varint: 1 + 3 × 96 = 289 bytes.

/// A stand-in for Apple's `simd_double3x3` (a 3×3 matrix of doubles, stored as its three
/// columns): a packable BinaryIO type, printed as Apple's is.
struct simd_double3x3: GPackCodable, Equatable, CustomStringConvertible {
    var columns: [SIMD3<Double>]

    init(diagonal: SIMD3<Double>) {
        columns = [SIMD3(diagonal.x, 0, 0), SIMD3(0, diagonal.y, 0), SIMD3(0, 0, diagonal.z)]
    }

    init(from rbuffer: inout BinaryReadBuffer) throws {
        columns = try (0 ..< 3).map { _ in try SIMD3<Double>(from: &rbuffer) }
    }

    func write(to wbuffer: inout BinaryWriteBuffer) throws {
        for column in columns { try column.write(to: &wbuffer) }
    }

    var description: String {
        "simd_double3x3([" + columns.map { "[\($0.x), \($0.y), \($0.z)]" }.joined(separator: ", ") + "])"
    }
}

/// "An example": `NumericData` coded field by field.
enum AnExample {
    struct NumericData {
        let vector: SIMD3<Double>
        let matrix: simd_double3x3

        init(vector: SIMD3<Double>, matrix: simd_double3x3) {
            self.vector = vector
            self.matrix = matrix
        }
    }

    struct Model {
        var pivot: NumericData
        var array: [NumericData]

        init(count: Int, range: ClosedRange<Double>) {
            precondition(count > 0)
            let array = (0 ..< count).map {
                _ in
                NumericData(
                    vector: SIMD3<Double>.random(in: range),
                    matrix: simd_double3x3.init(diagonal: SIMD3<Double>.random(in: range)))
            }
            self.pivot = array.randomElement()!
            self.array = array
        }
    }
}

extension AnExample.NumericData: GCodable {
    init(from decoder: GDecoder) throws {
        self.vector = try decoder.decode()
        self.matrix = try decoder.decode()
    }

    func encode(to encoder: GEncoder) throws {
        try encoder.encode(vector)
        try encoder.encode(matrix)
    }
}

extension AnExample.Model: GCodable {
    private enum Key: String { case pivot, array }

    init(from decoder: GDecoder) throws {
        self.pivot = try decoder.decode(for: Key.pivot)
        self.array = try decoder.decode(for: Key.array)
    }

    func encode(to encoder: GEncoder) throws {
        try encoder.encode(pivot, for: Key.pivot)
        try encoder.encode(array, for: Key.array)
    }
}

/// "The `BinaryIOType` protocol": the same data, also a BinaryIO type, which changes
/// nothing in the archive (it is not `GBinaryCodable`).
extension AnExample.NumericData: BinaryIOType {
    init(from rbuffer: inout BinaryReadBuffer) throws {
        self.vector = try SIMD3<Double>(from: &rbuffer)
        self.matrix = try simd_double3x3(from: &rbuffer)
    }

    func write(to wbuffer: inout BinaryWriteBuffer) throws {
        try vector.write(to: &wbuffer)
        try matrix.write(to: &wbuffer)
    }
}

/// "The `GBinaryCodable` protocol": each `NumericData` is one BinaryIO unit.
enum GBinaryCodableExample {
    struct NumericData {
        let vector: SIMD3<Double>
        let matrix: simd_double3x3

        init(vector: SIMD3<Double>, matrix: simd_double3x3) {
            self.vector = vector
            self.matrix = matrix
        }
    }
}

extension GBinaryCodableExample.NumericData: GBinaryCodable {
    init(from rbuffer: inout BinaryReadBuffer) throws {
        self.vector = try SIMD3<Double>(from: &rbuffer)
        self.matrix = try simd_double3x3(from: &rbuffer)
    }

    func write(to wbuffer: inout BinaryWriteBuffer) throws {
        try vector.write(to: &wbuffer)
        try matrix.write(to: &wbuffer)
    }
}

/// "The `GPackCodable` protocol": one more line, `GPackable`, and the whole array is one
/// BinaryIO unit. (`GPackCodable` in one declaration: "BinaryIO versioning".)
enum GPackableExample {
    struct NumericData {
        let vector: SIMD3<Double>
        let matrix: simd_double3x3
    }
}

extension GPackableExample.NumericData: GBinaryCodable {
    init(from rbuffer: inout BinaryReadBuffer) throws {
        self.vector = try SIMD3<Double>(from: &rbuffer)
        self.matrix = try simd_double3x3(from: &rbuffer)
    }

    func write(to wbuffer: inout BinaryWriteBuffer) throws {
        try vector.write(to: &wbuffer)
        try matrix.write(to: &wbuffer)
    }
}

extension GPackableExample.NumericData: GPackable {}

/// "BinaryIO versioning": a flag added in a second BinaryIO version, read and written in
/// both; `Flag` has no conformance of its own (its BinaryIO is its raw value's).
enum BinaryIOVersioning {
    enum MyBinaryIOVersion: UInt16 {
        case initial, newNumericData
    }

    struct NumericData {
        typealias MyBinaryIOVersion = BinaryIOVersioning.MyBinaryIOVersion
        enum Flag: UInt8 { case even, odd }

        let vector: SIMD3<Double>
        let matrix: simd_double3x3
        let flag: Flag

        init(vector: SIMD3<Double>, matrix: simd_double3x3, flag: Flag) {
            self.vector = vector
            self.matrix = matrix
            self.flag = flag
        }
    }

    struct Model {
        typealias MyBinaryIOVersion = BinaryIOVersioning.MyBinaryIOVersion
        typealias Model = BinaryIOVersioning.Model
        var pivot: NumericData
        var array: [NumericData]

        init(count: Int, range: ClosedRange<Double>) {
            precondition(count > 0)
            let array = (0 ..< count).map {
                _ in
                NumericData(
                    vector: SIMD3<Double>.random(in: range),
                    matrix: simd_double3x3.init(diagonal: SIMD3<Double>.random(in: range)),
                    flag: count.isMultiple(of: 2) ? .even : .odd
                )
            }
            self.pivot = array.randomElement()!
            self.array = array
        }
    }
}

extension BinaryIOVersioning.NumericData: GPackCodable {
    /// Reads the layout of the archive's BinaryIO version: the flag is there from
    /// `newNumericData` on, and earlier data gets `.even`.
    init(from rbuffer: inout BinaryReadBuffer) throws {
        self.vector = try SIMD3<Double>(from: &rbuffer)
        self.matrix = try simd_double3x3(from: &rbuffer)
        switch rbuffer.version {
        case MyBinaryIOVersion.newNumericData.rawValue...:
            self.flag = try Flag(from: &rbuffer)
        default:
            self.flag = .even
        }
    }

    /// Writes the layout of the version the encoder was given.
    func write(to wbuffer: inout BinaryWriteBuffer) throws {
        try vector.write(to: &wbuffer)
        try matrix.write(to: &wbuffer)
        switch wbuffer.version {
        case MyBinaryIOVersion.newNumericData.rawValue...:
            try flag.write(to: &wbuffer)
        default:
            break
        }
    }
}

extension BinaryIOVersioning.Model: GCodable {
    private enum Key: String { case pivot, array }

    init(from decoder: GDecoder) throws {
        self.pivot = try decoder.decode(for: Key.pivot)
        self.array = try decoder.decode(for: Key.array)
    }

    func encode(to encoder: GEncoder) throws {
        try encoder.encode(pivot, for: Key.pivot)
        try encoder.encode(array, for: Key.array)
    }
}

extension BinaryIOVersioning.Model {
    /// Writes the model to `path` in the layout of `binaryIOVersion`, printing its dump
    /// first when `dump` is set.
    func write(binaryIOVersion: MyBinaryIOVersion, path: URL, dump: Bool) throws {
        let encoder = GraphEncoder(binaryIOVersion: binaryIOVersion.rawValue)
        if dump { print(try encoder.dump(self, options: [.readable, .showHeader])) }
        try (try encoder.encode(self) as Data).write(to: path)
    }

    /// Reads a model from `path`, printing the archive's dump first when `dump` is set.
    static func read(path: URL, dump: Bool) throws -> Model {
        let data = try Data(contentsOf: path)
        let decoder = GraphDecoder()
        if dump { print(try decoder.dump(from: data, options: [.readable, .showHeader])) }
        return try decoder.decode(Model.self, from: data)
    }
}

extension simd_double3x3 {
    /// The numbers of the matrix, for comparing values that hold one.
    var numbers: [Double] { columns.flatMap { [$0.x, $0.y, $0.z] } }
}

/// BinaryIO, as the user guides' examples use it: types that write their own bytes
/// (packable ones among them), read back at the user BinaryIO version they were written
/// with, in both internal versions, and shown in dumps.
@Suite struct GuideBinaryIOTests {
    /// The body lines of a dump, each reduced to its structure (up to the value).
    static func structure(of dump: String) -> [String] {
        dump.split(separator: "\n").map { line in
            guard let range = line.range(of: "BIV ") else { return String(line) }
            return String(line[..<range.upperBound]) + String(line[range.upperBound...].prefix(12))
        }
    }

    /// The lines after `= BODY`, reduced to their structure.
    static func body(of dump: String) -> [String] {
        Array(structure(of: dump).drop { !$0.hasPrefix("= BODY") }.dropFirst())
    }

    /// A field-by-field `NumericData` dumps as a `VAL` of two `BIV`s, whether or not it
    /// is also a BinaryIO type.
    static let fieldByFieldBody = [
        "- VAL",
        "\t+ \"pivot\": VAL",
        "\t\t- BIV SIMD3<Double",
        "\t\t- BIV simd_double3",
        "\t.",
        "\t+ \"array\": VAL",
        "\t\t- VAL", "\t\t\t- BIV SIMD3<Double", "\t\t\t- BIV simd_double3", "\t\t.",
        "\t\t- VAL", "\t\t\t- BIV SIMD3<Double", "\t\t\t- BIV simd_double3", "\t\t.",
        "\t\t- VAL", "\t\t\t- BIV SIMD3<Double", "\t\t\t- BIV simd_double3", "\t\t.",
        "\t.",
        ".",
        String(repeating: "=", count: 64),
    ]

    /// Field by field, each vector and matrix is a `BIV`, whether or not `NumericData` is
    /// also a BinaryIO type ("doesn't change the output").
    @Test func anExampleDumpsEachVectorAndMatrixAsOneBIV() throws {
        let largeCount = 3
        let inRoot = AnExample.Model(count: largeCount, range: -1.0 ... 1.0)
        let encoder = GraphEncoder()
        let dump = try encoder.dump(inRoot, options: [.readable, .showHelp])
        #expect(dump.contains("= HELP ="))
        #expect(Self.body(of: dump) == Self.fieldByFieldBody)
        let outRoot = try GraphDecoder().decode(AnExample.Model.self, from: try encoder.encode(inRoot) as Bytes)
        #expect(outRoot.array.map(\.vector) == inRoot.array.map(\.vector))
        #expect(outRoot.array.map(\.matrix) == inRoot.array.map(\.matrix))
        #expect(outRoot.pivot.matrix == inRoot.pivot.matrix)
        // Its BinaryIO (which the archive does not use: it is not `GBinaryCodable`) reads
        // back what it writes.
        var wbuffer = BinaryWriteBuffer()
        try inRoot.pivot.write(to: &wbuffer)
        var rbuffer = BinaryReadBuffer(bytes: wbuffer.bytes)
        #expect(try AnExample.NumericData(from: &rbuffer).matrix == inRoot.pivot.matrix)
    }

    @Test func gBinaryCodableDataIsOneBIVPerValue() throws {
        var generator = SplitMix64(seed: 8)
        let array = (0 ..< 3).map { _ in
            GBinaryCodableExample.NumericData(
                vector: .random(in: -1 ... 1, using: &generator), matrix: simd_double3x3(diagonal: .random(in: -1 ... 1, using: &generator))
            )
        }
        #expect(
            Self.structure(of: try GraphEncoder().dump(array)).dropFirst() == [
                "- VAL", "\t- BIV NumericData(", "\t- BIV NumericData(", "\t- BIV NumericData(", ".", String(repeating: "=", count: 64),
            ])
        let decoded = try GraphDecoder().decode([GBinaryCodableExample.NumericData].self, from: try GraphEncoder().encode(array) as Bytes)
        #expect(decoded.map(\.vector) == array.map(\.vector) && decoded.map(\.matrix) == array.map(\.matrix))
    }

    /// With `GPackable`, or with `GPackCodable`, the whole array is one `BIV`.
    @Test func packableDataArraysAreOneBIV() throws {
        let packable = [GPackableExample.NumericData(vector: SIMD3(1, 2, 3), matrix: simd_double3x3(diagonal: SIMD3(4, 5, 6)))]
        let packCodable = [
            BinaryIOVersioning.NumericData(vector: SIMD3(1, 2, 3), matrix: simd_double3x3(diagonal: SIMD3(4, 5, 6)), flag: .odd)
        ]
        #expect(Self.structure(of: try GraphEncoder().dump(packable)).dropFirst().first == "- BIV [GraphCodabl")
        #expect(Self.structure(of: try GraphEncoder().dump(packCodable)).dropFirst().first == "- BIV [GraphCodabl")
        let decoded = try GraphDecoder().decode([GPackableExample.NumericData].self, from: try GraphEncoder().encode(packable) as Bytes)
        #expect(decoded.map(\.matrix) == packable.map(\.matrix))
    }

    /// The guide's program: written and read in both versions; the header shows the
    /// version, the decoder's dump the payloads' sizes (the flag adds a byte to each).
    @Test func binaryIOVersionSelectsTheLayout() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fileURL = directory.appendingPathComponent("NumericModel.graph")

        let largeCount = 3
        var model = BinaryIOVersioning.Model(count: largeCount, range: -1.0 ... 1.0)
        let original = model
        #expect(model.array.allSatisfy { $0.flag == .odd })

        try model.write(binaryIOVersion: .initial, path: fileURL, dump: true)
        var dump = try GraphDecoder().dump(from: try Data(contentsOf: fileURL), options: [.readable, .showHeader])
        #expect(dump.contains("- Version   =          0 {2 bytes}"))
        #expect(dump.contains("+ \"pivot\": BIV { 96 bytes }") && dump.contains("+ \"array\": BIV { 289 bytes }"))

        model = try BinaryIOVersioning.Model.read(path: fileURL, dump: true)
        // Version 0 has no flag: it reads as `.even`.
        #expect(model.array.map(\.flag) == [.even, .even, .even])
        #expect(model.array.map(\.vector) == original.array.map(\.vector))

        try model.write(binaryIOVersion: .newNumericData, path: fileURL, dump: false)
        dump = try GraphDecoder().dump(from: try Data(contentsOf: fileURL), options: [.readable, .showHeader])
        #expect(dump.contains("- Version   =          1 {2 bytes}"))
        #expect(dump.contains("+ \"pivot\": BIV { 97 bytes }") && dump.contains("+ \"array\": BIV { 292 bytes }"))

        model = try BinaryIOVersioning.Model.read(path: fileURL, dump: false)
        #expect(model.array.map(\.matrix.numbers) == original.array.map(\.matrix.numbers))

        let odd = BinaryIOVersioning.Model(count: 1, range: 0 ... 1)
        try odd.write(binaryIOVersion: .newNumericData, path: fileURL, dump: false)
        #expect(try BinaryIOVersioning.Model.read(path: fileURL, dump: false).pivot.flag == .odd)
    }

    /// A flag the type does not have is an error at its byte.
    @Test func anUnknownFlagIsAnError() throws {
        typealias NumericData = BinaryIOVersioning.NumericData
        let encoder = GraphEncoder(.omitChecksum, binaryIOVersion: BinaryIOVersioning.MyBinaryIOVersion.newNumericData.rawValue)
        func encoded(_ flag: NumericData.Flag) throws -> Bytes {
            try encoder.encode(NumericData(vector: SIMD3(1, 2, 3), matrix: simd_double3x3(diagonal: SIMD3(4, 5, 6)), flag: flag)) as Bytes
        }
        var archive = try encoded(.odd)
        let even = try encoded(.even)
        // The one byte where the two flags differ.
        let flagOffset = try #require(archive.indices.first { archive[$0] != even[$0] })
        archive[flagOffset] = 9
        do {
            _ = try GraphDecoder().decode(NumericData.self, from: archive)
            Issue.record("decoded an unknown flag")
        } catch GCodableError.dataCorrupted(let context) {
            #expect(context.debugDescription == "9 is not a raw value of \(String(reflecting: NumericData.Flag.self))")
            #expect(context.byteOffset == flagOffset)
        }
    }

    /// An optional of a packed type is one BinaryIO unit of its own type (with a presence
    /// byte), read back as such.
    @Test func anOptionalOfAPackedTypeRoundTrips() throws {
        typealias NumericData = GPackableExample.NumericData
        let data = NumericData(vector: SIMD3(1, 2, 3), matrix: simd_double3x3(diagonal: SIMD3(4, 5, 6)))
        for value in [data, nil] as [NumericData?] {
            let archive = try GraphEncoder().encode(value) as Bytes
            #expect(try GraphDecoder().decode(NumericData?.self, from: archive).map(\.matrix) == value.map(\.matrix))
        }
        let nested: NumericData?? = .some(nil)
        let decoded = try GraphDecoder().decode(NumericData??.self, from: try GraphEncoder().encode(nested) as Bytes)
        #expect(decoded.map { $0 == nil } == true)
    }

    @Test func systemTypesFollowTheGuide() throws {
        // CGSize is packable: an array of sizes is one BIV.
        let sizes = [CGSize(width: 1, height: 2), CGSize(width: 3.5, height: -4)]
        #expect(try GraphEncoder().dump(sizes).contains("- BIV [(1.0, 2.0), (3.5, -4.0)]"))
        // String is binary but not packable: an array of strings is a VAL of BIVs.
        #expect(
            try GraphEncoder().dump(["a", "b"]) == """
                = BODY =========================================================
                - VAL
                \t- BIV "a"
                \t- BIV "b"
                .
                ================================================================
                """)
        // PersonNameComponents is keyed.
        var name = PersonNameComponents()
        name.givenName = "Ada"
        name.familyName = "Lovelace"
        #expect(
            try GraphEncoder().dump(name) == """
                = BODY =========================================================
                - VAL
                \t+ "givenName": BIV "Ada"
                \t+ "familyName": BIV "Lovelace"
                .
                ================================================================
                """)
    }
}
