// Chooses where the vendor files (PyScript, Pyodide, PeerJS) come from, then starts them.
// Default: the public CDNs, pinned and (where a tag allows) checked with Subresource Integrity.
// `?assets=local`: the serving origin's /vendor/ folders (tools/serve.mjs maps them to the same
// npm packages), so a LAN with no internet can still play. Runs before anything heavy so the
// menu (plain HTML) is on screen at once; Python then wires it up.
(function () {
  "use strict";
  var CDN = {
    pyscript: "https://pyscript.net/releases/2026.7.3/",
    pyodide: "https://cdn.jsdelivr.net/pyodide/v314.0.2/full/",
    peerjs: "https://cdn.jsdelivr.net/npm/peerjs@1.5.5/dist/",
  };
  var LOCAL = { pyscript: "vendor/pyscript/", pyodide: "vendor/pyodide/", peerjs: "vendor/peerjs/" };
  // sha384 of the files in node_modules, which are byte-identical to the CDN copies.
  var SRI = {
    "core.js": "sha384-9mnkLhsxd9+gZE+ySSI1jCjzC9iKW71KTHCWZb11zWOSIXJpVJphSWv3vmFeNkGH",
    "core.css": "sha384-o++qDUkHN/tDenoAyi/04ieijWtS4vDiM0SHtQ45zm4OGYazmb4c2SZJq1nb60Tb",
    "peerjs.min.js": "sha384-x0YgkOr/3UOZP2CRDxGW9e0Q+2Qjyr3uJrm4xU32Y7ZCNAo7Cc7bjhrZMi/dwczu",
  };

  // Pyodide's wasm memory just after its own bootstrap (tools/make_snapshot.py writes the file
  // and this line): starting from it replaces a ~1.8 s freeze of the page by a few hundred ms.
  // Served by the site itself, so it works wherever the page does (CDN or `?assets=local`).
  var SNAPSHOT = {
    file: "static/pyodide/snapshot-314.0.2-079f20d2e67d.gz",
    integrity: "sha384-j6Y3C1zVfmLU40lddVFsIXID7G5u57JVn4AMp/J43yIEsNM8LJqJXQc6JvLHahJ0",
  };

  var params = new URLSearchParams(location.search);
  var assets = params.get("assets");
  var warning = "";
  var base = CDN;
  if (assets === "local") {
    base = {};
    for (var k in LOCAL) base[k] = new URL(LOCAL[k], location.href).href;
  } else if (assets !== null && assets !== "" && assets !== "cdn") {
    warning = "Unknown assets=" + JSON.stringify(assets.slice(0, 40)) +
      " in the address (use assets=local or assets=cdn); using the CDN.";
    assets = "cdn";
  } else {
    assets = "cdn";
  }

  var head = document.head;
  function add(tag, attrs) {
    var el = document.createElement(tag);
    for (var name in attrs) el.setAttribute(name, attrs[name]);
    head.appendChild(el);
    return el;
  }

  // PeerJS is needed only once a room is created or joined: Python calls loadPeer() as soon as
  // the menu is usable, so its download does not compete with Pyodide's at start.
  var peerReady = null;
  function loadPeer() {
    if (!peerReady) {
      peerReady = new Promise(function (resolve, reject) {
        var s = add("script", {
          src: base.peerjs + "peerjs.min.js",
          integrity: SRI["peerjs.min.js"],
          crossorigin: "anonymous",
          async: "",
        });
        s.onload = function () { resolve(true); };
        s.onerror = function () { reject(new Error("PeerJS could not be loaded from " + s.src)); };
      });
      peerReady.catch(function () {}); // reported by Python when it is needed
    }
    return peerReady;
  }

  var css = add("link", {
    rel: "stylesheet",
    href: base.pyscript + "core.css",
    integrity: SRI["core.css"],
    crossorigin: "anonymous",
  });

  // The snapshot, fetched at once (in parallel with PyScript and Pyodide), checked against its
  // pinned hash and unpacked by a worker; null when it cannot be had, and Pyodide then starts the
  // slow way. `?snapshot=off` skips it (tools/bench_start.py compares both).
  var snapshot = null;
  if (params.get("snapshot") !== "off" && typeof DecompressionStream === "function" &&
      typeof Worker === "function") {
    snapshot = new Promise(function (resolve, reject) {
      var worker = new Worker(new URL("static/js/snapshot-worker.js", location.href).href);
      worker.onmessage = function (event) {
        worker.terminate();
        if (event.data.buffer) resolve(new Uint8Array(event.data.buffer));
        else reject(new Error(event.data.error));
      };
      worker.onerror = function () {
        worker.terminate();
        reject(new Error("the snapshot worker could not start"));
      };
      worker.postMessage({
        url: new URL(SNAPSHOT.file, location.href).href,
        integrity: SNAPSHOT.integrity,
      });
    }).catch(function (err) {
      console.warn("Pyodide snapshot unavailable (" + err.message + "); starting Pyodide from scratch");
      return null;
    });
  }

  // The project's Python: the static config in index.html plus the chosen Pyodide, through
  // pyodide-snapshot.mjs when there is a snapshot to start from.
  var config = JSON.parse(document.getElementById("py-config").textContent);
  config.interpreter = snapshot ? new URL("static/js/pyodide-snapshot.mjs", location.href).href
    : base.pyodide + "pyodide.mjs";
  add("script", { type: "py", src: "./py/main.py", config: JSON.stringify(config) });
  var core = add("script", {
    type: "module",
    src: base.pyscript + "core.js",
    integrity: SRI["core.js"],
    crossorigin: "anonymous",
  });

  // Python cannot report that Python failed to arrive: say it from here. A failure stays on
  // screen (the "still loading" note never replaces it), and the buttons stop promising.
  var failed = false;
  function say(text, kind) {
    var box = document.getElementById("notice");
    if (!box || document.body.dataset.ready || (failed && kind !== "failed")) return;
    var lines = [text];
    if (warning && kind !== "warning") lines.push(warning);
    box.textContent = lines.join(" ");
    box.dataset.kind = "error";
    box.hidden = false;
  }
  function fail(text) {
    if (failed || document.body.dataset.ready) return;
    say(text, "failed");
    failed = true;
    document.body.dataset.boot = "failed";
    ["create-btn", "join-btn"].forEach(function (id) {
      var button = document.getElementById(id);
      if (button) button.textContent = "Unavailable";
    });
  }
  var where = assets === "local" ? "this server" : base.pyscript;
  var advice = assets === "local" ? " Check that `npm start` is still running, then reload." :
    " Check the connection and reload; on a LAN without internet, open the address " +
    "`npm start` prints.";
  core.onerror = css.onerror = function () {
    fail("The game engine (PyScript) could not be loaded from " + where + "." + advice);
  };
  if (warning) {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", function () { say(warning, "warning"); });
    } else {
      say(warning, "warning");
    }
  }
  setTimeout(function () {
    say("Still loading the game engine (about 20 MB the first time)… A slow connection can " +
        "take a minute; reload if nothing happens.", "slow");
  }, 20000);

  // `started` is set by pyodide-snapshot.mjs: "snapshot", or "scratch" when it fell back.
  window.omahaBoot = {
    assets: assets, warning: warning, base: base, loadPeer: loadPeer, snapshot: snapshot,
    started: snapshot ? "" : "scratch",
  };
})();
