import Foundation
import GraphCodable
import SeededRandom
import Testing

/// Seeded random values of synthesized-Codable structs and enums with associated values,
/// edge cases among them: each comes back exactly (its deterministic archive, which holds
/// every bit of every number and string, is the original's).
@Suite struct CodableRoundTripTests {
    typealias Sources = ScalarSources

    struct Point: Codable, Equatable {
        var x: Double
        var y: Double
    }

    enum Unit: String, Codable { case millimetre, inch, point }

    enum Shape: Codable, Equatable {
        case circle(centre: Point, radius: Double)
        case polygon([Point])
        case label(String, size: Float?)
        case group(name: String, [Shape])
        case empty
    }

    struct Layer: Codable, Equatable {
        var visible: Bool
        var shapes: [Shape]
        var opacity: Float?
    }

    struct Drawing: Codable, Equatable {
        var title: String
        var unit: Unit
        var layers: [Layer]
        var byName: [String: Layer]
        var tags: Set<String>
        var origin: Point?
        var counts: [Int8: UInt64]
        var created: Date
        var grid: [[Point?]]
        var ids: [UUID]
    }

    static func point(_ generator: inout SplitMix64) -> Point {
        Point(x: Sources.doubles.random(&generator), y: Sources.doubles.random(&generator))
    }

    static func shape(_ generator: inout SplitMix64, depth: Int = 0) -> Shape {
        switch Int.random(in: 0 ..< (depth < 2 ? 5 : 4), using: &generator) {
        case 0: return .circle(centre: point(&generator), radius: Sources.doubles.random(&generator))
        case 1: return .polygon((0 ..< generator.count(upTo: 4)).map { _ in point(&generator) })
        case 2: return .label(Sources.strings.random(&generator), size: generator.chance(30) ? nil : Sources.floats.random(&generator))
        case 3: return .empty
        default:
            return .group(
                name: Sources.strings.random(&generator), (0 ..< generator.count(upTo: 3)).map { _ in shape(&generator, depth: depth + 1) })
        }
    }

    static func layer(_ generator: inout SplitMix64) -> Layer {
        Layer(
            visible: generator.chance(50), shapes: (0 ..< generator.count(upTo: 5)).map { _ in shape(&generator) },
            opacity: generator.chance(30) ? nil : Sources.floats.random(&generator))
    }

    static func drawing(_ generator: inout SplitMix64) -> Drawing {
        Drawing(
            title: Sources.strings.random(&generator), unit: generator.pick([.millimetre, .inch, .point]),
            layers: (0 ..< generator.count(upTo: 4)).map { _ in layer(&generator) },
            byName: Dictionary(
                (0 ..< generator.count(upTo: 3)).map { _ in (Sources.strings.random(&generator), layer(&generator)) },
                uniquingKeysWith: { a, _ in a }),
            tags: Sources.sets(of: Sources.strings).random(&generator),
            origin: generator.chance(30) ? nil : point(&generator),
            counts: Sources.dictionaries(Sources.integers(Int8.self), Sources.integers(UInt64.self)).random(&generator),
            created: Sources.dates.random(&generator),
            grid: (0 ..< generator.count(upTo: 3)).map { _ in
                (0 ..< generator.count(upTo: 3)).map { _ in generator.chance(30) ? nil : point(&generator) }
            },
            ids: (0 ..< generator.count(upTo: 3)).map { _ in Sources.uuids.random(&generator) })
    }

    static let edgeCases: [Drawing] = [
        Drawing(
            title: "", unit: .point, layers: [], byName: [:], tags: [], origin: nil, counts: [:], created: Date(timeIntervalSince1970: 0),
            grid: [], ids: []),
        Drawing(
            title: "\u{0}é\u{301}👍🏽", unit: .inch,
            layers: [
                Layer(
                    visible: true, shapes: Sources.doubleEdgeCases.map { .circle(centre: Point(x: $0, y: -$0), radius: $0) }, opacity: .nan)
            ],
            byName: ["": Layer(visible: false, shapes: [.empty, .group(name: "g", [.group(name: "h", [])])], opacity: -0.0)],
            tags: ["e\u{301}", "é"], origin: Point(x: -0.0, y: .signalingNaN), counts: [.min: .max, .max: 0],
            created: Date(timeIntervalSinceReferenceDate: -.greatestFiniteMagnitude), grid: [[nil], [], [Point(x: 1, y: 2), nil]],
            ids: [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))]),
    ]

    @Test(arguments: [GraphEncoder.Options(), .deterministic, .fixedWidthIntegers, .disableIdentity])
    func seededDrawingsComeBackExactly(options: GraphEncoder.Options) throws {
        var generator = SplitMix64(seed: 53)
        let drawings = Self.edgeCases + (0 ..< 150).map { _ in Self.drawing(&generator) }
        let exact = GraphEncoder(.deterministic)
        for drawing in drawings {
            let bytes = try GraphEncoder(options).encode(drawing) as Bytes
            let back = try GraphDecoder().decode(Drawing.self, from: bytes)
            #expect(try exact.encode(back) as Bytes == exact.encode(drawing) as Bytes)
            #expect(GraphDecoder().validate(bytes).isValid)
        }
    }

    /// Arrays, optionals, sets and dictionaries of Codable values, nested, at the root.
    @Test func codableCollectionsAtTheRoot() throws {
        var generator = SplitMix64(seed: 7)
        let shapes = (0 ..< 40).map { _ in Self.shape(&generator) }
        let nested: [[Shape?]?] = [nil, [], [nil, .empty], shapes.map { $0 }]
        let back = try GraphDecoder().decode([[Shape?]?].self, from: try GraphEncoder().encode(nested) as Bytes)
        #expect(try GraphEncoder(.deterministic).encode(back) as Bytes == GraphEncoder(.deterministic).encode(nested) as Bytes)
        let doubleOptional: [Shape??] = [.some(nil), nil, .empty]
        let readBack = try GraphDecoder().decode([Shape??].self, from: try GraphEncoder().encode(doubleOptional) as Bytes)
        #expect(readBack.count == 3 && readBack[0] == .some(nil) && readBack[1] == nil && readBack[2] == .some(.empty))
    }
}
