#!/usr/bin/env bash
# GraphCodable beside swift-protobuf, measured in one process from a user's package built
# outside the repository (Docs/Performance.md, "Beside swift-protobuf").
#
#   Scripts/protobuf-comparison.sh SWIFT_PROTOBUF_CHECKOUT [ROUNDS]
#
# SWIFT_PROTOBUF_CHECKOUT is a clone of https://github.com/apple/swift-protobuf at a release
# tag. The script copies Benchmarks/ProtobufComparison to a directory of its own
# (GRAPH_COMPARISON_DIR, by default under the system's temporary directory), builds
# protoc-gen-swift from the checkout, generates the messages of shapes.proto there with
# protoc (Debian's protobuf-compiler), and runs the comparison in release mode. Nothing it
# generates or builds is written into the repository.
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
protobuf=$(cd "${1:?usage: Scripts/protobuf-comparison.sh SWIFT_PROTOBUF_CHECKOUT [ROUNDS]}" && pwd)
rounds=${2:-9}
work=${GRAPH_COMPARISON_DIR:-${TMPDIR:-/tmp}/graphcodable-protobuf-comparison}
command -v protoc > /dev/null || { echo "protoc is missing: apt-get install protobuf-compiler" >&2; exit 1; }

echo "== protoc-gen-swift, from $protobuf"
swift build -c release --package-path "$protobuf" --product protoc-gen-swift 2>&1 | tail -1
plugin=$(swift build -c release --package-path "$protobuf" --show-bin-path)/protoc-gen-swift

echo "== the comparison package, in $work"
mkdir -p "$work"
cp -R "$repository/Benchmarks/ProtobufComparison/." "$work/"
protoc --plugin="protoc-gen-swift=$plugin" --swift_out="$work/Sources/Comparison" --proto_path="$work" "$work/shapes.proto"

echo "== run"
cd "$work"
GRAPHCODABLE_PATH=$repository SWIFT_PROTOBUF_PATH=$protobuf swift run -c release Comparison "$rounds"
