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

# The pinned pokerkit wheel, checked against its sha256, kept in vendor/wheels/ (gitignored)
# under PyPI's own file name: py/playhand.py imports it from there when the Python running it
# has no pokerkit, and the page will be served this same file. Fetched once.
WHEEL=pokerkit-0.7.7-py3-none-any.whl
WHEEL_SHA256=4e946cc5c48558a9a4583f3a00f13960bd5b719144643104642031552c59ec76
WHEEL_URL=https://files.pythonhosted.org/packages/51/dd/1ae63b3581d10239788360d023e731421d3ce476b87586da2635026455aa/$WHEEL
wheel_ok() {
  [ -f "$1" ] && [ "$(python3 -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' "$1")" = "$WHEEL_SHA256" ]
}
if ! wheel_ok "vendor/wheels/$WHEEL"; then
  echo "setup: fetching the pinned pokerkit wheel into vendor/wheels/ (115 kB)"
  mkdir -p vendor/wheels
  tmp=$(mktemp -d)
  if python3 -m pip --version >/dev/null 2>&1; then
    python3 -m pip download -q --no-deps --only-binary=:all: pokerkit==0.7.7 -d "$tmp" 2>/dev/null || true
  fi
  if [ ! -f "$tmp/$WHEEL" ]; then
    python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' \
      "$WHEEL_URL" "$tmp/$WHEEL"
  fi
  if ! wheel_ok "$tmp/$WHEEL"; then
    echo "setup: $WHEEL does not match its pinned sha256; not using it" >&2
    rm -rf "$tmp"
    exit 1
  fi
  mv "$tmp/$WHEEL" "vendor/wheels/$WHEEL"
  rm -rf "$tmp"
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
