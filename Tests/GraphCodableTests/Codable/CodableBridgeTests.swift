import Foundation
import GraphCodable
import Testing

/// The Codable bridge: plain `Codable` models archived with their identity and classes.
@Suite struct CodableBridgeTests {
    typealias Zoo = CodableZoo

    @Test func zooComesBackAsTheSameGraph() throws {
        let bytes = try GraphEncoder().encode(Zoo.sample()) as Bytes
        let back = try GraphDecoder().decode(Zoo.Zoo.self, from: bytes)
        #expect(back.animals.map(\.name) == ["Leo", "Rex", "Bit"])
        #expect(type(of: back.animals[0]) == Zoo.Animal.self)
        #expect(type(of: back.animals[1]) == Zoo.Dog.self)
        let puppy = try #require(back.animals[2] as? Zoo.Puppy)
        #expect(puppy.toys == ["ball", "rope"] && puppy.breed == "beagle" && puppy.name == "Bit")
        #expect(back.favourite === back.animals[1])
        #expect(back.byName["Rex"] === back.animals[1])
        #expect(back.byName["Bit"] === back.animals[2])
        #expect(back.kind == .city)
        #expect(back.keeper == Zoo.Keeper(name: "Ada", since: Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(back.visitors == [120, 340, 95])
        #expect(GraphDecoder().validate(bytes).isValid)
        print(try GraphDecoder().dump(from: bytes))
    }
}

extension CodableBridgeTests {
    // MARK: Mixing with GCodable

    /// A `GCodable` class, shared by two fields of a Codable struct.
    final class Tag: GCodable {
        let label: String
        init(_ label: String) { self.label = label }
        func encode(to encoder: GEncoder) throws { try encoder.encode(label) }
        init(from decoder: GDecoder) throws { label = try decoder.decode() }
    }

    struct Labelled: Codable {
        var first: Tag
        var second: Tag
        var all: [Tag]

        enum CodingKeys: String, CodingKey { case first, second, all }

        init(tag: Tag) {
            first = tag
            second = tag
            all = [tag, Tag("other")]
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(CodableTag(first), forKey: .first)
            try container.encode(CodableTag(second), forKey: .second)
            try container.encode(all.map(CodableTag.init), forKey: .all)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            first = try container.decode(CodableTag.self, forKey: .first).tag
            second = try container.decode(CodableTag.self, forKey: .second).tag
            all = try container.decode([CodableTag].self, forKey: .all).map(\.tag)
        }
    }

