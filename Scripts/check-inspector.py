#!/usr/bin/env python3
"""Drives the inspector page at / in a real browser (Debian's Chromium, headless, through
playwright) against a running server, as a person would: opens a sample in one click and
archives through the file input, reads what the page shows, follows a pointer with the
keyboard, draws the object graph and goes from it to the tree and back, reads where the
bytes go, compares two archives, converts and edits, and opens a corrupted archive and bad
JSON. Each state is saved as a screenshot and checked by axe-core (WCAG 2.2 AA, target
sizes included); any violation, any console error or page error the steps do not expect
fails the check, and so does a page that takes too long on a 10 MB archive.

Needs Chromium, playwright and axe-playwright-python (Scripts/install-tools.sh installs them).

Usage: Scripts/check-inspector.py BASE_URL BINARY SCREENSHOT_DIR
"""
import argparse
import pathlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

try:
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import expect, sync_playwright
except ImportError:
    sync_playwright = None  # main says so once the command line is read: --help needs no playwright

# axe-core's rules for WCAG 2.0 to 2.2, A and AA, and its best practices: target-size
# (WCAG 2.2's 24 px) among them.
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]},
               "resultTypes": ["violations"]}


def fail(message):
    sys.exit(f"error: {message}")


def main():
    parser = argparse.ArgumentParser(description="Drives the inspector page of a running graph-server in headless Chromium, saving a screenshot of each state.")
    parser.add_argument("base_url", metavar="BASE_URL", help="the running server's address, e.g. http://127.0.0.1:8080")
    parser.add_argument("binary", metavar="BINARY", help="the graph-server binary that writes the sample archives the page opens")
    parser.add_argument("screenshot_dir", metavar="SCREENSHOT_DIR", help="where the screenshots go (its old *.png are removed first)")
    arguments = parser.parse_args()
    base, binary, screenshots = arguments.base_url.rstrip("/"), arguments.binary, pathlib.Path(arguments.screenshot_dir)

    if not shutil.which("chromium"):
        sys.exit("error: chromium is missing: run Scripts/install-tools.sh")
    if sync_playwright is None:
        sys.exit("error: playwright or axe-playwright-python is missing: run Scripts/install-tools.sh")

    work = pathlib.Path(tempfile.mkdtemp())
    screenshots.mkdir(parents=True, exist_ok=True)
    for old in screenshots.glob("*.png"):
        old.unlink()

    def sample(name):
        path = work / f"{name}.graph"
        subprocess.run([binary, "sample", name, "-o", str(path)], check=True)
        return path

    network, metro = sample("network"), sample("metro")
    # The network with a station renamed, through the JSON form.
    subprocess.run([binary, "json", str(network), "-o", str(work / "network.json")], check=True)
    (work / "renamed.json").write_text((work / "network.json").read_text().replace("Harbour", "Port"))
    renamed = work / "renamed.graph"
    subprocess.run([binary, "archive", str(work / "renamed.json"), "-o", str(renamed)], check=True)
    corrupted = work / "corrupted.graph"
    corrupted.write_bytes(network.read_bytes()[:150])

    step = 0
    console = []      # (step, kind, text) of every console error and page error
    allowed = set()   # the texts the current step expects (the 422 of an invalid upload)
    violations = []   # (state, axe's report) of every state with a violation
    axe = Axe()

    def shot(page, name):
        nonlocal step
        step += 1
        path = screenshots / f"{step:02d}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        audit(page, name)
        print(f"ok: {name} ({path.name})")

    def audit(page, name):
        results = axe.run(page, options=AXE_OPTIONS)
        if results.violations_count:
            violations.append((name, results.generate_report()))

    def record(kind, text):
        if not any(expected in text for expected in allowed):
            console.append((step, kind, text))

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        context = browser.new_context(accept_downloads=True, viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.on("console", lambda message: message.type == "error" and record("console", message.text))
        page.on("pageerror", lambda error: record("page error", str(error)))

        answer = page.goto(base + "/")
        policy = answer.headers.get("content-security-policy", "")
        if "default-src 'none'" not in policy or "script-src 'sha256-" not in policy:
            fail(f"the page's Content-Security-Policy is not strict: {policy!r}")
        if page.locator("script[src], link[rel=stylesheet], img[src^=http]").count():
            fail("the page loads external assets")

        # The keyboard reaches the file input first.
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") not in ("file", ""):
            fail(f"Tab focuses {page.evaluate('document.activeElement.outerHTML')!r} before the file input")

        # The first screen offers the server's samples and says what the page does.
        samples = page.locator("#samples button")
        expect(samples).to_have_count(5)
        expect(page.locator("#drop .intro")).to_contain_text("object")
        shot(page, "first-screen")

        # Summary: the network sample in one click, the same bytes as the CLI writes.
        page.click("#samples button[data-sample=network]")
        expect(page.locator("#validity")).to_have_text("valid")
        expect(page.locator("#status")).to_have_text(f"network.graph: valid, {network.stat().st_size} bytes")
        summary = page.locator("#summary").inner_text()
        for expected in (f"{network.stat().st_size} bytes", "internal 1, user 0", "Checksum\nyes", "REF 4"):
            if expected not in summary:
                fail(f"the summary lacks {expected!r}:\n{summary}")
        shot(page, "summary")

        # The type map names the types.
        page.click("#tab-types")
        expect(page.locator("#types")).to_contain_text("graph_server.SampleModels.Station")
        expect(page.locator("#types")).to_contain_text("12graph_server12SampleModelsO7StationC")
        shot(page, "types")

        # The tree, opened with the keyboard down to the fourth station's name.
        page.click("#tab-tree")
        expect(page.locator("#tree li[role=treeitem]").first).to_contain_text("graph_server.SampleModels.Network")
        page.locator("#tree li[role=treeitem]").first.focus()
        for key in ["ArrowRight", "ArrowDown", "ArrowRight", "ArrowDown"]:  # root, its array, the first station
            page.keyboard.press(key)
        for _ in range(3):  # each station's links, then the next station
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowDown")
            page.keyboard.press("ArrowDown")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowDown")
        name = page.locator(":focus")
        expect(name).to_have_attribute("data-location", "$.body[0].fields[0].fields[0].fields[1].fields[0].fields[1].fields[0].fields[1].fields[0].fields[0]")
        expect(name).to_contain_text('"University"')
        expect(name).to_contain_text("String")
        shot(page, "tree-deep-value")

        # Its link back to the first station is a pointer: Enter on it reveals the definition.
        for key in ["ArrowDown", "ArrowRight", "ArrowDown"]:  # links, opened, its first element
            page.keyboard.press(key)
        pointer = page.locator(":focus")
        expect(pointer).to_contain_text("PTS")
        page.keyboard.press("Enter")
        focused = page.locator(":focus")
        expect(focused).to_have_attribute("data-location", "$.body[0].fields[0].fields[0]")
        expect(focused.locator(":scope > .row")).to_contain_text("#1")
        # A pointer's button does the same.
        page.locator("li[data-location='$.body[0].fields[0].fields[1]'] > .row button.follow").click()
        expect(page.locator(":focus")).to_have_attribute("data-location", "$.body[0].fields[0].fields[0].fields[1].fields[0]")
        shot(page, "tree-pointer-followed")

        # Find: the next node whose key, type name, id or value holds the text.
        page.fill("#find-text", "airport")
        page.press("#find-text", "Enter")
        expect(page.locator(":focus")).to_contain_text('"Airport"')
        page.fill("#find-text", "#4")
        page.press("#find-text", "Enter")
        expect(page.locator(":focus > .row")).to_contain_text("REF")
        expect(page.locator(":focus > .row")).to_contain_text("#4")
        shot(page, "tree-find")

        # The object graph: the four stations on their loop, the link that closes it marked.
        page.click("#tab-graph")
        expect(page.locator("#graph-svg .node")).to_have_count(5)
        expect(page.locator("#graph-svg .node.root")).to_have_count(1)
        expect(page.locator("#graph-svg path.edge.cycle")).to_have_count(1)
        expect(page.locator("#graph-svg .node.shared")).to_have_count(4)
        expect(page.locator("#graph-note")).to_contain_text("cycles marked")
        page.locator("#graph-svg .node[data-id='3']").click()
        expect(page.locator("#graph-details")).to_contain_text("Airport")
        expect(page.locator("#graph-details")).to_contain_text("shared")
        shot(page, "graph")
        # From the graph to the tree, and back from the tree to the graph around that station.
        page.locator("#graph-details button", has_text="Show it in the tree").click()
        focused = page.locator(":focus")
        expect(focused).to_contain_text("#3")
        focused.locator(":scope > .row button.follow", has_text="graph").click()
        expect(page.locator("#panel-graph")).to_be_visible()
        expect(page.locator("#graph-note")).to_contain_text("around #3")
        # Find: an object by its value, then by an id.
        page.fill("#graph-find", "university")
        page.press("#graph-find", "Enter")
        expect(page.locator("#graph-svg .node.selected")).to_have_attribute("data-id", "4")
        shot(page, "graph-around-a-station")

        # Where the bytes go: the types' bars, the untyped and the header and tables add up
        # to the archive; a type opens its first value in the tree. (The find box is left
        # first: headless Chromium scrolls the page as it loses focus after a full-page
        # screenshot, which would move the tab from under the pointer.)
        page.locator("#graph-find").blur()
        page.click("#tab-size")
        expect(page.locator("#size-types .bar").first).to_be_visible()
        bars = page.locator("#size-types .bar").evaluate_all("bars => bars.reduce((sum, bar) => sum + Number(bar.dataset.bytes), 0)")
        if bars != network.stat().st_size:
            fail(f"the size view's bars add up to {bars}, the archive has {network.stat().st_size} bytes")
        expect(page.locator("#size-parts")).to_contain_text("root[0]")
        expect(page.locator("#size-largest tbody tr").first).to_contain_text("String")
        shot(page, "size")
        page.locator("#size-types button.bar-label", has_text="Station").click()
        expect(page.locator(":focus > .row")).to_contain_text("graph_server.SampleModels.Station")

        # The dump, with its options; the status line still says which archive is open.
        page.click("#tab-dump")
        expect(page.locator("#dump")).to_contain_text("Central")
        page.check("#dump-options input[name=header]")
        expect(page.locator("#dump")).to_contain_text("HEADER")
        expect(page.locator("#status")).to_contain_text("network.graph: valid")
        shot(page, "dump")

        # Compare with the renamed network: one change, marked in the tree.
        page.click("#tab-compare")
        # Dropped on the second zone, as a person would drag it from a file manager.
        transfer = page.evaluate_handle(
            "([name, bytes]) => { const transfer = new DataTransfer(); transfer.items.add(new File([new Uint8Array(bytes)], name)); return transfer; }",
            ["renamed.graph", list(renamed.read_bytes())])
        page.dispatch_event("#compare-drop", "drop", {"dataTransfer": transfer})
        expect(page.locator("#compare-summary")).to_contain_text("1 difference")
        row = page.locator("#differences tr.difference")
        expect(row).to_have_count(1)
        expect(row).to_contain_text("value changed")
        expect(row).to_contain_text("root[0][0].links[0].name")
        expect(row).to_contain_text('"Port"')
        shot(page, "compare")
        row.click()
        changed = page.locator("#tree li.changed")
        expect(changed).to_have_count(1)
        expect(changed).to_contain_text('"Harbour"')
        expect(page.locator("#tree li.contains-change").first).to_be_visible()
        shot(page, "compare-highlighted")

        # Convert to internal version 2 and download.
        page.click("#tab-convert")
        page.select_option("#internal-version", "2")
        with page.expect_download() as download:
            page.click("#convert")
        converted = pathlib.Path(download.value.path()).read_bytes()
        if converted[:8] != b"gcodable" or struct.unpack_from("<H", converted, 20)[0] != 2:
            fail("the converted download is not an archive of internal version 2")
        shot(page, "convert")

        # The JSON form, edited, back to an archive: the same bytes as the renamed network.
        page.click("#tab-edit")
        page.click("#load-json")
        expect(page.locator("#json-text")).to_have_value(re.compile("Harbour"))
        page.evaluate("const text = document.getElementById('json-text'); text.value = text.value.replace('Harbour', 'Port')")
        with page.expect_download() as download:
            page.click("#make-archive")
        if pathlib.Path(download.value.path()).read_bytes() != renamed.read_bytes():
            fail("the edited JSON form did not become the renamed archive")
        shot(page, "edit-json")

        # Broken JSON: the problem's title and detail, not a blank page.
        allowed = {"status of 422"}
        page.fill("#json-text", '{"format": "graphcodable-archive"}')
        page.click("#make-archive")
        expect(page.locator("#error")).to_be_visible()
        expect(page.locator("#error strong")).to_have_text("The JSON is not a valid archive")
        shot(page, "error-bad-json")

        # A corrupted archive: invalid, each problem with where it is, unknown counts as such, no
        # tree; the find box forgets the last archive's search.
        page.set_input_files("#file", str(corrupted))
        expect(page.locator("#validity")).to_contain_text("invalid")
        expect(page.locator("#find-text")).to_have_value("")
        expect(page.locator("#problems li").first).to_contain_text("byte offset")
        page.click("#tab-tree")
        expect(page.locator("#tree-message")).to_contain_text("No tree")
        page.click("#tab-summary")
        shot(page, "corrupted")
        # The problem's offset opens the bytes there: the last byte of the cut archive.
        page.locator("#problems button.offset").first.click()
        expect(page.locator("#panel-bytes")).to_be_visible()
        expect(page.locator("#bytes")).to_contain_text("67 63 6f 64 61 62 6c 65")
        expect(page.locator("#bytes mark.target")).to_have_count(1)
        shot(page, "corrupted-bytes")
        allowed = set()

        # A 10 MB archive: the page answers while it is shown, and opens 300,000 children a chunk at a time.
        started = time.monotonic()
        page.set_input_files("#file", str(metro))
        expect(page.locator("#validity")).to_have_text("valid", timeout=60_000)
        loaded = time.monotonic() - started
        # Its object graph: the first picture within 2 s, the root and the first 24 stations, the
        # others counted.
        started = time.monotonic()
        page.click("#tab-graph")
        expect(page.locator("#graph-svg .node")).to_have_count(25, timeout=30_000)
        pictured = time.monotonic() - started
        expect(page.locator("#graph-svg .group")).to_contain_text("+ 299,976 more Station")
        shot(page, "large-graph")
        page.click("#tab-tree")
        started = time.monotonic()
        page.locator("li[data-location='$.body[0]'] > .row").click()
        page.locator("li[data-location='$.body[0].fields[0]'] > .row").click()
        expect(page.locator("li[data-location='$.body[0].fields[0].fields[199]']")).to_be_visible()
        opened = time.monotonic() - started
        more = page.locator("li[data-location='$.body[0].fields[0]'] button.more")
        expect(more).to_contain_text("Show 200 more of 299,800")
        # A pointer to a station far beyond the shown chunk is followed all the same.
        started = time.monotonic()
        page.locator("li[data-location='$.body[0].fields[0].fields[199]'] > .row").click()
        page.locator("li[data-location='$.body[0].fields[0].fields[199].fields[1]'] > .row").click()
        page.locator("li[data-location='$.body[0].fields[0].fields[199].fields[1].fields[0]'] > .row button.follow").click()
        expect(page.locator(":focus")).to_have_attribute("data-location", "$.body[0].fields[0].fields[198]")
        followed = time.monotonic() - started
        # Found far beyond the rows built: only its chunk is built, the rows before stay a gap.
        page.fill("#find-text", "Station 250000")
        page.press("#find-text", "Enter")
        expect(page.locator(":focus")).to_contain_text('"Station 250000"', timeout=30_000)
        expect(page.locator("li[data-location='$.body[0].fields[0]'] > ul > li.gap").first).to_contain_text("Show fields 200 to 249,999")
        if page.locator("#tree li[role=treeitem]").count() > 2_000:
            fail("finding a far node built every row before it")
        shot(page, "large-archive")
        print(f"ok: 10 MB archive: shown in {loaded:.1f} s, 300,000 stations opened in {opened:.2f} s, a pointer followed in {followed:.2f} s, "
              f"its graph drawn in {pictured:.2f} s")
        if loaded > 30 or opened > 2 or followed > 2 or pictured > 2:
            fail("the page is too slow on a 10 MB archive")

        # A file of the conformance corpus: the size view adds up to it too; natives in the tree
        # show as the dump shows them.
        corpus = pathlib.Path(__file__).resolve().parent.parent / "Tests" / "Conformance" / "valid"
        dated = corpus / "scalar-date.graph"
        page.set_input_files("#file", str(dated))
        expect(page.locator("#validity")).to_have_text("valid")
        page.click("#tab-tree")
        expect(page.locator("#tree li[role=treeitem]").first).to_contain_text(re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000"))
        page.click("#tab-size")
        expect(page.locator("#size-types .bar").first).to_be_visible()
        bars = page.locator("#size-types .bar").evaluate_all("bars => bars.reduce((sum, bar) => sum + Number(bar.dataset.bytes), 0)")
        if bars != dated.stat().st_size:
            fail(f"the size view of {dated.name} adds up to {bars}, the file has {dated.stat().st_size} bytes")
        shot(page, "corpus-size")

        # The system's dark theme.
        dark = browser.new_context(color_scheme="dark").new_page()
        dark.on("console", lambda message: message.type == "error" and record("console", message.text))
        dark.goto(base + "/")
        background = dark.evaluate("getComputedStyle(document.body).backgroundColor")
        if background != "rgb(22, 24, 28)":
            fail(f"the dark theme's background is {background}")
        dark.click("#samples button[data-sample=network]")
        expect(dark.locator("#validity")).to_have_text("valid")
        dark.click("#tab-graph")
        expect(dark.locator("#graph-svg .node")).to_have_count(5)
        dark.screenshot(path=str(screenshots / "99-dark-theme.png"), full_page=True)
        audit(dark, "dark-theme-graph")
        browser.close()

    if console:
        fail("console errors:\n" + "\n".join(f"  step {number}: {kind}: {text}" for number, kind, text in console))
    if violations:
        fail("axe-core violations:\n" + "\n".join(f"== {name}\n{report}" for name, report in violations))
    print(f"ok: no console errors, no axe-core violation; screenshots in {screenshots}")


if __name__ == "__main__":
    main()
