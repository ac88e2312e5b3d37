// How long the table games' engine takes to load in the page, from "a table game is chosen" to
// "the engine is ready", along the product's own path: web/later.py's Later fetches index.html's
// ``py-tables`` block over HTTP (a local server here) and writes it into Pyodide's file system,
// then ``games.poker.session`` is imported, in the npm `pyodide` the page uses. Before the clock
// starts, the interpreter holds what a host's page holds in its lobby: every web module imported
// (``pyscript`` stood in by a stub) and the room's first game, Ultimate Omaha, built.
// Each run, each in a fresh interpreter: the import in one go (with each module's own import
// cost: the top ten are printed), the page's way (web/tablesload.py, what web/controls.py runs:
// a step per module, the event loop answered between steps; the longest steps are printed, the
// first one including the plan), and the references, pokerkit 0.7.7's import
// (vendor/wheels/, from tools/setup.sh) and a fixed set of standard-library modules'. Ratios,
// not seconds, are the figure to compare between machines. On a checkout without
// web/tablesload.py (the code before it) only the import in one go is measured.
// Usage: node tools/bench_tables_load.mjs [runs]   (default 3; medians printed)
import { createServer } from "node:http";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { loadProject, root } from "./run_pyodide.mjs";

const WHEEL = "vendor/wheels/pokerkit-0.7.7-py3-none-any.whl";
const html = readFileSync(join(root, "index.html"), "utf8");
const block = html.match(/<script type="application\/json" id="py-tables">([\s\S]*?)<\/script>/)[1];

const server = createServer((req, res) => {
  const path = join(root, decodeURIComponent(new URL(req.url, "http://x").pathname));
  if (!path.startsWith(root) || !existsSync(path)) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { "content-type": "text/plain" });
  res.end(readFileSync(path));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

async function interpreter() {
  const { py, unpacked } = await loadProject({ wheels: [WHEEL] });
  py.runPython(readFileSync(join(root, "tools", "bench_tables_load.py"), "utf8"));
  py.globals.set("BLOCK", block);
  py.globals.set("BASE", base);
  return { py, withKit: unpacked.length > 0 };
}

const hasSlices = existsSync(join(root, "py", "web", "tablesload.py"));

// One run: each measurement in a fresh interpreter, so none warms another's imports.
async function oneRun() {
  let { py, withKit } = await interpreter();
  const r = JSON.parse(await py.runPythonAsync(
    "import json; json.dumps(await measure(BLOCK, BASE, False))"));
  if (hasSlices) {
    ({ py } = await interpreter());
    Object.assign(r, JSON.parse(await py.runPythonAsync(
      "import json; json.dumps(await measure_sliced(BLOCK, BASE))")));
  }
  ({ py } = await interpreter());
  r.stdlib_ref_ms = py.runPython("reference('stdlib')");
  if (withKit) {
    ({ py } = await interpreter());
    r.pokerkit_import_ms = py.runPython("reference('kit')");
  }
  return r;
}

const runs = Number(process.argv[2] || 3);
const results = [];
for (let i = 0; i < runs; i++) results.push(await oneRun());
server.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pick = (k) => median(results.map((r) => r[k]));
const load = pick("load_ms");
const summary = {
  runs,
  fetch_ms: pick("fetch_ms"),
  import_ms: pick("import_ms"),
  load_ms: load,
  stdlib_ref_ms: pick("stdlib_ref_ms"),
  load_vs_stdlib_ref: +(load / pick("stdlib_ref_ms")).toFixed(2),
};
if (hasSlices) {
  summary.sliced_fetch_ms = pick("sliced_fetch_ms");
  summary.sliced_import_ms = pick("sliced_import_ms");
  summary.sliced_load_ms = pick("sliced_load_ms");
  summary.sliced_vs_pokerkit = results[0].pokerkit_import_ms === undefined ? null
    : +(summary.sliced_load_ms / pick("pokerkit_import_ms")).toFixed(2);
  summary.sliced_max_step_ms = pick("sliced_max_step_ms");
  summary.sliced_steps = results[0].sliced_steps;
}
if (results[0].pokerkit_import_ms !== undefined) {
  summary.pokerkit_import_ms = pick("pokerkit_import_ms");
  summary.load_vs_pokerkit = +(load / summary.pokerkit_import_ms).toFixed(2);
}
console.log("fetched, not imported:", results[0].fetched_unread.join(", ") || "none");
console.log("slowest imports, self ms (first run):");
for (const [name, ms] of results[0].top) console.log(`  ${ms.toFixed(1).padStart(7)}  ${name}`);
if (hasSlices) {
  console.log("longest steps of the sliced import, ms (first run):");
  for (const [ms, name] of results[0].longest_steps.reverse()) {
    console.log(`  ${ms.toFixed(1).padStart(7)}  ${name}`);
  }
}
console.log(JSON.stringify(summary));
