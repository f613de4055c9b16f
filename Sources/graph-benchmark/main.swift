import Foundation
import GraphCodable

/// Speed and size of GraphCodable against Foundation's coders measured in the same run.
/// Run with `swift run -c release graph-benchmark`.

struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The best wall-clock time of `body` over `runs` runs, in seconds.
func bestTime(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0 ..< runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

func report(_ name: String, _ seconds: Double, baseline: Double, baselineName: String) {
    print(String(format: "%-44@ %9.3f ms   %6.2fx faster than %@", name as NSString, seconds * 1000, baseline / seconds, baselineName))
}

var generator = SeededGenerator(state: 42)
let runs = 7

// `graph-benchmark profile-encode|profile-decode` loops one GraphCodable operation on
// the tree, for a profiler to sample.
if let mode = CommandLine.arguments.dropFirst().first {
    let tree = TreeNode.tree(count: 14_000, fanOut: 4, using: &generator)
    let archive = try GraphEncoder().encode(tree) as Bytes
    for _ in 0 ..< 30 {
        if mode == "profile-encode" { _ = try GraphEncoder().encode(tree) as Bytes }
        if mode == "profile-decode" { _ = try GraphDecoder().decode(TreeNode.self, from: archive) }
    }
    exit(0)
}

// MARK: Tree of structs against JSON
do {
    let tree = TreeNode.tree(count: 14_000, fanOut: 4, using: &generator)
    let json = try JSONEncoder().encode(tree)
    let archive = try GraphEncoder().encode(tree) as Bytes
    let decoded = try GraphDecoder().decode(TreeNode.self, from: archive)
    precondition(decoded == tree)

    let jsonEncode = try bestTime(runs: runs) { _ = try JSONEncoder().encode(tree) }
    let jsonDecode = try bestTime(runs: runs) { _ = try JSONDecoder().decode(TreeNode.self, from: json) }
    let graphEncode = try bestTime(runs: runs) { _ = try GraphEncoder().encode(tree) as Bytes }
    let graphDecode = try bestTime(runs: runs) { _ = try GraphDecoder().decode(TreeNode.self, from: archive) }
    print("Tree of 14,000 structs (7-character name, 30 keyed Int):")
    report("GraphEncoder.encode", graphEncode, baseline: jsonEncode, baselineName: "JSONEncoder")
    report("GraphDecoder.decode", graphDecode, baseline: jsonDecode, baselineName: "JSONDecoder")
    print(String(format: "archive %d bytes, JSON %d bytes: %.2f of the JSON size", archive.count, json.count,
                 Double(archive.count) / Double(json.count)))
}

// MARK: Packed doubles against memcpy
do {
    let doubles = (0 ..< 1_000_000).map { _ in Double.random(in: -1 ... 1, using: &generator) }
    var copy = [Double](repeating: 0, count: doubles.count)
    let memcpyTime = bestTime(runs: runs) {
        copy.withUnsafeMutableBytes { destination in doubles.withUnsafeBytes { destination.copyMemory(from: $0) } }
    }
    let plain = GraphEncoder(.omitChecksum)
    let checked = GraphEncoder()
    let plainArchive = try plain.encode(doubles) as Bytes
    let checkedArchive = try checked.encode(doubles) as Bytes
    let encodePlain = try bestTime(runs: runs) { _ = try plain.encode(doubles) as Bytes }
    let encodeChecked = try bestTime(runs: runs) { _ = try checked.encode(doubles) as Bytes }
    let decodePlain = try bestTime(runs: runs) { _ = try GraphDecoder().decode([Double].self, from: plainArchive) }
    let decodeChecked = try bestTime(runs: runs) { _ = try GraphDecoder().decode([Double].self, from: checkedArchive) }
    print("1,000,000 Double in a packed array (memcpy of the same bytes: \(String(format: "%.3f", memcpyTime * 1000)) ms):")
    for (name, time) in [("encode, no checksum", encodePlain), ("encode, checksum", encodeChecked),
                         ("decode, no checksum", decodePlain), ("decode, checksum", decodeChecked)] {
        print(String(format: "%-44@ %9.3f ms   %6.2fx memcpy", name as NSString, time * 1000, time / memcpyTime))
    }
    print(String(format: "archive %d bytes: %.3f bytes per Double", checkedArchive.count, Double(checkedArchive.count) / 1e6))
}
