#!/usr/bin/env bash
# Drives the release binary with real clients on this machine's loopback: every curl example
# of the README as written, a 2 MB upload's speed, the offline CLI against the HTTP answers,
# the request log, hostile clients, a soak, the OpenAPI contract, the inspector page in a real
# browser (its screenshots kept in .build/inspector-screenshots), a graceful SIGTERM with work
# in flight and SIGINT, the command line and its environment, descriptor exhaustion.
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

# start_server PORT [options]: runs the server with the options, and waits until PORT answers.
start_server() {
    local probe=$1
    shift
    "$binary" "$@" 2>"$work/server.log" &
    server_pid=$!
    for _ in $(seq 1 100); do
        "$binary" health --port "$probe" && return 0
        sleep 0.1
    done
    echo "error: the server did not start"; cat "$work/server.log"; exit 1
}

echo "== the README's curl examples, as written"
start_server "$port" --port "$port" --head-timeout 1
sed -n '/<!-- ci:examples -->/,/<!-- ci:end -->/p' README.md | grep -v '^<!--' | grep -v '^```' > "$work/examples.sh"
bash -euo pipefail "$work/examples.sh" > "$work/examples.out"
echo "ok: $(grep -c . "$work/examples.sh") lines"

echo "== a 2 MB upload is answered in well under a second"
"$binary" sample large -o "$work/large.graph"
seconds=$(curl -sS --fail-with-body -o /dev/null -w '%{time_total}' --data-binary @"$work/large.graph" "$base/v1/validate")
echo "validate of $(wc -c < "$work/large.graph") bytes: ${seconds} s"
awk -v s="$seconds" 'BEGIN { exit !(s < 0.5) }' || { echo "error: too slow"; exit 1; }

echo "== a folder tree 600,000 deep is decoded and released by the server"
"$binary" sample deep -o "$work/deep.graph"
curl -sS --fail-with-body --data-binary @"$work/deep.graph" "$base/v1/decode?type=Folder" -o "$work/deep.json"
grep -q '"decoded":true' "$work/deep.json"
"$binary" health --port "$port"
echo "ok"

echo "== samples are the same bytes in every process, whatever its hash seed"
for sample in network folders sensor zoo natives; do
    "$binary" sample "$sample" -o "$work/$sample-a.graph"
    SWIFT_DETERMINISTIC_HASHING=1 "$binary" sample "$sample" -o "$work/$sample-b.graph"
    "$binary" sample "$sample" -o "$work/$sample-c.graph"
    cmp "$work/$sample-a.graph" "$work/$sample-b.graph" && cmp "$work/$sample-a.graph" "$work/$sample-c.graph" \
        || { echo "error: the $sample sample differs between runs"; exit 1; }
done
echo "ok"

