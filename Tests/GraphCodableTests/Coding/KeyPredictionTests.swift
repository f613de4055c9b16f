import Foundation
import GraphCodable
import SeededRandom
import Testing

/// Sessions predict the id of each key from the keys earlier values of the same type used,
/// and know keys whose values are plain bytes (case-only enums) again by their type and
/// bytes. Predictions that miss must still find the right key.
@Suite struct KeyPredictionTests {
    /// Two key types whose cases have the same bytes but other names.
    enum First: String { case one, two, three }
    enum Second: String { case uno, dos, tres }

    /// A key type with a hand-written `rawValue`.
    enum Spelled: RawRepresentable {
        case small, large
        init?(rawValue: String) {
            switch rawValue {
            case "s": self = .small
            case "l": self = .large
            default: return nil
            }
        }
        var rawValue: String {
            switch self {
            case .small: return "s"
            case .large: return "l"
            }
        }
    }

    /// Plain bytes of sizes 2 and 3 (the latter is compared by its name).
    struct Numbered: RawRepresentable {
        var number: UInt16
        init(_ number: UInt16) { self.number = number }
        init?(rawValue: String) {
            guard rawValue.hasPrefix("n"), let number = UInt16(rawValue.dropFirst()) else { return nil }
            self.number = number
        }
        var rawValue: String { "n\(number)" }
    }

    struct Triple: RawRepresentable {
        var bytes: (UInt8, UInt8, UInt8)
        init(_ a: UInt8, _ b: UInt8, _ c: UInt8) { bytes = (a, b, c) }
        init?(rawValue: String) {
            let parts = rawValue.split(separator: "-").compactMap { UInt8($0) }
            guard parts.count == 3 else { return nil }
            bytes = (parts[0], parts[1], parts[2])
        }
        var rawValue: String { "\(bytes.0)-\(bytes.1)-\(bytes.2)" }
    }

    /// A key that is no plain bytes.
    struct Named: RawRepresentable {
        var rawValue: String
    }

    /// A value whose fields use one key type or another, in an order and number that
    /// change from value to value.
    struct Shifting: GCodable, Equatable {
        var style: Int
        var numbers: [Int]

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(style, for: Named(rawValue: "style"))
            for (index, number) in numbers.enumerated() {
                switch style {
                case 0: try encoder.encode(number, for: [First.one, .two, .three][index])
                case 1: try encoder.encode(number, for: [Second.uno, .dos, .tres][index])
                case 2: try encoder.encode(number, for: [First.three, .two, .one][index])
                case 3: try encoder.encode(number, for: [Spelled.large, .small][index])
                case 4: try encoder.encode(number, for: Numbered(UInt16(300 + index)))
                case 5: try encoder.encode(number, for: Triple(1, UInt8(index), 2))
                default: try encoder.encode(number, for: Named(rawValue: "named\(index)"))
                }
            }
        }

        init(style: Int, numbers: [Int]) {
            self.style = style
            self.numbers = numbers
        }

        init(from decoder: GDecoder) throws {
            style = try decoder.decode(for: Named(rawValue: "style"))
            numbers = []
            for index in 0 ..< 3 {
                let number: Int?
                switch style {
                case 0: number = try decoder.decodeIfPresent(for: [First.one, .two, .three][index])
                case 1: number = try decoder.decodeIfPresent(for: [Second.uno, .dos, .tres][index])
                case 2: number = try decoder.decodeIfPresent(for: [First.three, .two, .one][index])
                case 3: number = index < 2 ? try decoder.decodeIfPresent(for: [Spelled.large, .small][index]) : nil
                case 4: number = try decoder.decodeIfPresent(for: Numbered(UInt16(300 + index)))
                case 5: number = try decoder.decodeIfPresent(for: Triple(1, UInt8(index), 2))
                default: number = try decoder.decodeIfPresent(for: Named(rawValue: "named\(index)"))
                }
                guard let number else { break }
                numbers.append(number)
            }
        }
    }

    @Test func keysOfEveryKindAreFoundWhateverTheOrderOfValues() throws {
        var generator = SplitMix64(seed: 41)
        let values = (0 ..< 400).map { _ in
            let style = Int.random(in: 0 ... 6, using: &generator)
            let most = style == 3 ? 2 : 3
            return Shifting(
                style: style,
                numbers: (0 ..< Int.random(in: 0 ... most, using: &generator)).map { _ in Int.random(in: -999 ... 999, using: &generator) })
        }
        let archive = try GraphEncoder().encode(values) as Data
        #expect(try GraphDecoder().decode([Shifting].self, from: archive) == values)
        let dump = try GraphDecoder().dump(from: archive, options: .fullInfo)
        for name in ["one", "uno", "three", "tres", "s", "l", "n301", "1-2-2", "named0", "style"] {
            #expect(dump.contains(name), "\(name)")
        }
    }
}
