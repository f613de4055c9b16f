#!/usr/bin/env python3
"""Hostile clients against a graph-server on this machine's loopback, bounded in count and
time: each check expects the precise answer, and the server must still answer /healthz
after all of them. With --exhaust-descriptors, holds more connections than the server has
file descriptors, then checks that it recovers once they close."""
import socket
import sys
import time

PORT = int(sys.argv[1])


def connect():
    sock = socket.create_connection(("127.0.0.1", PORT), timeout=15)
    return sock


def status_of(sock):
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return int(data.split(b" ")[1]) if data.startswith(b"HTTP/1.1 ") else None


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
    sock = connect()
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
    ok = status_of(sock) == 200
    sock.close()
    return ok


def hostile():
    expect("a request line past 8 KiB", b"GET /" + b"a" * 9000, 414)
    expect("a header section past 32 KiB", b"GET / HTTP/1.1\r\nHost: t\r\n" + b"X-Filler: " + b"b" * 40000, 431)
    expect("more than 100 header fields", b"GET / HTTP/1.1\r\nHost: t\r\n" + b"X: y\r\n" * 101 + b"\r\n", 431)
    expect("an upload declared past the limit", b"POST /v1/dump HTTP/1.1\r\nHost: t\r\nContent-Length: 999999999999\r\n\r\n", 413)
    expect("Content-Length with Transfer-Encoding", b"POST /v1/dump HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n", 400)
    expect("a TLS handshake", bytes([0x16, 0x03, 0x01, 0x02, 0x00, 0x01]), 400)
    expect("a bad chunk size", b"POST /v1/dump HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffff\r\n", 400)
    expect("random bytes as an archive", b"POST /v1/dump HTTP/1.1\r\nHost: t\r\nContent-Length: 64\r\n\r\n" + bytes(range(64)), 422)
    expect("a head sent one byte a second (slow client)", [bytes([c]) for c in b"GET /healthz HTTP/1.1\r\nHo"], 408, pause=0.1)
    # A client that resets its connection while a large answer is written.
    for _ in range(3):
        sock = connect()
        sock.sendall(b"GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n" * 50)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        sock.close()
    # Many connections at once, each with one request.
    socks = [connect() for _ in range(200)]
    for sock in socks:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
    statuses = [status_of(sock) for sock in socks]
    for sock in socks:
        sock.close()
    if any(s not in (200, 503) for s in statuses):
        sys.exit(f"error: concurrent connections got {set(statuses)}")
    print(f"ok: 200 concurrent connections -> {statuses.count(200)} answered 200")


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
        try:
            if healthy():
                print(f"ok: held {len(socks)} connections past the descriptor limit; the server recovered")
                return
        except OSError:
            pass
        time.sleep(0.2)
    sys.exit("error: the server did not recover after running out of descriptors")


if "--exhaust-descriptors" in sys.argv:
    exhaust_descriptors()
else:
    hostile()
    if not healthy():
        sys.exit("error: the server stopped answering")
    print("ok: the server still answers")
