#!/usr/bin/env python3
"""The server under load, on this machine's loopback: wrk (Debian's package; run
Scripts/install-tools.sh first) drives GET /healthz, POST /v1/validate and POST /v1/dump of a 64 KiB archive, and
POST /v1/json of a 1 MB archive, at 16 and 64 connections, each for a bounded time, against
a release server started here. Prints requests/s, p50 and p99 latency, errors (non-2xx
answers and socket errors, which must be 0), the server's processor time per request and
its resident memory after each run, and its peak; and, when graph-benchmark was built
beside the server, the library's own time to validate the same bytes, taken on each
processor just before and just after each /v1/validate run, and the ratio of the server's
time per request to it.
With --nginx, nginx with one worker (Debian's nginx-light) answers
the same GET /healthz under the same wrk runs, as a reference measured in the same state
of the machine, without an access log and with its default one: the server's requests/s
are then also printed as a fraction of each.

Usage: Scripts/load.py [path to graph-server] [--seconds N] [--json] [--nginx]
Exits non-zero when any request failed.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from server_process import ServerProcess  # noqa: E402

port, nginx_port = 18090, 18091
base = f"http://127.0.0.1:{port}"
# The run's settings, from the command line, and its files: main sets them.
binary, seconds, as_json = ".build/release/graph-server", 10, False
work = script = nginx_binary = None


def log(text):
    print(text, file=sys.stderr if as_json else sys.stdout, flush=True)


def installed(command):
    """The path of `command` (nginx lives in /usr/sbin), which Scripts/install-tools.sh installs."""
    system = f"/usr/sbin/{command}"
    path = shutil.which(command) or (system if os.path.exists(system) else None)
    if not path:
        sys.exit(f"error: {command} is missing: run Scripts/install-tools.sh")
    return path


def sample(stations):
    path = os.path.join(work, f"metro-{stations}.graph")
    subprocess.run([binary, "sample", "metro", "--stations", str(stations), "-o", path], check=True)
    return path


def milliseconds(text):
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def settle():
    """Waits until the workers are idle: the jobs of the connections the last run closed
    would otherwise fill the queue of the next one (each is dropped, unrun, when its turn
    comes)."""
    for _ in range(600):
        metrics = subprocess.run(["curl", "-sS", base + "/metrics"], capture_output=True, text=True).stdout
        jobs = re.findall(r'graph_server_worker_jobs\{state="\w+"\} (\d+)', metrics)
        if jobs and all(count == "0" for count in jobs):
            return
        time.sleep(0.1)


def library_validation(path):
    """The library's own median time to validate the archive at `path`, in µs, with the
    server idle (`graph-benchmark file`), on each processor this process may use in turn:
    the processors of a virtual machine need not run at one speed (on the machine of
    Docs/Performance.md each ran at one of two speeds, about 1.7 times apart, changing
    within seconds and independently of the other). None when graph-benchmark was not
    built beside the server."""
    benchmark = os.path.join(os.path.dirname(binary), "graph-benchmark")
    if not os.path.exists(benchmark):
        return None
    settle()  # the library is timed alone, not beside the jobs the last run left queued
    times = []
    for cpu in sorted(os.sched_getaffinity(0)):
        output = subprocess.run([benchmark, "file", path, "--json", "--runs", "21"], capture_output=True, text=True, check=True,
                                preexec_fn=lambda: os.sched_setaffinity(0, {cpu})).stdout
        times.append(next(line["seconds"] * 1e6 for line in json.loads(output) if line["operation"] == "validate"))
    return times


def busy_mean(times):
    """The time per validation of processors of these `times` all busy at once, as the
    server's are under load (each does as many as its speed allows): their harmonic mean."""
    return len(times) / sum(1 / time for time in times)


