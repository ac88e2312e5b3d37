#!/usr/bin/env bash
# Installs everything the app and the tests need on a fresh machine, and nothing twice:
# Debian Chromium (tests only), the pinned npm packages, and a Python virtualenv with the
# pinned test tools. Usage: tools/setup.sh [--with-browser]
set -euo pipefail
cd "$(dirname "$0")/.."

need_browser=0
[ "${1:-}" = "--with-browser" ] && need_browser=1

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if [ "$need_browser" = 1 ] && [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing Debian chromium (apt; a few hundred MB the first time)"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium >/dev/null
fi

# npm packages: PyScript, Pyodide and PeerJS (served to tests in place of the CDNs) and the
# PeerServer used for local play. Reinstall only when the lock file changed.
if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.ci-lock; then
  echo "setup: installing the pinned npm packages (PyScript, Pyodide, PeerJS, PeerServer: ≈ 35 MB);"
  echo "       the first time this takes a minute or two, depending on the connection"
  started=$SECONDS
  npm ci --no-audit --no-fund --loglevel=error --progress=true
  cp package-lock.json node_modules/.ci-lock
  echo "setup: npm packages ready ($((SECONDS - started)) s)"
fi

if [ "$need_browser" = 1 ]; then
  if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv"
    python3 -m venv .venv
  fi
  if ! cmp -s tests/requirements.txt .venv/.requirements; then
    echo "setup: pip install -r tests/requirements.txt (test tools: pytest, Playwright, ruff, …)"
    started=$SECONDS
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -r tests/requirements.txt
    cp tests/requirements.txt .venv/.requirements
    echo "setup: test tools ready ($((SECONDS - started)) s)"
  fi
fi
