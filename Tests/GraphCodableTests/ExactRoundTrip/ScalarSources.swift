import Foundation
import SeededRandom

extension SplitMix64 {
    mutating func pick<Element>(_ elements: [Element]) -> Element { elements[Int.random(in: 0 ..< elements.count, using: &self)] }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0 ..< 100, using: &self) < percent }
    mutating func count(upTo maximum: Int) -> Int { Int.random(in: 0 ... maximum, using: &self) }
}

/// Sources of standard library values: every bit pattern class of numbers, text from every
/// part of Unicode, containers of them.
enum ScalarSources {
    static func integers<Integer: FixedWidthInteger>(_: Integer.Type) -> ValueSource<Integer> {
        ValueSource(edgeCases: [.min, .max, 0, 1, .max - 1, .min + 1] + (Integer.isSigned ? [-1] : [])) { generator in
            generator.chance(30)
                ? Integer(truncatingIfNeeded: Int.random(in: -300 ... 300, using: &generator))
                : .random(in: .min ... .max, using: &generator)
        }
    }

    static let doubleEdgeCases: [Double] = [
        0, -0.0, .infinity, -.infinity, .nan, -.nan, .signalingNaN, Double(bitPattern: 0x7FF8_0000_0000_0001),
        Double(bitPattern: 0xFFF0_0000_0000_0001), .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, .leastNormalMagnitude, .ulpOfOne, .pi, 0.1, 1e300, -1e-300,
    ]

    static var doubles: ValueSource<Double> {
        ValueSource(edgeCases: doubleEdgeCases) { generator in
            generator.chance(50) ? Double(bitPattern: generator.next()) : Double.random(in: -1e6 ... 1e6, using: &generator)
        }
    }

    static var floats: ValueSource<Float> {
        ValueSource(edgeCases: doubleEdgeCases.map { Float($0) } + [Float(bitPattern: 0x7FC0_0001), Float(bitPattern: 0xFF80_0001)]) {
            generator in
            Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
        }
    }

    static var cgFloats: ValueSource<CGFloat> {
        ValueSource(edgeCases: doubleEdgeCases.map { CGFloat($0) }) { generator in CGFloat(Double(bitPattern: generator.next())) }
    }

    #if !(os(macOS) && arch(x86_64))
    static var halves: ValueSource<Float16> {
        ValueSource(edgeCases: [Float16.nan, -.nan, -0.0, .infinity, .leastNonzeroMagnitude]) { generator in
            Float16(bitPattern: UInt16(truncatingIfNeeded: generator.next()))
        }
    }

    /// Packed arrays of `Float16`, the first holding every bit pattern.
    static var halfArrays: ValueSource<[Float16]> {
        ValueSource(edgeCases: [(0 ... UInt16.max).map { Float16(bitPattern: $0) }], random: arrays(of: halves).random)
    }
    #endif

    /// Scalars from ASCII (controls and NUL too), Latin, combining marks, CJK, emoji and the
    /// astral planes, so that canonically equivalent strings come up.
    private static let scalarPools: [ClosedRange<UInt32>] = [
        0x00 ... 0x7F, 0x41 ... 0x7A, 0xC0 ... 0x17F, 0x300 ... 0x36F, 0x1100 ... 0x11FF, 0x4E00 ... 0x4E40,
        0xAC00 ... 0xAC40, 0x1F300 ... 0x1F6FF, 0x1F1E6 ... 0x1F1FF, 0xE000 ... 0xE010, 0x10000 ... 0x10FFFF,
    ]

