import Foundation
import GraphCodable
import Testing

/// The guide's "GraphCodable and BinaryIO" section, with a matrix made of SIMD3 columns in
/// place of `simd_double3x3` (Linux has no simd module).
@Suite struct GuideBinaryIOTests {
    /// A 3×3 matrix of doubles, stored as its three columns.
    struct Matrix3: GPackCodable, Equatable {
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
    }

    /// NumericData as in the guide's first step: coded field by field.
    struct FieldData: GCodable, Equatable {
        let vector: SIMD3<Double>
        let matrix: Matrix3

        init(vector: SIMD3<Double>, matrix: Matrix3) {
            self.vector = vector
            self.matrix = matrix
        }

        init(from decoder: GDecoder) throws {
            vector = try decoder.decode()
            matrix = try decoder.decode()
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(vector)
            try encoder.encode(matrix)
        }
    }

    /// NumericData as one BinaryIO unit (`GBinaryCodable`), not packable.
    struct BinaryData: GBinaryCodable, Equatable {
        let vector: SIMD3<Double>
        let matrix: Matrix3

        init(vector: SIMD3<Double>, matrix: Matrix3) {
            self.vector = vector
            self.matrix = matrix
        }

        init(from rbuffer: inout BinaryReadBuffer) throws {
            vector = try SIMD3<Double>(from: &rbuffer)
            matrix = try Matrix3(from: &rbuffer)
        }

        func write(to wbuffer: inout BinaryWriteBuffer) throws {
            try vector.write(to: &wbuffer)
            try matrix.write(to: &wbuffer)
        }
    }

    /// NumericData with the flag added in BinaryIO version 1, reading and writing both
    /// layouts: the guide's code (`Flag` has no conformance; its BinaryIO is its raw value's).
    struct NumericData: GPackCodable, Equatable {
        enum Flag: UInt8 { case even, odd }

        let vector: SIMD3<Double>
        let matrix: Matrix3
        let flag: Flag

        init(vector: SIMD3<Double>, matrix: Matrix3, flag: Flag) {
            self.vector = vector
            self.matrix = matrix
            self.flag = flag
        }

        init(from rbuffer: inout BinaryReadBuffer) throws {
            vector = try SIMD3<Double>(from: &rbuffer)
            matrix = try Matrix3(from: &rbuffer)
            switch rbuffer.version {
            case MyBinaryIOVersion.newNumericData.rawValue...:
                self.flag = try Flag(from: &rbuffer)
            default:
                self.flag = .even
            }
        }

        func write(to wbuffer: inout BinaryWriteBuffer) throws {
            try vector.write(to: &wbuffer)
            try matrix.write(to: &wbuffer)
            switch wbuffer.version {
            case MyBinaryIOVersion.newNumericData.rawValue...: try flag.write(to: &wbuffer)
            default: break
            }
        }
    }

    enum MyBinaryIOVersion: UInt16 { case initial, newNumericData }

    struct Model<Element: GCodable & Equatable>: GCodable, Equatable {
        var pivot: Element
        var array: [Element]

        init(pivot: Element, array: [Element]) {
            self.pivot = pivot
            self.array = array
        }

        private enum Key: String { case pivot, array }

        init(from decoder: GDecoder) throws {
            pivot = try decoder.decode(for: Key.pivot)
            array = try decoder.decode(for: Key.array)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(pivot, for: Key.pivot)
            try encoder.encode(array, for: Key.array)
        }
    }

    static func vectors(_ count: Int) -> [(SIMD3<Double>, Matrix3)] {
        var generator = SplitMix64(seed: 7)
        return (0 ..< count).map { _ in
            (SIMD3<Double>.random(in: -1 ... 1, using: &generator),
             Matrix3(diagonal: SIMD3<Double>.random(in: -1 ... 1, using: &generator)))
        }
    }

    /// The body lines of a dump, each reduced to its structure (up to the value).
    static func structure(of dump: String) -> [String] {
        dump.split(separator: "\n").map { line in
            guard let range = line.range(of: "BIV ") else { return String(line) }
            return String(line[..<range.upperBound]) + String(line[range.upperBound...].prefix(12))
        }
    }

