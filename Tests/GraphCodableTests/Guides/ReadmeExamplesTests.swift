import GraphCodable
import Testing

/// The README's examples, as written there: they compile and do what it says.
@Suite struct ReadmeExamplesTests {
    class Animal: GCodable {
        var name: String
        init(name: String) { self.name = name }

        private enum Key: String { case name }

        required init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
        }
    }

    final class Dog: Animal {
        var breed: String
        init(name: String, breed: String) {
            self.breed = breed
            super.init(name: name)
        }

        private enum Key: String { case breed }

        required init(from decoder: GDecoder) throws {
            breed = try decoder.decode(for: Key.breed)
            try super.init(from: decoder)
        }

        override func encode(to encoder: GEncoder) throws {
            try super.encode(to: encoder)
            try encoder.encode(breed, for: Key.breed)
        }
    }

    @Test func aSubclassEncodesAndDecodesThroughItsSuperclass() throws {
        let pets: [Animal] = [Dog(name: "Rex", breed: "collie"), Animal(name: "Tom")]
        let back = try GraphDecoder().decode([Animal].self, from: try GraphEncoder().encode(pets) as Bytes)
        #expect(back[0] is Dog)
        #expect((back[0] as? Dog)?.breed == "collie" && back[0].name == "Rex" && back[1].name == "Tom" && !(back[1] is Dog))
    }
}