    /// A Codable wrapper around a `GCodable` class: its single value is coded the GraphCodable way.
    struct CodableTag: Codable {
        var tag: Tag
        init(_ tag: Tag) { self.tag = tag }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(GraphCodableBox(tag))
        }
        init(from decoder: any Decoder) throws { tag = try decoder.singleValueContainer().decode(GraphCodableBox<Tag>.self).value }
    }

    /// A value both GCodable and Codable, whose two codings differ: the GraphCodable one wins.
    struct GraphCodableBox<Value: GCodable>: GCodable, Codable {
        var value: Value
        init(_ value: Value) { self.value = value }
        func encode(to encoder: GEncoder) throws { try encoder.encode(value, for: Key.graph) }
        init(from decoder: GDecoder) throws { value = try decoder.decode(for: Key.graph) }
        func encode(to encoder: any Encoder) throws { Issue.record("the Codable coding ran") }
        init(from decoder: any Decoder) throws { throw CancellationError() }
        enum Key: String { case graph }
    }

    @Test func gcodableInsideCodableKeepsIdentity() throws {
        let bytes = try GraphEncoder().encode(Labelled(tag: Tag("shared"))) as Bytes
        let back = try GraphDecoder().decode(Labelled.self, from: bytes)
        #expect(back.first === back.second && back.all[0] === back.first)
        #expect(back.all.map(\.label) == ["shared", "other"])
        #expect(try GraphDecoder().dump(from: bytes).contains("\"graph\""))
    }

    /// A `GCodable` team whose players are Codable classes that point back at it: the team
    /// defers its link to them, so the cycle decodes.
    final class Team: GCodable {
        var name: String
        var players: [Player] = []
        init(name: String) { self.name = name }
        enum Key: String { case name, players }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(players, for: Key.players)
        }
        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            try decoder.deferDecode(for: Key.players) { [unowned self] (players: [Player]) in self.players = players }
        }
    }

    final class Player: Codable {
        var name: String
        var team: Team
        init(name: String, team: Team) {
            self.name = name
            self.team = team
        }
        enum CodingKeys: String, CodingKey { case name, team }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(TeamLink(team), forKey: .team)
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            team = try container.decode(TeamLink.self, forKey: .team).team
        }
    }

    /// The team as a Codable value holds it: the GraphCodable way.
    struct TeamLink: Codable {
        var team: Team
        init(_ team: Team) { self.team = team }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(GraphCodableBox(team))
        }
        init(from decoder: any Decoder) throws { team = try decoder.singleValueContainer().decode(GraphCodableBox<Team>.self).value }
    }

    @Test func cycleThroughDeferringGCodableDecodes() throws {
        let team = Team(name: "Rovers")
        team.players = [Player(name: "Ann", team: team), Player(name: "Bo", team: team)]
        let bytes = try GraphEncoder().encode(team) as Bytes
        let back = try GraphDecoder().decode(Team.self, from: bytes)
        #expect(back.players.map(\.name) == ["Ann", "Bo"])
        #expect(back.players.allSatisfy { $0.team === back })
    }

    /// A `GCodable` struct holding Codable values, keyed and unkeyed, optional and deferred.
    struct Enclosure: GCodable {
        var zoo: CodableZoo.Zoo
        var extra: CodableZoo.Animal?
        var keeper: CodableZoo.Keeper?
        enum Key: String { case zoo, extra, keeper }
        init(zoo: CodableZoo.Zoo) {
            self.zoo = zoo
            extra = zoo.animals[2]
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(zoo, for: Key.zoo)
            try encoder.encodeConditional(extra, for: Key.extra)
            try encoder.encodeIfPresent(keeper, for: Key.keeper)
            try encoder.encode(zoo.kind)
        }
        init(from decoder: GDecoder) throws {
            zoo = try decoder.decode(for: Key.zoo)
            extra = try decoder.decodeIfPresent(for: Key.extra)
            keeper = try decoder.decodeIfPresent(for: Key.keeper)
            let kind: CodableZoo.Kind = try decoder.decode()
            #expect(kind == zoo.kind)
        }
    }

    @Test func codableInsideGCodable() throws {
        let bytes = try GraphEncoder().encode(Enclosure(zoo: Zoo.sample())) as Bytes
        let back = try GraphDecoder().decode(Enclosure.self, from: bytes)
        #expect(back.extra === back.zoo.animals[2] && back.extra is Zoo.Puppy)
        #expect(back.keeper == nil)
    }

    // MARK: Secure and trusted modes

    @Test func secureModeTakesRegisteredCodableClasses() throws {
        let bytes = try GraphEncoder().encode(Zoo.sample()) as Bytes
        let registry = GTypeRegistry([Zoo.Animal.self, Zoo.Dog.self, Zoo.Puppy.self])
        let back = try GraphDecoder(registry: registry).decode(Zoo.Zoo.self, from: bytes)
        #expect(back.animals[2] is Zoo.Puppy)
        #expect(GraphDecoder(registry: registry).decodingReport == nil)
        #expect(registry.type(named: "Puppy") == Zoo.Puppy.self)

        let partial = GTypeRegistry([Zoo.Animal.self, Zoo.Dog.self])
        #expect {
            _ = try GraphDecoder(registry: partial).decode(Zoo.Zoo.self, from: bytes)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["animals", "Index 2"]
                && context.debugDescription.contains("Puppy") && context.debugDescription.contains("registry")
        }
    }

    // MARK: Cycles

    final class Link: Codable {
        var name: String
        var next: Link?
        init(_ name: String) { self.name = name }
    }

    @Test func codableCycleIsRefusedNamingItsTypes() throws {
        let a = Link("a"), b = Link("b")
        a.next = b
        b.next = a
        #expect {
            _ = try GraphEncoder().encode(a) as Bytes
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            let text = "\(context.underlyingError ?? error)"
            return text.contains("Link → Link → Link") && context.codingPath.map(\.stringValue) == ["next", "next"]
        }
        // A conditional link to an object on the path is a cycle too; elsewhere it is not.
        b.next = nil
        #expect(try GraphDecoder().decode(Link.self, from: try GraphEncoder().encode(a) as Bytes).next?.name == "b")
    }

    /// Identity under options: without identity, shared objects are stored twice.
    @Test func identityFollowsTheEncoderOptions() throws {
        let zoo = Zoo.sample()
        let back = try GraphDecoder().decode(Zoo.Zoo.self, from: try GraphEncoder(.disableIdentity).encode(zoo) as Bytes)
        #expect(back.favourite !== back.animals[1] && back.favourite.name == "Rex")
        // Without inheritance a Dog is read as the Animal the field holds, and its fields are a Dog's.
        #expect {
            _ = try GraphDecoder().decode(Zoo.Zoo.self, from: try GraphEncoder(.disableInheritance).encode(zoo) as Bytes)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error,
                let cause = context.underlyingError as? GCodableError
            else { return false }
            return key.stringValue == "name" && context.codingPath.map(\.stringValue) == ["animals", "Index 1"]
                && cause.context.pathText == "root.animals[1]" && cause.context.byteOffset != nil
        }
    }

    /// Deterministic encoding writes Codable sets and dictionaries in the canonical order.
    @Test func deterministicCodableCollections() throws {
        struct Key: Codable, Hashable { var name: String }
        struct Bag: Codable {
            var keys: Set<Key>
            var values: [Key: [Key]]
        }
        let keys = (0 ..< 50).map { Key(name: "k\($0)") }
        let bag = Bag(keys: Set(keys), values: Dictionary(uniqueKeysWithValues: keys.map { ($0, [$0]) }))
        let reordered = Bag(keys: Set(keys.reversed()), values: Dictionary(uniqueKeysWithValues: keys.reversed().map { ($0, [$0]) }))
        let encoder = GraphEncoder(.deterministic)
        let bytes = try encoder.encode(bag) as Bytes
        #expect(try encoder.encode(reordered) as Bytes == bytes)
        let back = try GraphDecoder().decode(Bag.self, from: bytes)
        #expect(back.keys == bag.keys && back.values == bag.values)
    }

    /// Renaming a property while keeping its key reads old archives.
    @Test func renamedPropertyWithExplicitKey() throws {
        struct Old: Codable { var name: String }
        struct New: Codable {
            var fullName: String
            var nickname: String?
            enum CodingKeys: String, CodingKey {
                case fullName = "name"
                case nickname
            }
        }
        let back = try GraphDecoder().decode([New].self, from: try GraphEncoder().encode([Old(name: "Ada")]) as Bytes)
        #expect(back[0].fullName == "Ada" && back[0].nickname == nil)
    }

    /// Codable archives are ordinary archives: the type map and JSON form read them.
    @Test func inspectionToolsReadCodableArchives() throws {
        let bytes = try GraphEncoder().encode(Zoo.sample()) as Bytes
        let types = try GraphDecoder().typeMap(from: bytes)
        #expect(types.contains { $0.qualifiedName.hasSuffix("CodableZoo.Puppy") && $0.instances == 1 })
        let archive = try GraphArchive(bytes: bytes)
        let json = try archive.jsonData()
        #expect(try GraphArchive(json: json).bytes() == bytes)
        #expect(try GraphArchive.differences(from: bytes, to: bytes).differences.isEmpty)
    }
}

