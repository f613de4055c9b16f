#!/usr/bin/env python3
"""Hostile clients against a graph-server on this machine's loopback, bounded in count and
time. Each check expects the precise answer; the server must go on answering healthy
clients promptly, and its file descriptors and memory must come back.

  hostile-clients.py PORT PID BINARY      every check below, on a server with default limits
  hostile-clients.py PORT PID --flood     thousands of connections beyond the connection limit
  hostile-clients.py PORT PID --exhaust-descriptors
                                          more connections than the server has descriptors
"""
import argparse
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time

import crafted_archives
from server_process import ServerProcess

# The server under test, which main sets from the command line: its port, and its process.
PORT = None
SERVER = None


def connect(timeout=15):
    return socket.create_connection(("127.0.0.1", PORT), timeout=timeout)


def status_of(sock):
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return int(data.split(b" ")[1]) if data.startswith(b"HTTP/1.1 ") else None


def exchange(method, path, body=b"", headers=""):
    """One request on a new connection: (status, body)."""
    sock = connect()
    sock.sendall(f"{method} {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Length: {len(body)}\r\n{headers}\r\n".encode() + body)
    data = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    sock.close()
    head, _, rest = data.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), rest


def expect(name, raw, status, pause=0.0):
    sock = connect()
    for piece in raw if isinstance(raw, list) else [raw]:
        sock.sendall(piece)
        time.sleep(pause)
    got = status_of(sock)
    sock.close()
    if got != status:
        sys.exit(f"error: {name}: expected {status}, got {got}")
    print(f"ok: {name} -> {status}")


def healthy():
    try:
        sock = connect(timeout=5)
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        ok = status_of(sock) == 200
        sock.close()
        return ok
    except OSError:
        return False


def settle(baseline, name, margin=4):
    """Waits (at most 10 s) until the server's descriptors are back to `baseline`."""
    if not SERVER.settle(baseline + margin):
        sys.exit(f"error: {name}: {SERVER.descriptors()} descriptors open, {baseline} before")


def worst_latency(requests, archive):
    """The slowest of `requests` validations of `archive` by a healthy client, in seconds."""
    worst = 0.0
    for _ in range(requests):
        started = time.monotonic()
        status, _ = exchange("POST", "/v1/validate", archive)
        if status != 200:
            sys.exit(f"error: a healthy client got {status}")
        worst = max(worst, time.monotonic() - started)
    return worst


def malformed_requests():
    expect("a request line past 8 KiB", b"GET /" + b"a" * 9000, 414)
    expect("a header section past 32 KiB", b"GET / HTTP/1.1\r\nHost: t\r\n" + b"X-Filler: " + b"b" * 40000, 431)
    expect("more than 100 header fields", b"GET / HTTP/1.1\r\nHost: t\r\n" + b"X: y\r\n" * 101 + b"\r\n", 431)
    expect("an upload declared past the limit", b"POST /v1/dump HTTP/1.1\r\nHost: t\r\nContent-Length: 999999999999\r\n\r\n", 413)
    expect("a TLS handshake", bytes([0x16, 0x03, 0x01, 0x02, 0x00, 0x01]), 400)
    expect("random bytes as an archive", b"POST /v1/dump HTTP/1.1\r\nHost: t\r\nContent-Length: 64\r\n\r\n" + bytes(range(64)), 422)
    expect("a head sent one byte at a time (slow client)", [bytes([c]) for c in b"GET /healthz HTTP/1.1\r\nHo"], 408, pause=0.1)
    garbage = random.Random(7).randbytes(65536)
    expect("64 KiB of garbage", garbage, 400)


