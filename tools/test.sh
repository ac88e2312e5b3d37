#!/usr/bin/env bash
# Runs every test: lint, the type check, the pytest suite of rules and room (CPython), then the end-to-end
# suite in real Chromium with real Pyodide and PeerJS. Installs what it needs first.
# Extra arguments go to pytest (e.g. `npm test -- -k lobby`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --with-browser

export PYTHONDONTWRITEBYTECODE=1
.venv/bin/ruff check conftest.py py tests e2e tools
.venv/bin/python -m mypy  # strict on rules, room, games, testing ([tool.mypy] in pyproject.toml)

# The e2e suite is best run in a loopback-only network namespace: only 127.0.0.1 exists
# there, so nothing can leak out and WebRTC cannot wander onto other interfaces.
run_pytest() { .venv/bin/python -m pytest "$@"; }
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && command -v ip >/dev/null \
   && unshare --net true 2>/dev/null; then
  echo "test: running in a loopback-only network namespace"
  exec unshare --net bash -c 'ip link set lo up && exec .venv/bin/python -m pytest "$@"' _ "$@"
else
  echo "test: no network namespace available; running on this machine's network"
  run_pytest "$@"
fi
