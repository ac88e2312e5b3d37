// Timers for the host's page that a background tab does not throttle (web/wakeclock.py).
// Chromium runs a hidden tab's own timers at most once a second (once a minute after five
// minutes hidden); a dedicated worker's timers run on time. The page posts {id, ms}, the
// worker answers {id} after ms; {cancel: id} forgets one.
"use strict";
var timers = {};
self.onmessage = function (event) {
  var job = event.data || {};
  if (job.cancel !== undefined) {
    clearTimeout(timers[job.cancel]);
    delete timers[job.cancel];
    return;
  }
  timers[job.id] = setTimeout(function () {
    delete timers[job.id];
    self.postMessage({ id: job.id });
  }, Math.max(0, job.ms | 0));
};