def smuggling():
    post = b"POST /v1/validate HTTP/1.1\r\nHost: t\r\n"
    expect("Content-Length with Transfer-Encoding", post + b"Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n", 400)
    expect("two different Content-Lengths", post + b"Content-Length: 4\r\nContent-Length: 5\r\n\r\nabcde", 400)
    expect("a Content-Length with a sign", post + b"Content-Length: +4\r\n\r\nabcd", 400)
    expect("chunked twice", post + b"Transfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n", 400)
    expect("chunked, then another coding", post + b"Transfer-Encoding: chunked, gzip\r\n\r\n", 400)
    expect("a bad chunk size", post + b"Transfer-Encoding: chunked\r\n\r\nfffffffffffffffff\r\n", 400)
    expect("a bare LF in the head", b"GET /healthz HTTP/1.1\nHost: t\n\n", 400)
    expect("obs-fold", b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-A: b\r\n  folded\r\n\r\n", 400)
    expect("whitespace before a colon", b"GET /healthz HTTP/1.1\r\nHost : t\r\n\r\n", 400)


def slowloris(archive):
    """Hundreds of connections trickle their heads while a healthy client is served promptly."""
    baseline = SERVER.descriptors()
    socks = [connect() for _ in range(300)]
    head = b"POST /v1/validate HTTP/1.1\r\nHost: t\r\nX-Slow: "
    stop = threading.Event()

    def trickle():
        position = 0
        while not stop.is_set() and position < len(head):
            for sock in socks:
                try:
                    sock.sendall(head[position:position + 1])
                except OSError:
                    pass
            position += 1
            stop.wait(0.3)
        while not stop.is_set():
            for sock in socks:
                try:
                    sock.sendall(b"x")
                except OSError:
                    pass
            stop.wait(0.3)

    trickler = threading.Thread(target=trickle)
    trickler.start()
    time.sleep(1)
    worst = worst_latency(40, archive)
    stop.set()
    trickler.join()
    for sock in socks:
        sock.close()
    if worst > 1.0:
        sys.exit(f"error: with 300 slow clients, a healthy request took {worst:.2f} s")
    settle(baseline, "slowloris")
    print(f"ok: 300 connections trickling their heads; a healthy client's slowest answer {worst * 1000:.0f} ms")


def never_reading(large, archive):
    """A client asks for a large answer and never reads it: it costs the answer's bounded
    buffers, the server serves others meanwhile, and all is given back when it goes."""
    baseline = SERVER.descriptors()
    before = SERVER.resident_mib()
    sock = connect()
    request = f"POST /v1/json?pretty=true HTTP/1.1\r\nHost: t\r\nContent-Length: {len(large)}\r\n\r\n".encode() + large
    sock.sendall(request)
    time.sleep(2)
    grown = SERVER.resident_mib() - before
    worst = worst_latency(20, archive)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    sock.close()
    if worst > 1.0 or grown > 256:
        sys.exit(f"error: a client that never reads: healthy answers took {worst:.2f} s, the server grew {grown:.0f} MiB")
    settle(baseline, "a client that never reads")
    print(f"ok: a client that never reads its answers held {grown:.0f} MiB; a healthy client's slowest answer {worst * 1000:.0f} ms")


def aborted_uploads(archive):
    """Uploads declared huge and abandoned half way give their budget and descriptors back."""
    baseline = SERVER.descriptors()
    for _ in range(5):
        sock = connect()
        sock.sendall(b"POST /v1/validate HTTP/1.1\r\nHost: t\r\nContent-Length: 60000000\r\n\r\n")
        chunk = b"\0" * 1_000_000
        for _ in range(30):
            sock.sendall(chunk)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        sock.close()
    settle(baseline, "aborted uploads")
    # The upload budget (4 x 64 MiB) would be spent had the abandoned bodies kept their share.
    for _ in range(3):
        status, _ = exchange("POST", "/v1/validate", archive)
        if status != 200:
            sys.exit(f"error: after abandoned uploads, an upload got {status}")
    print("ok: 5 uploads of 60 MB abandoned after 30 MB; budget and descriptors came back")


def crafted(binary):
    """Archives crafted to cost the most per byte, deep, with huge tables or a long key
    named by every node: answered (or refused with a 4xx) in time, with bounded memory."""
    directory = tempfile.mkdtemp(prefix="graph-hostile-")
    before = SERVER.resident_mib()
    for label, path in crafted_archives.crafted(binary, directory, scale=0.5):
        with open(path, "rb") as file:
            archive = file.read()
        for route in ["/v1/dump", "/v1/json?pretty=true", "/v1/typemap", "/v1/validate", "/v1/stats?limit=10000&largest=10000",
                      "/v1/graph?depth=64&limit=5000",
                      "/v1/convert?internalBinaryIOVersion=2", "/v1/decode?type=Folder"]:
            started = time.monotonic()
            status, _ = exchange("POST", route, archive)
            elapsed = time.monotonic() - started
            if status >= 500 or elapsed > 30:
                sys.exit(f"error: {label} to {route}: {status} after {elapsed:.1f} s")
        print(f"ok: {label} ({len(archive) // 1024} KiB): every route answered")
    peak = SERVER.resident_mib("VmHWM")
    print(f"ok: the server's resident memory peaked at {peak:.0f} MiB ({before:.0f} before)")
    if not healthy():
        sys.exit("error: the server stopped answering")


def resets():
    """Clients that reset their connection while a large answer is written."""
    for _ in range(3):
        sock = connect()
        sock.sendall(b"GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n" * 50)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        sock.close()
    print("ok: clients that reset mid-answer")


def flood():
    """Thousands of connections at once, beyond the connection limit: the surplus is refused
    (503, or reset by the kernel's full backlog), and all comes back once they close."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    baseline = SERVER.descriptors()
    socks, failed = [], 0
    for _ in range(3000):
        try:
            sock = socket.socket()
            sock.setblocking(False)
            sock.connect_ex(("127.0.0.1", PORT))
            socks.append(sock)
        except OSError:
            failed += 1
    time.sleep(1)
    answered = {}
    for sock in socks:
        sock.setblocking(True)
        sock.settimeout(0.2)
        try:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            status = status_of(sock)
        except OSError:
            status = "closed"
        answered[status] = answered.get(status, 0) + 1
    for sock in socks:
        sock.close()
    if set(answered) - {200, 503, "closed", None}:
        sys.exit(f"error: a flood of connections got {answered}")
    settle(baseline, "a flood of connections")
    if not healthy():
        sys.exit("error: the server did not recover from the flood")
    print(f"ok: 3,000 connections at once: {answered}; descriptors back to {SERVER.descriptors()}")


def exhaust_descriptors():
    socks = []
    for _ in range(80):
        try:
            socks.append(socket.create_connection(("127.0.0.1", PORT), timeout=2))
        except OSError:
            break
    time.sleep(1)
    for sock in socks:
        sock.close()
    for _ in range(50):
        if healthy():
            print(f"ok: held {len(socks)} connections past the descriptor limit; the server recovered")
            return
        time.sleep(0.2)
    sys.exit("error: the server did not recover after running out of descriptors")


def main():
    global PORT, SERVER
    parser = argparse.ArgumentParser(description="Hostile clients against a graph-server on loopback, each expecting the precise answer and the server's recovery.")
    parser.add_argument("port", metavar="PORT", type=int, help="the loopback port the server listens on")
    parser.add_argument("pid", metavar="PID", type=int, help="the server's process id, whose descriptors and memory are read from /proc")
    parser.add_argument("binary", metavar="BINARY", nargs="?", help="the graph-server binary, for samples and crafted archives: runs every check but the two below")
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument("--flood", action="store_true", help="instead, thousands of connections beyond the connection limit")
    modes.add_argument("--exhaust-descriptors", action="store_true", help="instead, more connections than the server has descriptors")
    arguments = parser.parse_args()
    if (arguments.binary is None) == (not arguments.flood and not arguments.exhaust_descriptors):
        parser.error("give one of BINARY, --flood and --exhaust-descriptors")
    PORT, SERVER = arguments.port, ServerProcess(arguments.pid)
    if arguments.exhaust_descriptors:
        return exhaust_descriptors()
    if arguments.flood:
        return flood()
    binary = arguments.binary
    directory = tempfile.mkdtemp(prefix="graph-hostile-")
    samples = {}
    for name in ["network", "large"]:
        path = os.path.join(directory, name + ".graph")
        subprocess.run([binary, "sample", name, "-o", path], check=True)
        with open(path, "rb") as file:
            samples[name] = file.read()
    malformed_requests()
    smuggling()
    resets()
    slowloris(samples["network"])
    never_reading(samples["large"], samples["network"])
    aborted_uploads(samples["network"])
    crafted(binary)
    if not healthy():
        sys.exit("error: the server stopped answering")
    print("ok: the server still answers")


if __name__ == "__main__":
    main()
