#!/usr/bin/env bash
# Writes the conformance corpus (Tests/Conformance: valid/, invalid/, manifest.json) again
# from the library, as ConformanceTests makes it; the test suite checks that the files on
# disk are these.
set -euo pipefail
cd "$(dirname "$0")/.."
GRAPH_CONFORMANCE_WRITE=1 swift test --filter ConformanceTests/theCorpusOnDiskIsTheOneTheLibraryWrites
