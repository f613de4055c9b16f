import Foundation
import GraphCodable

/// A plain `Codable` model, as users write them: a class hierarchy three deep whose
/// subclasses code their superclass with `superEncoder()` and `superDecoder()`, shared
/// instances, an enum with a raw value, an optional and a Foundation value.
enum CodableZoo {
    class Animal: Codable {
        var name: String
        init(name: String) { self.name = name }
    }

    class Dog: Animal {
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

    final class Puppy: Dog {
        var toys: [String]
        private enum CodingKeys: String, CodingKey { case toys }

        init(name: String, breed: String, toys: [String]) {
            self.toys = toys
            super.init(name: name, breed: breed)
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            toys = try container.decode([String].self, forKey: .toys)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(toys, forKey: .toys)
            try super.encode(to: container.superEncoder())
        }
    }

    enum Kind: String, Codable { case city, safari }

    struct Keeper: Codable, Equatable {
        var name: String
        var since: Date
    }

    struct Zoo: Codable {
        var animals: [Animal]
        var favourite: Animal
        var byName: [String: Animal]
        var kind: Kind
        var keeper: Keeper?
        var visitors: [Int]
    }

    static func sample() -> Zoo {
        let rex = Dog(name: "Rex", breed: "collie")
        let bit = Puppy(name: "Bit", breed: "beagle", toys: ["ball", "rope"])
        let animals = [Animal(name: "Leo"), rex, bit]
        return Zoo(
            animals: animals, favourite: rex, byName: Dictionary(uniqueKeysWithValues: animals.map { ($0.name, $0) }), kind: .city,
            keeper: Keeper(name: "Ada", since: Date(timeIntervalSince1970: 1_700_000_000)), visitors: [120, 340, 95])
    }
}
