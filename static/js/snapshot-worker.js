// Fetches the Pyodide memory snapshot, checks it against its pinned hash and unpacks it (6 MB of
// gzip into 31 MB), all off the main thread: unpacked there it blocked the page for ~0.2 s.
// boot.js posts {url, integrity} and gets back {buffer} (transferred, not copied) or {error}.
"use strict";
self.onmessage = function (event) {
  var job = event.data;
  fetch(job.url, { integrity: job.integrity })
    .then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    })
    .then(function (buffer) { self.postMessage({ buffer: buffer }, [buffer]); })
    .catch(function (err) { self.postMessage({ error: String(err) }); });
};