    static func randomString(_ generator: inout SplitMix64, maximumLength: Int = 24) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0 ..< generator.count(upTo: maximumLength) {
            let pool = generator.pick(scalarPools)
            if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    static var strings: ValueSource<String> {
        ValueSource(
            edgeCases: ["", "é", "e\u{301}", "\r\n", "\0", "👨‍👩‍👧", "🇮🇹", "\u{10FFFF}", String(repeating: "long é ", count: 150_000)]
        ) { generator in randomString(&generator) }
    }

    static var characters: ValueSource<Character> {
        ValueSource<Character>(edgeCases: ["a", "é", "e\u{301}", "\r\n", "👨‍👩‍👧", "\u{301}"]) { generator in
            var text = ""
            while text.isEmpty { text = randomString(&generator, maximumLength: 4) }
            return text.first!
        }
    }

    static var data: ValueSource<Data> {
        ValueSource(edgeCases: [Data(), Data(0 ... 255)]) { generator in
            Data((0 ..< generator.count(upTo: 100)).map { _ in UInt8.random(in: 0 ... 255, using: &generator) })
        }
    }

    static var dates: ValueSource<Date> {
        ValueSource(edgeCases: doubleEdgeCases.map { Date(timeIntervalSinceReferenceDate: $0) } + [.distantPast, .distantFuture]) {
            generator in
            Date(timeIntervalSinceReferenceDate: doubles.random(&generator))
        }
    }

    static var uuids: ValueSource<UUID> {
        ValueSource(edgeCases: [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))]) { generator in
            var bytes = uuid_t(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &bytes) { buffer in
                for index in buffer.indices { buffer[index] = UInt8.random(in: 0 ... 255, using: &generator) }
            }
            return UUID(uuid: bytes)
        }
    }

    static var decimals: ValueSource<Decimal> {
        ValueSource(
            edgeCases: [
                Decimal(0), .nan, .greatestFiniteMagnitude, .leastFiniteMagnitude, .leastNonzeroMagnitude, Decimal(string: "1.0")!,
                Decimal(string: "1.00")!,
            ]
        ) { generator in
            let digits = (0 ..< 1 + generator.count(upTo: 37)).map { _ in String(Int.random(in: 0 ... 9, using: &generator)) }.joined()
            return Decimal(string: (generator.chance(50) ? "-" : "") + digits + "e\(Int.random(in: -90 ... 90, using: &generator))")!
        }
    }

    static var rects: ValueSource<CGRect> {
        ValueSource<CGRect> { generator in
            CGRect(
                x: doubles.random(&generator), y: doubles.random(&generator), width: doubles.random(&generator),
                height: doubles.random(&generator))
        }
    }

    static func arrays<Element>(of element: ValueSource<Element>, maximumCount: Int = 12) -> ValueSource<[Element]> {
        ValueSource(edgeCases: [[], element.edgeCases()]) { generator in
            (0 ..< generator.count(upTo: maximumCount)).map { _ in element.random(&generator) }
        }
    }

    static func optionals<Wrapped>(of wrapped: ValueSource<Wrapped>) -> ValueSource<Wrapped?> {
        ValueSource(edgeCases: [nil] + wrapped.edgeCases().map { $0 }) { generator in
            generator.chance(25) ? nil : wrapped.random(&generator)
        }
    }

    static func sets<Element: Hashable>(of element: ValueSource<Element>) -> ValueSource<Set<Element>> {
        let array = arrays(of: element, maximumCount: 20)
        return ValueSource(edgeCases: array.edgeCases().map { Set($0) }) { generator in Set(array.random(&generator)) }
    }

    static func dictionaries<Key: Hashable, Value>(_ key: ValueSource<Key>, _ value: ValueSource<Value>) -> ValueSource<[Key: Value]> {
        ValueSource(edgeCases: [[:], keyEdgeCases(key, value)]) { generator in
            Dictionary(
                (0 ..< generator.count(upTo: 12)).map { _ in (key.random(&generator), value.random(&generator)) },
                uniquingKeysWith: { a, _ in a })
        }
    }

    /// A dictionary whose keys are all the key edge cases.
    private static func keyEdgeCases<Key: Hashable, Value>(_ key: ValueSource<Key>, _ value: ValueSource<Value>) -> [Key: Value] {
        var generator = SplitMix64(seed: 0)
        return Dictionary(key.edgeCases().map { ($0, value.random(&generator)) }, uniquingKeysWith: { first, _ in first })
    }

    static func ranges<Bound: Comparable>(of bound: ValueSource<Bound>) -> ValueSource<Range<Bound>> {
        let pairs = ValueSource<(Bound, Bound)> { generator in (bound.random(&generator), bound.random(&generator)) }
        return ValueSource { generator in
            var (a, b) = pairs.random(&generator)
            while !(a <= b || b <= a) { (a, b) = pairs.random(&generator) }
            return b < a ? b ..< a : a ..< b
        }
    }

    static func closedRanges<Bound: Comparable>(of bound: ValueSource<Bound>) -> ValueSource<ClosedRange<Bound>> {
        let open = ranges(of: bound)
        return ValueSource { generator in
            let range = open.random(&generator)
            return range.lowerBound ... range.upperBound
        }
    }
}
