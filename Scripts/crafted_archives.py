"""Archives crafted to cost the most per byte (one-byte nodes, packed payloads of one-byte
elements, keys compared, deep nesting, huge tables, a long key named by every node),
written through their JSON form, so by the format alone, with graph-server's offline
`archive` command. Used by check-memory.py, attack-memory.py and hostile-clients.py."""
import argparse
import json
import os
import subprocess


def document(types, body, keys=("k",)):
    return {"format": "graphcodable-archive", "formatVersion": 1, "checksummed": True, "internalBinaryIOVersion": 1,
            "userBinaryIOVersion": 0, "types": types, "keys": list(keys), "body": body}


def write(binary, directory, name, document):
    """Writes the archive `document` (a JSON form, or its text) describes to
    DIRECTORY/NAME.graph, its JSON beside it."""
    json_path = os.path.join(directory, name + ".json")
    with open(json_path, "w") as file:
        if isinstance(document, str):
            file.write(document)
        else:
            json.dump(document, file, separators=(",", ":"))
    path = os.path.join(directory, name + ".graph")
    subprocess.run([binary, "archive", json_path, "-o", path], check=True)
    return path


def crafted(binary, directory, scale=1.0):
    """(label, path) of each crafted archive; `scale` shrinks them (1: some megabytes each)."""
    def count(n):
        return max(1, int(n * scale))
    yield "one-byte nodes", write(binary, directory, "nils", document([], [{"kind": "VAL", "type": 40, "fields": [{"kind": "NIL"}] * count(3_900_000)}]))
    yield "a packed array of Bool", write(binary, directory, "bools", document(
        [{"array": 1}], [{"kind": "BIV", "type": 64, "value": [True, False] * count(2_000_000)}]))
    yield "a packed dictionary", write(binary, directory, "dictionary", document(
        [{"dictionary": [10, 8]}], [{"kind": "BIV", "type": 64, "value": [[i, 1] for i in range(count(500_000))]}]))
    # Keyed fields belong to user types (an array's fields are unkeyed).
    value_type = [{"valueType": "T", "mangledName": "", "version": 0}]
    yield "keyed one-byte nodes", write(binary, directory, "keyed", document(
        value_type, [{"kind": "VAL", "type": 64, "fields": [{"kind": "NIL", "key": "k"}] * count(1_900_000)}]))
    yield "a long key named by every node", write(binary, directory, "long-key", document(
        value_type, [{"kind": "VAL", "type": 64, "fields": [{"kind": "NIL", "key": 1}] * count(50_000)}], keys=["k" * 100_000]))
    yield "a huge type table", write(binary, directory, "types", document(
        [{"valueType": f"T{i}", "mangledName": "", "version": 0} for i in range(count(300_000))],
        [{"kind": "VAL", "type": 64, "fields": []}]))
    # Written as text: too deep for a recursive JSON encoder.
    levels = 9_998
    deep = '{"kind":"VAL","type":40,"fields":[' * levels + '{"kind":"NIL"}' + "]}" * levels
    text = json.dumps(document([], ["BODY"]), separators=(",", ":")).replace('"BODY"', deep)
    yield "the deepest nesting", write(binary, directory, "deep-nesting", text)


def main():
    """Run alone, it only describes itself: the checks import it."""
    argparse.ArgumentParser(description="Archives crafted to cost the most per byte: a module check-memory.py, "
                                        "attack-memory.py and hostile-clients.py import.").parse_args()


if __name__ == "__main__":
    main()
