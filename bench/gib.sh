#!/bin/sh
# kifu validate on 10,000 small GIB files (EUC-KR) against the same games as SGF files.
# Usage: bench/gib.sh [COUNT] [OUTDIR]  (defaults 10000, /tmp/kifu-gib-bench)
set -eu
COUNT=${1:-10000}
OUT=${2:-/tmp/kifu-gib-bench}
cd "$(dirname "$0")/.."
cargo build --release --quiet
rm -rf "$OUT"
python3 bench/gen_gib.py "$COUNT" "$OUT"
K=target/release/kifu
# Warm-up (page cache, first run after a build), then three timed runs of each.
$K validate --quiet "$OUT/gib" >/dev/null 2>&1 || true
$K validate --quiet "$OUT/sgf" >/dev/null 2>&1 || true
for kind in gib sgf; do
  for i in 1 2 3; do
    /usr/bin/time -f "$kind run $i: %e s, %M KB" $K validate --quiet "$OUT/$kind" >/dev/null
  done
done
