#!/usr/bin/env bash
# Builds the documentation of GraphCodable and GraphHTTP with the toolchain's own `docc` (no
# package dependency), as static sites in .build/docs/GraphCodable and .build/docs/GraphHTTP,
# and fails on any warning of docc and on any public symbol without a doc comment.
#
#   Scripts/build-docs.sh
#   python3 -m http.server --directory .build/docs 8000   # then open http://127.0.0.1:8000/GraphCodable/documentation/graphcodable/
set -euo pipefail
cd "$(dirname "$0")/.."

# The symbol graphs of the two libraries, from a build of their own (its flags would
# otherwise rebuild the main one), written again whenever a module compiles again.
graphs=.build-docs/symbol-graphs
mkdir -p "$graphs"
log=$(swift build --scratch-path .build-docs --target GraphHTTP -Xswiftc -emit-symbol-graph \
    -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public 2>&1) \
    || { echo "$log"; exit 1; }

status=0
for module in GraphCodable GraphHTTP; do
    input=$(mktemp -d)
    cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$input/" 2>/dev/null || cp "$graphs/$module".symbols.json "$input/"
    python3 - "$input" "$module" <<'PYTHON' || status=1
import json, pathlib, sys
# Every public symbol of the module written in its sources has a doc comment, but those that
# implement a protocol's requirement (`description`, `encode(to:)`...), which show the
# protocol's; members the compiler makes have no place in the sources.
directory, module = pathlib.Path(sys.argv[1]), sys.argv[2]
missing = []
for path in sorted(directory.glob("*.symbols.json")):
    graph = json.loads(path.read_text())
    implementations = {relation["source"] for relation in graph["relationships"] if relation.get("sourceOrigin")}
    for symbol in graph["symbols"]:
        location = symbol.get("location", {}).get("uri", "")
        if symbol["accessLevel"] not in ("public", "open") or "/Sources/" + module + "/" not in location:
            continue
        if symbol["identifier"]["precise"] in implementations:
            continue
        if not symbol.get("docComment"):
            missing.append(f"{location.split('/Sources/')[-1]}:{symbol['location']['position']['line'] + 1}: "
                           f"{'.'.join(symbol['pathComponents'])} has no doc comment")
for line in missing:
    print(line)
if missing:
    sys.exit(f"error: {len(missing)} public symbols of {module} have no doc comment")
PYTHON
    output=.build/docs/$module
    rm -rf "$output"
    mkdir -p .build/docs
    if ! docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$input" --output-path "$output" \
        --fallback-display-name "$module" --fallback-bundle-identifier "graphcodable.$module" \
        --transform-for-static-hosting --hosting-base-path "$module" --warnings-as-errors > "$input/docc.log" 2>&1; then
        cat "$input/docc.log"
        echo "error: docc failed for $module"
        status=1
    fi
    grep -E "warning|error" "$input/docc.log" || true
    rm -rf "$input"
done
[ "$status" = 0 ] && echo "ok: the documentation is in .build/docs (GraphCodable, GraphHTTP)"
exit "$status"
