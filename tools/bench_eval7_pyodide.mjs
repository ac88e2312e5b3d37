// Pyodide half of tools/bench_eval7.py: loads the project into the npm `pyodide` (the version
// the page uses) with tools/run_pyodide.mjs's loader, copies in treys 0.1.8's pure-Python sources
// from the .venv (eval7 is C: no Pyodide build), times importing the evaluator in that fresh
// interpreter, then runs bench_eval7.bench_core() and prints its results as JSON on the last line.
// Usage: node tools/bench_eval7_pyodide.mjs   (normally started by tools/bench_eval7.py)
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { loadProject, root, HOME } from "./run_pyodide.mjs";

function sitePackage(name) {
  const lib = join(root, ".venv", "lib");
  for (const version of existsSync(lib) ? readdirSync(lib) : []) {
    const dir = join(lib, version, "site-packages", name);
    if (existsSync(dir)) return dir;
  }
  return null;
}

const { py } = await loadProject();
const treys = sitePackage("treys");
if (treys) {
  py.FS.mkdirTree(`${HOME}/site/treys`);
  for (const name of readdirSync(treys)) {
    if (name.endsWith(".py")) py.FS.writeFile(`${HOME}/site/treys/${name}`, readFileSync(join(treys, name)));
  }
}
const out = py.runPython(`
import json, time
t = time.perf_counter()
import rules.evaluator
import_ms = (time.perf_counter() - t) * 1000
import bench_eval7
r = bench_eval7.bench_core()
r["import_evaluator_ms"] = import_ms
json.dumps(r)
`);
console.log(out);
