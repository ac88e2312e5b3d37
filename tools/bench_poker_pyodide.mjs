// Pyodide half of tools/bench_poker.py: loads the project into the npm `pyodide` (the version
// the page uses) with tools/run_pyodide.mjs's loader, unpacks the pinned pokerkit wheel from
// vendor/wheels/ (tools/setup.sh fetches it; without it the pokerkit reference is skipped),
// runs bench_poker.bench_core() and prints its results as JSON on the last line.
// Usage: node tools/bench_poker_pyodide.mjs   (normally started by tools/bench_poker.py)
import { loadProject } from "./run_pyodide.mjs";

const WHEEL = "vendor/wheels/pokerkit-0.7.7-py3-none-any.whl";
const { py, unpacked } = await loadProject({ wheels: [WHEEL] });
py.globals.set("WITH_KIT", unpacked.length > 0);
const out = py.runPython(`
import json, sys
import time
t = time.perf_counter()
import rules.poker
import_ms = (time.perf_counter() - t) * 1000
if WITH_KIT:
    t = time.perf_counter()
    import pokerkit
    kit_import_ms = (time.perf_counter() - t) * 1000
import bench_poker
r = bench_poker.bench_core(with_pokerkit=WITH_KIT)
r["engine_import_ms"] = round(import_ms, 1)
if WITH_KIT:
    r["pokerkit_import_ms"] = round(kit_import_ms, 1)
json.dumps(r)
`);
console.log(out);
