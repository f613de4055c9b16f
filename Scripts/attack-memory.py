#!/usr/bin/env python3
"""The stated memory bound, held under attack. Starts the release server on loopback with
the environment deploy/kubernetes.yaml gives it (its memory limit too, which the server
checks its limits against at start), then, for a bounded time, spends everything an
attacker can make it spend at once: the heaviest legal requests on every worker (a diff of
a tiny archive with a huge one, both ways, and its conversion), answers nobody reads (the answer budget),
uploads that stall before their end (the upload budget), idle connections after an upload,
and the rest of the connection limit holding unfinished request heads as large as the
limits allow. The server's peak resident memory must stay within the bound it states at
start (MemoryBound, in its log) and within 85 % of the manifest's memory limit, and the
server must still answer afterwards.

Usage: Scripts/attack-memory.py [path to graph-server] [--seconds N]"""
import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

try:
    import yaml
except ImportError:
    yaml = None  # main says so once the command line is read: --help needs no PyYAML

import crafted_archives

MANIFEST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "deploy", "kubernetes.yaml")
UNITS = {"Ki": 1 << 10, "Mi": 1 << 20, "Gi": 1 << 30}


def manifest():
    """The server container's environment (plain values) and memory limit in bytes."""
    with open(MANIFEST) as file:
        documents = [document for document in yaml.safe_load_all(file) if document and document.get("kind") == "Deployment"]
    container = documents[0]["spec"]["template"]["spec"]["containers"][0]
    environment = {variable["name"]: str(variable["value"]) for variable in container["env"] if "value" in variable}
    limit = container["resources"]["limits"]["memory"]
    number, unit = re.fullmatch(r"(\d+)([KMG]i)", limit).groups()
    return environment, int(number) * UNITS[unit]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def resident_kib(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def multipart(parts):
    boundary = "graphattackboundary"
    body = b""
    for name, data in parts:
        body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{name}.graph\"\r\n"
                 "Content-Type: application/octet-stream\r\n\r\n").encode() + data + b"\r\n"
    return body + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def request(port, target, body, content_type="application/octet-stream", read=True, timeout=60):
    """Sends a POST; reads the whole answer (its status) when `read`, else returns the socket."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    head = f"POST {target} HTTP/1.1\r\nHost: attack\r\nContent-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n"
    connection.sendall(head.encode() + body)
    if not read:
        return connection
    with connection:
        answer = b""
        while True:
            piece = connection.recv(1 << 16)
            if not piece:
                break
            answer += piece
            if b"\r\n\r\n" in answer and b"Content-Length" in answer.split(b"\r\n\r\n")[0]:
                head_end = answer.index(b"\r\n\r\n") + 4
                length = int(re.search(rb"Content-Length: (\d+)", answer[:head_end]).group(1))
                if len(answer) >= head_end + length:
                    break
        return int(answer.split(b" ", 2)[1]) if answer else 0


def main():
    parser = argparse.ArgumentParser(description="Attacks the release server's memory for a bounded time and checks that it holds the bound it states.")
    parser.add_argument("binary", metavar="BINARY", nargs="?", default=".build/release/graph-server",
                        help="the graph-server binary to start with the manifest's environment (default: %(default)s)")
    parser.add_argument("--seconds", type=int, default=40, metavar="N", help="how long the attack lasts, in seconds (default: %(default)s)")
    arguments = parser.parse_args()
    binary, seconds = arguments.binary, arguments.seconds
    if yaml is None:
        sys.exit("error: PyYAML is missing: run Scripts/install-tools.sh")
    work = tempfile.mkdtemp(prefix="graph-attack-")
    environment, limit = manifest()
    upload = int(environment["GRAPH_SERVER_MAX_UPLOAD_BYTES"])
    connections_limit = int(environment.get("GRAPH_SERVER_MAX_CONNECTIONS", "1024"))
    workers = int(environment.get("GRAPH_SERVER_WORKERS", str(os.cpu_count())))
    port = free_port()
    environment.update({"GRAPH_SERVER_HOST": "127.0.0.1", "GRAPH_SERVER_PORT": str(port), "GRAPH_SERVER_MEMORY_LIMIT": str(limit)})

    # The archives: a tiny one, and the largest of one-byte nodes that fits an upload with
    # the tiny one (a diff's upload holds both), and the same alone for other operations.
    tiny = open(crafted_archives.write(binary, work, "tiny", crafted_archives.document([], [{"kind": "VAL", "type": 40, "fields": []}])), "rb").read()
    # (At most graph-server's 4,000,000 nodes.)
    nils = min(upload - len(tiny) - 2048, 3_999_000)
    huge = open(crafted_archives.write(binary, work, "huge", crafted_archives.document(
        [], [{"kind": "VAL", "type": 40, "fields": [{"kind": "NIL"}] * (nils - 64)}])), "rb").read()
    forwards, form = multipart([("before", tiny), ("after", huge)])
    backwards, _ = multipart([("before", huge), ("after", tiny)])
    assert len(forwards) <= upload, (len(forwards), upload)

    log = open(os.path.join(work, "server.log"), "w")
    server = subprocess.Popen([binary], env={**os.environ, **environment}, stderr=log)
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
            break
        except OSError:
            if server.poll() is not None:
                sys.exit("error: the server did not start with the manifest's settings: " + open(log.name).read())
            time.sleep(0.1)
    listening = open(log.name).read()
    bound = int(re.search(r"memory_bound_bytes=(\d+)", listening).group(1))
    stated = re.search(r'memory_bound="([^"]*)"', listening).group(1)
    idle = resident_kib(server.pid, "VmRSS")
    print(f"manifest: memory limit {limit >> 20} MiB; the server states at most {bound >> 20} MiB ({stated}); idle {idle >> 10} MiB")

    stop = time.time() + seconds
    statuses = {}
    held = []
    lock = threading.Lock()

    def count(status):
        with lock:
            statuses[status] = statuses.get(status, 0) + 1

    def work(target, body, content_type):
        # The heaviest legal requests, one after another: a diff of a tiny archive with a
        # huge one (both ways), a conversion of the huge one.
        while time.time() < stop:
            try:
                count(request(port, target, body, content_type))
            except OSError as error:
                # A request refused from its head (503: a budget spent, or the connection
                # limit reached) is answered and closed while its upload is still being
                # sent: the send fails, as it should.
                count(type(error).__name__)

    def unread_answers():
        # Answers of many times their upload that nobody reads fill the answer budget, two
        # seconds in four: while it is spent no archive work starts, so the diffs get their
        # turns in between, and the peak comes where the two overlap.
        time.sleep(2)
        while time.time() < stop:
            unread = []
            for _ in range(3):
                try:
                    unread.append(request(port, "/v1/json?pretty", huge, read=False))
                except OSError:
                    count("error")
            time.sleep(2)
            for connection in unread:
                connection.close()
            time.sleep(2)

    def stalled_uploads():
        # Uploads that stop just before their end hold what the upload budget has left
        # beside the diffs' uploads, one per worker, being worked on.
        time.sleep(1)
        room = (int(environment["GRAPH_SERVER_UPLOAD_BUDGET_BYTES"]) - workers * upload) // upload
        for _ in range(max(0, room)):
            try:
                connection = socket.create_connection(("127.0.0.1", port), timeout=5)
                connection.sendall(f"POST /v1/validate HTTP/1.1\r\nHost: attack\r\nContent-Length: {upload}\r\n\r\n".encode() + huge[:upload - 1024])
                with lock:
                    held.append(connection)
            except OSError:
                count("error")

    def heads():
        # Every connection left holds an unfinished head as large as the limits allow,
        # reopened as the head timeout closes them; some are idle after an upload.
        opened = 0
        while time.time() < stop:
            with lock:
                open_count = len(held)
            # Room is left for the diffs' connections.
            if open_count < connections_limit - 4 * (workers + 1) - 8:
                try:
                    connection = socket.create_connection(("127.0.0.1", port), timeout=5)
                    if opened % 8 == 0:
                        connection.sendall(b"POST /v1/validate HTTP/1.1\r\nHost: attack\r\nContent-Length: 200000\r\n\r\n" + huge[:200000])
                    else:
                        padding = b"a" * ((32 << 10) - 256)
                        connection.sendall(b"GET /healthz?" + b"q" * ((8 << 10) - 64) + b" HTTP/1.1\r\nHost: attack\r\nX-Padding: " + padding)
                    with lock:
                        held.append(connection)
                    opened += 1
                except OSError:
                    time.sleep(0.05)
            else:
                time.sleep(0.05)

    peak = [idle]

    def sample():
        while time.time() < stop + 2:
            peak[0] = max(peak[0], resident_kib(server.pid, "VmRSS"))
            time.sleep(0.05)

    heaviest = [("/v1/diff", forwards, form), ("/v1/diff", backwards, form), ("/v1/convert?internalBinaryIOVersion=2", huge, "application/octet-stream")]
    threads = [threading.Thread(target=work, args=arguments) for arguments in heaviest * (workers + 1)]
    threads += [threading.Thread(target=function) for function in (unread_answers, stalled_uploads, heads, sample)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    high_water = resident_kib(server.pid, "VmHWM")
    alive = server.poll() is None
    answered = urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10).status if alive else 0
    for connection in held:
        connection.close()
    server.terminate()
    server.wait(timeout=60)

    peak_bytes = max(peak[0], high_water) << 10
    share = int(limit * 0.85)
    print(f"{seconds} s of attack: answers {dict(sorted(statuses.items(), key=str))}, {len(held)} connections held; "
          f"peak resident {peak_bytes >> 20} MiB (the stated bound {bound >> 20} MiB, 85 % of the limit {share >> 20} MiB)")
    failures = []
    if not alive or answered != 200:
        failures.append("the server did not survive the attack")
    if peak_bytes > bound:
        failures.append(f"the peak, {peak_bytes >> 20} MiB, passed the bound the server states, {bound >> 20} MiB")
    if peak_bytes > share:
        failures.append(f"the peak, {peak_bytes >> 20} MiB, passed 85 % of the manifest's limit, {share >> 20} MiB")
    if statuses.get(200, 0) == 0:
        failures.append("no diff was answered: the attack did not reach the workers")
    if failures:
        sys.exit("error: " + "; ".join(failures))
    print("ok: the server held its stated memory bound under attack")


if __name__ == "__main__":
    main()