    @Test func fieldByFieldDataDumpsEachVectorAsOneBIV() throws {
        let parts = Self.vectors(3)
        let array = parts.map { FieldData(vector: $0.0, matrix: $0.1) }
        let model = Model(pivot: array[1], array: array)
        let dump = try GraphEncoder().dump(model, options: [.readable, .showHelp])
        #expect(dump.contains("= HELP ="))
        let body = Array(Self.structure(of: dump).drop { !$0.hasPrefix("= BODY") }.dropFirst())
        #expect(body == [
            "- VAL",
            "\t+ \"pivot\": VAL",
            "\t\t- BIV SIMD3<Double",
            "\t\t- BIV Matrix3(colu",
            "\t.",
            "\t+ \"array\": VAL",
            "\t\t- VAL", "\t\t\t- BIV SIMD3<Double", "\t\t\t- BIV Matrix3(colu", "\t\t.",
            "\t\t- VAL", "\t\t\t- BIV SIMD3<Double", "\t\t\t- BIV Matrix3(colu", "\t\t.",
            "\t\t- VAL", "\t\t\t- BIV SIMD3<Double", "\t\t\t- BIV Matrix3(colu", "\t\t.",
            "\t.",
            ".",
            String(repeating: "=", count: 64),
        ])
        let data = try GraphEncoder().encode(model) as Bytes
        #expect(try GraphDecoder().decode(Model<FieldData>.self, from: data) == model)
    }

    @Test func binaryCodableDataIsOneBIVPerValue() throws {
        let array = Self.vectors(3).map { BinaryData(vector: $0.0, matrix: $0.1) }
        let model = Model(pivot: array[0], array: array)
        let body = Self.structure(of: try GraphEncoder().dump(model)).dropFirst()
        #expect(Array(body) == [
            "- VAL",
            "\t+ \"pivot\": BIV BinaryData(v",
            "\t+ \"array\": VAL",
            "\t\t- BIV BinaryData(v", "\t\t- BIV BinaryData(v", "\t\t- BIV BinaryData(v",
            "\t.",
            ".",
            String(repeating: "=", count: 64),
        ])
        let data = try GraphEncoder().encode(model) as Bytes
        #expect(try GraphDecoder().decode(Model<BinaryData>.self, from: data) == model)
    }

    @Test func packableDataArrayIsOneBIV() throws {
        let array = Self.vectors(3).map { NumericData(vector: $0.0, matrix: $0.1, flag: .odd) }
        let model = Model(pivot: array[2], array: array)
        let body = Self.structure(of: try GraphEncoder().dump(model)).dropFirst()
        #expect(Array(body) == [
            "- VAL",
            "\t+ \"pivot\": BIV NumericData(",
            "\t+ \"array\": BIV [GraphCodabl",
            ".",
            String(repeating: "=", count: 64),
        ])
    }

    @Test(arguments: [MyBinaryIOVersion.initial, .newNumericData])
    func binaryIOVersionSelectsTheLayout(version: MyBinaryIOVersion) throws {
        let array = Self.vectors(3).map { NumericData(vector: $0.0, matrix: $0.1, flag: .odd) }
        let model = Model(pivot: array[0], array: array)
        let encoder = GraphEncoder(binaryIOVersion: version.rawValue)
        #expect(encoder.binaryIOVersion == version.rawValue)
        let data = try encoder.encode(model) as Data

        let encoderDump = try encoder.dump(model, options: [.readable, .showHeader])
        #expect(encoderDump.contains("- BinaryIO"))
        #expect(encoderDump.contains("- Version   =          \(version.rawValue) {2 bytes}"))

        let decoderDump = try GraphDecoder().dump(from: data, options: [.readable, .showHeader])
        let elementSize = version == .initial ? 96 : 97
        #expect(decoderDump.contains("+ \"pivot\": BIV { \(elementSize) bytes }"))
        #expect(decoderDump.contains("+ \"array\": BIV { \(1 + 3 * elementSize) bytes }"))

        let decoded = try GraphDecoder().decode(Model<NumericData>.self, from: data)
        let expectedFlag: NumericData.Flag = version == .initial ? .even : .odd
        #expect(decoded.array.map(\.flag) == [expectedFlag, expectedFlag, expectedFlag])
        #expect(decoded.array.map(\.vector) == array.map(\.vector))
        #expect(decoded.pivot.matrix == array[0].matrix)
    }

    /// A flag the type does not have is an error at its byte.
    @Test func anUnknownFlagIsAnError() throws {
        let encoder = GraphEncoder(.omitChecksum, binaryIOVersion: MyBinaryIOVersion.newNumericData.rawValue)
        func encoded(_ flag: NumericData.Flag) throws -> Bytes {
            try encoder.encode(NumericData(vector: SIMD3(1, 2, 3), matrix: Matrix3(diagonal: SIMD3(4, 5, 6)), flag: flag)) as Bytes
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
        let data = NumericData(vector: SIMD3(1, 2, 3), matrix: Matrix3(diagonal: SIMD3(4, 5, 6)), flag: .even)
        for value in [data, nil] as [NumericData?] {
            let archive = try GraphEncoder().encode(value) as Bytes
            #expect(try GraphDecoder().decode(NumericData?.self, from: archive) == value)
        }
        let nested: NumericData?? = .some(nil)
        #expect(try GraphDecoder().decode(NumericData??.self, from: try GraphEncoder().encode(nested) as Bytes) == nested)
    }

    @Test func systemTypesFollowTheGuide() throws {
        // CGSize is packable: an array of sizes is one BIV.
        let sizes = [CGSize(width: 1, height: 2), CGSize(width: 3.5, height: -4)]
        #expect(try GraphEncoder().dump(sizes).contains("- BIV [(1.0, 2.0), (3.5, -4.0)]"))
        // String is binary but not packable: an array of strings is a VAL of BIVs.
        #expect(try GraphEncoder().dump(["a", "b"]) == """
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
        #expect(try GraphEncoder().dump(name) == """
            = BODY =========================================================
            - VAL
            \t+ "givenName": BIV "Ada"
            \t+ "familyName": BIV "Lovelace"
            .
            ================================================================
            """)
    }
}
