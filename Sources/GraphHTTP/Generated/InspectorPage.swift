// Generated from inspector.html by Scripts/embed-documents.py: edit inspector.html, then run the script.
// swift-format-ignore-file

/// The archive inspector, served at `/`: one page, its style and script inline.
enum InspectorPage {
    static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>graph-server: GraphCodable archive inspector</title>
    <link rel="icon" href="data:,">
    <style>
    :root {
      color-scheme: light dark;
      --text: #1d1f23; --muted: #5f6673; --background: #ffffff; --panel: #f4f5f7; --line: #d5d8de;
      --accent: #1a5fd0; --good: #17723a; --bad: #b3261e; --changed: #fff1b8; --contains: #fbf6dd; --focus: #1a5fd0;
      --kind-val: #6b3fa0; --kind-ref: #1a5fd0; --kind-bin: #17723a; --kind-nil: #5f6673; --kind-ptr: #a0521a;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --text: #e4e6eb; --muted: #a2a9b5; --background: #16181c; --panel: #22252b; --line: #3a3f48;
        --accent: #7fb0ff; --good: #6fd28f; --bad: #ff8a80; --changed: #5a4a10; --contains: #35301a; --focus: #7fb0ff;
        --kind-val: #c5a3f5; --kind-ref: #7fb0ff; --kind-bin: #6fd28f; --kind-nil: #a2a9b5; --kind-ptr: #f0a868;
      }
    }
    * { box-sizing: border-box; }
    body { margin: 0; font: 15px/1.45 system-ui, sans-serif; color: var(--text); background: var(--background); }
    header, main { max-width: 78rem; margin: 0 auto; padding: 0 1rem; }
    header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 1rem; }
    h1 { font-size: 1.3rem; margin: 1rem 0 .25rem; }
    h2 { font-size: 1.05rem; margin: 1rem 0 .5rem; }
    header p { margin: 0; color: var(--muted); }
    a { color: var(--accent); }
    code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
    button, select, input, textarea { font: inherit; color: inherit; }
    button { background: var(--panel); border: 1px solid var(--line); border-radius: 4px; padding: .25rem .7rem; cursor: pointer; }
    button:hover { border-color: var(--accent); }
    :focus-visible { outline: 2px solid var(--focus); outline-offset: 1px; }
    .drop { border: 2px dashed var(--line); border-radius: 8px; padding: 1rem; margin: 1rem 0; display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; }
    .drop.over { border-color: var(--accent); background: var(--panel); }
    .drop p { margin: 0; }
    #error { border: 1px solid var(--bad); color: var(--bad); border-radius: 6px; padding: .5rem .75rem; margin: .5rem 0; }
    #error strong { display: block; }
    #status { color: var(--muted); min-height: 1.4em; }
    [role=tablist] { display: flex; flex-wrap: wrap; gap: .25rem; border-bottom: 1px solid var(--line); margin-top: .5rem; }
    [role=tab] { border-radius: 4px 4px 0 0; border-bottom: none; background: transparent; }
    [role=tab][aria-selected=true] { background: var(--panel); border-color: var(--line); font-weight: 600; }
    [role=tabpanel] { padding: .75rem 0 2rem; }
    dl.summary { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0; }
    dl.summary dt { color: var(--muted); }
    dl.summary dd { margin: 0; }
    .badge { display: inline-block; border-radius: 3px; padding: 0 .4rem; font-weight: 600; }
    .badge.valid { color: var(--good); border: 1px solid var(--good); }
    .badge.invalid { color: var(--bad); border: 1px solid var(--bad); }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; padding: .2rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
    th { color: var(--muted); font-weight: 600; }
    td.wrap { word-break: break-all; }
    ul.problems { padding-left: 1.2rem; }
    ul.problems li { margin: .2rem 0; }
    .options { display: flex; flex-wrap: wrap; gap: .25rem 1rem; align-items: center; margin-bottom: .5rem; }
    pre.dump { background: var(--panel); padding: .75rem; overflow: auto; max-height: 70vh; margin: 0; }
    ul.tree, ul.tree ul { list-style: none; margin: 0; padding: 0; }
    ul.tree ul { padding-left: 1.25rem; border-left: 1px dotted var(--line); margin-left: .45rem; }
    ul.tree { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
    .row { display: flex; gap: .45rem; align-items: baseline; padding: 1px 2px; border-radius: 3px; white-space: nowrap; cursor: default; }
    li[role=treeitem]:focus { outline: none; }
    li[role=treeitem]:focus > .row { outline: 2px solid var(--focus); }
    li.changed > .row { background: var(--changed); }
    li.contains-change > .row { background: var(--contains); }
    li.revealed > .row { box-shadow: inset 3px 0 0 var(--accent); }
    .twisty { width: 1em; text-align: center; color: var(--muted); cursor: pointer; user-select: none; }
    .label { color: var(--muted); }
    .kind { font-weight: 700; }
    .kind.VAL { color: var(--kind-val); } .kind.REF { color: var(--kind-ref); }
    .kind.BIV, .kind.BIR { color: var(--kind-bin); } .kind.NIL { color: var(--kind-nil); }
    .kind.PTS, .kind.PTC { color: var(--kind-ptr); }
    .typename { color: var(--text); }
    .objectid { color: var(--kind-ptr); }
    .value { color: var(--muted); overflow: hidden; text-overflow: ellipsis; }
    button.follow { padding: 0 .4rem; font-size: 12px; }
    button.more { margin: .2rem 0; font-size: 12px; }
    textarea { width: 100%; min-height: 40vh; background: var(--panel); border: 1px solid var(--line); border-radius: 4px; padding: .5rem; font-family: ui-monospace, monospace; font-size: 13px; }
    .note { color: var(--muted); }
    tr.difference { cursor: pointer; }
    tr.difference:hover td { background: var(--panel); }
    .header-byte { color: var(--kind-val); }
    mark.target { background: var(--changed); color: inherit; outline: 1px solid var(--accent); }
    button.offset { padding: 0 .3rem; font-size: 12px; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    </style>
    </head>
    <body>
    <header>
    <h1>GraphCodable archive inspector</h1>
    <p>Look inside an archive without Swift. Nothing is stored: each view is one request to this server
    (<a href="/openapi.yaml">the API</a>).</p>
    </header>
    <main>
    <section class="drop" id="drop" aria-label="Open an archive">
    <p>Drop a GraphCodable archive here, or choose one:</p>
    <input type="file" id="file" aria-label="Archive file">
    </section>
    <div id="error" role="alert" hidden></div>
    <div id="status" role="status" aria-live="polite"></div>

    <div id="inspector" hidden>
    <div role="tablist" aria-label="Views of the archive" id="tabs">
    <button role="tab" id="tab-summary" aria-controls="panel-summary" aria-selected="true">Summary</button>
    <button role="tab" id="tab-types" aria-controls="panel-types" aria-selected="false" tabindex="-1">Types</button>
    <button role="tab" id="tab-tree" aria-controls="panel-tree" aria-selected="false" tabindex="-1">Tree</button>
    <button role="tab" id="tab-dump" aria-controls="panel-dump" aria-selected="false" tabindex="-1">Dump</button>
    <button role="tab" id="tab-bytes" aria-controls="panel-bytes" aria-selected="false" tabindex="-1">Bytes</button>
    <button role="tab" id="tab-compare" aria-controls="panel-compare" aria-selected="false" tabindex="-1">Compare</button>
    <button role="tab" id="tab-convert" aria-controls="panel-convert" aria-selected="false" tabindex="-1">Convert</button>
    <button role="tab" id="tab-edit" aria-controls="panel-edit" aria-selected="false" tabindex="-1">Edit JSON</button>
    </div>

    <section role="tabpanel" id="panel-summary" aria-labelledby="tab-summary">
    <dl class="summary" id="summary"></dl>
    <div id="problems"></div>
    </section>

    <section role="tabpanel" id="panel-types" aria-labelledby="tab-types" hidden>
    <table>
    <thead><tr><th>Reference</th><th>Kind</th><th>Name</th><th>Version</th><th>Nodes</th><th>Known here</th><th>Mangled name</th></tr></thead>
    <tbody id="types"></tbody>
    </table>
    </section>

    <section role="tabpanel" id="panel-tree" aria-labelledby="tab-tree" hidden>
    <p class="note">Arrow keys move, Right and Left open and close, Enter follows a pointer to its object.</p>
    <form class="options" id="find">
    <label>Find <input type="search" id="find-text" placeholder="a key, a value, a type name or #id"></label>
    <button type="submit">Next</button>
    <span class="note" id="find-note" role="status"></span>
    </form>
    <div id="tree-message"></div>
    <ul class="tree" role="tree" aria-label="The archive's nodes" id="tree"></ul>
    </section>

    <section role="tabpanel" id="panel-dump" aria-labelledby="tab-dump" hidden>
    <div class="options" id="dump-options">
    <label><input type="checkbox" name="header"> header</label>
    <label><input type="checkbox" name="legend"> legend</label>
    <label><input type="checkbox" name="typemap"> type map</label>
    <label><input type="checkbox" name="mangled"> mangled names</label>
    <label><input type="checkbox" name="keymap"> key map</label>
    <label><input type="checkbox" name="untruncated"> untruncated values</label>
    </div>
    <p class="note" id="dump-note"></p>
    <pre class="dump" id="dump"></pre>
    </section>

    <section role="tabpanel" id="panel-bytes" aria-labelledby="tab-bytes" hidden>
    <form class="options" id="bytes-go">
    <button type="button" id="bytes-previous">Previous</button>
    <label>Offset <input id="bytes-offset" value="0" size="12" aria-describedby="bytes-note"></label>
    <button type="submit">Go</button>
    <button type="button" id="bytes-next">Next</button>
    <span class="note" id="bytes-note">decimal, or hexadecimal after 0x</span>
    </form>
    <pre class="dump" id="bytes"></pre>
    <p class="note">The first 40 bytes are the header: <span class="header-byte">magic, checksum, format version, flags, internal and user BinaryIO versions, body and tables lengths</span> (Docs/ArchiveFormat.md).</p>
    </section>

    <section role="tabpanel" id="panel-compare" aria-labelledby="tab-compare" hidden>
    <div class="drop" id="compare-drop">
    <p>Drop the archive to compare this one with (this one is <em>before</em>), or choose it:</p>
    <input type="file" id="compare-file" aria-label="Archive to compare with">
    </div>
    <p id="compare-summary"></p>
    <table id="differences" hidden>
    <thead><tr><th>Change</th><th>Path</th><th>Before</th><th>After</th></tr></thead>
    <tbody></tbody>
    </table>
    </section>

    <section role="tabpanel" id="panel-convert" aria-labelledby="tab-convert" hidden>
    <div class="options">
    <label>User BinaryIO version <input type="number" id="user-version" min="0" max="65535" value="0"></label>
    <label>Internal BinaryIO version <select id="internal-version"><option>1</option><option>2</option></select></label>
    <button id="convert">Convert and download</button>
    </div>
    <p class="note" id="convert-note">The archive's own opaque payloads are rewritten by the types this server knows; others are named in the error.</p>
    </section>

    <section role="tabpanel" id="panel-edit" aria-labelledby="tab-edit" hidden>
    <div class="options">
    <button id="load-json">Load the JSON form</button>
    <button id="make-archive">Make the archive and download it</button>
    </div>
    <p class="note">Edit the lossless JSON form (Docs/ArchiveJSON.md), then make an archive of it: the server checks every rule of the format.</p>
    <textarea id="json-text" spellcheck="false" aria-label="The archive's JSON form"></textarea>
    </section>
    </div>
    </main>
    <script>
    "use strict";
    (() => {
      const $ = (id) => document.getElementById(id);
      const CHUNK = 200;
      const TEXT_LIMIT = 1 << 20;
      const state = { name: "", bytes: null, form: null, typeNames: new Map(), definitions: null,
                      changed: new Set(), containsChange: new Set(), dumpLoaded: false };

      // ---- Messages ---------------------------------------------------------------------------

      class Problem extends Error {
        constructor(title, detail) { super(detail ? `${title}: ${detail}` : title); this.title = title; this.detail = detail; }
      }

      function showError(error) {
        const box = $("error");
        box.replaceChildren();
        const title = document.createElement("strong");
        title.textContent = error instanceof Problem ? error.title : "Something went wrong";
        const detail = document.createElement("span");
        detail.textContent = error instanceof Problem ? (error.detail || "") : String(error && error.message || error);
        box.append(title, detail);
        box.hidden = false;
        status("");
      }

      function clearError() { $("error").hidden = true; }
      function status(text) { $("status").textContent = text; }

      window.addEventListener("error", (event) => showError(event.error || event.message));
      window.addEventListener("unhandledrejection", (event) => showError(event.reason));

      /// Sends a request; an answer that is not 2xx (nor one of `accepted`) becomes a Problem
      /// with the problem+json title and detail.
      async function call(path, init = {}, accepted = []) {
        let response;
        try {
          response = await fetch(path, init);
        } catch (error) {
          throw new Problem("The server cannot be reached", String(error.message || error));
        }
        if (response.ok || accepted.includes(response.status)) return response;
        let title = `${response.status} ${response.statusText}`, detail = "";
        try {
          const problem = await response.json();
          title = problem.title || title;
          detail = problem.detail || "";
        } catch (_) { /* not problem+json */ }
        throw new Problem(title, detail);
      }

      function octets(bytes) {
        return { method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: bytes };
      }

      function download(blob, name) {
        const link = document.createElement("a");
        link.href = URL.createObjectURL(blob);
        link.download = name;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), 60000);
      }

      function baseName() { return state.name.replace(/\.[^.]*$/, "") || "archive"; }

      // ---- Tabs ---------------------------------------------------------------------------------

      const tabs = Array.from(document.querySelectorAll("[role=tab]"));
      function selectTab(tab, focus) {
        for (const other of tabs) {
          const selected = other === tab;
          other.setAttribute("aria-selected", String(selected));
          other.tabIndex = selected ? 0 : -1;
          $(other.getAttribute("aria-controls")).hidden = !selected;
        }
        if (focus) tab.focus();
        if (tab.id === "tab-dump" && !state.dumpLoaded) loadDump();
      }
      for (const tab of tabs) tab.addEventListener("click", () => selectTab(tab, false));
      $("tabs").addEventListener("keydown", (event) => {
        const index = tabs.indexOf(document.activeElement);
        if (index < 0) return;
        const moves = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: tabs.length - 1 - index };
        if (!(event.key in moves)) return;
        event.preventDefault();
        selectTab(tabs[(index + moves[event.key] + tabs.length) % tabs.length], true);
      });

      // ---- Opening an archive -------------------------------------------------------------------

      function dropZone(zone, input, open) {
        zone.addEventListener("dragover", (event) => { event.preventDefault(); zone.classList.add("over"); });
        zone.addEventListener("dragleave", () => zone.classList.remove("over"));
        zone.addEventListener("drop", (event) => {
          event.preventDefault();
          zone.classList.remove("over");
          const file = event.dataTransfer.files[0];
          if (file) open(file).catch(showError);
        });
        input.addEventListener("change", () => { if (input.files[0]) open(input.files[0]).catch(showError); });
      }
      dropZone($("drop"), $("file"), openArchive);
      dropZone($("compare-drop"), $("compare-file"), compareWith);

      async function openArchive(file) {
        clearError();
        status(`Reading ${file.name}…`);
        Object.assign(state, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()), form: null,
                               typeNames: new Map(), definitions: null, changed: new Set(), containsChange: new Set(), dumpLoaded: false });
        for (const id of ["summary", "problems", "types", "tree", "tree-message", "dump", "dump-note", "compare-summary", "find-note"]) $(id).replaceChildren();
        state.search = null;
        $("differences").hidden = true;
        $("json-text").value = "";
        $("inspector").hidden = false;
        const bytes = state.bytes;
        const [report, types, form] = await Promise.allSettled([
          call("/v1/validate", octets(bytes), [422]).then((response) => response.json()),
          call("/v1/typemap", octets(bytes)).then((response) => response.json()),
          call("/v1/json", octets(bytes)).then((response) => response.json()),
        ]);
        if (bytes !== state.bytes) return; // another archive was opened meanwhile
        showBytes(0, false);
        if (types.status === "fulfilled") {
          for (const type of types.value.types) state.typeNames.set(type.reference, type.name);
          renderTypes(types.value.types);
        }
        if (form.status === "fulfilled") state.form = form.value;
        if (report.status === "rejected") throw report.reason;
        renderSummary(report.value, state.form);
        if (state.form) {
          renderTreeRoot();
        } else {
          const reason = form.reason;
          $("tree-message").append(paragraph(`No tree: ${reason instanceof Problem ? reason.message : reason}`));
        }
        status(`${file.name}: ${report.value.valid ? "valid" : "invalid"}, ${report.value.byteCount.toLocaleString()} bytes`);
        selectTab($("tab-summary"), false);
      }

      function paragraph(text, className) {
        const element = document.createElement("p");
        element.textContent = text;
        if (className) element.className = className;
        return element;
      }

      // ---- Summary and types --------------------------------------------------------------------

      function renderSummary(report, form) {
        const nodes = Object.entries(report.nodeCounts).sort().map(([kind, count]) => `${kind} ${count.toLocaleString()}`).join(", ");
        const total = Object.values(report.nodeCounts).reduce((sum, count) => sum + count, 0);
        const badge = document.createElement("span");
        badge.className = `badge ${report.valid ? "valid" : "invalid"}`;
        badge.id = "validity";
        badge.textContent = report.valid ? "valid" : `invalid: ${report.problems.length} problem${report.problems.length === 1 ? "" : "s"}`;
        const rows = [
          ["File", state.name], ["Validity", badge], ["Size", `${report.byteCount.toLocaleString()} bytes`],
          ["Checksum", form ? (form.checksummed ? "yes" : "no") : "—"],
          ["BinaryIO versions", form ? `internal ${form.internalBinaryIOVersion}, user ${form.userBinaryIOVersion}` : "—"],
          ["Nodes", total ? `${total.toLocaleString()} (${nodes})` : "—"], ["Deepest nesting", String(report.maximumDepth)],
          ["Types", String(report.typeCount)], ["Keys", String(report.keyCount)], ["Objects", String(report.objectCount)],
        ];
        const list = $("summary");
        for (const [term, value] of rows) {
          const dt = document.createElement("dt"), dd = document.createElement("dd");
          dt.textContent = term;
          if (typeof value === "string") dd.textContent = value; else dd.append(value);
          list.append(dt, dd);
        }
        if (report.problems.length === 0) return;
        const heading = document.createElement("h2");
        heading.textContent = "Problems";
        const items = document.createElement("ul");
        items.className = "problems";
        for (const problem of report.problems) {
          const item = document.createElement("li");
          item.textContent = problem.message;
          if (problem.nodePath) item.append(" ", span("note mono", `at ${problem.nodePath}`));
          if (problem.byteOffset !== undefined) {
            const offset = document.createElement("button");
            offset.className = "offset mono";
            offset.textContent = `byte offset ${problem.byteOffset}`;
            offset.title = "Show the bytes there";
            offset.addEventListener("click", () => showBytes(problem.byteOffset));
            item.append(" ", offset);
          }
          items.append(item);
        }
        $("problems").append(heading, items);
      }

      function renderTypes(types) {
        const body = $("types");
        for (const type of types) {
          const row = document.createElement("tr");
          const cells = [type.reference, type.kind, type.name, type.version, type.instances, type.resolvable ? "yes" : "no", type.mangledName || "—"];
          cells.forEach((value, index) => {
            const cell = document.createElement("td");
            cell.textContent = String(value);
            if (index === 2 || index === 6) cell.className = "wrap mono";
            row.append(cell);
          });
          body.append(row);
        }
      }

      // ---- The tree: rows are built when their parent opens --------------------------------------

      const nodes = new WeakMap(); // li → { node, location }

      /// A short text for a JSON value, cut once it passes `limit` characters.
      function preview(value, limit = 160) {
        let text = "";
        const visit = (item) => {
          if (text.length > limit) return;
          if (Array.isArray(item)) {
            text += "[";
            item.forEach((element, index) => { if (text.length <= limit) { if (index) text += ", "; visit(element); } });
            text += "]";
          } else if (item !== null && typeof item === "object") {
            text += "{";
            Object.entries(item).forEach(([key, element], index) => { if (text.length <= limit) { if (index) text += ", "; text += `${key}: `; visit(element); } });
            text += "}";
          } else {
            text += JSON.stringify(item);
          }
        };
        visit(value);
        return text.length > limit ? text.slice(0, limit) + "…" : text;
      }

      function typeName(reference) {
        return state.typeNames.get(reference) || `type ${reference}`;
      }

      function renderTreeRoot() {
        const tree = $("tree");
        tree.replaceChildren();
        renderChildren(tree, state.form.body, "$.body", (node, index) => index === 0 ? "root" : `definition ${index}`);
        const first = tree.querySelector("li[role=treeitem]");
        if (first) first.tabIndex = 0;
      }

      /// Fills `container` with the items of `list`: the first chunk of rows, and a gap standing
      /// for the rest. A gap is a button that builds the rows it stands for a chunk at a time,
      /// and following a pointer or a difference builds just the chunk that holds its node.
      function renderChildren(container, list, location, label) {
        const all = gap({ list, location, label }, 0, list.length);
        container.append(all);
        fill(all, 0);
      }

      function gap(source, start, end) {
        const item = document.createElement("li");
        item.className = "gap";
        gaps.set(item, { ...source, start, end });
        const button = document.createElement("button");
        button.className = "more";
        const count = end - start;
        button.textContent = end === source.list.length ? `Show ${Math.min(CHUNK, count)} more of ${count.toLocaleString()}`
          : `Show fields ${start.toLocaleString()} to ${(end - 1).toLocaleString()} (${count.toLocaleString()})`;
        button.addEventListener("click", () => fill(item, start));
        item.append(button);
        return item;
      }

      const gaps = new WeakMap(); // gap li → { list, location, label, start, end }

      /// Replaces the gap `item` with the chunk of rows that holds `index`, and gaps for the rest.
      function fill(item, index) {
        const { list, location, label, start, end } = gaps.get(item);
        const first = start + Math.floor((index - start) / CHUNK) * CHUNK, last = Math.min(end, first + CHUNK);
        let unkeyed = 0;
        for (let position = 0; position < first; position++) if (list[position].key === undefined) unkeyed++;
        const pieces = [];
        if (first > start) pieces.push(gap({ list, location, label }, start, first));
        for (let position = first; position < last; position++) {
          const node = list[position];
          pieces.push(treeItem(node, `${location}[${position}]`, label(node, position, node.key === undefined ? unkeyed++ : null)));
        }
        if (last < end) pieces.push(gap({ list, location, label }, last, end));
        item.replaceWith(...pieces);
      }

      /// The item of `list[index]` in `container`, built if it was not.
      function childItem(container, location, index) {
        const wanted = `${location}[${index}]`;
        for (let attempt = 0; attempt < 2; attempt++) {
          for (const child of container.children) {
            if (child.dataset.location === wanted) return child;
            const range = gaps.get(child);
            if (range && range.start <= index && index < range.end) { fill(child, index); break; }
          }
        }
        return null;
      }

      function fieldLabel(node, index, unkeyedIndex) {
        return node.key !== undefined ? node.key : `[${unkeyedIndex}]`;
      }

      function treeItem(node, location, label) {
        const item = document.createElement("li");
        item.setAttribute("role", "treeitem");
        item.tabIndex = -1;
        item.dataset.location = location;
        nodes.set(item, { node, location });
        const row = document.createElement("div");
        row.className = "row";
        const hasFields = Array.isArray(node.fields) && node.fields.length > 0;
        const twisty = document.createElement("span");
        twisty.className = "twisty";
        twisty.setAttribute("aria-hidden", "true");
        twisty.textContent = hasFields ? "▸" : "";
        row.append(twisty, span("label", label + ":"), span(`kind ${node.kind}`, node.kind));
        if (node.type !== undefined) row.append(span("typename", typeName(node.type)));
        if (node.id !== undefined) row.append(span("objectid", `#${node.id}`));
        if (node.kind === "PTS" || node.kind === "PTC") {
          const follow = document.createElement("button");
          follow.className = "follow";
          follow.tabIndex = -1;
          follow.textContent = node.kind === "PTC" ? "→ object (conditional)" : "→ object";
          follow.addEventListener("click", (event) => { event.stopPropagation(); followPointer(node.id); });
          row.append(follow);
        }
        if (node.value !== undefined) row.append(span("value", preview(node.value)));
        if (node.bytes !== undefined) row.append(span("value", `${Math.floor(node.bytes.length * 3 / 4).toLocaleString()} bytes (base64 ${preview(node.bytes, 40)})`));
        if (Array.isArray(node.fields)) {
          const count = node.fields.length;
          row.append(span("value", count === 0 ? "no fields" : `${count.toLocaleString()} field${count === 1 ? "" : "s"}`));
          item.setAttribute("aria-expanded", "false");
        }
        row.addEventListener("click", () => { focusItem(item); if (hasFields) toggle(item); });
        item.append(row);
        markChange(item);
        return item;
      }

      function span(className, text) {
        const element = document.createElement("span");
        element.className = className;
        element.textContent = text;
        return element;
      }

      function childList(item) { return item.querySelector(":scope > ul"); }

      function expand(item) {
        const { node, location } = nodes.get(item);
        if (!Array.isArray(node.fields) || node.fields.length === 0) return;
        if (!childList(item)) {
          const list = document.createElement("ul");
          list.setAttribute("role", "group");
          renderChildren(list, node.fields, `${location}.fields`, fieldLabel);
          item.append(list);
        }
        childList(item).hidden = false;
        item.setAttribute("aria-expanded", "true");
        item.querySelector(":scope > .row > .twisty").textContent = "▾";
      }

      function collapse(item) {
        const list = childList(item);
        if (!list) return;
        list.hidden = true;
        item.setAttribute("aria-expanded", "false");
        item.querySelector(":scope > .row > .twisty").textContent = "▸";
      }

      function toggle(item) {
        if (item.getAttribute("aria-expanded") === "true") collapse(item); else expand(item);
      }

      function focusItem(item) {
        for (const other of $("tree").querySelectorAll("li[tabindex='0']")) other.tabIndex = -1;
        item.tabIndex = 0;
        item.focus();
      }

      /// The visible tree items after (or before) `item`, in reading order.
      function neighbour(item, step) {
        const visible = Array.from($("tree").querySelectorAll("li[role=treeitem]")).filter((element) => element.offsetParent !== null);
        const index = visible.indexOf(item);
        return visible[index + step] || null;
      }

      $("tree").addEventListener("keydown", (event) => {
        const item = event.target.closest("li[role=treeitem]");
        if (!item) return;
        const expanded = item.getAttribute("aria-expanded") === "true";
        let next = null;
        switch (event.key) {
          case "ArrowDown": next = neighbour(item, 1); break;
          case "ArrowUp": next = neighbour(item, -1); break;
          case "ArrowRight":
            if (item.hasAttribute("aria-expanded") && !expanded) expand(item);
            else if (expanded) next = childList(item).querySelector("li[role=treeitem]");
            break;
          case "ArrowLeft":
            if (expanded) collapse(item); else next = item.parentElement.closest("li[role=treeitem]");
            break;
          case "Enter": case " ": {
            const { node } = nodes.get(item);
            if (node.kind === "PTS" || node.kind === "PTC") followPointer(node.id); else toggle(item);
            break;
          }
          default: return;
        }
        event.preventDefault();
        if (next) focusItem(next);
      });

      /// The location of each object's definition, found once, without recursion.
      function definitions() {
        if (state.definitions) return state.definitions;
        const found = new Map();
        const pending = state.form.body.map((node, index) => [node, `$.body[${index}]`]);
        while (pending.length) {
          const [node, location] = pending.pop();
          if (node.id !== undefined && node.kind !== "PTS" && node.kind !== "PTC") found.set(node.id, location);
          if (Array.isArray(node.fields)) node.fields.forEach((field, index) => pending.push([field, `${location}.fields[${index}]`]));
        }
        return (state.definitions = found);
      }

      function followPointer(id) {
        const location = definitions().get(id);
        if (location) reveal(location); else showError(new Problem("No such object", `object ${id} is not defined in this archive (a conditional reference to an object it does not hold reads as nil)`));
      }

      /// Opens the tree down to the node at `location` ("$.body[0].fields[2]…"), then focuses it.
      function reveal(location) {
        const indexes = Array.from(location.matchAll(/\[(\d+)\]/g), (match) => Number(match[1]));
        selectTab($("tab-tree"), false);
        let container = $("tree"), item = null, listLocation = "$.body";
        for (const index of indexes) {
          if (item) {
            expand(item);
            container = childList(item);
            listLocation = `${nodes.get(item).location}.fields`;
          }
          item = childItem(container, listLocation, index);
          if (!item) return;
        }
        for (const previous of $("tree").querySelectorAll("li.revealed")) previous.classList.remove("revealed");
        item.classList.add("revealed");
        focusItem(item);
        item.scrollIntoView({ block: "center" });
      }

      function markChange(item) {
        const location = item.dataset.location;
        item.classList.toggle("changed", state.changed.has(location));
        item.classList.toggle("contains-change", state.containsChange.has(location));
      }

      // ---- Find in the tree: the next node, in body order, whose key, type, id or value holds the text

      $("find").addEventListener("submit", (event) => {
        event.preventDefault();
        if (!state.form) return;
        const query = $("find-text").value.trim().toLowerCase();
        if (!query) return;
        if (!state.search || state.search.query !== query) {
          state.search = { query, pending: state.form.body.map((node, index) => [node, `$.body[${index}]`]).reverse(), found: 0 };
        }
        const search = state.search;
        while (search.pending.length) {
          const [node, location] = search.pending.pop();
          if (Array.isArray(node.fields)) {
            for (let index = node.fields.length - 1; index >= 0; index--) search.pending.push([node.fields[index], `${location}.fields[${index}]`]);
          }
          const text = [node.key, node.type !== undefined ? typeName(node.type) : undefined, node.id !== undefined ? `#${node.id}` : undefined,
                        node.value !== undefined ? (typeof node.value === "string" ? node.value : preview(node.value, 400)) : undefined]
            .filter((part) => part !== undefined).join("\n").toLowerCase();
          if (text.includes(query)) {
            search.found += 1;
            $("find-note").textContent = `match ${search.found}`;
            reveal(location);
            return;
          }
        }
        $("find-note").textContent = search.found ? `no more matches (${search.found} found); Next starts again` : "no match";
        state.search = null;
      });

      // ---- Bytes: the archive in hexadecimal, a page at a time --------------------------------------

      const BYTES_PER_PAGE = 512;
      let bytesTarget = 0;

      /// Shows the page of bytes holding `offset`, the byte at `offset` marked.
      function showBytes(offset, select = true) {
        if (!state.bytes) return;
        const bytes = state.bytes;
        bytesTarget = Math.max(0, Math.min(offset, Math.max(0, bytes.length - 1)));
        const start = bytesTarget - bytesTarget % BYTES_PER_PAGE;
        const view = $("bytes");
        view.replaceChildren();
        for (let row = start; row < Math.min(bytes.length, start + BYTES_PER_PAGE); row += 16) {
          view.append(row.toString(16).padStart(8, "0"), "  ");
          let text = "";
          for (let index = row; index < row + 16; index++) {
            if (index >= bytes.length) { view.append(index % 8 === 7 ? "    " : "   "); continue; }
            const hex = bytes[index].toString(16).padStart(2, "0");
            const cell = index === bytesTarget && select ? Object.assign(document.createElement("mark"), { className: "target", textContent: hex })
              : index < 40 ? span("header-byte", hex) : document.createTextNode(hex);
            view.append(cell, index % 8 === 7 ? "  " : " ");
            text += bytes[index] >= 0x20 && bytes[index] < 0x7f ? String.fromCharCode(bytes[index]) : ".";
          }
          view.append(` ${text}\n`);
        }
        $("bytes-offset").value = String(bytesTarget);
        $("bytes-note").textContent = `bytes ${start.toLocaleString()} to ${Math.min(bytes.length, start + BYTES_PER_PAGE) - 1} of ${bytes.length.toLocaleString()}`;
        if (select) selectTab($("tab-bytes"), false);
      }

      $("bytes-go").addEventListener("submit", (event) => {
        event.preventDefault();
        const text = $("bytes-offset").value.trim();
        const offset = /^0x[0-9a-f]+$/i.test(text) ? parseInt(text.slice(2), 16) : /^\d+$/.test(text) ? Number(text) : NaN;
        if (Number.isNaN(offset)) showError(new Problem("Not an offset", `"${text}": write a decimal number, or a hexadecimal one after 0x`));
        else { clearError(); showBytes(offset); }
      });
      $("bytes-previous").addEventListener("click", () => showBytes(bytesTarget - bytesTarget % BYTES_PER_PAGE - BYTES_PER_PAGE, false));
      $("bytes-next").addEventListener("click", () => showBytes(bytesTarget - bytesTarget % BYTES_PER_PAGE + BYTES_PER_PAGE, false));

      // ---- Dump ---------------------------------------------------------------------------------

      async function loadDump() {
        if (!state.bytes) return;
        state.dumpLoaded = true;
        const query = new URLSearchParams();
        for (const box of $("dump-options").querySelectorAll("input")) query.set(box.name, String(box.checked));
        status("Making the dump…");
        try {
          const text = await (await call(`/v1/dump?${query}`, octets(state.bytes))).text();
          $("dump").textContent = text.length > TEXT_LIMIT ? text.slice(0, TEXT_LIMIT) : text;
          $("dump-note").textContent = text.length > TEXT_LIMIT ? `The first ${TEXT_LIMIT.toLocaleString()} of ${text.length.toLocaleString()} characters.` : "";
          status("");
        } catch (error) {
          $("dump").textContent = "";
          state.dumpLoaded = false;
          showError(error);
        }
      }
      $("dump-options").addEventListener("change", () => loadDump());

      // ---- Compare ------------------------------------------------------------------------------

      async function compareWith(file) {
        if (!state.bytes) return;
        clearError();
        status(`Comparing with ${file.name}…`);
        const form = new FormData();
        form.append("before", new Blob([state.bytes]), state.name);
        form.append("after", file, file.name);
        const bytes = state.bytes;
        const diff = await (await call("/v1/diff", { method: "POST", body: form })).json();
        if (bytes !== state.bytes) return; // another archive was opened meanwhile
        state.changed = new Set();
        state.containsChange = new Set();
        for (const difference of diff.differences) {
          const location = treeLocation(difference);
          if (!location) continue;
          state.changed.add(location);
          const steps = location.split(".fields");
          for (let count = 1; count < steps.length; count++) state.containsChange.add(steps.slice(0, count).join(".fields"));
        }
        for (const item of $("tree").querySelectorAll("li[role=treeitem]")) markChange(item);
        $("compare-summary").textContent = diff.identical ? `${file.name} holds the same structure.`
          : `${diff.differenceCount.toLocaleString()} difference${diff.differenceCount === 1 ? "" : "s"} from ${state.name} to ${file.name}`
            + (diff.omittedCount ? ` (the first ${diff.differences.length.toLocaleString()} listed)` : "") + ". Changed nodes are marked in the tree.";
        renderDifferences(diff.differences);
        status("");
      }

      /// Where a difference is in this archive's tree: its `before` node, unless the location
      /// was cut (a node thousands of levels deep).
      function treeLocation(difference) {
        const location = difference.before && difference.before.location;
        return location && location.startsWith("$.body") && !location.includes("…") ? location : null;
      }

      function renderDifferences(differences) {
        const table = $("differences"), body = table.querySelector("tbody");
        body.replaceChildren();
        for (const difference of differences) {
          const row = document.createElement("tr");
          row.className = "difference";
          const cells = [difference.change, difference.path, difference.before ? difference.before.value : "—", difference.after ? difference.after.value : "—"];
          cells.forEach((value, index) => {
            const cell = document.createElement("td");
            cell.textContent = value;
            if (index > 0) cell.className = "wrap mono";
            row.append(cell);
          });
          const location = treeLocation(difference);
          if (location && state.form) {
            row.tabIndex = 0;
            row.title = "Show it in the tree";
            const open = () => reveal(location);
            row.addEventListener("click", open);
            row.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); open(); } });
          }
          body.append(row);
        }
        table.hidden = differences.length === 0;
      }

      // ---- Convert, and the JSON form back to an archive ------------------------------------------

      $("convert").addEventListener("click", async () => {
        clearError();
        const query = new URLSearchParams({ binaryIOVersion: $("user-version").value, internalBinaryIOVersion: $("internal-version").value });
        try {
          const blob = await (await call(`/v1/convert?${query}`, octets(state.bytes))).blob();
          download(blob, `${baseName()}-converted.graph`);
          $("convert-note").textContent = `Converted: ${blob.size.toLocaleString()} bytes, downloaded as ${baseName()}-converted.graph.`;
        } catch (error) { showError(error); }
      });

      $("load-json").addEventListener("click", async () => {
        clearError();
        try {
          const text = await (await call("/v1/json?pretty=true", octets(state.bytes))).text();
          if (text.length > 32 * TEXT_LIMIT) throw new Problem("The JSON form is too large to edit here", `${text.length.toLocaleString()} characters: use POST /v1/json and POST /v1/archive`);
          $("json-text").value = text;
        } catch (error) { showError(error); }
      });

      $("make-archive").addEventListener("click", async () => {
        clearError();
        try {
          const response = await call("/v1/archive", { method: "POST", headers: { "Content-Type": "application/json" }, body: $("json-text").value });
          const blob = await response.blob();
          download(blob, `${baseName()}-edited.graph`);
          status(`Made an archive of ${blob.size.toLocaleString()} bytes: ${baseName()}-edited.graph`);
        } catch (error) { showError(error); }
      });
    })();
    </script>
    </body>
    </html>

    """#

    /// Lets the page run its own inline style and script (by their SHA-256), fetch from
    /// this server, and nothing else.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'sha256-0VTH3Cg+htQgmMNgG6U3Ah36wwIb2+b2pUaEM/24xFA='; style-src 'sha256-wU+Nxsp6bNOHjDwRSN20vgTuP2dMOmZL6SwaAy+ofX4='; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}
