// Runs Python under the npm `pyodide` (the version the page loads) with the project's py/,
// tests/ and tools/ on its path: `node tools/run_pyodide.mjs MODULE FUNCTION [ARG...]`. Imports
// MODULE (from tests/, py/ or tools/), calls FUNCTION(*ARGS) (each a string) and prints its
// return value as JSON on the last line of stdout.
// Used by tests/test_room_pyodide_hostile.py to run the hostile-message corpus where it matters:
// Pyodide's stack is far smaller than CPython's, so a CPython run cannot prove a parser safe;
// and by the benchmarks (tools/bench_table.py runs its Pyodide half this way).
// A Python exception exits with status 1; a fatal interpreter error (what a stack overflow
// inside the wasm does) exits non-zero too.
//
// Also a module: `loadProject()` is the one loader of the project's files into a Pyodide
// (tools/bench_poker_pyodide.mjs uses it too).
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadPyodide } from "pyodide";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const HOME = "/home/pyodide";
const TREES = ["py", "tests", "tools"];

function copyTree(py, fromDir, toDir) {
  py.FS.mkdirTree(toDir);
  for (const name of readdirSync(fromDir)) {
    const from = join(fromDir, name);
    if (name === "__pycache__") continue;
    if (statSync(from).isDirectory()) copyTree(py, from, join(toDir, name));
    else if (name.endsWith(".py")) py.FS.writeFile(join(toDir, name), readFileSync(from));
  }
}

// A Pyodide with py/, tests/ and tools/ copied into /home/pyodide and on sys.path (py/
// first); with `wheels` (paths under the repository), each wheel found is unpacked into
// /home/pyodide/site, also on the path. Returns { py, unpacked: [wheels found] }.
export async function loadProject({ wheels = [] } = {}) {
  const py = await loadPyodide();
  for (const tree of TREES) copyTree(py, join(root, tree), `${HOME}/${tree}`);
  const unpacked = wheels.filter((w) => existsSync(join(root, w)));
  for (const wheel of unpacked) {
    py.FS.mkdirTree(`${HOME}/site`);
    py.unpackArchive(new Uint8Array(readFileSync(join(root, wheel))), "zip",
                     { extractDir: `${HOME}/site` });
  }
  py.runPython(`import sys; sys.path[:0] = ${JSON.stringify([
    ...TREES.map((t) => `${HOME}/${t}`), `${HOME}/site`])}`);
  return { py, unpacked };
}

async function main() {
  const [moduleName, functionName, ...args] = process.argv.slice(2);
  if (!moduleName || !functionName) {
    console.error("usage: node tools/run_pyodide.mjs MODULE FUNCTION [ARG...]");
    process.exit(2);
  }
  const { py } = await loadProject();
  py.globals.set("MODULE", moduleName);
  py.globals.set("FUNCTION", functionName);
  py.globals.set("ARGS_JSON", JSON.stringify(args));
  try {
    const out = py.runPython(`
import importlib, json, sys
result = getattr(importlib.import_module(MODULE), FUNCTION)(*json.loads(ARGS_JSON))
json.dumps({"python": sys.version.split()[0], "result": result})
`);
    console.log(out);
  } catch (err) {
    console.error(String(err));
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
