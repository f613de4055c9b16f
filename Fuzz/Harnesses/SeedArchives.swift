import Foundation
import GraphCodable

/// Archives of every node kind and native type, in both internal layouts, with and without
/// a checksum: the seeds of the archive harnesses.
enum SeedArchives {
    static var all: [[UInt8]] {
        var seeds: [[UInt8]] = []
        func add<Value: GEncodable>(_ value: Value, checksummed: Bool = true) {
            guard let bytes = try? GraphEncoder(checksummed ? [] : .omitChecksum).encode(value) as Bytes else { return }
            seeds.append(bytes)
            if let archive = try? GraphArchive(bytes: bytes),
                let converted = try? archive.converted(internalBinaryIOVersion: 2, userBinaryIOVersion: nil, registry: FuzzModel.registry)
            {
                seeds.append((try? converted.bytes()) ?? [])
            }
        }
        add(true)
        add(-7)
        add(Int8.min)
        add(UInt64.max)
        add(Int128.min)
        add(3.25 as Float)
        add(-0.0)
        add(Double.nan)
        add("a string, é, 🙂")
        add("x" as Character)
        add(Data([0, 1, 2, 255]))
        add(Date(timeIntervalSinceReferenceDate: 1e9))
        add(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
        add(URL(string: "https://example.com/a?b#c")!)
        add(Decimal(string: "-12.5e-3")!)
        add(IndexSet([1, 2, 3, 10, 11]))
        add(IndexPath(indexes: [0, 4, 2]))
        add(DateComponents(calendar: Calendar(identifier: .gregorian), year: 2026, month: 11, day: 25, hour: 4))
        add(TimeZone(secondsFromGMT: 3661)!)
        add(Locale(identifier: "fr_FR"))
        add(CharacterSet(charactersIn: "abcxyz🙂"))
        add(Measurement(value: 1.5, unit: UnitLength.kilometers))
        add(URLComponents(string: "https://user@host:8080/p?q=1#f")!)
        add(PersonNameComponents(givenName: "Ada", familyName: "Lovelace"))
        add(CGRect(x: 1, y: 2, width: 3, height: 4))
        add(SIMD4<Float>(1, 2, 3, 4))
        add(3 ..< 9)
        add("a" ... "z")
        add([1, 2, 3], checksummed: false)
        add(["a": [1.5, 2], "b": []] as [String: [Double]])
        add(Set(["x", "y"]))
        add([1, nil, 3] as [Int?])
        add([[1], nil, [2, 3]] as [[Int]?])
        add([.some(nil), nil, 1] as [Int??])
        add([SIMD2<Double>(1, 2), SIMD2(3, 4)])
        add(FuzzModel.team(size: 6, seed: 1))
        add(FuzzModel.team(size: 6, seed: 1), checksummed: false)
        add([FuzzModel.Reading(sensor: 1, value: 2)])
        add(FuzzModel.Blob(bytes: [1, 2, 3]))
        return seeds
    }
}
