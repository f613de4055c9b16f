import GraphCodable
import Testing

/// The guide's keyed examples, which other tests archive too: a recursive keyed value, and
/// keyed and unkeyed fields mixed (whose decoding checks what the decoder holds as it goes).
enum KeyedExamples {
    struct KeyedExample: GCodable, Equatable {
        private(set) var name: String
        private(set) var examples: [KeyedExample]

        init(name: String, examples: [KeyedExample] = []) {
            self.name = name
            self.examples = examples
        }

        private enum Key: String { case name, examples }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            examples = try decoder.decode(for: Key.examples)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(examples, for: Key.examples)
        }
    }

    /// Keyed and unkeyed fields mixed, read back in another order for the keyed ones.
    struct Mixed: GCodable, Equatable {
        var title: String
        var values: [Int]
        var flag: Bool
        var note: String?

        init(title: String, values: [Int], flag: Bool, note: String?) {
            self.title = title
            self.values = values
            self.flag = flag
            self.note = note
        }

        private enum Key: String { case title, flag, note }

        init(from decoder: GDecoder) throws {
            #expect(try decoder.contains(Key.flag))
            #expect(decoder.unkeyedCount == 2)
            flag = try decoder.decode(for: Key.flag)
            #expect(try !decoder.contains(Key.flag), "a decoded value leaves the decoder")
            values = try decoder.decode()
            #expect(decoder.unkeyedCount == 1)
            title = try decoder.decode(for: Key.title)
            note = try decoder.decodeIfPresent(for: Key.note)
            let last: Int = try decoder.decode()
            #expect(last == values.count)
            #expect(decoder.unkeyedCount == 0)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(title, for: Key.title)
            try encoder.encode(values)
            try encoder.encode(flag, for: Key.flag)
            try encoder.encodeIfPresent(note, for: Key.note)
            try encoder.encode(values.count)
        }
    }
}