def run_wrk(path, connections, body, url=base):
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", "10s"]
    if body:
        command += ["-s", script]
    output = subprocess.run(command + [url + path], capture_output=True, text=True, check=True,
                            env={**os.environ, "LOAD_BODY": body or ""}).stdout
    errors = sum(int(count) for count in re.findall(r"Non-2xx or 3xx responses: (\d+)", output))
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    errors += sum(int(count) for count in socket.groups()) if socket else 0
    if errors:
        log("\n".join(line for line in output.splitlines() if "error" in line.lower() or "Non-2xx" in line))
    return {
        "requestsPerSecond": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "p50Milliseconds": milliseconds(re.search(r"\s50%\s+(\S+)", output).group(1)),
        "p99Milliseconds": milliseconds(re.search(r"\s99%\s+(\S+)", output).group(1)),
        "errors": errors,
    }


def nginx_healthz(results):
    """nginx's requests/s on the same GET /healthz at 16 and 64 connections (one worker, the
    server's answer body), printed beside the server's: first without an access log, then
    with nginx's default one (a line written per request), as the server logs every request."""
    reference = []
    for access_log in (False, True):
        root = os.path.join(work, "nginx-logging" if access_log else "nginx")
        os.makedirs(os.path.join(root, "logs"))
        with open(os.path.join(root, "nginx.conf"), "w") as conf:
            conf.write("worker_processes 1;\ndaemon off;\npid nginx.pid;\nerror_log logs/error.log;\n"
                       "events { worker_connections 1024; }\n"
                       f"http {{ access_log {'logs/access.log' if access_log else 'off'}; "
                       f"server {{ listen 127.0.0.1:{nginx_port}; location = /healthz {{\n"
                       "default_type 'text/plain; charset=utf-8'; return 200 'ok\\n'; } } }\n")
        nginx = subprocess.Popen([nginx_binary, "-p", root, "-c", "nginx.conf"], stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                if subprocess.run(["curl", "-sf", "-m", "1", f"http://127.0.0.1:{nginx_port}/healthz"], capture_output=True).returncode == 0:
                    break
                time.sleep(0.1)
            else:
                sys.exit(f"error: nginx did not answer on port {nginx_port}")
            for connections in (16, 64):
                ours = next(result for result in results if result["path"] == "/healthz" and result["connections"] == connections)
                theirs = run_wrk("/healthz", connections, None, url=f"http://127.0.0.1:{nginx_port}")
                fraction = ours["requestsPerSecond"] / theirs["requestsPerSecond"]
                reference.append({"connections": connections, "accessLog": access_log, **theirs, "serverFraction": round(fraction, 3)})
                log(f"nginx, 1 worker, {'its access log' if access_log else 'no access log'}, GET /healthz at {connections} connections: "
                    f"{theirs['requestsPerSecond']:.0f} requests/s; the server answered {fraction:.2f} of that")
        finally:
            nginx.terminate()
            nginx.wait()
    return reference


def main():
    global binary, seconds, as_json, work, script, nginx_binary
    parser = argparse.ArgumentParser(description="Loads a release graph-server on loopback with wrk and prints its requests/s, latency, processor time and memory.")
    parser.add_argument("binary", metavar="BINARY", nargs="?", default=".build/release/graph-server",
                        help="the graph-server binary to start, graph-benchmark beside it if built (default: %(default)s)")
    parser.add_argument("--seconds", type=int, default=10, metavar="N", help="how long each wrk run lasts, in seconds (default: %(default)s)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON on standard output, and the table on standard error")
    parser.add_argument("--nginx", action="store_true", help="measure nginx with one worker on the same GET /healthz too, as a reference")
    arguments = parser.parse_args()
    binary, seconds, as_json, with_nginx = arguments.binary, arguments.seconds, arguments.json, arguments.nginx
    work = tempfile.mkdtemp(prefix="graph-load-")

    installed("wrk")
    nginx_binary = installed("nginx") if with_nginx else None

    small, large = sample(2_180), sample(32_200)  # 64 KiB and 1 MB

    # wrk posts the file its environment names.
    script = os.path.join(work, "post.lua")
    with open(script, "w") as lua:
        lua.write('local file = io.open(os.getenv("LOAD_BODY"), "rb")\n'
                  'wrk.method = "POST"\n'
                  'wrk.body = file:read("*all")\n'
                  'file:close()\n'
                  'wrk.headers["Content-Type"] = "application/octet-stream"\n')

    server_log = open(os.path.join(work, "server.log"), "w")
    server = subprocess.Popen([binary, "--port", str(port), "--log-level", "info"], stderr=server_log)
    try:
        for _ in range(100):
            if subprocess.run([binary, "health", "--port", str(port)]).returncode == 0:
                break
            time.sleep(0.1)
        process = ServerProcess(server.pid)
        size = lambda path: f"{os.path.getsize(path) / 1024:.0f} KiB"  # noqa: E731
        cases = [("GET /healthz", "/healthz", None), (f"POST /v1/validate ({size(small)})", "/v1/validate", small),
                 (f"POST /v1/dump ({size(small)})", "/v1/dump", small), (f"POST /v1/json ({size(large)})", "/v1/json", large)]
        results = []
        log(f"{'request':34} {'conns':>5} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6} {'CPU µs':>8} {'RSS MiB':>8}")
        for label, path, body in cases:
            for connections in (16, 64):
                library_before = library_validation(small) if path == "/v1/validate" else None
                settle()
                cpu = process.cpu_seconds()
                result = {"request": label, "path": path, "connections": connections, **run_wrk(path, connections, body)}
                result["cpuMicrosecondsPerRequest"] = round((process.cpu_seconds() - cpu) / (result["requestsPerSecond"] * seconds) * 1e6, 1)
                result["residentMiB"] = round(process.resident_mib(), 1)
                if library_before is not None:
                    library_after = library_validation(small)
                    result["libraryMicrosecondsByProcessor"] = {"before": [round(time, 1) for time in library_before],
                                                                "after": [round(time, 1) for time in library_after]}
                    result["libraryMicroseconds"] = round(busy_mean(library_before + library_after), 1)
                    result["serverToLibrary"] = round(result["cpuMicrosecondsPerRequest"] / result["libraryMicroseconds"], 2)
                results.append(result)
                log(f"{label:34} {connections:>5} {result['requestsPerSecond']:>9.0f} {result['p50Milliseconds']:>8.2f} "
                    f"{result['p99Milliseconds']:>8.2f} {result['errors']:>6} {result['cpuMicrosecondsPerRequest']:>8.0f} "
                    f"{result['residentMiB']:>8.1f}")
        peak = round(process.resident_mib("VmHWM"), 1)
        log(f"server peak RSS {peak} MiB")
        for result in results:
            if "libraryMicroseconds" in result:
                times = result["libraryMicrosecondsByProcessor"]
                text = lambda times: " / ".join(f"{time:.0f}" for time in times)  # noqa: E731
                log(f"/v1/validate at {result['connections']} connections: the library alone took {text(times['before'])} µs "
                    f"on each processor before the run and {text(times['after'])} after it, for the same bytes "
                    f"({result['libraryMicroseconds']:.0f} µs with all of them busy); the server's processor time per request "
                    f"is {result['serverToLibrary']:.2f} times that")
        reference = nginx_healthz(results) if with_nginx else []
        if as_json:
            print(json.dumps({"seconds": seconds, "results": results, "peakResidentMiB": peak, "nginx": reference}, indent=2))
    finally:
        server.terminate()
        server.wait()
        with open(os.path.join(work, "server.log")) as lines:
            text = lines.read()
            statuses = sorted(set(re.findall(r"status=(\d+)", text)))
            for line in [line for line in text.splitlines() if "status=503" in line][:3]:
                log(line)
        if statuses:
            log(f"the server logged answers with status {', '.join(statuses)}")
        shutil.rmtree(work, ignore_errors=True)

    if any(result["errors"] for result in results):
        sys.exit("error: some requests failed")


if __name__ == "__main__":
    main()
