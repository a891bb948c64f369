#!/usr/bin/env bash
# Shogi throughput: kifu (read + validate, every move checked) beside python-shogi
# (KIF parse, no legality checks) and json-kifu-format (KIF and KI2 parse), on the
# same deterministic generated corpus of Shift_JIS KIF and KI2 files.
# Usage: bench/shogi.sh [DIR] [N]   (installs the peers under /tmp with pip and npm)
# bench/compare.sh runs these and more peers, with every other benchmark, in one table.
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-/tmp/bench-shogi}
N=${2:-2000}
cargo build --release --example shogi_bench
if [ ! -f "$DIR/g00000.kif" ]; then
  ./target/release/examples/shogi_bench gen "$DIR" "$N"
fi
VENV=/tmp/kifu-bench-venv
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -c "import shogi" 2>/dev/null || "$VENV/bin/pip" install -q python-shogi
NPM=/tmp/kifu-bench-npm
[ -d "$NPM/node_modules/json-kifu-format" ] || { mkdir -p "$NPM"; npm install --silent --prefix "$NPM" json-kifu-format; }
./target/release/examples/shogi_bench run "$DIR"
"$VENV/bin/python" bench/peers/peers.py python-shogi-kif "$DIR"
for lib in jkf-kif jkf-ki2; do
  NODE_PATH="$NPM/node_modules" node bench/peers/peers.js "$lib" "$DIR"
done
