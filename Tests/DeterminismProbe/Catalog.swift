import GraphCodable

/// A model holding every kind of unordered collection an archive can store: sets and
/// dictionaries packed or field by field, nested, of class references (with cycles), keyed
/// by user types. Built the same in every process, its archive differs from process to
/// process unless it is encoded deterministically.
struct Catalog: GCodable, Equatable {
    var words: Set<String>
    var numbers: Set<Int>
    var index: [String: [Int]]
    var nested: [Coordinate: [String: Set<Int>]]
    var sets: Set<Set<String>>
    var tags: Set<Tag>
    var byTag: [Tag: String]
    var byColour: [Colour: Double]
    var measures: [Int: Double]

    /// The same catalog in every process.
    static func sample() -> Catalog {
        let tags = (0 ..< 40).map { Tag(name: "tag \($0)", weight: $0 % 7) }
        for (position, tag) in tags.enumerated() {
            tag.related = [tags[(position + 1) % tags.count], tags[(position * 7 + 3) % tags.count]]
        }
        let words = (0 ..< 200).map { "word \($0)" }
        return Catalog(
            words: Set(words),
            numbers: Set((0 ..< 300).map { $0 * 37 - 4000 }),
            index: Dictionary(uniqueKeysWithValues: words.prefix(60).enumerated().map { ($1, Array(0 ... $0 % 5)) }),
            nested: Dictionary(
                uniqueKeysWithValues: (0 ..< 30).map { position in
                    (
                        Coordinate(x: position % 6, y: position / 6),
                        ["a\(position)": Set([position, position * 2]), "b": Set(0 ..< position % 4), "c": []]
                    )
                }),
            sets: Set((0 ..< 25).map { position in Set(words.prefix(position % 9).map { $0 + "/\(position)" }) }),
            tags: Set(tags),
            byTag: Dictionary(uniqueKeysWithValues: tags.prefix(20).map { ($0, $0.name.uppercased()) }),
            byColour: [.red: 1.5, .green: -0.0, .blue: .infinity, .violet: 42],
            measures: Dictionary(uniqueKeysWithValues: (0 ..< 100).map { ($0 * 3, Double($0) / 8) }))
    }

    private enum Key: String { case words, numbers, index, nested, sets, tags, byTag, byColour, measures }

    init(
        words: Set<String>, numbers: Set<Int>, index: [String: [Int]], nested: [Coordinate: [String: Set<Int>]],
        sets: Set<Set<String>>, tags: Set<Tag>, byTag: [Tag: String], byColour: [Colour: Double], measures: [Int: Double]
    ) {
        (self.words, self.numbers, self.index, self.nested, self.sets) = (words, numbers, index, nested, sets)
        (self.tags, self.byTag, self.byColour, self.measures) = (tags, byTag, byColour, measures)
    }

    init(from decoder: GDecoder) throws {
        words = try decoder.decode(for: Key.words)
        numbers = try decoder.decode(for: Key.numbers)
        index = try decoder.decode(for: Key.index)
        nested = try decoder.decode(for: Key.nested)
        sets = try decoder.decode(for: Key.sets)
        tags = try decoder.decode(for: Key.tags)
        byTag = try decoder.decode(for: Key.byTag)
        byColour = try decoder.decode(for: Key.byColour)
        measures = try decoder.decode(for: Key.measures)
    }

    func encode(to encoder: GEncoder) throws {
        try encoder.encode(words, for: Key.words)
        try encoder.encode(numbers, for: Key.numbers)
        try encoder.encode(index, for: Key.index)
        try encoder.encode(nested, for: Key.nested)
        try encoder.encode(sets, for: Key.sets)
        try encoder.encode(tags, for: Key.tags)
        try encoder.encode(byTag, for: Key.byTag)
        try encoder.encode(byColour, for: Key.byColour)
        try encoder.encode(measures, for: Key.measures)
    }

    /// Equal catalogs: equal values, and tags equal by their contents and their related
    /// tags' names (tags are compared by identity otherwise).
    static func == (lhs: Catalog, rhs: Catalog) -> Bool {
        func described(_ tags: some Sequence<Tag>) -> Set<String> { Set(tags.map(\.summary)) }
        return lhs.words == rhs.words && lhs.numbers == rhs.numbers && lhs.index == rhs.index && lhs.nested == rhs.nested
            && lhs.sets == rhs.sets && described(lhs.tags) == described(rhs.tags)
            && Set(lhs.byTag.map { $0.key.summary + "=" + $0.value }) == Set(rhs.byTag.map { $0.key.summary + "=" + $0.value })
            && lhs.byColour.mapValues(\.bitPattern) == rhs.byColour.mapValues(\.bitPattern)
            && lhs.measures == rhs.measures
    }
}

/// A dictionary key of a user type.
struct Coordinate: GCodable, Hashable {
    var x: Int
    var y: Int

    private enum Key: String { case x, y }

    init(x: Int, y: Int) { (self.x, self.y) = (x, y) }

    init(from decoder: GDecoder) throws {
        x = try decoder.decode(for: Key.x)
        y = try decoder.decode(for: Key.y)
    }

    func encode(to encoder: GEncoder) throws {
        try encoder.encode(x, for: Key.x)
        try encoder.encode(y, for: Key.y)
    }
}

/// A key with a raw value.
enum Colour: String, GCodable {
    case red, green, blue, violet
}

/// A class whose instances are set elements and dictionary keys by identity, and refer to
/// one another in cycles.
final class Tag: GCodable, Hashable {
    var name: String
    var weight: Int
    var related: Set<Tag> = []

    init(name: String, weight: Int) { (self.name, self.weight) = (name, weight) }

    /// The tag's contents and the names of its related tags.
    var summary: String { "\(name) \(weight) " + related.map(\.name).sorted().joined(separator: ",") }

    static func == (lhs: Tag, rhs: Tag) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    private enum Key: String { case name, weight, related }

    init(from decoder: GDecoder) throws {
        name = try decoder.decode(for: Key.name)
        weight = try decoder.decode(for: Key.weight)
        try decoder.deferDecode(for: Key.related) { self.related = $0 }
    }

    func encode(to encoder: GEncoder) throws {
        try encoder.encode(name, for: Key.name)
        try encoder.encode(weight, for: Key.weight)
        try encoder.encode(related, for: Key.related)
    }
}
