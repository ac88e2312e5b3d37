// PyScript's "interpreter" module when boot.js has a Pyodide memory snapshot to start from: the
// pinned Pyodide (from the CDN, or /vendor/ with `?assets=local`), whose loadPyodide is given the
// snapshot. PyScript calls loadPyodide(options) and reads `version`, as with pyodide.mjs itself.
// Why: without the snapshot Pyodide's bootstrap blocks the page for ~1.8 s in one piece, and keys
// typed meanwhile wait; from the snapshot the longest block is a few hundred ms.
// Any failure (file missing, altered, from another Pyodide build) falls back to a normal start.
const boot = window.omahaBoot;
const pyodide = await import(boot.base.pyodide + "pyodide.mjs");

export const version = pyodide.version;

export async function loadPyodide(options) {
  const settings = { ...options, indexURL: boot.base.pyodide };
  const snapshot = await boot.snapshot;
  boot.snapshot = null; // 31 MB: once in the wasm memory, let it go
  if (snapshot) {
    try {
      const py = await pyodide.loadPyodide({ ...settings, _loadSnapshot: snapshot });
      // Pyodide keeps its options for the interpreter's lifetime: drop the copy held there.
      delete py._api.config._loadSnapshot;
      // The snapshot's `random` state is every visitor's: draw a fresh seed from os.urandom.
      py.runPython("import random; random.seed()");
      boot.started = "snapshot";
      return py;
    } catch (err) {
      console.warn("Pyodide snapshot refused (" + err + "); starting Pyodide from scratch");
    }
  }
  boot.started = "scratch";
  return pyodide.loadPyodide(settings);
}
