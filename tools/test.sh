#!/usr/bin/env bash
# Runs every test: lint, the type check, the pytest suite of rules, room, games and the docstring
# examples (CPython), and the end-to-end suite in real Chromium with real Pyodide and PeerJS.
# Installs what it needs first, and prints how long each part took.
#
# The two pytest parts run side by side: the CPython units keep one core busy, while the browser
# tests (in two workers, E2E_WORKERS) mostly wait on Pyodide and PeerJS. The units' output comes as it runs; the browser tests'
# goes to e2e/artifacts/e2e.log and is shown when they end.
#
# Extra arguments go to pytest, to both parts (e.g. `npm test -- -k lobby`); when they name a
# test file or folder, one pytest runs just that (e.g. `npm test -- tests/test_rules_cards.py`).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
bash tools/setup.sh --with-browser
echo "test: setup took $((SECONDS - started)) s"

export PYTHONDONTWRITEBYTECODE=1
# The browser tests are best run in a loopback-only network namespace: only 127.0.0.1 exists
# there, so nothing can leak out and WebRTC cannot wander onto other interfaces.
netns=()
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && command -v ip >/dev/null \
   && unshare --net true 2>/dev/null; then
  echo "test: the browser tests run in a loopback-only network namespace"
  netns=(unshare --net bash -c 'ip link set lo up && exec "$@"' _)
else
  echo "test: no network namespace available; the browser tests use this machine's network"
fi

named_path=0
for arg in "$@"; do
  [ -e "${arg%%::*}" ] && named_path=1
done

status=0
if [ "$named_path" = 1 ]; then
  .venv/bin/ruff check conftest.py py tests e2e tools || status=1
  "${netns[@]}" .venv/bin/python -m pytest "$@" || status=$?
  echo "test: total $((SECONDS - started)) s"
  exit "$status"
fi

mkdir -p e2e/artifacts
e2e_log=e2e/artifacts/e2e.log
e2e_started=$SECONDS
# Two workers, each a whole module at a time (its shared pages stay in one browser): much of a
# browser test is waiting (on PeerJS, on the room's timers, on other pages), so two overlap.
# The modules go out longest first (e2e/conftest.py orders them by their recorded times; xdist
# keeps that order with --no-loadscope-reorder), so no long module starts last.
# Then, in one worker, the few marked `alone`: their timing needs the browser to themselves.
# The two workers' Chromium runs Pyodide's WebAssembly with V8's baseline compiler only
# (E2E_JS_FLAGS, e2e/harness.py): every new page is a fresh context that would otherwise spend
# about 3 s of CPU compiling the interpreter's hot code again; measured on this suite, 910 s
# -> 850 s (the cores, not the waits, are the limit: the machine was 8% idle).
browser_tests() {
  local first=0 second=0 began=$SECONDS
  MODULE_TIMES=e2e/artifacts/module-times.txt E2E_JS_FLAGS="${E2E_JS_FLAGS---liftoff-only}" \
    "${netns[@]}" .venv/bin/python -m pytest e2e -n "${E2E_WORKERS:-2}" --dist loadfile \
    --no-loadscope-reorder -m "not alone" "$@" || first=$?
  echo "test: the browser tests in two workers took $((SECONDS - began)) s"
  began=$SECONDS
  "${netns[@]}" .venv/bin/python -m pytest e2e -m alone "$@" || second=$?
  echo "test: the browser tests marked alone took $((SECONDS - began)) s"
  if [ "$first" = 5 ] && [ "$second" = 5 ]; then return 5; fi
  for rc in "$first" "$second"; do
    if [ "$rc" != 0 ] && [ "$rc" != 5 ]; then return "$rc"; fi
  done
  return 0
}
browser_tests "$@" >"$e2e_log" 2>&1 &
e2e_pid=$!
echo "test: browser tests started beside the rest (output: $e2e_log)"

# What runs beside the browser tests runs at a lower priority (nice): it takes the cores the
# browser tests leave idle, so their timing is as it would be with them alone on the machine.
lint_started=$SECONDS
nice -n 10 .venv/bin/ruff check conftest.py py tests e2e tools || status=1
nice -n 10 .venv/bin/python -m mypy || status=1  # strict on every package (web via typings/ stubs)
echo "test: ruff and mypy took $((SECONDS - lint_started)) s"

units_started=$SECONDS
units=0
# In two workers: on CI the units, not the browser tests, were the last part to end.
nice -n 10 .venv/bin/python -m pytest tests py -n 2 --dist loadfile "$@" || units=$?
echo "test: CPython units and docstring examples took $((SECONDS - units_started)) s"

e2e=0
wait "$e2e_pid" || e2e=$?
echo "==================== browser tests (e2e/, log: $e2e_log) ===================="
cat "$e2e_log"
echo "test: browser tests ended $((SECONDS - e2e_started)) s after they started"

# pytest's 5 means "no test collected": fine for one part (-k chose tests of the other only).
if [ "$units" = 5 ] && [ "$e2e" = 5 ]; then [ "$status" = 0 ] && status=5
elif [ "$units" != 0 ] && [ "$units" != 5 ]; then status=$units
elif [ "$e2e" != 0 ] && [ "$e2e" != 5 ]; then status=$e2e
fi
echo "test: total $((SECONDS - started)) s (exit $status)"
exit "$status"
