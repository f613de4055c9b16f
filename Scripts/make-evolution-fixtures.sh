#!/usr/bin/env bash
# Rewrites Tests/Fixtures/Evolution/*.graph: archives written by the "old" program
# (Tests/Fixtures/Evolution/OldProgram), built in a throwaway package as a module named
# GraphCodableTests, so that its types have the module and type names of the newer
# definitions the test suite decodes them with.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
fixtures="$repo/Tests/Fixtures/Evolution"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/Sources/GraphCodableTests"
cp "$fixtures/OldProgram/main.swift" "$work/Sources/GraphCodableTests/main.swift"
cat > "$work/Package.swift" <<PACKAGE
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "OldProgram",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "$repo")],
    targets: [
        .executableTarget(
            name: "GraphCodableTests",
            dependencies: [.product(name: "GraphCodable", package: "$(basename "$repo")")]),
    ],
    swiftLanguageModes: [.v6]
)
PACKAGE
swift run --package-path "$work" --scratch-path "$work/.build" GraphCodableTests "$fixtures"
