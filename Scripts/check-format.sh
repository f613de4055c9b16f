#!/usr/bin/env bash
# The Swift sources are formatted as `swift format` formats them with the repository's
# .swift-format: exits 1, naming each place, when it would change a file.
#
#   Scripts/check-format.sh          check (CI runs this)
#   Scripts/check-format.sh --fix    format the files in place
#
# The old program of the evolution fixtures (Tests/Fixtures) stays as it was written, and the
# generated documents opt out with a `swift-format-ignore-file` line.
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Package.swift Sources Tests/GraphCodableTests Tests/GraphHTTPTests Tests/DeterminismProbe Fuzz/Harnesses Benchmarks)
if [[ ${1:-} == --fix ]]; then
    exec swift format format --in-place --recursive --parallel "${paths[@]}"
fi
swift format lint --strict --recursive --parallel "${paths[@]}"
