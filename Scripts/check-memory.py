#!/usr/bin/env python3
"""Shows that an archive costs at most a stated multiple of its size in memory for each
operation (dump, JSON form compact and indented, type map, validation, conversion, typed
decoding, the comparison of the archive with itself, whose input is both copies, and with a
tiny archive both ways, and the archive back from its JSON form): archives crafted to cost the most per
byte, written through the JSON form (so by the format alone), are handed to the offline
commands of the release binary, and each run's peak resident memory, less that of the same
command on an empty archive, is compared with the archive's size.

Usage: Scripts/check-memory.py [path to graph-server]"""
import argparse
import os
import subprocess
import sys
import tempfile

import crafted_archives

# The stated multiple (Docs/Security.md): ArchiveLimits.maximumMemoryBytesPerArchiveByte,
# 128, bounds what the library builds; the process adds the input's own copies.
MULTIPLE = 128 + 4


# Measures from a small process of its own: a child's peak counts the memory of the process
# it was forked from, and this one holds the crafted documents.
MEASURE = """
import os, subprocess, sys
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(process.pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
"""


def peak_kib(binary, arguments):
    """Runs `binary` with `arguments`; returns its exit status and peak resident KiB."""
    output = subprocess.run([sys.executable, "-c", MEASURE, binary] + arguments, capture_output=True, text=True, check=True).stdout
    status, peak = output.split()
    return int(status), int(peak)


def crafted(binary, work):
    yield from crafted_archives.crafted(binary, work)
    deep = os.path.join(work, "deep.graph")
    subprocess.run([binary, "sample", "deep", "-o", deep], check=True)
    yield "600,000 nested objects", deep


OPERATIONS = [
    ("dump", ["dump", "{}", "--header", "--untruncated"]),
    ("json", ["json", "{}"]),
    ("json --pretty", ["json", "{}", "--pretty"]),
    ("typemap", ["typemap", "{}"]),
    ("validate", ["validate", "{}"]),
    ("stats", ["stats", "{}", "--json", "--limit", "10000", "--largest", "10000"]),
    ("graph", ["graph", "{}", "--depth", "64", "--limit", "5000"]),
    ("convert", ["convert", "{}", "--internal-binary-io-version", "2"]),
    ("decode", ["decode", "{}", "--type", "Folder"]),
    ("diff", ["diff", "{}", "{}"]),
    ("diff from tiny", ["diff", "TINY", "{}"]),
    ("diff to tiny", ["diff", "{}", "TINY"]),
]


def main():
    parser = argparse.ArgumentParser(description="Checks that each operation of graph-server costs at most a stated multiple of its archive's size in memory.")
    parser.add_argument("binary", metavar="BINARY", nargs="?", default=".build/release/graph-server",
                        help="the graph-server binary whose offline commands are measured (default: %(default)s)")
    binary = parser.parse_args().binary
    work = tempfile.mkdtemp(prefix="graph-memory-")
    empty = crafted_archives.write(binary, work, "empty", crafted_archives.document([], [{"kind": "VAL", "type": 40, "fields": []}]))
    global OPERATIONS
    OPERATIONS = [(name, [a.replace("TINY", empty) for a in arguments]) for name, arguments in OPERATIONS]
    baseline = {name: peak_kib(binary, [a.replace("{}", empty) for a in arguments])[1] for name, arguments in OPERATIONS}
    failures = []
    print(f"{'archive':24} {'operation':14} {'input MiB':>9} {'peak MiB':>9} {'x input':>7}")
    for label, path in crafted(binary, work):
        json_path = path[:-6] + ".json"
        # The JSON form back to an archive is measured against its input, the JSON text.
        inputs = [(name, arguments, path) for name, arguments in OPERATIONS]
        if os.path.exists(json_path):
            inputs.append(("archive", ["archive", "{}"], json_path))
        for name, arguments, source in inputs:
            size = os.path.getsize(source) * arguments.count("{}")
            status, peak = peak_kib(binary, [a.replace("{}", source) for a in arguments] + ["-o", os.devnull])
            grown = max(0, peak - baseline.get(name, baseline["json"])) * 1024
            ratio = grown / size
            outcome = "" if status == 0 else "  (refused: not a Folder)" if name == "decode" else f"  (exit {status})"
            print(f"{label:24} {name:14} {size / 2**20:9.1f} {peak / 1024:9.1f} {ratio:7.1f}{outcome}")
            if ratio > MULTIPLE:
                failures.append(f"{label}, {name}: {ratio:.0f} times its size")
    if failures:
        sys.exit("error: over the stated multiple of " + str(MULTIPLE) + ": " + "; ".join(failures))
    print(f"ok: every operation took at most {MULTIPLE} times its archive's size")


if __name__ == "__main__":
    main()
