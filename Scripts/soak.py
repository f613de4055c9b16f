#!/usr/bin/env python3
"""A soak test of a running graph-server on this machine's loopback: tens of thousands of
mixed valid and invalid requests over many concurrent keep-alive connections, bounded in time.

  soak.py PORT PID BINARY [REQUESTS] [CONNECTIONS]     (default 30,000 over 32 connections)

Every valid request must get exactly the bytes the offline CLI writes for the same operation
(or, for /v1/archive, the archive its JSON form came from); every invalid one a 4xx with a
problem+json body (or, for a malformed request, a 4xx and the connection closed). Afterwards
the server's descriptors are back to what they were after one request of each valid kind
(some are opened on first use and kept), and its resident memory has grown
by at most MEMORY_MARGIN_MIB since the first tenth of the requests (the warm-up, which fills
the allocator's caches) ended.
"""
import argparse
import http.client
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time

from server_process import ServerProcess

# The server under test and the soak's size, which main sets from the command line.
PORT, SERVER, BINARY = None, None, None
REQUESTS, CONNECTIONS = 30_000, 32
MEMORY_MARGIN_MIB = 32
TIME_LIMIT = 300


def offline(*arguments):
    """What the offline CLI writes for `arguments`."""
    return subprocess.run([BINARY, *arguments], check=True, capture_output=True).stdout


def valid_cases(directory):
    """(method, path, body, expected answer) for every operation on every small sample."""
    cases = []
    for sample in ["network", "folders", "sensor", "natives"]:
        path = os.path.join(directory, sample + ".graph")
        subprocess.run([BINARY, "sample", sample, "-o", path], check=True)
        archive = open(path, "rb").read()
        for route, arguments in [
            ("dump", []), ("dump?header=true&typemap=true", ["--header", "--typemap"]),
            ("json", []), ("json?pretty=true", ["--pretty"]), ("typemap", []), ("validate", []),
            ("convert?internalBinaryIOVersion=2", ["--internal-binary-io-version", "2"]),
        ]:
            cases.append(("POST", "/v1/" + route, archive, offline(route.split("?")[0], path, *arguments)))
        cases.append(("POST", "/v1/archive", offline("json", path), archive))
        kind = {"folders": "Folder", "sensor": "Sensor"}.get(sample)
        if kind:
            cases.append(("POST", f"/v1/decode?type={kind}", archive, offline("decode", path, "--type", kind)))
    large = os.path.join(directory, "large.graph")
    subprocess.run([BINARY, "sample", "large", "-o", large], check=True)
    for route in ["validate", "typemap"]:
        cases.append(("POST", "/v1/" + route, open(large, "rb").read(), offline(route, large)))
    cases.append(("GET", "/healthz", b"", None))
    return cases


def invalid_cases(archive):
    """(method, path, body, expected status) that a well-formed request can get wrong."""
    return [
        ("POST", "/v1/dump", archive[:40], 422),
        ("POST", "/v1/json", random.Random(1).randbytes(300), 422),
        ("POST", "/v1/archive", b'{"header": ', 422),
        ("POST", "/v1/decode?type=Nothing", archive, 422),
        ("POST", "/v1/convert?internalBinaryIOVersion=9", archive, 400),
        ("POST", "/v1/dump?header=maybe", archive, 400),
        ("GET", "/v1/dump", b"", 405),
        ("GET", "/v1/nowhere", b"", 404),
    ]


