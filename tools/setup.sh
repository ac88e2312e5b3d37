#!/usr/bin/env bash
# Installs everything the app and the tests need on a fresh machine, and nothing twice:
# Debian Chromium (tests only), the pinned npm packages, and a Python virtualenv with the
# pinned test tools. Usage: tools/setup.sh [--with-browser]
set -euo pipefail
cd "$(dirname "$0")/.."

need_browser=0
[ "${1:-}" = "--with-browser" ] && need_browser=1

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# openssl: the browser tests make a throwaway certificate for their local stand-in of the CDNs.
if [ "$need_browser" = 1 ] && { [ ! -x /usr/bin/chromium ] || ! command -v openssl >/dev/null; }; then
  echo "setup: installing Debian chromium and openssl (apt; a few hundred MB the first time)"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium openssl >/dev/null
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

# The pinned pokerkit wheel (py/playhand.py imports it from here when the Python running it has
# no pokerkit; the page will be served this very file). Fetched once, checked against its sha256.
POKERKIT_WHEEL=pokerkit-0.7.7-py3-none-any.whl
POKERKIT_SHA256=4e946cc5c48558a9a4583f3a00f13960bd5b719144643104642031552c59ec76
POKERKIT_URL=https://files.pythonhosted.org/packages/51/dd/1ae63b3581d10239788360d023e731421d3ce476b87586da2635026455aa/$POKERKIT_WHEEL
wheel_ok() {
  [ -f "vendor/wheels/$POKERKIT_WHEEL" ] && python3 -c '
import hashlib, sys
sys.exit(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest() != sys.argv[2])' \
    "vendor/wheels/$POKERKIT_WHEEL" "$POKERKIT_SHA256"
}
if ! wheel_ok; then
  echo "setup: fetching the pinned $POKERKIT_WHEEL into vendor/wheels/"
  mkdir -p vendor/wheels
  rm -f "vendor/wheels/$POKERKIT_WHEEL"
  pip_python=python3
  [ -x .venv/bin/python ] && pip_python=.venv/bin/python
  if ! "$pip_python" -m pip download -q pokerkit==0.7.7 --no-deps -d vendor/wheels 2>/dev/null; then
    python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' \
      "$POKERKIT_URL" "vendor/wheels/$POKERKIT_WHEEL"
  fi
  if ! wheel_ok; then
    rm -f "vendor/wheels/$POKERKIT_WHEEL"
    echo "setup: $POKERKIT_WHEEL does not match its sha256 $POKERKIT_SHA256; removed" >&2
    exit 1
  fi
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
