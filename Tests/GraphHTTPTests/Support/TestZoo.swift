import Foundation
import GraphCodable

extension TestModels {
    /// A plain `Codable` class, and a subclass that codes its superclass with `superEncoder()`.
    class Pet: Codable {
        var name: String
        init(name: String) { self.name = name }
    }

    final class Cat: Pet {
        var lives: Int
        private enum CodingKeys: String, CodingKey { case lives }

        init(name: String, lives: Int) {
            self.lives = lives
            super.init(name: name)
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            lives = try container.decode(Int.self, forKey: .lives)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lives, forKey: .lives)
            try super.encode(to: container.superEncoder())
        }
    }

    /// A plain `Codable` model whose cat is shared by the list and the favourite.
    struct Shelter: Codable {
        var pets: [Pet]
        var favourite: Pet
    }

    static var shelterArchive: [UInt8] {
        let cat = Cat(name: "Tom", lives: 9)
        return (try? GraphEncoder().encode(Shelter(pets: [Pet(name: "Rex"), cat], favourite: cat)) as Bytes) ?? []
    }
}
