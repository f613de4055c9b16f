import Foundation
import GraphCodable
import SeededRandom

/// GraphCodable's speed and size against Foundation's coders, measured in the same run:
/// `swift run -c release graph-benchmark [tree|scalars|bridge|graph|inspect] [--json] [--runs N]`,
/// or `graph-benchmark file PATH` for the inspection of an archive of your own.
/// Docs/Performance.md explains the workloads and holds the latest figures.
let arguments = Array(CommandLine.arguments.dropFirst())
var generator = SplitMix64(seed: 42)

// `graph-benchmark profile-encode|profile-decode [graph COUNT]` loops one GraphCodable
// operation on a tree (or on the graph workload's COUNT objects), for a profiler to sample;
// `graph-benchmark profile-inspect OPERATION SHAPE|PATH [ROUNDS]` loops an operation of the
// inspect workload (model, validate, dump, convert, json-written, json-read) on one of its
// shapes or on the archive in a file, 10 rounds by default.
if arguments.first == "profile-inspect" {
    guard arguments.count >= 3, let operation = InspectWorkload.operation(command: arguments[1]) else {
        FileHandle.standardError.write(
            Data("usage: graph-benchmark profile-inspect model|validate|dump|convert|json-written|json-read SHAPE|PATH [ROUNDS]\n".utf8))
        exit(2)
    }
    let archive = try InspectWorkload.archive(shapeOrPath: arguments[2])
    let json = try InspectWorkload.json(of: archive)
    for _ in 0 ..< (arguments.count > 3 ? Int(arguments[3]) ?? 10 : 10) { try operation.run(archive, json) }
    exit(0)
}
if let mode = arguments.first, mode.hasPrefix("profile-") {
    let graphCount = arguments.firstIndex(of: "graph").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil }
    if let graphCount {
        let stations = GraphWorkload.build(GraphWorkload.links(count: graphCount, cycles: true, &generator))
        try profile(mode, stations, rounds: max(1, 3_000_000 / graphCount), release: GraphWorkload.detach)
    } else {
        try profile(mode, ArrayTreeNode.tree(count: 13_700, fanOut: 4, using: &generator), rounds: 30)
    }
    exit(0)
}

/// Encodes or decodes `value` `rounds` times; `release` breaks the cycles of what is decoded.
func profile<T: GCodable>(_ mode: String, _ value: T, rounds: Int, release: (T) -> Void = { _ in }) throws {
    let archive = try GraphEncoder().encode(value) as Bytes
    for _ in 0 ..< rounds {
        if mode == "profile-encode" { _ = try GraphEncoder().encode(value) as Bytes }
        if mode == "profile-decode" { release(try GraphDecoder().decode(T.self, from: archive)) }
    }
}

let runs = arguments.firstIndex(of: "--runs").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? 7
let chosen = Set(arguments.filter { ["tree", "scalars", "bridge", "graph", "inspect"].contains($0) })
let report = Report(asJSON: arguments.contains("--json"), runs: max(1, runs))
if let file = arguments.firstIndex(of: "file").flatMap({ $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }) {
    try InspectWorkload.run(file: file, report)
    try report.finish()
    exit(0)
}
if chosen.isEmpty || chosen.contains("tree") { try CodableWorkload.runTrees(report, &generator) }
if chosen.isEmpty || chosen.contains("scalars") { try CodableWorkload.runScalars(report, &generator) }
if chosen.isEmpty || chosen.contains("bridge") { try BridgeWorkload.run(report, &generator) }
if chosen.isEmpty || chosen.contains("graph") { try GraphWorkload.run(report, &generator) }
if chosen.isEmpty || chosen.contains("inspect") { try InspectWorkload.run(report, &generator) }
try report.finish()
