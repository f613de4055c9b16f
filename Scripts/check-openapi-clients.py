#!/usr/bin/env python3
"""Proves that openapi.yaml serves the tools people point at it, against the release server:

  1. openapi-python-client (pinned) generates a client from it and prints no warning but the
     one it cannot avoid: the `application/yaml` answer of GET /openapi.yaml, a media type it
     does not read;
  2. that client, installed with pip, does every task of the README typed, with
     raise_on_unexpected_status=True: raw and multipart uploads to /v1/dump; /v1/json parsed
     into the ArchiveJSON model, which sent back to /v1/archive (as JSON, raw bytes and a
     form) gives the archive's bytes again; /v1/typemap; /v1/validate (200 and the 422
     report, both ValidationReport); /v1/convert; /v1/decode; /v1/diff (a form of two
     files); /healthz, /readyz, /metrics, the inspector page and /openapi.yaml (with their
     HEAD and OPTIONS); and errors of every POST operation parsed as the Problem model;
  3. openapi-core (pinned) validates every request the client sent and every answer it got
     (errors too) against openapi.yaml; each operation of the document is among them.

Installs its pinned tools itself, with pip, into a virtual environment under .build/ (or,
where the venv module is missing, for the user). The server is started on a free loopback
port and stopped at the end.

Usage: Scripts/check-openapi-clients.py BINARY      e.g. .build/release/graph-server
"""
import argparse
import importlib
import io
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from importlib.metadata import version

PINS = ["openapi-python-client==0.29.1", "openapi-core==0.23.1"]
ROOT = pathlib.Path(__file__).resolve().parent.parent
VENV = ROOT / ".build" / "openapi-clients-venv"
INSIDE = "GRAPH_CHECK_OPENAPI_CLIENTS_INSIDE"


def pip_install(python, *arguments):
    command = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *arguments]
    return subprocess.run(command).returncode == 0


def bootstrap():
    """Runs this script again with the pinned tools, in the venv (or where pip put them)."""
    if os.environ.get(INSIDE):
        return
    python = VENV / "bin" / "python"
    environment = {**os.environ, INSIDE: "1"}
    if python.exists() or subprocess.run([sys.executable, "-m", "venv", str(VENV)]).returncode == 0:
        if not pip_install(python, *PINS):
            sys.exit("error: could not install " + " ".join(PINS))
        environment["PATH"] = f"{VENV / 'bin'}{os.pathsep}{environment.get('PATH', '')}"  # ruff, for the generator
    else:
        # No venv module (Debian without python3-venv): for the user, as this machine allows.
        python = pathlib.Path(sys.executable)
        if not any(pip_install(python, *flags, *PINS) for flags in ([], ["--user"], ["--break-system-packages"],
                                                                      ["--user", "--break-system-packages"])):
            sys.exit("error: could not install " + " ".join(PINS))
        user_bin = subprocess.run([sys.executable, "-m", "site", "--user-base"], capture_output=True, text=True).stdout.strip() + "/bin"
        environment["PATH"] = f"{user_bin}{os.pathsep}{environment.get('PATH', '')}"
    os.execve(str(python), [str(python), __file__, *sys.argv[1:]], environment)


def fail(message):
    print(f"error: {message}")
    sys.exit(1)


