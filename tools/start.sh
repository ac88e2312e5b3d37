#!/usr/bin/env bash
# Runs the game for a LAN party (no internet needed): installs the npm packages if needed, then
# serves this folder plus the vendor files and a PeerJS signalling server, and prints the address
# to open on every device. Usage: tools/start.sh [--port 8000] [--peer-port 9000] [--host 0.0.0.0]
# (or PORT=... PEER_PORT=... HOST=... in the environment).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
exec node tools/serve.mjs "$@"