echo "== the offline CLI writes what the HTTP answers"
for sample in network folders sensor zoo natives; do
    "$binary" sample "$sample" -o "$work/$sample.graph"
    for operation in "dump --header --typemap:dump?header=true&typemap=true" "json:json" "json --pretty:json?pretty=true" \
                     "typemap:typemap" "validate:validate" "stats --json --limit 3:stats?limit=3" "graph --dot --depth 2:graph?format=dot&depth=2" "convert --internal-binary-io-version 2:convert?internalBinaryIOVersion=2"; do
        command=${operation%%:*}
        target=${operation#*:}
        # shellcheck disable=SC2086
        "$binary" ${command%% *} "$work/$sample.graph" $(echo "$command" | cut -s -d' ' -f2-) -o "$work/offline"
        curl -sS --fail-with-body --data-binary @"$work/$sample.graph" "$base/v1/$target" -o "$work/online"
        cmp "$work/offline" "$work/online" || { echo "error: $command differs for $sample"; exit 1; }
    done
done
echo "ok"

echo "== the offline CLI: standard input, the JSON form back, decoding, invalid archives"
"$binary" dump - < "$work/network.graph" > "$work/from-stdin"
"$binary" dump "$work/network.graph" > "$work/from-file"
cmp "$work/from-stdin" "$work/from-file"
"$binary" json "$work/network.graph" -o "$work/network.json"
"$binary" archive "$work/network.json" -o "$work/again.graph"
cmp "$work/network.graph" "$work/again.graph"
"$binary" convert "$work/sensor.graph" --binary-io-version 1 -o "$work/offline"
curl -sS --fail-with-body --data-binary @"$work/sensor.graph" "$base/v1/convert?binaryIOVersion=1" -o "$work/online"
cmp "$work/offline" "$work/online"
"$binary" decode "$work/sensor.graph" --type Sensor -o "$work/offline"
curl -sS --fail-with-body --data-binary @"$work/sensor.graph" "$base/v1/decode?type=Sensor" -o "$work/online"
cmp "$work/offline" "$work/online"
# The zoo's description holds a dictionary, which each process describes in its own order:
# both say what was decoded.
"$binary" decode "$work/zoo.graph" --type Zoo -o "$work/offline"
curl -sS --fail-with-body --data-binary @"$work/zoo.graph" "$base/v1/decode?type=Zoo" -o "$work/online"
for answer in "$work/offline" "$work/online"; do
    grep -q '"decodedClasses":\["Animal","Dog"\]' "$answer" || { echo "error: the zoo did not decode its Dog"; cat "$answer"; exit 1; }
done
status=0; "$binary" diff "$work/network.graph" "$work/folders.graph" --json -o "$work/offline" || status=$?
[ "$status" = 1 ] || { echo "error: diff of two archives exited $status, not 1"; exit 1; }
curl -sS --fail-with-body -F before=@"$work/network.graph" -F after=@"$work/folders.graph" "$base/v1/diff" -o "$work/online"
cmp "$work/offline" "$work/online"
"$binary" diff "$work/network.graph" "$work/again.graph" > "$work/offline"
[ ! -s "$work/offline" ] || { echo "error: diff of an archive with itself printed $(cat "$work/offline")"; exit 1; }
head -c 40 "$work/network.graph" > "$work/truncated.graph"
status=0; "$binary" diff "$work/network.graph" "$work/truncated.graph" 2> "$work/stderr" || status=$?
[ "$status" = 2 ] && grep -q "after: " "$work/stderr" || { echo "error: diff with an unreadable archive: exit $status, $(cat "$work/stderr")"; exit 1; }
status=0; "$binary" validate "$work/truncated.graph" > "$work/report.json" || status=$?
[ "$status" = 1 ] || { echo "error: validate of an invalid archive exited $status, not 1"; exit 1; }
python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["valid"] is False' "$work/report.json"
status=0; "$binary" dump "$work/truncated.graph" > /dev/null 2> "$work/stderr" || status=$?
[ "$status" = 1 ] && grep -q "^graph-server: .*byte offset" "$work/stderr" || { echo "error: dump of an invalid archive: exit $status, $(cat "$work/stderr")"; exit 1; }
echo "ok"

echo "== output to a device stays on the device"
"$binary" json "$work/network.graph" -o /dev/null
[ -c /dev/null ] || { echo "error: -o /dev/null replaced the device with a file"; exit 1; }
echo "ok"

echo "== a command that fails leaves its output file as it was"
cp "$work/network.graph" "$work/kept.graph"
echo '{}' > "$work/not-a-form.json"
"$binary" archive "$work/not-a-form.json" -o "$work/kept.graph" 2> /dev/null && { echo "error: archive of {} succeeded"; exit 1; }
cmp -s "$work/network.graph" "$work/kept.graph" || { echo "error: a failed command emptied its output file"; exit 1; }
[ -z "$(find "$work" -name '.kept.graph.*')" ] || { echo "error: a failed command left its temporary file"; exit 1; }
echo "ok"

echo "== the CLI names what is wrong, on one line, and each command has its own help"
expect_failure() {  # expect_failure MESSAGE COMMAND...: exit 2 and that one line on stderr
    local message=$1 status=0
    shift
    "$@" > /dev/null 2> "$work/stderr" || status=$?
    [ "$status" = 2 ] && [ "$(wc -l < "$work/stderr")" = 1 ] && grep -qF -- "$message" "$work/stderr" \
        || { echo "error: $*: exit $status, $(cat "$work/stderr")"; exit 1; }
}
expect_failure "cannot read $work/absent.graph: No such file or directory" "$binary" dump "$work/absent.graph"
expect_failure "cannot read $work: it is a directory" "$binary" json "$work"
expect_failure "convert needs a target" "$binary" convert "$work/sensor.graph"
expect_failure "GRAPH_SERVER_PORT must be a whole number" env GRAPH_SERVER_PORT=abc "$binary"
expect_failure "--port must be a whole number" "$binary" --port abc
expect_failure "more than 85 % of the memory limit of 477 MiB" env GRAPH_SERVER_MEMORY_LIMIT=500000000 "$binary" --port 0
for command in serve health dump json archive typemap validate convert decode diff sample; do
    "$binary" "$command" --help > "$work/help"
    grep -q "^  graph-server .*$command\|^  graph-server \[serve\]" "$work/help" && grep -q "^EXAMPLE" "$work/help" \
        || { echo "error: $command --help is not its own"; cat "$work/help"; exit 1; }
done
echo "ok"

echo "== one log line per request, with its request id"
curl -sS --fail-with-body -H 'X-Request-Id: ci-check-42' --data-binary @"$work/network.graph" "$base/v1/validate" -o /dev/null
sleep 0.2
grep -E 'msg=request method=POST path=/v1/validate status=200 bytes_in=[0-9]+ bytes_out=[0-9]+ duration_ms=[0-9.]+ request_id=ci-check-42 complete=true' "$work/server.log" \
    || { echo "error: no log line for the request"; tail -5 "$work/server.log"; exit 1; }
echo "ok"

echo "== hostile clients"
python3 Scripts/hostile-clients.py "$port" "$server_pid" "$binary"

echo "== the OpenAPI contract, against the running server"
Scripts/check-openapi.sh "$base"

screenshots=$PWD/.build/inspector-screenshots
echo "== the inspector page in headless Chromium (screenshots: $screenshots)"
python3 Scripts/check-inspector.py "$base" "$binary" "$screenshots"

echo "== SIGTERM with work in flight: it finishes, then exit 0"
# A client reading slowly keeps its request in flight for a few seconds (its answer, 31 MB
# of JSON, passes the 8 MiB a streamed answer may buffer, so the server writes at the
# client's pace); the metrics (whose own request is in flight too) show it before the signal.
"$binary" sample metro --stations 60000 -o "$work/metro.graph"
curl -sS --fail-with-body --limit-rate 4M --data-binary @"$work/metro.graph" "$base/v1/json?pretty=true" -o "$work/inflight.json" &
client=$!
in_flight=false
for _ in $(seq 1 100); do
    curl -sS "$base/metrics" | grep -q '^graph_server_requests_in_flight 2$' && { in_flight=true; break; }
    sleep 0.05
done
$in_flight || { echo "error: the request was never seen in flight"; exit 1; }
kill -TERM "$server_pid"
wait "$client" || { echo "error: the request in flight failed"; exit 1; }
wait "$server_pid" && status=0 || status=$?
server_pid=
[ "$status" = 0 ] || { echo "error: exit status $status"; cat "$work/server.log"; exit 1; }
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$work/inflight.json"
echo "ok: the answer arrived whole, and the server exited 0"

echo "== SIGTERM with a request half sent: cut at the drain timeout, and logged before the server's last line"
# The access log is written once per turn of a connection's loop; the connection cut last
# ends the process, so its line must be written before, not at the end of its turn.
start_server "$port" --port "$port" --drain-timeout 0.3
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /healthz HTTP/1.1\r\nHost: x\r\n' >&3
sleep 0.2
kill -TERM "$server_pid"
wait "$server_pid" && status=0 || status=$?
server_pid=
exec 3>&-
last=$(grep -oE 'msg=request .*complete=false$|msg=stopped' "$work/server.log" | tail -2 | cut -c1-11 | tr '\n' ' ')
[ "$status" = 0 ] && [ "$last" = "msg=request msg=stopped " ] \
    || { echo "error: exit status $status, or the cut request not logged before the end"; tail -5 "$work/server.log"; exit 1; }
echo "ok"

echo "== thousands of connections at once, beyond the connection limit"
start_server "$port" --port "$port" --max-connections 200
python3 Scripts/hostile-clients.py "$port" "$server_pid" --flood
kill -TERM "$server_pid"; wait "$server_pid"; server_pid=

echo "== soak: tens of thousands of mixed requests over many connections, on a new server"
start_server "$port" --port "$port"
python3 Scripts/soak.py "$port" "$server_pid" "$binary"
kill -TERM "$server_pid"; wait "$server_pid"; server_pid=

echo "== SIGINT: a graceful stop too"
start_server "$port" --port "$port"
kill -INT "$server_pid"
wait "$server_pid" && status=0 || status=$?
server_pid=
[ "$status" = 0 ] || { echo "error: exit status $status after SIGINT"; cat "$work/server.log"; exit 1; }
echo "ok"

echo "== the command line: help, version, the environment, flags over the environment"
"$binary" --help | grep -q -- '--max-upload-bytes N *GRAPH_SERVER_MAX_UPLOAD_BYTES'
"$binary" --version | grep -qE '^graph-server [0-9]+\.[0-9]+\.[0-9]+$'
status=0; "$binary" --port nine 2>"$work/stderr" || status=$?
[ "$status" = 2 ] && grep -q -- '--port must be' "$work/stderr" || { echo "error: a bad flag value: exit $status"; exit 1; }
GRAPH_SERVER_PORT=$((port + 1)) GRAPH_SERVER_CORS_ORIGIN='https://a.example, https://b.example' start_server $((port + 1))
"$binary" health --port $((port + 1)) || { echo "error: GRAPH_SERVER_PORT was not used"; exit 1; }
curl -sS -D - -o /dev/null -H 'Origin: https://b.example' "http://127.0.0.1:$((port + 1))/healthz" | grep -qi '^access-control-allow-origin: https://b.example' \
    || { echo "error: GRAPH_SERVER_CORS_ORIGIN was not used"; exit 1; }
kill -TERM "$server_pid"; wait "$server_pid"; server_pid=
GRAPH_SERVER_PORT=$((port + 1)) start_server "$port" --port "$port"
"$binary" health --port $((port + 1)) && { echo "error: the environment won over the flag"; exit 1; }
kill -TERM "$server_pid"; wait "$server_pid"; server_pid=
echo "ok"

echo "== out of file descriptors: accepting pauses, the server recovers"
# Two I/O loops and two workers, so the descriptors the server needs do not depend on the
# machine's processor count.
(ulimit -n 40; exec "$binary" --port "$port" --io-loops 2 --workers 2 2>"$work/emfile.log") &
server_pid=$!
for _ in $(seq 1 100); do "$binary" health --port "$port" && break; sleep 0.1; done
python3 Scripts/hostile-clients.py "$port" "$server_pid" --exhaust-descriptors
grep -q "out of file descriptors" "$work/emfile.log" || { echo "error: no descriptor exhaustion was logged"; exit 1; }
kill -TERM "$server_pid"; wait "$server_pid"; server_pid=
echo "ok"
