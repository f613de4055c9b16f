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

    class Pet: Codable {
        var name: String
        init(name: String) { self.name = name }
    }

    final class Cat: Pet {
        var indoor: Bool
        init(name: String, indoor: Bool) {
            self.indoor = indoor
            super.init(name: name)
        }

        private enum CodingKeys: String, CodingKey { case indoor }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            indoor = try container.decode(Bool.self, forKey: .indoor)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(indoor, forKey: .indoor)
            try super.encode(to: container.superEncoder())
        }
    }

    struct Household: Codable {
        var pets: [Pet]
        var favourite: Pet
    }

    @Test func codableTypesKeepTheirClassesAndSharing() throws {
        let tom = Cat(name: "Tom", indoor: true)
        let home = Household(pets: [Pet(name: "Rex"), tom], favourite: tom)
        let copy = try GraphDecoder().decode(Household.self, from: try GraphEncoder().encode(home) as Bytes)
        #expect(copy.pets[1] is Cat && copy.favourite === copy.pets[1])
        #expect((copy.favourite as? Cat)?.indoor == true && copy.pets.map(\.name) == ["Rex", "Tom"])
    }
}
