// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "GraphCodable",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GraphCodable", targets: ["GraphCodable"]),
        .library(name: "GraphHTTP", targets: ["GraphHTTP"]),
        .executable(name: "graph-server", targets: ["graph-server"]),
        .executable(name: "graph-benchmark", targets: ["graph-benchmark"]),
    ],
    targets: [
        .target(name: "GraphCodable"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CEventPoll", path: "Sources/CEventPoll"),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(
            name: "GraphHTTP", dependencies: ["GraphCodable", "CZlib", "CEventPoll"],
            // Embedded in InspectorPage.swift by Scripts/embed-documents.py.
            exclude: ["Inspector/inspector.html"]),
        .executableTarget(name: "graph-server", dependencies: ["GraphHTTP", "GraphCodable", "CMalloc"]),
        .executableTarget(name: "graph-benchmark", dependencies: ["GraphCodable", "SeededRandom"]),
        // Reproducible random inputs, for the tests and the benchmark.
        .target(name: "SeededRandom"),
        // Writes an archive in a process of its own: archives of equal data agree across processes.
        .executableTarget(name: "determinism-probe", dependencies: ["GraphCodable"], path: "Tests/DeterminismProbe"),
        .testTarget(name: "GraphCodableTests", dependencies: ["GraphCodable", "SeededRandom", "determinism-probe"]),
        .testTarget(name: "GraphHTTPTests", dependencies: ["GraphHTTP", "SeededRandom"]),
    ],
    swiftLanguageModes: [.v6]
)
