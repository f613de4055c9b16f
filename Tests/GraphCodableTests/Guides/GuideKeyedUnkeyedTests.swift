import Foundation
import GraphCodable
import Testing

/// Keyed and unkeyed coding, as the user guides' examples use them: values found by key in
/// any order, values read in the order they were written, and the two mixed in one type.
@Suite struct GuideKeyedUnkeyedTests {
    typealias KeyedExample = KeyedExamples.KeyedExample
    typealias Mixed = KeyedExamples.Mixed

    struct UnkeyedExample: GCodable, Equatable {
        private(set) var name: String
        private(set) var examples: [UnkeyedExample]

        init(name: String, examples: [UnkeyedExample] = []) {
            self.name = name
            self.examples = examples
        }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode()
            examples = try decoder.decode()
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name)
            try encoder.encode(examples)
        }
    }

    @Test func keyedExampleRoundTrips() throws {
        let eA = KeyedExample(name: "exampleA")
        let inRoot = KeyedExample(name: "exampleB", examples: [eA, eA, eA])
        let data = try GraphEncoder().encode(inRoot) as Bytes
        #expect(try GraphDecoder().decode(type(of: inRoot), from: data) == inRoot)
    }

    @Test func unkeyedExampleRoundTrips() throws {
        let eA = UnkeyedExample(name: "exampleA")
        let inRoot = UnkeyedExample(name: "exampleB", examples: [eA, eA, eA])
        let data = try GraphEncoder().encode(inRoot) as Bytes
        #expect(try GraphDecoder().decode(type(of: inRoot), from: data) == inRoot)
    }

    @Test(arguments: [nil, "a note"])
    func keyedAndUnkeyedMixRoundTrips(note: String?) throws {
        let inRoot = Mixed(title: "mixed", values: [3, 1, 2], flag: true, note: note)
        let data = try GraphEncoder().encode(inRoot) as Bytes
        #expect(try GraphDecoder().decode(Mixed.self, from: data) == inRoot)
    }

    /// Reads a multiplier from the user info of the encoder and of the decoder.
    struct Scaled: GCodable, Equatable {
        static let factor = CodingUserInfoKey(rawValue: "factor")!
        var value: Int

        init(value: Int) { self.value = value }

        init(from decoder: GDecoder) throws {
            value = try decoder.decode() / (decoder.userInfo[Self.factor] as? Int ?? 1)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(value * (encoder.userInfo[Self.factor] as? Int ?? 1))
        }
    }

    @Test func userInfoReachesEncodedAndDecodedTypes() throws {
        let encoder = GraphEncoder()
        encoder.userInfo[Scaled.factor] = 10
        let data = try encoder.encode(Scaled(value: 4)) as Bytes
        #expect(try GraphEncoder().dump(Scaled(value: 4)).contains("- BIV 4"))
        #expect(try GraphDecoder().dump(from: data).contains("- BIV 40"))
        let decoder = GraphDecoder()
        decoder.userInfo[Scaled.factor] = 10
        #expect(try decoder.decode(Scaled.self, from: data) == Scaled(value: 4))
        #expect(try GraphDecoder().decode(Scaled.self, from: data) == Scaled(value: 40))
    }

    @Test func keyedExampleDumpShowsKeysAndEnds() throws {
        let inRoot = KeyedExample(name: "exampleB", examples: [KeyedExample(name: "exampleA")])
        let dump = try GraphEncoder().dump(inRoot)
        #expect(
            dump == """
                = BODY =========================================================
                - VAL
                \t+ "name": BIV "exampleB"
                \t+ "examples": VAL
                \t\t- VAL
                \t\t\t+ "name": BIV "exampleA"
                \t\t\t+ "examples": VAL
                \t\t\t.
                \t\t.
                \t.
                .
                ================================================================
                """)
    }
}