def expect(condition, message):
    if not condition:
        fail(message)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    parser = argparse.ArgumentParser(description="Checks that openapi.yaml serves openapi-python-client and openapi-core (pinned) against the release server.")
    parser.add_argument("binary", metavar="BINARY", help="the graph-server binary to start, e.g. .build/release/graph-server")
    arguments = parser.parse_args()
    bootstrap()

    # From here on, inside the environment with the pinned tools.
    import httpx
    import yaml
    from openapi_core import Config, OpenAPI
    from openapi_core.testing import MockRequest, MockResponse

    binary = str(pathlib.Path(arguments.binary).resolve())
    contract = ROOT / "openapi.yaml"
    work = pathlib.Path(tempfile.mkdtemp(prefix="check-openapi-clients-"))
    started = time.monotonic()
    server = None

    print(f"== tools: openapi-python-client {version('openapi-python-client')}, openapi-core {version('openapi-core')}, "
          f"httpx {version('httpx')}, Python {sys.version.split()[0]}")

    # 1. The generator prints no warning but the one about the application/yaml document.
    print("== openapi-python-client generates a client from openapi.yaml")
    generated = subprocess.run(["openapi-python-client", "generate", "--path", str(contract), "--output-path",
                                str(work / "client"), "--meta", "setup"], capture_output=True, text=True,
                               env={**os.environ, "NO_COLOR": "1", "TERM": "dumb"})
    output = re.sub(r"\x1b\[[0-9;]*m", "", generated.stdout + generated.stderr)
    print(output.rstrip())
    expect(generated.returncode == 0, f"openapi-python-client exited {generated.returncode}")
    # What it may print: its banner lines, and one block (header, detail, the part of the
    # document) saying that GET /openapi.yaml's application/yaml answer is left out.
    rest = re.sub(r"WARNING parsing GET /openapi\.yaml within service\.\n\nCannot parse response for status code "
                  r"\S+ object at 0x[0-9a-f]+> \(Unsupported content_type application/yaml\), response will be omitted "
                  r"from generated client\n\n\{\n(?:  .*\n)*\}\n", "", output, count=1)
    yaml_warnings = output.count("WARNING") - rest.count("WARNING")
    banners = (r"Generating \S+", r"Warning\(s\) encountered while generating\. Client was generated, but some pieces may be missing",
               r"If you believe this was a mistake or this tool is missing a feature you need, please open an issue at \S+")
    unexpected = [line for line in rest.splitlines() if line.strip() and not any(re.fullmatch(b, line) for b in banners)]
    if unexpected:
        fail("the generator printed more than the application/yaml warning:\n" + "\n".join(unexpected[:40]))
    print(f"ok: {yaml_warnings} warning (the application/yaml document), nothing else")

    print("== the generated client installs with pip")
    package = next((work / "client").glob("pyproject.toml"), None) or next((work / "client").glob("setup.py"))
    expect(pip_install(sys.executable, str(package.parent)), "pip could not install the generated client")
    importlib.invalidate_caches()
    from graph_server_client import Client
    from graph_server_client.api.archives import (
        archive_statistics, archive_to_json, convert_archive, decode_archive, diff_archives, dump_archive, json_to_archive,
        object_graph, options_archive, options_convert, options_decode, options_diff, options_dump, options_json,
        options_object_graph, options_statistics, options_type_map, options_validate, type_map, validate_archive)
    from graph_server_client.api.service import (
        get_health, get_inspector, get_metrics, get_open_api, get_readiness, get_sample, head_health, head_inspector,
        head_metrics, head_open_api, head_readiness, list_samples, options_health, options_inspector, options_metrics,
        options_open_api, options_readiness, options_sample, options_samples)
    from graph_server_client.errors import UnexpectedStatus
    from graph_server_client.models import (
        ArchiveDiff, ArchiveJSON, ArchiveNode, ArchiveStatistics, ArchiveStatisticsFilesBody, ArchiveToJsonFilesBody,
        ClassTypeEntry, ConvertArchiveFilesBody, GetSampleName, ListSamplesResponse200, ObjectGraph, ObjectGraphFormat,
        OptionsSampleName,
        DecodeArchiveFilesBody, DecodeResult, DiffArchivesBody, DumpArchiveFilesBody, JsonToArchiveFilesBody,
        NativeOptionalLayout, NativeArrayLayout, NodeCounts, Problem, TypeMap, TypeMapEntry, TypeMapFilesBody,
        ValidateArchiveFilesBody, ValidationReport, ValueTypeEntry)
    from graph_server_client.types import File

    print("ok: graph_server_client imported")

    # 2. The README's tasks through the client, against the release server.

    def stop_server():
        if server is not None and server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(work / "server.log", "w")
    server = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", str(port)], stderr=log, stdout=log)
    try:
        for _ in range(100):
            try:
                if httpx.get(base + "/readyz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            expect(server.poll() is None, "the server exited: " + (work / "server.log").read_text())
            time.sleep(0.1)
        else:
            fail("the server did not start")
        print(f"== the generated client against {binary} on {base}")

        samples = {}
        for name in ("network", "folders", "sensor", "natives"):
            subprocess.run([binary, "sample", name, "-o", str(work / f"{name}.graph")], check=True)
            samples[name] = (work / f"{name}.graph").read_bytes()

        exchanges = []  # (httpx.Request, httpx.Response) of every call, for openapi-core

        def read_request(request):
            request.read()  # keeps the body, whatever stream it came from

        def keep_exchange(response):
            response.read()
            exchanges.append((response.request, response))

        def new_client(strict=True, headers=None, params=None):
            """A generated client whose exchanges are kept; strict: raise_on_unexpected_status."""
            arguments = {"event_hooks": {"request": [read_request], "response": [keep_exchange]}}
            if params:
                arguments["params"] = params
            return Client(base_url=base, raise_on_unexpected_status=strict, timeout=httpx.Timeout(30),
                          headers=headers or {}, httpx_args=arguments)

        client = new_client()

        def raw(data, name="archive.graph"):
            return File(payload=io.BytesIO(data), file_name=name, mime_type="application/octet-stream")

        def call(module, status, kind, **arguments):
            """The module's sync_detailed answer: `status`, parsed into `kind` (a type or None)."""
            answer = module.sync_detailed(client=client, **arguments)
            label = module.__name__.rsplit(".", 1)[1]
            expect(answer.status_code == status, f"{label}: {answer.status_code}, expected {status}: {answer.content[:300]!r}")
            if kind is None:
                expect(answer.parsed is None, f"{label}: parsed {answer.parsed!r}, expected nothing")
            else:
                expect(isinstance(answer.parsed, kind), f"{label}: parsed {type(answer.parsed).__name__}, expected {kind.__name__}")
            return answer

        # The dump: raw bytes and a multipart form.
        dump = call(dump_archive, 200, str, body=raw(samples["network"])).parsed
        expect("= BODY" in dump and dump.endswith("\n"), f"a raw upload's dump: {dump[:200]!r}")
        dump = call(dump_archive, 200, str, body=DumpArchiveFilesBody(file=raw(samples["network"])), header=True, typemap=True).parsed
        expect("= HEADER" in dump and "REFERENCEMAP" in dump, f"a form upload's dump with header and typemap: {dump[:300]!r}")
        print("ok: /v1/dump, raw and multipart uploads, parsed as text")

        # The JSON form as the ArchiveJSON model, and back to the same bytes in every upload form.
        forms = {}
        for name, archive in samples.items():
            answer = call(archive_to_json, 200, ArchiveJSON, body=raw(archive), pretty=(name == "network"))
            form = answer.parsed
            expect(form.to_dict() == json.loads(answer.content), f"the {name} JSON form does not round-trip through the model")
            expect(all(isinstance(node, ArchiveNode) for node in form.body), f"the {name} body is not ArchiveNode models")
            forms[name] = form
            back = call(json_to_archive, 200, File, body=form).parsed.payload.read()
            expect(back == archive, f"the {name} JSON form sent back as the model is not the archive's bytes")
            text = json.dumps(form.to_dict()).encode()
            for body in (File(payload=io.BytesIO(text), file_name=f"{name}.json", mime_type="application/json"),
                         JsonToArchiveFilesBody(file=File(payload=io.BytesIO(text), file_name=f"{name}.json", mime_type="application/json"))):
                back = call(json_to_archive, 200, File, body=body).parsed.payload.read()
                expect(back == archive, f"the {name} JSON form sent as {type(body).__name__} is not the archive's bytes")
        call(archive_to_json, 200, ArchiveJSON, body=ArchiveToJsonFilesBody(file=raw(samples["sensor"])))
        network_types = forms["network"].types
        expect(isinstance(network_types[0], ValueTypeEntry) and isinstance(network_types[1], ClassTypeEntry),
               f"the network's type table: {network_types!r}")
        expect(any(isinstance(entry, NativeOptionalLayout) for entry in forms["natives"].types)
               and any(isinstance(entry, NativeArrayLayout) for entry in forms["natives"].types),
               f"the natives' type table: {forms['natives'].types!r}")
        print(f"ok: /v1/json as ArchiveJSON for {len(forms)} archives; /v1/archive gives their bytes back (model, raw JSON, form)")

        # What changed: a station renamed in the model, made an archive, compared.
        renamed_form = ArchiveJSON.from_dict(json.loads(json.dumps(forms["network"].to_dict()).replace('"Harbour"', '"Port"')))
        renamed = call(json_to_archive, 200, File, body=renamed_form).parsed.payload.read()
        diff = call(diff_archives, 200, ArchiveDiff, body=DiffArchivesBody(before=raw(samples["network"]), after=raw(renamed))).parsed
        expect(not diff.identical and diff.difference_count == 1 and diff.differences[0].change.value == "valueChanged"
               and diff.differences[0].after.value == 'String "Port"', f"the diff of a renamed station: {diff.to_dict()}")
        same = call(diff_archives, 200, ArchiveDiff, body=DiffArchivesBody(before=raw(samples["sensor"]), after=raw(samples["sensor"])), limit=10).parsed
        expect(same.identical and same.differences == [], f"the diff of an archive with itself: {same.to_dict()}")
        print("ok: /v1/diff of a multipart before/after, as ArchiveDiff")

        # The type map, and the validation report: 200 and 422, both ValidationReport.
        types = call(type_map, 200, TypeMap, body=raw(samples["sensor"])).parsed
        expect(all(isinstance(entry, TypeMapEntry) for entry in types.types)
               and "graph_server.SampleModels.Sensor" in [entry.name for entry in types.types], f"the type map: {types.to_dict()}")
        call(type_map, 200, TypeMap, body=TypeMapFilesBody(file=raw(samples["folders"])))
        report = call(validate_archive, 200, ValidationReport, body=raw(samples["network"])).parsed
        expect(report.valid and report.problems == [] and isinstance(report.node_counts, NodeCounts)
               and all(isinstance(count, int) for count in report.node_counts.additional_properties.values())
               and report.node_counts["REF"] == 4, f"the network's report: {report.to_dict()}")
        call(validate_archive, 200, ValidationReport, body=ValidateArchiveFilesBody(file=raw(samples["sensor"])))
        invalid = call(validate_archive, 422, ValidationReport, body=raw(b"not an archive")).parsed
        expect(not invalid.valid and invalid.problems and invalid.problems[0].rule == "header.magic"
               and invalid.problems[0].node_path == "root", f"an invalid archive's report: {invalid.to_dict()}")
        print("ok: /v1/typemap as TypeMap; /v1/validate 200 and 422 as ValidationReport")

        # Where the bytes go: the shares add up to the archive; the object graph: the network's
        # four stations and the one reference that closes their loop.
        counted = call(archive_statistics, 200, ArchiveStatistics, body=raw(samples["network"]), limit=2, largest=3).parsed.to_dict()
        tables = counted["headerBytes"] + counted["typeTableBytes"] + counted["keyTableBytes"]
        expect(tables + sum(type_["bytes"] for type_ in counted["types"]) + counted["otherTypes"]["bytes"] + counted["untypedBytes"]
               == len(samples["network"]) and len(counted["types"]) <= 2 and len(counted["largestValues"]) <= 3,
               f"the network's statistics: {counted}")
        call(archive_statistics, 200, ArchiveStatistics, body=ArchiveStatisticsFilesBody(file=raw(samples["folders"])))
        graph = call(object_graph, 200, ObjectGraph, body=raw(samples["network"]), depth=3).parsed.to_dict()
        expect(len(graph["nodes"]) == 5 and sum(edge["closesCycle"] for edge in graph["edges"]) == 1, f"the network's graph: {graph}")
        # The generated client reads every 200 of /v1/graph as JSON: the DOT form is asked through its httpx client.
        dot = client.get_httpx_client().post("/v1/graph", params={"format": ObjectGraphFormat.DOT.value}, content=samples["network"],
                                             headers={"Content-Type": "application/octet-stream"})
        expect(dot.status_code == 200 and dot.content.startswith(b"digraph archive {"), f"the DOT form: {dot.content[:200]!r}")
        offered = call(list_samples, 200, ListSamplesResponse200).parsed.to_dict()
        expect([sample["name"] for sample in offered["samples"]] == ["network", "folders", "sensor", "zoo", "metro"], f"the samples: {offered}")
        expect(call(get_sample, 200, File, name=GetSampleName.NETWORK).parsed.payload.read() == samples["network"],
               "the network sample is not the bytes the CLI writes")
        print("ok: /v1/stats as ArchiveStatistics, adding up; /v1/graph as ObjectGraph and DOT; /v1/samples")

        # Converted for user BinaryIO version 1, the sensor decodes to the same value.
        converted = call(convert_archive, 200, File, body=raw(samples["sensor"]), binary_io_version=1).parsed.payload.read()
        expect(converted != samples["sensor"], "the conversion changed nothing")
        call(convert_archive, 200, File, body=ConvertArchiveFilesBody(file=raw(samples["network"])), internal_binary_io_version=2)
        before = call(decode_archive, 200, DecodeResult, body=raw(samples["sensor"]), type_="Sensor").parsed
        after = call(decode_archive, 200, DecodeResult, body=DecodeArchiveFilesBody(file=raw(converted)), type_="Sensor").parsed
        expect(before.decoded is True and before.description == after.description and before.type_ == "graph_server.SampleModels.Sensor",
               f"the converted sensor decodes otherwise: {before.to_dict()} / {after.to_dict()}")
        print("ok: /v1/convert as a File; /v1/decode as DecodeResult, the same value before and after")

        # Errors of every POST operation, each a Problem.
        def problem(module, status, kind, **arguments):
            answer = call(module, status, Problem, **arguments).parsed
            expect(answer.type_ == f"urn:graphcodable:problem:{kind}" and answer.status == status and answer.detail,
                   f"{module.__name__}: {answer.to_dict()}, expected {kind}")
            return answer

        def garbage():
            return raw(b"not an archive")

        problem(dump_archive, 422, "invalid-archive", body=garbage())
        problem(archive_to_json, 422, "invalid-archive", body=garbage())
        broken = ArchiveJSON.from_dict({**forms["sensor"].to_dict(), "types": []})
        located = problem(json_to_archive, 422, "invalid-archive-json", body=broken)
        expect(located.node_path and located.node_path.startswith("$."), f"an invalid JSON form's problem: {located.to_dict()}")
        problem(type_map, 422, "invalid-archive", body=garbage())
        problem(archive_statistics, 422, "invalid-archive", body=garbage())
        problem(object_graph, 422, "invalid-archive", body=garbage())
        problem(object_graph, 400, "invalid-parameter", body=raw(samples["network"]), around=99)
        problem(convert_archive, 400, "invalid-parameter", body=raw(samples["sensor"]))
        unknown = problem(decode_archive, 422, "unknown-type", body=raw(samples["sensor"]), type_="NoSuchType")
        expect("graph_server.SampleModels.Sensor" in unknown.registered_types, f"unknown-type: {unknown.to_dict()}")
        problem(decode_archive, 422, "cannot-decode", body=raw(samples["natives"]), type_="Sensor")
        part = problem(diff_archives, 422, "invalid-archive", body=DiffArchivesBody(before=raw(samples["sensor"]), after=garbage()))
        expect(part.detail.startswith("Invalid archive: after: "), f"an unreadable part is not named: {part.detail}")
        # A client sending every upload compressed, and one with a misspelt parameter on every request.
        plain = client
        client = new_client(headers={"Content-Encoding": "gzip"})
        # (Each upload reads its File once: the arguments are made anew for every call.)
        posts = {dump_archive: lambda: {}, archive_to_json: lambda: {}, json_to_archive: lambda: {"body": forms["sensor"]},
                 type_map: lambda: {}, validate_archive: lambda: {}, convert_archive: lambda: {"binary_io_version": 1},
                 archive_statistics: lambda: {}, object_graph: lambda: {},
                 decode_archive: lambda: {"type_": "Sensor"},
                 diff_archives: lambda: {"body": DiffArchivesBody(before=raw(samples["sensor"]), after=raw(samples["sensor"]))}}
        for module, arguments in posts.items():
            problem(module, 415, "unsupported-media-type", **{"body": raw(samples["sensor"]), **arguments()})
        client = new_client(params={"limt": "1"})
        for module, arguments in posts.items():
            typo = problem(module, 400, "invalid-parameter", **{"body": raw(samples["sensor"]), **arguments()})
            expect(typo.parameter == "limt" and isinstance(typo.parameters, list), f"the misspelt parameter: {typo.to_dict()}")
        for module in (get_health, get_readiness, get_metrics, get_inspector, get_open_api):
            problem(module, 400, "invalid-parameter")
        client = plain
        print(f"ok: errors of the {len(posts)} POST operations (and the GETs) parsed as Problem")

        # The service: health, readiness, metrics, the page and the contract; HEAD and OPTIONS.
        expect(call(get_health, 200, str).parsed == "ok\n", "/healthz")
        expect(call(get_readiness, 200, str).parsed == "ready\n", "/readyz")
        expect("graph_server_requests_total" in call(get_metrics, 200, str).parsed, "/metrics has no graph_server_requests_total")
        page = call(get_inspector, 200, str)
        expect("<html" in page.parsed.lower(), "/ is not the page")
        call(get_inspector, 304, None, if_none_match=page.headers["ETag"])
        # The generator leaves out answers in application/yaml (its one warning): with
        # raise_on_unexpected_status=True the document's 200 raises, so it is read without.
        try:
            get_open_api.sync_detailed(client=client)
            fail("GET /openapi.yaml did not raise UnexpectedStatus for its unread application/yaml answer")
        except UnexpectedStatus as error:
            expect(error.status_code == 200, f"GET /openapi.yaml: {error.status_code}")
        lenient = new_client(strict=False)
        document = get_open_api.sync_detailed(client=lenient)
        expect(document.status_code == 200 and document.headers["Content-Type"].startswith("application/yaml")
               and yaml.safe_load(document.content) == yaml.safe_load(contract.read_text()), "/openapi.yaml is not this document")
        call(get_open_api, 304, None, if_none_match=document.headers["ETag"])
        for module in (head_health, head_readiness, head_metrics, head_inspector, head_open_api):
            call(module, 200, type(None))
        for module in (options_health, options_readiness, options_metrics, options_inspector, options_open_api,
                       options_dump, options_json, options_archive, options_type_map, options_validate,
                       options_convert, options_decode, options_diff, options_statistics, options_object_graph, options_samples):
            call(module, 204, None)
        call(options_sample, 204, None, name=OptionsSampleName.SENSOR)
        print("ok: /healthz, /readyz, /metrics, / and /openapi.yaml (200 and 304), every HEAD and OPTIONS")

        # 3. openapi-core checks every exchange against the contract.
        print(f"== openapi-core validates the {len(exchanges)} exchanges against openapi.yaml")

        def octets(value, **parameters):
            # OpenAPI 3.1 describes binary content as a string (`type: string`, with
            # `contentMediaType`); openapi-core 0.23.1 hands the validator Python bytes, which
            # JSON Schema's `type: string` never matches. The same octets, one code point each.
            return value.decode("latin-1") if isinstance(value, bytes) else value

        def json_text(value, **parameters):
            return json.loads(value)

        def yaml_text(value, **parameters):
            return yaml.safe_load(value)

        # openapi-core 0.23.1 reads application/problem+json (RFC 9457), application/yaml and
        # Graphviz's text as bytes unless told that they are JSON, YAML and text.
        def text(value, **parameters):
            return value.decode() if isinstance(value, bytes) else value

        config = Config(extra_media_type_deserializers={"application/octet-stream": octets, "text/vnd.graphviz": text,
                                                        "application/problem+json": json_text,
                                                        "application/yaml": yaml_text})
        spec = OpenAPI.from_file_path(str(contract), config=config)
        document = yaml.safe_load(contract.read_text())
        operations = {(path, method): item["operationId"] for path, methods in document["paths"].items()
                      for method, item in methods.items()}

        def template(path):
            """The document's path that `path` is: itself, or a template with `{name}` in it."""
            return next((pattern for pattern, _ in operations
                         if re.fullmatch(re.sub(r"\\\{[^/]+\\\}", "[^/]+", re.escape(pattern)), path)), path)
        seen, failing, errors = {}, [], set()
        for request, response in exchanges:
            url = request.url
            operation = operations.get((template(url.path), request.method.lower()))
            expect(operation is not None, f"{request.method} {url.path} is not an operation of the document")
            headers = {key: value for key, value in request.headers.multi_items()}
            mock_request = MockRequest(base, request.method, url.path, args=dict(urllib.parse.parse_qsl(url.query.decode(), keep_blank_values=True)),
                                       headers=headers, data=request.content, content_type=request.headers.get("Content-Type"))
            mock_response = MockResponse(response.content, status_code=response.status_code, headers=dict(response.headers),
                                         content_type=response.headers.get("Content-Type"))
            label = f"{request.method} {url.path}{'?' + url.query.decode() if url.query else ''} → {response.status_code}"
            for what, validate in (("request", lambda: spec.validate_request(mock_request)),
                                   ("answer", lambda: spec.validate_response(mock_request, mock_response))):
                try:
                    validate()
                except Exception as error:  # openapi-core says what does not match, in its cause
                    failing.append(f"{label}: the {what}: {error} {getattr(error, '__cause__', '') or ''}"[:800])
            seen[operation] = seen.get(operation, 0) + 1
            if response.status_code >= 400:
                errors.add(operation)
        if failing:
            fail(f"{len(failing)} of {2 * len(exchanges)} do not match the contract:\n" + "\n".join(failing[:20]))
        missing = sorted(set(operations.values()) - set(seen))
        expect(not missing, f"operations no exchange used: {missing}")
        posts_without_error = sorted(operations[key] for key in operations if key[1] == "post" and operations[key] not in errors)
        expect(not posts_without_error, f"POST operations without an error exchange: {posts_without_error}")
        print(f"ok: {len(exchanges)} requests and their answers match the contract; all {len(seen)} operations, "
              f"errors of {len(errors)} of them")
    finally:
        stop_server()
        log.close()
        shutil.rmtree(work, ignore_errors=True)

    expect(server.returncode == 0, f"the server exited {server.returncode} after SIGTERM")
    print(f"ok: check-openapi-clients passed in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
