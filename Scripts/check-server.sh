#!/usr/bin/env bash
# Drives the release binary with real clients on this machine's loopback: every curl example
# of the README as written, a 2 MB upload's speed, the offline CLI against the HTTP answers,
# hostile clients, the OpenAPI contract, and a graceful SIGTERM with work in flight.
# Usage: Scripts/check-server.sh [path to graph-server] (default .build/release/graph-server).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/graph-server}
port=8080
base=http://127.0.0.1:$port
work=$(mktemp -d)
server_pid=
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work" demo
}
trap cleanup EXIT

start_server() {
    "$binary" --port "$port" "$@" 2>"$work/server.log" &
    server_pid=$!
    for _ in $(seq 1 100); do
        "$binary" health --port "$port" && return 0
        sleep 0.1
    done
    echo "error: the server did not start"; cat "$work/server.log"; exit 1
}

echo "== the README's curl examples, as written"
start_server --head-timeout 1
sed -n '/<!-- ci:examples -->/,/<!-- ci:end -->/p' README.md | grep -v '^<!--' | grep -v '^```' > "$work/examples.sh"
bash -euo pipefail "$work/examples.sh" > "$work/examples.out"
echo "ok: $(grep -c . "$work/examples.sh") lines"

echo "== a 2 MB upload is answered in well under a second"
"$binary" sample large -o "$work/large.graph"
seconds=$(curl -sS --fail-with-body -o /dev/null -w '%{time_total}' --data-binary @"$work/large.graph" "$base/v1/validate")
echo "validate of $(wc -c < "$work/large.graph") bytes: ${seconds} s"
awk -v s="$seconds" 'BEGIN { exit !(s < 0.5) }' || { echo "error: too slow"; exit 1; }

echo "== the offline CLI writes what the HTTP answers"
for sample in network folders sensor natives; do
    "$binary" sample "$sample" -o "$work/$sample.graph"
    for operation in "dump --header --typemap:dump?header=true&typemap=true" "json:json" "json --pretty:json?pretty=true" \
                     "typemap:typemap" "validate:validate" "convert --internal-binary-io-version 2:convert?internalBinaryIOVersion=2"; do
        command=${operation%%:*}
        target=${operation#*:}
        # shellcheck disable=SC2086
        "$binary" ${command%% *} "$work/$sample.graph" $(echo "$command" | cut -s -d' ' -f2-) -o "$work/offline"
        curl -sS --fail-with-body --data-binary @"$work/$sample.graph" "$base/v1/$target" -o "$work/online"
        cmp "$work/offline" "$work/online" || { echo "error: $command differs for $sample"; exit 1; }
    done
done
echo "ok"

echo "== hostile clients"
python3 Scripts/hostile-clients.py "$port"

echo "== the OpenAPI contract, against the running server"
Scripts/check-openapi.sh "$base"

echo "== SIGTERM with work in flight: it finishes, then exit 0"
curl -sS --fail-with-body --data-binary @"$work/large.graph" "$base/v1/json?pretty=true" -o "$work/inflight.json" &
client=$!
sleep 0.05
kill -TERM "$server_pid"
wait "$client" || { echo "error: the request in flight failed"; exit 1; }
wait "$server_pid" && status=0 || status=$?
server_pid=
[ "$status" = 0 ] || { echo "error: exit status $status"; cat "$work/server.log"; exit 1; }
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$work/inflight.json"
echo "ok: the answer arrived whole, and the server exited 0"

echo "== out of file descriptors: accepting pauses, the server recovers"
(ulimit -n 40; exec "$binary" --port "$port" 2>"$work/emfile.log") &
server_pid=$!
for _ in $(seq 1 100); do "$binary" health --port "$port" && break; sleep 0.1; done
python3 Scripts/hostile-clients.py "$port" --exhaust-descriptors
grep -q "out of file descriptors" "$work/emfile.log" || { echo "error: no descriptor exhaustion was logged"; exit 1; }
kill -TERM "$server_pid"; wait "$server_pid"; server_pid=
echo "ok"
