import Foundation
import GraphCodable
import SwiftProtobuf

/// GraphCodable against swift-protobuf's binary format, in one process, on the shapes of
/// graph-benchmark: a tree of 13,700 nodes, 1,000,000 `Double` and 100,000 short
/// mixed-script strings. Each cell is protobuf's median time over GraphCodable's (above 1:
/// GraphCodable is ahead), from interleaved rounds; GraphCodable runs with its defaults
/// (checksum on), and its encoding without the checksum is timed too. Every decoded value
/// is checked equal to what was encoded.
let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 9

/// One workload: each side's encoding and decoding of the same data, and the check that
/// each side's bytes decode to what it encoded.
struct Workload {
    let name: String
    let encodeOurs: () throws -> [UInt8]
    let encodeOursWithoutChecksum: () throws -> [UInt8]
    let decodeOurs: ([UInt8]) throws -> Void
    let encodeTheirs: () throws -> [UInt8]
    let decodeTheirs: ([UInt8]) throws -> Void
    let decodesEqual: (_ ours: [UInt8], _ theirs: [UInt8]) throws -> Bool

    init<Value: GCodable & Equatable, Message: SwiftProtobuf.Message & Equatable>(
        _ name: String, _ value: Value, _ message: Message
    ) {
        self.name = name
        encodeOurs = { try GraphEncoder().encode(value) }
        encodeOursWithoutChecksum = { try GraphEncoder(.omitChecksum).encode(value) }
        decodeOurs = { _ = try GraphDecoder().decode(Value.self, from: $0) }
        encodeTheirs = { try message.serializedBytes() }
        decodeTheirs = { _ = try Message(serializedBytes: $0) }
        decodesEqual = { ours, theirs in
            try GraphDecoder().decode(Value.self, from: ours) == value && Message(serializedBytes: theirs) == message
        }
    }
}

/// The median of `rounds` timings of `body`, each repeated to take some 50 ms in all.
func medianSeconds(of bodies: [() throws -> Void], rounds: Int) throws -> [Double] {
    var repeats: [Int] = []
    for body in bodies {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        let once = max(1, DispatchTime.now().uptimeNanoseconds - start)
        repeats.append(max(1, Int(50_000_000 / once)))
    }
    var times = Array(repeating: [Double](), count: bodies.count)
    for _ in 0 ..< rounds {
        for (index, body) in bodies.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0 ..< repeats[index] { try body() }
            times[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(repeats[index]))
        }
    }
    return times.map { $0.sorted()[$0.count / 2] }
}

var generator = SplitMix64(seed: 42)
let tree = ArrayTreeNode.tree(count: 13_700, fanOut: 4, using: &generator)
let doubles = (0 ..< 1_000_000).map { _ in Double.random(in: -1 ... 1, using: &generator) }
let pieces = ["a", "z", "é", "ß", "ж", "λ", "日", "本", "한", "😀", "👍🏽", "ع", "ה", "7"]
let strings = (0 ..< 100_000).map { _ in
    String((0 ..< Int.random(in: 3 ... 10, using: &generator)).map { _ in pieces.randomElement(using: &generator)!.first! })
}
var doublesMessage = Doubles()
doublesMessage.values = doubles
var stringsMessage = Strings()
stringsMessage.values = strings

let workloads = [
    Workload("tree (13,700 nodes)", tree, TreeNode(tree)),
    Workload("1,000,000 Double", doubles, doublesMessage),
    Workload("100,000 strings", strings, stringsMessage),
]

print("GraphCodable beside swift-protobuf: protobuf's time over GraphCodable's (> 1: GraphCodable ahead), medians of \(rounds) rounds")
print(
    "workload".padding(toLength: 22, withPad: " ", startingAt: 0), "encode ", "decode ", "encode without checksum",
    "GraphCodable ms (enc/dec)", "protobuf ms (enc/dec)", "bytes (GraphCodable / protobuf)")
for workload in workloads {
    let ours = try workload.encodeOurs()
    let theirs = try workload.encodeTheirs()
    guard try workload.decodesEqual(ours, theirs) else {
        fatalError("\(workload.name): a decoded value differs from the original")
    }
    let times = try medianSeconds(
        of: [
            { _ = try workload.encodeOurs() }, { _ = try workload.encodeTheirs() },
            { try workload.decodeOurs(ours) }, { try workload.decodeTheirs(theirs) },
            { _ = try workload.encodeOursWithoutChecksum() },
        ], rounds: rounds)
    func ms(_ seconds: Double) -> String { String(format: "%.2f", seconds * 1000) }
    print(
        workload.name.padding(toLength: 22, withPad: " ", startingAt: 0),
        String(format: "%5.2f× ", times[1] / times[0]), String(format: "%5.2f× ", times[3] / times[2]),
        String(format: "%5.2f× (%.2f ms)      ", times[1] / times[4], times[4] * 1000),
        "\(ms(times[0])) / \(ms(times[2]))".padding(toLength: 25, withPad: " ", startingAt: 0),
        "\(ms(times[1])) / \(ms(times[3]))".padding(toLength: 21, withPad: " ", startingAt: 0),
        "\(ours.count) / \(theirs.count) (\(String(format: "%.2f", Double(ours.count) / Double(theirs.count)))×)")
}
