import Foundation
import GraphCodable

extension SampleModels {
    /// An animal of the zoo sample: a plain `Codable` class, coded by the conformance the
    /// compiler writes.
    class Animal: Codable {
        var name: String
        init(name: String) { self.name = name }
    }

    /// A subclass coding its superclass's fields with `superEncoder()`, as Codable subclasses do.
    final class Dog: Animal {
        var breed: String
        private enum CodingKeys: String, CodingKey { case breed }

        init(name: String, breed: String) {
            self.breed = breed
            super.init(name: name)
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            breed = try container.decode(String.self, forKey: .breed)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
            try super.encode(to: container.superEncoder())
        }
    }

    /// A plain `Codable` model: its animals are shared between the list, the favourite and
    /// the index by name, and a `Dog` comes back a `Dog`.
    struct Zoo: Codable {
        enum Kind: String, Codable { case city, safari }

        var name: String
        var kind: Kind
        var opened: Date
        var animals: [Animal]
        var favourite: Animal
        var byName: [String: Animal]

        /// Three animals, one a `Dog`, which is also the favourite.
        static func sample() -> Zoo {
            let rex = Dog(name: "Rex", breed: "collie")
            let animals = [Animal(name: "Leo"), rex, Animal(name: "Kiwi")]
            return Zoo(
                name: "City Zoo", kind: .city, opened: Date(timeIntervalSince1970: 1_700_000_000), animals: animals, favourite: rex,
                byName: Dictionary(uniqueKeysWithValues: animals.map { ($0.name, $0) }))
        }
    }
}