MALFORMED = [
    (b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
    (b"BREW /pot HTCPCP/1.0\r\n\r\n", 400),
    (b"GET /healthz HTTP/1.1\r\nHost: t\r\nX: " + b"y" * 40_000 + b"\r\n\r\n", 431),
    (b"POST /v1/dump HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
]


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.done = 0
        self.valid = 0
        self.invalid = 0
        self.failures = []
        self.warm = threading.Event()

    def count(self, valid, failure=None):
        with self.lock:
            self.done += 1
            if valid:
                self.valid += 1
            else:
                self.invalid += 1
            if failure:
                self.failures.append(failure)
            more = self.done < REQUESTS and not self.failures
            if self.done >= REQUESTS // 10 or not more:
                self.warm.set()
            return more


def malformed(raw, status):
    """A request the parser refuses: its status, and whether the server then closed."""
    sock = socket.create_connection(("127.0.0.1", PORT), timeout=15)
    sock.sendall(raw)
    data = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    sock.close()
    got = int(data.split(b" ")[1]) if data.startswith(b"HTTP/1.1 ") else None
    return None if got == status else f"malformed request {raw[:40]!r}: {got}, expected {status}"


def ask(connection, case, valid):
    """Sends `case` on `connection`: what was wrong with the answer (None if nothing), and
    whether the server closes the connection."""
    method, path, body, expected = case
    connection.request(method, path, body=body or None, headers={"Content-Type": "application/octet-stream"})
    response = connection.getresponse()
    answer = response.read()
    if valid:
        if response.status != 200 or (expected is not None and answer != expected):
            return f"{method} {path}: {response.status}, {len(answer)} bytes, not the offline answer", response.will_close
    elif response.status != expected or response.getheader("Content-Type") != "application/problem+json":
        return f"{method} {path}: {response.status} {response.getheader('Content-Type')}, expected {expected}", response.will_close
    return None, response.will_close


def client(seed, valid, invalid, tally, deadline):
    """Random requests on one keep-alive connection (a new one when the server closes it)."""
    rng = random.Random(seed)
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    more = True
    while more and time.monotonic() < deadline:
        roll = rng.random()
        if roll < 0.04:
            more = tally.count(False, malformed(*rng.choice(MALFORMED)))
            continue
        is_valid = roll < 0.75
        case = rng.choice(valid if is_valid else invalid)
        try:
            failure, closes = ask(connection, case, is_valid)
        except (OSError, http.client.HTTPException) as error:
            failure, closes = f"{case[0]} {case[1]}: {error!r}", True
        more = tally.count(is_valid, failure)
        if closes:
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    connection.close()


def warm_up(valid):
    """Each valid request once, in order, so that what the server opens on first use is open."""
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    for case in valid:
        failure, _ = ask(connection, case, True)
        if failure:
            sys.exit(f"error: {failure}")
    connection.close()
    time.sleep(1)


def main():
    global PORT, SERVER, BINARY, REQUESTS, CONNECTIONS
    parser = argparse.ArgumentParser(description="A soak test of a running graph-server on loopback: many mixed requests over keep-alive connections.")
    parser.add_argument("port", metavar="PORT", type=int, help="the loopback port the server listens on")
    parser.add_argument("pid", metavar="PID", type=int, help="the server's process id, whose descriptors and memory are read from /proc")
    parser.add_argument("binary", metavar="BINARY", help="the graph-server binary whose offline commands give the expected answers")
    parser.add_argument("requests", metavar="REQUESTS", type=int, nargs="?", default=REQUESTS, help="how many requests in all (default: %(default)s)")
    parser.add_argument("connections", metavar="CONNECTIONS", type=int, nargs="?", default=CONNECTIONS, help="how many concurrent keep-alive connections (default: %(default)s)")
    arguments = parser.parse_args()
    PORT, SERVER, BINARY = arguments.port, ServerProcess(arguments.pid), arguments.binary
    REQUESTS, CONNECTIONS = arguments.requests, arguments.connections
    directory = tempfile.mkdtemp(prefix="graph-soak-")
    valid = valid_cases(directory)
    invalid = invalid_cases(valid[0][2])
    warm_up(valid)
    baseline = SERVER.descriptors()
    tally = Tally()
    deadline = time.monotonic() + TIME_LIMIT
    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(n, valid, invalid, tally, deadline)) for n in range(CONNECTIONS)]
    for thread in threads:
        thread.start()
    tally.warm.wait(TIME_LIMIT)
    warm = SERVER.resident_mib()
    for thread in threads:
        thread.join()
    seconds = time.monotonic() - started
    if tally.failures:
        sys.exit(f"error: {len(tally.failures)} wrong answers, first: {tally.failures[0]}")
    if tally.done < REQUESTS:
        sys.exit(f"error: {tally.done} of {REQUESTS} requests in {TIME_LIMIT} s")
    if not SERVER.settle(baseline):
        sys.exit(f"error: {SERVER.descriptors()} descriptors open after the soak, {baseline} before")
    after = SERVER.resident_mib()
    print(f"ok: {tally.done} requests ({tally.valid} valid, all answered exactly; {tally.invalid} invalid, "
          f"all 4xx) over {CONNECTIONS} connections in {seconds:.0f} s; descriptors back to {baseline}; "
          f"resident {warm:.0f} MiB after warm-up, {after:.0f} MiB after (peak {SERVER.resident_mib('VmHWM'):.0f} MiB)")
    if after > warm + MEMORY_MARGIN_MIB:
        sys.exit(f"error: resident memory grew by {after - warm:.0f} MiB, more than {MEMORY_MARGIN_MIB}")


if __name__ == "__main__":
    main()
