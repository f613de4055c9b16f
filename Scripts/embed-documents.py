#!/usr/bin/env python3
"""Writes the documents the server serves into Swift sources, so that the binary needs no
resource bundle: openapi.yaml as Sources/GraphHTTP/Generated/OpenAPIDocument.swift, and the
inspector page Sources/GraphHTTP/Inspector/inspector.html as Generated/InspectorPage.swift, with the
Content-Security-Policy that allows its inline style and script by their SHA-256 and
nothing else.

Usage: Scripts/embed-documents.py          rewrite the Swift files
       Scripts/embed-documents.py --check  exit 1 if either is not what this writes
"""
import argparse
import base64
import hashlib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def text_of(path):
    """The document as the Swift string will hold it: byte for byte, so that the server
    serves the repository's file (a Swift multi-line string cannot hold trailing whitespace,
    which the file therefore must not have)."""
    text = (ROOT / path).read_text(encoding="utf-8")
    for number, line in enumerate(text.split("\n"), start=1):
        if line != line.rstrip() or "\r" in line:
            sys.exit(f"{path}:{number} ends with whitespace, which the served copy could not hold")
    if '"""#' in text or "\\#" in text:
        sys.exit(f"{path} holds a sequence a Swift raw string cannot: \"\"\"# or \\#")
    return text


def swift_string(name, text):
    lines = [f'    static let {name} = #"""'] + [("    " + line) if line else "" for line in text.split("\n")] + ['    """#']
    return "\n".join(lines)


def inline_hash(text, tag):
    """The CSP source of the one inline <tag> element of the page."""
    blocks = re.findall(rf"<{tag}>(.*?)</{tag}>", text, flags=re.DOTALL)
    if len(blocks) != 1:
        sys.exit(f"the inspector page must have exactly one inline <{tag}>, it has {len(blocks)}")
    return "'sha256-" + base64.b64encode(hashlib.sha256(blocks[0].encode("utf-8")).digest()).decode() + "'"


def openapi_document():
    body = swift_string("text", text_of("openapi.yaml"))
    return ("// Generated from openapi.yaml by Scripts/embed-documents.py: edit openapi.yaml, then run the script.\n"
            "// swift-format-ignore-file\n\n"
            "/// The API's contract, served at `/openapi.yaml`.\n"
            f"enum OpenAPIDocument {{\n{body}\n}}\n")


def inspector_page():
    page = text_of("Sources/GraphHTTP/Inspector/inspector.html")
    policy = "; ".join([
        "default-src 'none'", f"script-src {inline_hash(page, 'script')}", f"style-src {inline_hash(page, 'style')}",
        "connect-src 'self'", "img-src 'self' data:", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
    ])
    body = swift_string("html", page)
    return ("// Generated from inspector.html by Scripts/embed-documents.py: edit inspector.html, then run the script.\n"
            "// swift-format-ignore-file\n\n"
            "/// The archive inspector, served at `/`: one page, its style and script inline.\n"
            "enum InspectorPage {\n"
            f"{body}\n\n"
            "    /// Lets the page run its own inline style and script (by their SHA-256), fetch from\n"
            "    /// this server, and nothing else.\n"
            f'    static let contentSecurityPolicy = "{policy}"\n'
            "}\n")


DOCUMENTS = {
    "Sources/GraphHTTP/Generated/OpenAPIDocument.swift": openapi_document,
    "Sources/GraphHTTP/Generated/InspectorPage.swift": inspector_page,
}


def main():
    parser = argparse.ArgumentParser(description="Writes openapi.yaml and the inspector page into the Swift sources the server embeds.")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if either Swift file is not what this writes")
    arguments = parser.parse_args()
    stale = []
    for path, make in DOCUMENTS.items():
        text = make()
        target = ROOT / path
        if arguments.check:
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                stale.append(path)
        else:
            target.write_text(text, encoding="utf-8")
    if stale:
        sys.exit(f"stale: {', '.join(stale)}: run Scripts/embed-documents.py")


if __name__ == "__main__":
    main()
