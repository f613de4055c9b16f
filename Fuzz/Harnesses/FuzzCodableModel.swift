import Foundation
import GraphCodable

/// A plain `Codable` model, decoded through the bridge: a class hierarchy whose subclass
/// codes its superclass with `superDecoder()`, shared instances, a dictionary, optionals,
/// an enum with a raw value, an enum with associated values, nested and unkeyed containers.
enum FuzzCodableModel {
    static let registry = GTypeRegistry([Pet.self, Cat.self, Home.self])

    class Pet: Codable {
        var name: String
        var tags: [String: Int]
        init(name: String, tags: [String: Int]) {
            self.name = name
            self.tags = tags
        }
    }

    final class Cat: Pet {
        var lives: Int8
        var toy: Toy?
        private enum CodingKeys: String, CodingKey { case lives, toy }

        init(name: String, lives: Int8, toy: Toy?) {
            self.lives = lives
            self.toy = toy
            super.init(name: name, tags: ["lives": Int(lives)])
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            lives = try container.decode(Int8.self, forKey: .lives)
            toy = try container.decodeIfPresent(Toy.self, forKey: .toy)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lives, forKey: .lives)
            try container.encodeIfPresent(toy, forKey: .toy)
            try super.encode(to: container.superEncoder())
        }
    }

    enum Toy: Codable, Equatable {
        case ball(size: Double)
        case mouse(String, squeaks: Bool)
        case nothing
    }

    enum Room: String, Codable { case kitchen, garden }

    struct Home: Codable {
        var pets: [Pet]
        var favourite: Pet?
        var byRoom: [Room: [Pet]]
        var grid: [[Int?]]
        var visits: Set<Int>
    }

    static func home(size: Int) -> Home {
        var pets: [Pet] = []
        for index in 0 ..< size {
            guard index % 2 == 0 else {
                pets.append(Pet(name: "pet \(index)", tags: [:]))
                continue
            }
            let toy: Toy = index % 3 == 0 ? .ball(size: Double(index)) : .mouse("m", squeaks: true)
            pets.append(Cat(name: "cat \(index)", lives: Int8(index % 9), toy: toy))
        }
        let cats = pets.filter { $0 is Cat }
        return Home(
            pets: pets, favourite: pets.first, byRoom: [.kitchen: cats, .garden: pets], grid: [[1, nil], [], [3]], visits: Set(0 ..< size))
    }
}
