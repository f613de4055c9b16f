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
    td.wrap { overflow-wrap: anywhere; }
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
    button, [role=tab], .row, input[type=checkbox] + *, select { min-height: 24px; }
    input[type=checkbox] { width: 18px; height: 18px; margin: 3px; vertical-align: middle; }
    .options label { display: inline-flex; align-items: center; gap: .3rem; min-height: 24px; }
    #find-text { width: 22rem; max-width: 100%; }
    .samples { display: flex; flex-wrap: wrap; gap: .5rem; width: 100%; }
    .samples button { text-align: left; }
    .samples button small { display: block; color: var(--muted); font-size: 12px; }
    .intro { width: 100%; }
    .header-fields { display: flex; flex-wrap: wrap; gap: .25rem .9rem; padding: 0; list-style: none; }
    .header-fields li::before { content: ""; display: inline-block; width: .8em; height: .8em; margin-right: .3em; border-radius: 2px; background: currentColor; vertical-align: -1px; }
    .field-magic { color: #6b3fa0; } .field-checksum { color: #1a5fd0; } .field-format { color: #17723a; } .field-flags { color: #a0521a; }
    .field-versions { color: #b3261e; } .field-lengths { color: #0f6b73; }
    @media (prefers-color-scheme: dark) {
      .field-magic { color: #c5a3f5; } .field-checksum { color: #7fb0ff; } .field-format { color: #6fd28f; } .field-flags { color: #f0a868; }
      .field-versions { color: #ff8a80; } .field-lengths { color: #6fd6de; }
    }
    .graph-view { border: 1px solid var(--line); border-radius: 6px; height: 65vh; overflow: hidden; background: var(--panel); touch-action: none; cursor: grab; }
    .graph-view svg { width: 100%; height: 100%; display: block; }
    .graph-view .node rect { fill: var(--background); stroke: var(--line); stroke-width: 1.5; rx: 4; }
    .graph-view .node.shared rect { fill: var(--contains); stroke: var(--kind-ptr); }
    .graph-view .node.root rect { stroke: var(--text); stroke-width: 3.5; }
    .graph-view .node.selected rect, .graph-view .node:focus rect { stroke: var(--focus); stroke-width: 3; }
    .graph-view .node.match rect { fill: var(--changed); }
    .graph-view .node:focus { outline: none; }
    .graph-view .node { cursor: pointer; }
    .graph-view .node .type { font: 600 12px system-ui, sans-serif; fill: var(--text); }
    .graph-view .node .summary { font: 11px ui-monospace, monospace; fill: var(--muted); }
    .graph-view .group rect { fill: var(--panel); stroke: var(--muted); stroke-dasharray: 3 3; }
    .graph-view .group text { font: 12px system-ui, sans-serif; fill: var(--muted); }
    .graph-view .edge { fill: none; stroke-width: 1.3; }
    .graph-view .edge.definition { stroke: var(--kind-ref); }
    .graph-view .edge.strong { stroke: var(--kind-ptr); }
    .graph-view .edge.conditional { stroke: var(--kind-ptr); stroke-dasharray: 5 4; }
    .graph-view .edge.cycle { stroke: var(--bad); stroke-width: 2.2; }
    .graph-view .edge.more { stroke: var(--muted); stroke-dasharray: 2 3; }
    .graph-view .edge-label { font: 10px ui-monospace, monospace; fill: var(--muted); }
    .graph-view marker.definition path { fill: var(--kind-ref); }
    .graph-view marker.strong path, .graph-view marker.conditional path { fill: var(--kind-ptr); }
    .graph-view marker.cycle path { fill: var(--bad); }
    .graph-view marker.more path { fill: var(--muted); }
    .legend line { stroke-width: 2.2; }
    .legend-definition { stroke: var(--kind-ref); } .legend-strong { stroke: var(--kind-ptr); }
    .legend-conditional { stroke: var(--kind-ptr); stroke-dasharray: 5 4; } .legend-cycle { stroke: var(--bad); }
    .legend { display: flex; flex-wrap: wrap; gap: .25rem 1.2rem; margin: .25rem 0 .5rem; padding: 0; list-style: none; color: var(--muted); font-size: 13px; }
    .legend svg { vertical-align: middle; margin-right: .3rem; }
    #graph-details dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; margin: .5rem 0; }
    #graph-details dd { margin: 0; }
    .bars { display: grid; grid-template-columns: minmax(8rem, 22rem) 1fr max-content; gap: .15rem .75rem; align-items: center; }
    .bars .bar-label { overflow-wrap: anywhere; font-size: 13px; text-align: left; background: none; border: none; padding: 0 .2rem; color: var(--accent); }
    .bars span.bar-label { color: var(--text); }
    .bars .bar { height: 16px; background: var(--kind-ref); border-radius: 2px; min-width: 1px; }
    .bars .bar.other { background: var(--muted); }
    .bars .bar-size { font-size: 13px; color: var(--muted); text-align: right; white-space: nowrap; }
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
    <p class="intro">See whether an archive is valid, its types, its objects as a graph, where its bytes go, its dump and its
    nodes as a tree; compare it with another, convert it, or edit it as JSON.</p>
    <p>Drop a GraphCodable archive here, or choose one:</p>
    <input type="file" id="file" aria-label="Archive file">
    <div class="samples" id="samples" aria-label="Sample archives" role="group"></div>
    </section>
    <div id="error" role="alert" hidden></div>
    <div id="status" role="status" aria-live="polite"></div>

    <div id="inspector" hidden>
    <div role="tablist" aria-label="Views of the archive" id="tabs">
    <button role="tab" id="tab-summary" aria-controls="panel-summary" aria-selected="true">Summary</button>
    <button role="tab" id="tab-types" aria-controls="panel-types" aria-selected="false" tabindex="-1">Types</button>
    <button role="tab" id="tab-size" aria-controls="panel-size" aria-selected="false" tabindex="-1">Size</button>
    <button role="tab" id="tab-tree" aria-controls="panel-tree" aria-selected="false" tabindex="-1">Tree</button>
    <button role="tab" id="tab-graph" aria-controls="panel-graph" aria-selected="false" tabindex="-1">Graph</button>
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

    <section role="tabpanel" id="panel-size" aria-labelledby="tab-size" hidden>
    <p id="size-summary"></p>
    <h2>By type</h2>
    <p class="note">A type's bytes are its values' tags, ids, payloads and ends, with the untyped nodes inside them (pointers, nils). Choose a type to find its first value in the tree.</p>
    <div class="bars" id="size-types"></div>
    <h2>By field of the root</h2>
    <div class="bars" id="size-parts"></div>
    <h2>By key</h2>
    <div class="bars" id="size-keys"></div>
    <h2>Largest values</h2>
    <table id="size-largest">
    <thead><tr><th>Path</th><th>Type</th><th>Bytes</th><th>Offset</th></tr></thead>
    <tbody></tbody>
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

    <section role="tabpanel" id="panel-graph" aria-labelledby="tab-graph" hidden>
    <form class="options" id="graph-options">
    <label>Around object <input id="graph-around" size="8" placeholder="the root" aria-describedby="graph-note"></label>
    <label>Depth <input type="number" id="graph-depth" min="0" max="64" value="3"></label>
    <label>At most <input type="number" id="graph-limit" min="1" max="5000" value="200"> objects</label>
    <button type="submit">Draw</button>
    <label>Find <input type="search" id="graph-find" placeholder="an id, a type or a value"></label>
    <button type="button" id="graph-zoom-in" aria-label="Zoom in">+</button>
    <button type="button" id="graph-zoom-out" aria-label="Zoom out">−</button>
    <button type="button" id="graph-fit">Fit</button>
    </form>
    <p class="note" id="graph-note" role="status"></p>
    <ul class="legend" aria-label="Legend">
    <li><svg width="34" height="12" aria-hidden="true"><line x1="0" y1="6" x2="34" y2="6" class="legend-definition"/></svg>defined inside</li>
    <li><svg width="34" height="12" aria-hidden="true"><line x1="0" y1="6" x2="34" y2="6" class="legend-strong"/></svg>pointer</li>
    <li><svg width="34" height="12" aria-hidden="true"><line x1="0" y1="6" x2="34" y2="6" class="legend-conditional"/></svg>conditional pointer</li>
    <li><svg width="34" height="12" aria-hidden="true"><line x1="0" y1="6" x2="34" y2="6" class="legend-cycle"/></svg>closes a cycle (decoded deferred)</li>
    <li>thick border: the root; tinted: shared</li>
    </ul>
    <div class="graph-view" id="graph-view" role="group" aria-label="The object graph: drag to move, the wheel or + and − to zoom"><svg id="graph-svg"></svg></div>
    <div id="graph-details" aria-live="polite"></div>
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
    <pre class="dump" id="dump" tabindex="0" role="region" aria-label="The dump"></pre>
    </section>

    <section role="tabpanel" id="panel-bytes" aria-labelledby="tab-bytes" hidden>
    <form class="options" id="bytes-go">
    <button type="button" id="bytes-previous">Previous</button>
    <label>Offset <input id="bytes-offset" value="0" size="12" aria-describedby="bytes-note"></label>
    <button type="submit">Go</button>
    <button type="button" id="bytes-next">Next</button>
    <span class="note" id="bytes-note">decimal, or hexadecimal after 0x</span>
    </form>
    <pre class="dump" id="bytes" tabindex="0" role="region" aria-label="The bytes"></pre>
    <p class="note">The first 40 bytes are the header (Docs/ArchiveFormat.md), coloured by field:</p>
    <ul class="header-fields note">
    <li class="field-magic">magic, bytes 0–7</li><li class="field-checksum">checksum, 8–15</li>
    <li class="field-format">format version, 16–17</li><li class="field-flags">flags, 18–19</li>
    <li class="field-versions">internal and user BinaryIO versions, 20–23</li><li class="field-lengths">body and tables lengths, 24–39</li>
    </ul>
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
                      changed: new Set(), containsChange: new Set(), dumpLoaded: false, sizeLoaded: false, graphLoaded: false,
                      statusLine: "" };

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
        idle();
      }

      function clearError() { $("error").hidden = true; }
      function status(text) { $("status").textContent = text; }
      /// Back to the line that says which archive is open, once a piece of work is done.
      function idle() { status(state.statusLine); }

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
        if (tab.id === "tab-size" && !state.sizeLoaded) loadSize();
        if (tab.id === "tab-graph" && !state.graphLoaded) loadGraph();
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

      /// The server's sample archives, each opened with one click.
      async function offerSamples() {
        const list = await (await call("/v1/samples")).json();
        for (const sample of list.samples) {
          const button = document.createElement("button");
          button.type = "button";
          button.dataset.sample = sample.name;
          const summary = document.createElement("small");
          summary.textContent = sample.summary;
          button.append(`Open the ${sample.name} sample`, summary);
          button.addEventListener("click", () => openSample(sample).catch(showError));
          $("samples").append(button);
        }
      }
      offerSamples().catch(showError);

      async function openSample(sample) {
        clearError();
        status(`Fetching the ${sample.name} sample…`);
        const bytes = new Uint8Array(await (await call(sample.path)).arrayBuffer());
        await openBytes(`${sample.name}.graph`, bytes);
      }

      async function openArchive(file) {
        clearError();
        status(`Reading ${file.name}…`);
        await openBytes(file.name, new Uint8Array(await file.arrayBuffer()));
      }

      async function openBytes(name, archive) {
        Object.assign(state, { name, bytes: archive, form: null, typeNames: new Map(), definitions: null, changed: new Set(),
                               containsChange: new Set(), dumpLoaded: false, sizeLoaded: false, graphLoaded: false, statusLine: "" });
        for (const id of ["summary", "problems", "types", "tree", "tree-message", "dump", "dump-note", "compare-summary", "find-note",
                          "size-summary", "size-types", "size-parts", "size-keys", "graph-svg", "graph-details", "graph-note"]) $(id).replaceChildren();
        $("size-largest").querySelector("tbody").replaceChildren();
        $("find-text").value = "";
        $("graph-find").value = "";
        $("graph-around").value = "";
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
        state.statusLine = `${name}: ${report.value.valid ? "valid" : "invalid"}, ${report.value.byteCount.toLocaleString()} bytes`;
        idle();
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
        // Counts of an archive that could not be read whole are unknown, not 0.
        const count = (value) => !report.valid && value === 0 ? "—" : value.toLocaleString();
        const badge = document.createElement("span");
        badge.className = `badge ${report.valid ? "valid" : "invalid"}`;
        badge.id = "validity";
        badge.textContent = report.valid ? "valid" : `invalid: ${report.problems.length} problem${report.problems.length === 1 ? "" : "s"}`;
        const rows = [
          ["File", state.name], ["Validity", badge], ["Size", `${report.byteCount.toLocaleString()} bytes`],
          ["Checksum", form ? (form.checksummed ? "yes" : "no") : "—"],
          ["BinaryIO versions", form ? `internal ${form.internalBinaryIOVersion}, user ${form.userBinaryIOVersion}` : "—"],
          ["Nodes", total ? `${total.toLocaleString()} (${nodes})` : "—"], ["Deepest nesting", count(report.maximumDepth)],
          ["Types", count(report.typeCount)], ["Keys", count(report.keyCount)], ["Objects", count(report.objectCount)],
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
            if (index === 2 || index === 6) {
              cell.className = "wrap mono";
              cell.replaceChildren(breakable(String(value)));
            }
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
        item.setAttribute("role", "none");
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
        if (node.value !== undefined) {
          const shown = nativeText(node);
          const value = span("value", shown);
          if (shown !== preview(node.value)) value.title = `stored as ${preview(node.value, 400)}`;
          row.append(value);
        }
        if (node.id !== undefined && node.kind !== "PTS" && node.kind !== "PTC" || location === "$.body[0]") {
          const draw = document.createElement("button");
          draw.className = "follow";
          draw.tabIndex = -1;
          draw.textContent = "graph";
          draw.title = "Draw the object graph around it";
          draw.addEventListener("click", (event) => { event.stopPropagation(); showGraphAround(node.id === undefined ? 0 : node.id); });
          row.append(draw);
        }
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

      /// A native value as the dump shows it: a Date as its UTC date and time, not its seconds.
      function nativeText(node) {
        const name = node.type !== undefined ? typeName(node.type) : "";
        if (name === "Date" && typeof node.value === "number") return dateText(node.value);
        if (name === "Array<Date>" && Array.isArray(node.value)) return preview(node.value.map((value) => typeof value === "number" ? dateText(value) : value));
        return preview(node.value);
      }

      /// Seconds since 2001-01-01 UTC as `2025-11-28 05:20:00 +0000`.
      function dateText(seconds) {
        const milliseconds = (Math.floor(seconds) + 978307200) * 1000;
        if (!Number.isFinite(milliseconds) || Math.abs(milliseconds) > 8.64e15) return `${seconds} s from 2001-01-01 00:00:00 +0000`;
        const date = new Date(milliseconds), two = (value) => String(value).padStart(2, "0");
        const year = date.getUTCFullYear();
        return `${year < 0 ? "-" : ""}${String(Math.abs(year)).padStart(4, "0")}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())} `
          + `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`;
      }

      /// A path or a name with places to break a line at its separators, not inside its words.
      function breakable(text) {
        const fragment = document.createDocumentFragment();
        text.split(/(?=[.[,<])/).forEach((piece, index) => { if (index) fragment.append(document.createElement("wbr")); fragment.append(piece); });
        return fragment;
      }

      /// `typeRemoved` as "type removed".
      function words(name) { return name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase(); }

      /// A type's name without its module and enclosing types: `Station` for `App.Model.Station`.
      function shortName(name) {
        const head = name.split("<")[0];
        return head.split(".").pop() + name.slice(head.length);
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
        findInTree($("find-text").value);
      });

      /// Reveals the next node, in body order, whose key, type name, id or value holds `text`.
      function findInTree(text) {
        if (!state.form) return;
        const query = text.trim().toLowerCase();
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
      }

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
              : index < 40 ? span(headerField(index), hex) : document.createTextNode(hex);
            view.append(cell, index % 8 === 7 ? "  " : " ");
            text += bytes[index] >= 0x20 && bytes[index] < 0x7f ? String.fromCharCode(bytes[index]) : ".";
          }
          view.append(` ${text}\n`);
        }
        $("bytes-offset").value = String(bytesTarget);
        $("bytes-note").textContent = `bytes ${start.toLocaleString()} to ${Math.min(bytes.length, start + BYTES_PER_PAGE) - 1} of ${bytes.length.toLocaleString()}`;
        if (select) selectTab($("tab-bytes"), false);
      }

      /// The class of the header field byte `index` belongs to, as the legend colours it.
      function headerField(index) {
        return index < 8 ? "field-magic" : index < 16 ? "field-checksum" : index < 18 ? "field-format" : index < 20 ? "field-flags"
          : index < 24 ? "field-versions" : "field-lengths";
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

      // ---- Size: where the bytes go --------------------------------------------------------------

      async function loadSize() {
        if (!state.bytes) return;
        state.sizeLoaded = true;
        const bytes = state.bytes;
        status("Counting where the bytes go…");
        try {
          const stats = await (await call("/v1/stats?limit=30&largest=10", octets(bytes))).json();
          if (bytes !== state.bytes) return;
          renderSize(stats);
          idle();
        } catch (error) {
          state.sizeLoaded = false;
          showError(error);
        }
      }

      function renderSize(stats) {
        const percent = (share) => `${(share * 100).toFixed(1)} %`;
        $("size-summary").textContent = `${stats.archiveBytes.toLocaleString()} bytes: the header ${stats.headerBytes}, the type table `
          + `${stats.typeTableBytes.toLocaleString()}, the key table ${stats.keyTableBytes.toLocaleString()} and the body `
          + `${stats.bodyBytes.toLocaleString()} (${stats.nodeCount.toLocaleString()} nodes).`;
        const others = (rest, what) => rest.count ? [{ label: `${rest.count.toLocaleString()} other ${what}`, bytes: rest.bytes, share: rest.share, other: true }] : [];
        const share = (bytes) => bytes / stats.archiveBytes;
        bars("size-types", stats.types.map((type) => ({
          label: `${shortName(type.name)} (${type.instances.toLocaleString()})`, title: type.name, bytes: type.bytes, share: type.share,
          open: state.form ? () => findInTree(type.name) : null,
        })).concat(others(stats.otherTypes, "types"),
          stats.untypedBytes ? [{ label: "untyped", bytes: stats.untypedBytes, share: share(stats.untypedBytes), other: true }] : [],
          [{ label: "header and tables", bytes: stats.headerBytes + stats.typeTableBytes + stats.keyTableBytes,
             share: share(stats.headerBytes + stats.typeTableBytes + stats.keyTableBytes), other: true }]), percent);
        bars("size-parts", stats.rootParts.map((part) => ({
          label: `${part.path} (${part.count.toLocaleString()})`, bytes: part.bytes, share: part.share,
          open: state.form && part.path === "root" ? () => reveal("$.body[0]") : null,
        })).concat(others(stats.otherParts, "parts")), percent);
        bars("size-keys", stats.keys.map((key) => ({ label: `${key.key} (${key.occurrences.toLocaleString()})`, bytes: key.bytes, share: key.share }))
          .concat(others(stats.otherKeys, "keys"),
            stats.unkeyedBytes ? [{ label: "no key", bytes: stats.unkeyedBytes, share: share(stats.unkeyedBytes), other: true }] : []), percent);
        const body = $("size-largest").querySelector("tbody");
        for (const value of stats.largestValues) {
          const row = document.createElement("tr");
          const path = document.createElement("td");
          path.className = "wrap mono";
          path.append(breakable(value.path));
          const offset = document.createElement("button");
          offset.className = "offset mono";
          offset.textContent = value.byteOffset.toLocaleString();
          offset.title = "Show the bytes there";
          offset.addEventListener("click", () => showBytes(value.byteOffset));
          const offsetCell = document.createElement("td");
          offsetCell.append(offset);
          const type = document.createElement("td");
          type.append(breakable(value.type));
          const size = document.createElement("td");
          size.textContent = `${value.bytes.toLocaleString()} (${percent(value.share)})`;
          row.append(path, type, size, offsetCell);
          body.append(row);
        }
      }

      /// A bar per row, its length in proportion to the largest, with its bytes and share; a row
      /// that can be opened has a button for a label, and its bar opens it too.
      function bars(id, rows, percent) {
        const container = $(id);
        container.replaceChildren();
        const largest = Math.max(1, ...rows.map((row) => row.bytes));
        for (const row of rows) {
          const label = document.createElement(row.open ? "button" : "span");
          label.className = "bar-label";
          label.textContent = row.label;
          if (row.title) label.title = row.title;
          const bar = document.createElement("div");
          bar.className = row.other ? "bar other" : "bar";
          bar.style.width = `${row.bytes / largest * 100}%`;
          bar.dataset.bytes = String(row.bytes);
          bar.setAttribute("aria-hidden", "true");
          if (row.open) {
            label.type = "button";
            label.addEventListener("click", row.open);
            bar.addEventListener("click", row.open);
            bar.title = label.title || row.label;
          }
          container.append(label, bar, span("bar-size", `${row.bytes.toLocaleString()} bytes, ${percent(row.share)}`));
        }
      }

      // ---- Graph: the objects and the references between them, around one ----------------------

      const SVG = "http://www.w3.org/2000/svg";
      const BOX = { width: 190, height: 44, across: 80, down: 14, rows: 40 };
      const graph = { data: null, world: null, view: { x: 0, y: 0, scale: 1 }, size: { width: 0, height: 0 }, boxes: new Map(), matches: [], match: -1 };

      function svg(name, attributes, parent) {
        const element = document.createElementNS(SVG, name);
        for (const [key, value] of Object.entries(attributes || {})) element.setAttribute(key, String(value));
        if (parent) parent.append(element);
        return element;
      }

      function showGraphAround(id) {
        $("graph-around").value = String(id);
        selectTab($("tab-graph"), false);
        loadGraph();
      }

      async function loadGraph() {
        if (!state.bytes) return;
        state.graphLoaded = true;
        const bytes = state.bytes;
        const query = new URLSearchParams({ depth: $("graph-depth").value || "3", limit: $("graph-limit").value || "200" });
        const around = $("graph-around").value.trim().replace(/^#/, "");
        if (around !== "") query.set("around", around);
        status("Drawing the object graph…");
        try {
          const data = await (await call(`/v1/graph?${query}`, octets(bytes))).json();
          if (bytes !== state.bytes) return;
          drawGraph(data);
          idle();
        } catch (error) {
          state.graphLoaded = false;
          showError(error);
        }
      }
      $("graph-options").addEventListener("submit", (event) => { event.preventDefault(); clearError(); loadGraph(); });

      /// Columns by distance from the centre (a long column wraps into several), each column
      /// ordered by the mean row of what refers to its objects, so that references cross less.
      function layout(data) {
        const byId = new Map(data.nodes.map((node) => [node.id, node]));
        const layers = [];
        for (const node of data.nodes) (layers[node.distance] ||= []).push({ key: `n${node.id}`, node });
        data.more.forEach((group, index) => (layers[byId.get(group.from).distance + 1] ||= []).push({ key: `g${index}`, group }));
        const parents = new Map();
        const refer = (key, parent) => { if (!parents.has(key)) parents.set(key, []); parents.get(key).push(parent); };
        for (const edge of data.edges) if (!edge.closesCycle) refer(`n${edge.to}`, `n${edge.from}`);
        data.more.forEach((group, index) => refer(`g${index}`, `n${group.from}`));
        const row = new Map(), boxes = new Map();
        let x = 0, height = 0;
        for (let distance = 0; distance < layers.length; distance++) {
          const layer = layers[distance] || [];
          for (const item of layer) {
            const rows = (parents.get(item.key) || []).map((parent) => row.get(parent)).filter((value) => value !== undefined);
            item.order = rows.length ? rows.reduce((sum, value) => sum + value, 0) / rows.length : 0;
          }
          if (distance > 0) layer.sort((a, b) => a.order - b.order);
          layer.forEach((item, index) => {
            row.set(item.key, index);
            const column = Math.floor(index / BOX.rows), place = index % BOX.rows;
            boxes.set(item.key, { ...item, x: x + column * (BOX.width + BOX.across / 2), y: place * (BOX.height + BOX.down) });
          });
          height = Math.max(height, Math.min(layer.length, BOX.rows) * (BOX.height + BOX.down));
          x += Math.ceil(layer.length / BOX.rows) * (BOX.width + BOX.across / 2) + BOX.across / 2;
        }
        return { boxes, width: x, height };
      }

      function drawGraph(data) {
        graph.data = data;
        const picture = $("graph-svg");
        picture.replaceChildren();
        const definitions = svg("defs", {}, picture);
        for (const kind of ["definition", "strong", "conditional", "cycle", "more"]) {
          const marker = svg("marker", { id: `arrow-${kind}`, class: kind, viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" }, definitions);
          svg("path", { d: "M 0 0 L 10 5 L 0 10 z" }, marker);
        }
        graph.world = svg("g", {}, picture);
        const { boxes, width, height } = layout(data);
        graph.boxes = boxes;
        graph.size = { width, height };
        const edges = svg("g", {}, graph.world), labels = svg("g", {}, graph.world), items = svg("g", {}, graph.world);
        const showLabels = data.edges.length <= 400;
        for (const edge of data.edges) {
          const from = boxes.get(`n${edge.from}`), to = boxes.get(`n${edge.to}`);
          const kind = edge.closesCycle ? "cycle" : edge.kind;
          const way = route(from, to);
          const path = svg("path", { class: `edge ${edge.kind}${edge.closesCycle ? " cycle" : ""}`, d: way.d, "marker-end": `url(#arrow-${kind})` }, edges);
          svg("title", {}, path).textContent = `${edge.label}: ${edge.kind}${edge.closesCycle ? ", closes a cycle" : ""}`;
          if (showLabels && edge.label) {
            const label = svg("text", { class: "edge-label", x: way.middle.x + 3, y: way.middle.y - 3 }, labels);
            label.textContent = edge.label;
          }
        }
        for (const box of boxes.values()) {
          if (box.node) items.append(nodeItem(box));
          else {
            const from = boxes.get(`n${box.group.from}`);
            svg("path", { class: "edge more", d: route(from, box).d, "marker-end": "url(#arrow-more)" }, edges);
            items.append(groupItem(box));
          }
        }
        const shown = data.nodes.filter((node) => node.id !== 0).length, hidden = data.more.reduce((sum, group) => sum + group.count, 0);
        $("graph-note").textContent = `${shown.toLocaleString()} of ${data.objectCount.toLocaleString()} objects around `
          + `${data.centre === 0 ? "the root" : `#${data.centre}`}, ${data.edges.length.toLocaleString()} references`
          + `${data.edges.some((edge) => edge.closesCycle) ? ", cycles marked" : ""}`
          + `${hidden ? `; ${hidden.toLocaleString()} more beyond the limit, counted by type` : ""}.`;
        $("graph-details").replaceChildren();
        fit();
        highlightMatches();
      }

      /// The path of a reference (`d`) and its middle, where its label goes: forward to a later
      /// column; to an object of the same column, a bulge to the right of both; back to an
      /// earlier column, an arc above both.
      function route(from, to) {
        const startX = from.x + BOX.width, startY = from.y + BOX.height / 2, endY = to.y + BOX.height / 2;
        if (to.x > from.x) {
          const endX = to.x, middle = (startX + endX) / 2;
          return { d: `M ${startX} ${startY} C ${middle} ${startY}, ${middle} ${endY}, ${endX} ${endY}`, middle: { x: middle, y: (startY + endY) / 2 } };
        }
        if (to.x === from.x) {
          const bulge = startX + 24 + Math.abs(endY - startY) / 6;
          return { d: `M ${startX} ${startY} C ${bulge} ${startY}, ${bulge} ${endY}, ${startX} ${endY}`,
                   middle: { x: startX + 0.75 * (bulge - startX), y: (startY + endY) / 2 } };
        }
        const top = Math.min(from.y, to.y) - 30 - Math.abs(from.x - to.x) / 8;
        const fromX = from.x + BOX.width / 2, toX = to.x + BOX.width / 2 + 6;
        return { d: `M ${fromX} ${from.y} C ${fromX} ${top}, ${toX} ${top}, ${toX} ${to.y}`, middle: { x: (fromX + toX) / 2, y: 0.25 * Math.min(from.y, to.y) + 0.75 * top } };
      }

      function nodeItem(box) {
        const node = box.node;
        const name = `${shortName(node.type)}${node.id ? ` #${node.id}` : ""}`;
        const classes = ["node", node.root ? "root" : "", node.references > 1 ? "shared" : ""].filter(Boolean).join(" ");
        const item = svg("g", { class: classes, transform: `translate(${box.x} ${box.y})`, tabindex: 0, role: "button",
                                "data-id": node.id, "aria-label": `${name}${node.root ? ", the root" : ""}${node.references > 1 ? `, held in ${node.references} places` : ""}${node.summary ? `, ${node.summary}` : ""}` });
        svg("rect", { width: BOX.width, height: BOX.height }, item);
        const title = svg("text", { class: "type", x: 8, y: 17 }, item);
        title.textContent = clip(`${name}${node.references > 1 ? ` ×${node.references}` : ""}`, 28);
        const summary = svg("text", { class: "summary", x: 8, y: 34 }, item);
        summary.textContent = clip(node.summary, 30);
        svg("title", {}, item).textContent = `${node.type}${node.id ? ` #${node.id}` : ""}\n${node.path}${node.summary ? `\n${node.summary}` : ""}`;
        item.addEventListener("click", () => selectNode(node));
        item.addEventListener("dblclick", () => showGraphAround(node.id));
        item.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); selectNode(node); }
        });
        return item;
      }

      function groupItem(box) {
        const group = box.group;
        const item = svg("g", { class: "group", transform: `translate(${box.x} ${box.y})`, tabindex: 0, role: "button",
                                "aria-label": `${group.count} more ${shortName(group.type)}: draw around #${group.from}` });
        svg("rect", { width: BOX.width, height: BOX.height }, item);
        const text = svg("text", { x: 8, y: 27 }, item);
        text.textContent = clip(`+ ${group.count.toLocaleString()} more ${shortName(group.type)}`, 30);
        const expand = () => { $("graph-depth").value = "1"; showGraphAround(group.from); };
        item.addEventListener("click", expand);
        item.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); expand(); } });
        return item;
      }

      function clip(text, length) { return text.length > length ? text.slice(0, length - 1) + "…" : text; }

      function selectNode(node) {
        for (const item of $("graph-svg").querySelectorAll(".node.selected")) item.classList.remove("selected");
        const item = $("graph-svg").querySelector(`.node[data-id="${node.id}"]`);
        if (item) { item.classList.add("selected"); item.focus({ preventScroll: true }); }
        const details = $("graph-details");
        details.replaceChildren();
        const list = document.createElement("dl");
        for (const [term, value] of [["Type", node.type], ["Object", node.id ? `#${node.id}` : "the root, without identity"], ["Defined at", node.path],
                                     ["Held in", `${node.references.toLocaleString()} place${node.references === 1 ? "" : "s"}${node.references > 1 ? " (shared)" : ""}`],
                                     ["Summary", node.summary || "—"], ["References from the centre", String(node.distance)]]) {
          const dt = document.createElement("dt"), dd = document.createElement("dd");
          dt.textContent = term;
          dd.append(breakable(value));
          list.append(dt, dd);
        }
        const actions = document.createElement("div");
        actions.className = "options";
        const action = (text, run) => { const button = document.createElement("button"); button.type = "button"; button.textContent = text; button.addEventListener("click", run); actions.append(button); };
        action("Draw around it", () => showGraphAround(node.id));
        if (state.form) action("Show it in the tree", () => node.id === 0 ? reveal("$.body[0]") : followPointer(node.id));
        action("Show its bytes", () => showBytes(node.byteOffset));
        details.append(list, actions);
      }

      // Moving and zooming: the world group is translated and scaled.
      function applyView() {
        const { x, y, scale } = graph.view;
        if (graph.world) graph.world.setAttribute("transform", `translate(${x} ${y}) scale(${scale})`);
      }

      function fit() {
        const frame = $("graph-view").getBoundingClientRect();
        const scale = Math.min(1, (frame.width - 20) / Math.max(1, graph.size.width), (frame.height - 40) / Math.max(1, graph.size.height + 40));
        graph.view = { scale: Math.max(scale, 0.05), x: 10, y: 40 * Math.max(scale, 0.05) };
        applyView();
      }

      function zoom(factor, centreX, centreY) {
        const frame = $("graph-view").getBoundingClientRect();
        const cx = centreX ?? frame.width / 2, cy = centreY ?? frame.height / 2;
        const scale = Math.min(4, Math.max(0.02, graph.view.scale * factor));
        graph.view.x = cx - (cx - graph.view.x) * scale / graph.view.scale;
        graph.view.y = cy - (cy - graph.view.y) * scale / graph.view.scale;
        graph.view.scale = scale;
        applyView();
      }

      $("graph-zoom-in").addEventListener("click", () => zoom(1.25));
      $("graph-zoom-out").addEventListener("click", () => zoom(0.8));
      $("graph-fit").addEventListener("click", fit);
      $("graph-view").addEventListener("wheel", (event) => {
        event.preventDefault();
        const frame = $("graph-view").getBoundingClientRect();
        zoom(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - frame.left, event.clientY - frame.top);
      }, { passive: false });
      let drag = null;
      $("graph-view").addEventListener("pointerdown", (event) => {
        if (event.target.closest(".node, .group")) return;
        drag = { x: event.clientX, y: event.clientY, startX: graph.view.x, startY: graph.view.y };
        $("graph-view").setPointerCapture(event.pointerId);
      });
      $("graph-view").addEventListener("pointermove", (event) => {
        if (!drag) return;
        graph.view.x = drag.startX + event.clientX - drag.x;
        graph.view.y = drag.startY + event.clientY - drag.y;
        applyView();
      });
      $("graph-view").addEventListener("pointerup", () => { drag = null; });
      $("graph-view").addEventListener("keydown", (event) => {
        const moves = { ArrowLeft: [40, 0], ArrowRight: [-40, 0], ArrowUp: [0, 40], ArrowDown: [0, -40] };
        if (event.key in moves && !event.target.closest(".node, .group")) {
          event.preventDefault();
          graph.view.x += moves[event.key][0];
          graph.view.y += moves[event.key][1];
          applyView();
        } else if (event.key === "+" || event.key === "=") zoom(1.25);
        else if (event.key === "-") zoom(0.8);
      });

      // Find: the shown objects whose id, type or summary holds the text, in turn; an id not
      // shown is drawn around.
      function highlightMatches() {
        const query = $("graph-find").value.trim().toLowerCase().replace(/^#/, "");
        graph.matches = !query || !graph.data ? [] : graph.data.nodes.filter((node) =>
          String(node.id) === query || node.type.toLowerCase().includes(query) || node.summary.toLowerCase().includes(query));
        graph.match = -1;
        for (const item of $("graph-svg").querySelectorAll(".node")) item.classList.toggle("match", graph.matches.some((node) => String(node.id) === item.dataset.id));
      }
      $("graph-find").addEventListener("input", highlightMatches);
      $("graph-find").addEventListener("keydown", (event) => {
        if (event.key !== "Enter") return;
        event.preventDefault();
        const query = $("graph-find").value.trim().replace(/^#/, "");
        if (!graph.matches.length) {
          if (/^\d+$/.test(query)) showGraphAround(Number(query)); else $("graph-note").textContent = `No object shown matches "${query}".`;
          return;
        }
        graph.match = (graph.match + 1) % graph.matches.length;
        const node = graph.matches[graph.match];
        const box = graph.boxes.get(`n${node.id}`);
        const frame = $("graph-view").getBoundingClientRect();
        graph.view.x = frame.width / 2 - (box.x + BOX.width / 2) * graph.view.scale;
        graph.view.y = frame.height / 2 - (box.y + BOX.height / 2) * graph.view.scale;
        applyView();
        selectNode(node);
        $("graph-find").focus();
      });

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
          idle();
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
        idle();
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
          const cells = [words(difference.change), difference.path, difference.before ? difference.before.value : "—", difference.after ? difference.after.value : "—"];
          cells.forEach((value, index) => {
            const cell = document.createElement("td");
            if (index > 0) {
              cell.append(breakable(value));
              cell.className = "wrap mono";
            } else {
              cell.textContent = value;
            }
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
    static let contentSecurityPolicy = "default-src 'none'; script-src 'sha256-hzxrO4xkOTzpf62cVzo58bho0zgoIzDXfxTrI9ZPs4A='; style-src 'sha256-zJNV2sn+ZxP84HvDZpYdUS4r2ire5CWVjYGS9yMrHlk='; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}
