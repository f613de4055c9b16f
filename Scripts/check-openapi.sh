#!/usr/bin/env bash
# Proves that openapi.yaml is the server's contract:
#   1. it is a valid OpenAPI 3.1 document (openapi-spec-validator);
#   2. Sources/GraphHTTP/Generated/OpenAPIDocument.swift is what Scripts/embed-documents.py writes
#      from it, and the server at BASE_URL serves it at /openapi.yaml;
#   3. real archives (the contract's own JSON examples, turned into archives by the server)
#      sent to every operation, in every upload form, and the documented errors, are
#      answered as the contract says (status, media type, body schema, header fields);
#   4. schemathesis, stateless (examples, coverage and fuzzing phases), with every check
#      that applies to a service without authentication or stored resources.
# Installs what it needs with pip when it is missing. Exits non-zero on any failure.
#
# Usage: Scripts/check-openapi.sh BASE_URL        e.g. Scripts/check-openapi.sh http://127.0.0.1:18080
# Environment: OPENAPI_CHECK_EXAMPLES (test cases per operation and phase, default 60),
#              OPENAPI_CHECK_SEED (the generation seed, default fixed, so that runs repeat),
#              OPENAPI_CHECK_RETRIES (how often a request that got no answer, a reset or a
#              timeout, is sent again, default 0; each such retry is reported as a warning).
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: Scripts/check-openapi.sh BASE_URL (such as http://127.0.0.1:8080)}
base=${base%/}
examples=${OPENAPI_CHECK_EXAMPLES:-60}
seed=${OPENAPI_CHECK_SEED:-20261123}
retries=${OPENAPI_CHECK_RETRIES:-0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== tools"
missing=()
python3 -c 'import openapi_spec_validator' 2>/dev/null || missing+=("openapi-spec-validator")
# The command line and configuration below are schemathesis 4's, as of 4.32 (3.x spelled
# them differently).
python3 -c 'import sys, schemathesis
major, minor = (int(part) for part in schemathesis.__version__.split(".")[:2])
sys.exit(not (major == 4 and minor >= 32))' 2>/dev/null || missing+=("schemathesis 4.32 or later 4.x")
if [ ${#missing[@]} -gt 0 ]; then
    echo "error: missing ${missing[*]}: run Scripts/install-tools.sh"
    exit 1
fi
echo "schemathesis $(python3 -c 'import schemathesis; print(schemathesis.__version__)')," \
     "openapi-spec-validator $(python3 -c 'from importlib.metadata import version; print(version("openapi-spec-validator"))')"

echo "== openapi.yaml is a valid OpenAPI 3.1 document"
python3 -m openapi_spec_validator --schema 3.1 openapi.yaml

echo "== the embedded documents are what Scripts/embed-documents.py writes"
python3 Scripts/embed-documents.py --check
echo "ok"

echo "== the server at $base answers real archives and errors as the contract says"
cat > "$work/answers.py" <<'PYTHON'
"""Sends real archives and the documented errors to the server; checks every answer."""
import gzip
import json
import sys

import requests
import schemathesis
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

base, path, retries = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(path, encoding="utf-8").read()
document = yaml.safe_load(text)
schema = schemathesis.openapi.from_path(path)
checks = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance, response_headers_conformance]
registry = Registry().with_resource("urn:contract", Resource.from_contents(document, default_specification=DRAFT202012))
session = requests.Session()
count = 0


def fail(message):
    print(f"error: {message}")
    sys.exit(1)


def check(method, route, expected, *, query=None, body=None, headers=None, files=None, media_type=None):
    """Sends a request, then checks its answer against the contract and `expected` status."""
    global count
    label = f"{method} {route}{'?' + '&'.join(f'{k}={v}' for k, v in query.items()) if query else ''}"
    response = send(label, method, route, params=query, data=body, headers=headers or {}, files=files)
    if response.status_code != expected:
        fail(f"{label}: {response.status_code}, expected {expected}: {response.text[:500]}")
    case = schema[route][method].Case(query=query or {}, media_type=media_type, headers=headers or {})
    try:
        case.validate_response(response, checks=checks)
    except (Exception, BaseExceptionGroup) as error:  # schemathesis says what does not match
        fail(f"{label} ({response.status_code}) does not match the contract:\n{error}")
    count += 1
    return response


def send(label, method, route, **arguments):
    """The answer to a request, sent again (up to `retries` times) when none came."""
    for attempt in range(retries + 1):
        try:
            return session.request(method, base + route, timeout=20, **arguments)
        except (requests.ConnectionError, requests.Timeout) as error:
            if attempt == retries:
                fail(f"{label}: no answer ({error})")
            print(f"warning: {label}: no answer ({type(error).__name__}); sent again")


def check_outside(method, route, expected, component):
    """An answer for a path or method the contract does not list, against a response component."""
    global count
    label = f"{method} {route}"
    response = send(label, method, route)
    if response.status_code != expected:
        fail(f"{label}: {response.status_code}, expected {expected}")
    definition = document["components"]["responses"][component]
    if response.headers.get("Content-Type") != "application/problem+json":
        fail(f"{label}: Content-Type {response.headers.get('Content-Type')}")
    pointer = f"urn:contract#/components/responses/{component}/content/application~1problem+json/schema"
    validator = Draft202012Validator({"$ref": pointer}, registry=registry)
    errors = [error.message for error in validator.iter_errors(response.json())] if method != "HEAD" else []
    if errors:
        fail(f"{label}: the problem does not match {component}: {errors}")
    for name, header in definition.get("headers", {}).items():
        if "$ref" in header:
            header = document["components"]["headers"][header["$ref"].rsplit("/", 1)[1]]
        if header.get("required") and name not in response.headers:
            fail(f"{label}: no {name} field")
    count += 1
    return response


# The contract the server serves is this file (the embedding drops trailing spaces and the last line break).
served = send("GET /openapi.yaml", "GET", "/openapi.yaml").text
if served.rstrip("\n") != "\n".join(line.rstrip() for line in text.split("\n")).rstrip("\n"):
    fail("the server does not serve this openapi.yaml at /openapi.yaml: rebuild it (after Scripts/embed-documents.py)")

# Each example of POST /v1/archive becomes a real archive, sent as JSON in every upload form.
archives = {}
examples = document["components"]["requestBodies"]["ArchiveJSON"]["content"]["application/json"]["examples"]
for name, example in examples.items():
    json_text = json.dumps(example["value"]).encode()
    answer = check("POST", "/v1/archive", 200, body=json_text, headers={"Content-Type": "application/json"}, media_type="application/json")
    archives[name] = answer.content
    for headers in ({"Content-Type": "application/octet-stream"}, {"Content-Type": "application/x-www-form-urlencoded"}, {}):
        again = check("POST", "/v1/archive", 200, body=json_text, headers=headers, media_type=headers.get("Content-Type"))
        if again.content != archives[name]:
            fail(f"/v1/archive answers other bytes for {name} sent as {headers or 'no type'}")
    again = check("POST", "/v1/archive", 200, files={"file": ("archive.json", json_text, "application/json")}, media_type="multipart/form-data")
    if again.content != archives[name]:
        fail(f"/v1/archive answers other bytes for {name} sent as a form")

# Every archive operation, every upload form, every option.
decode_as = {"natives": ("Sensor", 422), "sensor": ("Sensor", 200), "network": ("graph_server.SampleModels.Network", 200), "folders": ("Folder", 200)}
uploads = [
    ("application/octet-stream", lambda archive: {"body": archive, "headers": {"Content-Type": "application/octet-stream"}}),
    ("application/x-www-form-urlencoded", lambda archive: {"body": archive, "headers": {"Content-Type": "application/x-www-form-urlencoded"}}),
    (None, lambda archive: {"body": archive}),
    ("multipart/form-data", lambda archive: {"files": {"file": ("x.graph", archive, "application/octet-stream")}}),
    ("multipart/form-data", lambda archive: {"files": {"upload": ("x.graph", archive)}}),
]
for name, archive in archives.items():
    for media_type, upload in uploads:
        dump = check("POST", "/v1/dump", 200, media_type=media_type, **upload(archive))
        if not dump.text.endswith("\n"):
            fail("a dump does not end with a line break")
        answer = check("POST", "/v1/json", 200, media_type=media_type, **upload(archive))
        if answer.json() != examples[name]["value"]:
            fail(f"/v1/json of {name} is not the JSON it was made from")
        types = check("POST", "/v1/typemap", 200, media_type=media_type, **upload(archive))
        for streamed in (dump, answer, types):
            if streamed.headers.get("Transfer-Encoding") != "chunked":
                fail(f"{streamed.request.path_url} is not streamed (chunked)")
        check("POST", "/v1/validate", 200, media_type=media_type, **upload(archive))
        check("POST", "/v1/convert", 200, query={"internalBinaryIOVersion": "1"}, media_type=media_type, **upload(archive))
        type_name, status = decode_as[name]
        check("POST", "/v1/decode", status, query={"type": type_name}, media_type=media_type, **upload(archive))
    octets = uploads[0][1](archive)
    for query in ({"header": "true", "legend": "yes", "typemap": "1", "mangled": "TRUE", "keymap": "", "untruncated": "True"},
                  {"header": "false", "legend": "no", "typemap": "0", "mangled": "False", "keymap": "NO", "untruncated": "false"}):
        check("POST", "/v1/dump", 200, query=query, media_type="application/octet-stream", **octets)
    pretty = check("POST", "/v1/json", 200, query={"pretty": "true"}, media_type="application/octet-stream", **octets)
    if "\n  " not in pretty.text:
        fail("/v1/json?pretty=true is not indented")
    for query in ({"binaryIOVersion": "1"}, {"internalBinaryIOVersion": "2"}, {"binaryIOVersion": "0", "internalBinaryIOVersion": "1"}):
        check("POST", "/v1/convert", 200, query=query, media_type="application/octet-stream", **octets)

# The sensor's readings follow the user BinaryIO version: converted to 1, it decodes to the same value.
converted = check("POST", "/v1/convert", 200, query={"binaryIOVersion": "1"}, body=archives["sensor"], media_type=None).content
before = check("POST", "/v1/decode", 200, query={"type": "Sensor"}, body=archives["sensor"], media_type=None).json()
after = check("POST", "/v1/decode", 200, query={"type": "Sensor"}, body=converted, media_type=None).json()
if before["description"] != after["description"]:
    fail("the converted sensor does not decode to the same value")

# Diffs: each archive against itself, and against another; the documented errors.
def pair(before, after):
    return {"files": {"before": ("before.graph", before, "application/octet-stream"), "after": ("after.graph", after, "application/octet-stream")}}
for name, archive in archives.items():
    same = check("POST", "/v1/diff", 200, media_type="multipart/form-data", **pair(archive, archive)).json()
    if not same["identical"] or same["differences"]:
        fail(f"/v1/diff of {name} with itself finds differences: {same}")
changed = check("POST", "/v1/diff", 200, query={"limit": "2"}, media_type="multipart/form-data", **pair(archives["network"], archives["folders"])).json()
if changed["identical"] or len(changed["differences"]) != 2 or changed["omittedCount"] != changed["differenceCount"] - 2:
    fail(f"/v1/diff of two archives: {changed}")
for query in ({"limit": "-1"}, {"limit": "10001"}, {"limit": "x"}):
    check("POST", "/v1/diff", 400, query=query, media_type="multipart/form-data", **pair(archives["sensor"], archives["sensor"]))
unreadable = check("POST", "/v1/diff", 422, media_type="multipart/form-data", **pair(archives["sensor"], b"not an archive")).json()
if not unreadable["detail"].startswith("Invalid archive: after: "):
    fail(f"an unreadable part is not named: {unreadable['detail']}")
check("POST", "/v1/diff", 400, media_type="multipart/form-data", files={"before": ("a.graph", archives["sensor"])})
check("POST", "/v1/diff", 400, media_type="multipart/form-data", files={**pair(archives["sensor"], archives["sensor"])["files"], "extra": ("c.graph", b"")})
check("POST", "/v1/diff", 415, body=archives["sensor"], headers={"Content-Type": "application/octet-stream"}, media_type=None)

# The documented errors.
sensor = archives["sensor"]
invalid = b"not an archive"
check("POST", "/v1/validate", 422, body=invalid, media_type=None)
# A conversion needs a target; every operation refuses a parameter it does not take.
to_version_1 = {"internalBinaryIOVersion": "1"}
for route in ("/v1/dump", "/v1/json", "/v1/typemap", "/v1/convert"):
    check("POST", route, 422, query=to_version_1 if route == "/v1/convert" else None, body=invalid, media_type=None)
check("POST", "/v1/convert", 400, body=sensor, media_type=None)
for route in ("/v1/dump", "/v1/json", "/v1/archive", "/v1/typemap", "/v1/validate", "/v1/convert", "/v1/decode", "/v1/diff"):
    typo = check_outside("POST", route + "?limt=1", 400, "BadRequest")
    if typo.json().get("parameter") != "limt":
        fail(f"{route}?limt=1 does not name the parameter: {typo.text}")
check("POST", "/v1/archive", 422, body=b'{"format": "graphcodable-archive"}', headers={"Content-Type": "application/json"}, media_type="application/json")
check("POST", "/v1/archive", 422, body=b"not json", headers={"Content-Type": "application/json"}, media_type="application/json")
unknown = check("POST", "/v1/decode", 422, query={"type": "NoSuchType"}, body=sensor, media_type=None).json()
if unknown["type"] != "urn:graphcodable:problem:unknown-type" or "graph_server.SampleModels.Sensor" not in unknown.get("registeredTypes", []):
    fail(f"an unknown type is not answered unknown-type with registeredTypes: {unknown}")
check("POST", "/v1/decode", 400, body=sensor, media_type=None)
check("POST", "/v1/decode", 400, query={"type": ""}, body=sensor, media_type=None)
check("POST", "/v1/dump", 400, query={"header": "maybe"}, body=sensor, media_type=None)
check("POST", "/v1/json", 400, query={"pretty": "2"}, body=sensor, media_type=None)
for value in ("65536", "-1", "1.5", "x", ""):
    check("POST", "/v1/convert", 400, query={"binaryIOVersion": value}, body=sensor, media_type=None)
    check("POST", "/v1/convert", 400, query={"internalBinaryIOVersion": value}, body=sensor, media_type=None)
for route in ("/v1/dump", "/v1/json", "/v1/archive", "/v1/typemap", "/v1/validate", "/v1/convert"):
    query = to_version_1 if route == "/v1/convert" else None
    check("POST", route, 415, query=query, body=sensor, headers={"Content-Type": "text/plain"}, media_type=None)
    check("POST", route, 415, query=query, body=gzip.compress(sensor), headers={"Content-Type": "application/octet-stream", "Content-Encoding": "gzip"}, media_type=None)
    check("POST", route, 400, query=query, body=sensor, headers={"Content-Type": "multipart/form-data"}, media_type=None)
    check("POST", route, 400, query=query, body=b"--b\r\nno part\r\n--b--\r\n", headers={"Content-Type": "multipart/form-data; boundary=b"}, media_type=None)
    check("POST", route, 400, query=query, body=sensor, headers={"Content-Type": "not a media type"}, media_type=None)

# Service endpoints, HEAD and OPTIONS on every path.
for route in ("/", "/healthz", "/readyz", "/metrics", "/openapi.yaml"):
    got = check("GET", route, 200)
    head = check("HEAD", route, 200)
    if head.content or head.headers.get("Content-Type") != got.headers.get("Content-Type"):
        fail(f"HEAD {route} differs from GET")
    options = check("OPTIONS", route, 204)
    if options.headers["Allow"] != "GET, HEAD, OPTIONS":
        fail(f"OPTIONS {route}: Allow {options.headers['Allow']}")
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        refused = check_outside(method, route, 405, "MethodNotAllowed")
        if refused.headers["Allow"] != "GET, HEAD, OPTIONS":
            fail(f"{method} {route}: Allow {refused.headers['Allow']}")
for route in ("/v1/dump", "/v1/json", "/v1/archive", "/v1/typemap", "/v1/validate", "/v1/convert", "/v1/decode", "/v1/diff"):
    options = check("OPTIONS", route, 204)
    if options.headers["Allow"] != "POST, OPTIONS":
        fail(f"OPTIONS {route}: Allow {options.headers['Allow']}")
    for method in ("GET", "HEAD", "PUT", "DELETE"):
        refused = check_outside(method, route, 405, "MethodNotAllowed")
        if refused.headers["Allow"] != "POST, OPTIONS":
            fail(f"{method} {route}: Allow {refused.headers['Allow']}")
for route in ("/nothing", "/v1", "/v1/dump/", "/healthz/x", "/V1/DUMP"):
    check_outside("GET", route, 404, "NotFound")
    check_outside("POST", route, 404, "NotFound")
if "graph_server_requests_total" not in send("GET /metrics", "GET", "/metrics").text:
    fail("/metrics has no graph_server_requests_total")

# X-Request-Id: a sane one is echoed, another replaced by a new one.
echoed = check("GET", "/healthz", 200, headers={"X-Request-Id": "trace-42.a_b"})
if echoed.headers["X-Request-Id"] != "trace-42.a_b":
    fail(f"X-Request-Id not echoed: {echoed.headers['X-Request-Id']}")
replaced = check("GET", "/healthz", 200, headers={"X-Request-Id": "not sane"})
if replaced.headers["X-Request-Id"] == "not sane" or len(replaced.headers["X-Request-Id"]) != 32:
    fail(f"an insane X-Request-Id is not replaced: {replaced.headers['X-Request-Id']}")

# Gzip: text answers of 1 KiB or more for clients that prefer it, with Vary; never archive bytes.
for encoding, gzipped in (("gzip", True), ("identity", False), ("gzip;q=0, identity", False), ("*", True)):
    answer = check("POST", "/v1/json", 200, query={"pretty": "true"}, body=archives["network"], headers={"Accept-Encoding": encoding}, media_type=None)
    if (answer.headers.get("Content-Encoding") == "gzip") != gzipped or "Accept-Encoding" not in answer.headers.get("Vary", ""):
        fail(f"/v1/json with Accept-Encoding {encoding!r}: Content-Encoding {answer.headers.get('Content-Encoding')}, Vary {answer.headers.get('Vary')}")
    if answer.json() != examples["network"]["value"]:
        fail("the gzipped JSON form is not the archive's")
archive_bytes = check("POST", "/v1/archive", 200, body=json.dumps(examples["network"]["value"]).encode(),
                      headers={"Content-Type": "application/json", "Accept-Encoding": "gzip"}, media_type="application/json")
if "Content-Encoding" in archive_bytes.headers:
    fail("archive bytes are compressed")

print(f"ok: {count} answers match the contract")
PYTHON
python3 "$work/answers.py" "$base" openapi.yaml "$retries"

echo "== schemathesis: stateless, $examples cases per operation and phase, seed $seed"
# Archive operations answer 422 to bodies that match the schema but are not archives (random
# bytes, or JSON that is not a consistent archive): for them that is acceptance of valid data.
# OpenAPI cannot say that one of two query parameters is required: /v1/convert's description
# says so, answers.py checks its 400 without a target and its 200s with one, and here a
# request schemathesis makes without either may be answered 400. (The first entry that
# applies to an operation wins.)
cat > "$work/schemathesis.toml" <<'TOML'
[[operations]]
include-path = "/v1/convert"
include-method = "POST"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "422"]

[[operations]]
include-tag = "archives"
include-method = "POST"
checks.positive_data_acceptance.expected-statuses = ["2xx", "422"]

[warnings]
# Shown: all but validation_mismatch, which the archive operations' 422s above would raise.
display = ["missing_auth", "missing_test_data", "base_url_mismatch", "missing_deserializer", "unused_openapi_auth",
           "unsupported_regex", "method_not_allowed", "constants_extraction", "unmatched_filter",
           "unresolvable_reference", "low_valid_rate", "rate_limited", "dictionary_mismatch", "timeout_units"]
# A contract schemathesis cannot fully use fails the check.
fail-on = ["missing_deserializer", "unsupported_regex", "unresolvable_reference", "method_not_allowed", "base_url_mismatch"]
TOML
# Every check but those about authentication and stored resources, which this stateless
# service without authentication has none of.
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance
checks=$checks,response_schema_conformance,negative_data_rejection,positive_data_acceptance
checks=$checks,missing_required_header,unsupported_method,allow_header_conformance
spec=$PWD/openapi.yaml
# One worker: with two, schemathesis's threads parse Python source at once (hypothesis reads
# lambdas back with ast.parse), and CPython 3.11's AST constructor keeps its recursion depth
# in state the threads share, so a run can die of "AST constructor recursion depth mismatch"
# whatever the server answers. One worker is no slower here.
start=$(date +%s)
(
    cd "$work"
    python3 -m schemathesis.cli --config-file "$work/schemathesis.toml" --no-color run "$spec" \
        --url "$base" \
        --phases examples,coverage,fuzzing \
        --checks "$checks" \
        --max-examples "$examples" \
        --seed "$seed" \
        --generation-database none \
        --request-timeout 20 \
        --request-retries "$retries" \
        --workers 1
)
echo "ok: schemathesis passed in $(( $(date +%s) - start )) s"