extension CodableBridgeTests {
    /// `encodeConditional` in Codable containers: the object is stored only if something
    /// else stores it, and reads as `nil` otherwise.
    struct Watch: Codable {
        var watched: Link?
        var owned: [Link]
        enum CodingKeys: String, CodingKey { case watched, owned }
        init(watched: Link?, owned: [Link]) {
            self.watched = watched
            self.owned = owned
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let watched { try container.encodeConditional(watched, forKey: .watched) }
            var owned = container.nestedUnkeyedContainer(forKey: .owned)
            for link in self.owned { try owned.encodeConditional(link) }
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            watched = try container.decodeIfPresent(Link.self, forKey: .watched)
            var owned = try container.nestedUnkeyedContainer(forKey: .owned)
            self.owned = []
            while !owned.isAtEnd {
                if try owned.decodeNil() { continue }
                self.owned.append(try owned.decode(Link.self))
            }
        }
    }

    @Test func conditionalReferences() throws {
        let kept = Link("kept"), dropped = Link("dropped")
        struct Both: Codable {
            var watch: Watch
            var strong: Link
        }
        let value = Both(watch: Watch(watched: kept, owned: [dropped, kept]), strong: kept)
        let back = try GraphDecoder().decode(Both.self, from: try GraphEncoder().encode(value) as Bytes)
        #expect(back.watch.watched === back.strong && back.strong.name == "kept")
        #expect(back.watch.owned.count == 1 && back.watch.owned[0] === back.strong)
        let alone = try GraphDecoder().decode(Watch.self, from: try GraphEncoder().encode(Watch(watched: dropped, owned: [])) as Bytes)
        #expect(alone.watched == nil)
    }
}
