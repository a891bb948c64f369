#!/bin/sh
# SGF throughput: kifu validate (parse + Go rules) and the sgf-parse crate on the same
# deterministic ~20 MB collection. Usage: bench/sgf.sh [GAMES]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out=${TMPDIR:-/tmp}/kifu-bench
mkdir -p "$out"
python3 "$here/gen_sgf.py" "${1:-5000}" > "$out/bench.sgf"
size=$(wc -c < "$out/bench.sgf")
echo "input: $out/bench.sgf, $size bytes"
(cd "$root" && cargo build --release -q)
(cd "$here/sgf-parse-peer" && CARGO_TARGET_DIR="$out/target" cargo build --release -q)
for run in 1 2 3; do
  /usr/bin/time -f "kifu validate: %e s, peak %M KiB" "$root/target/release/kifu" validate -q "$out/bench.sgf" > /dev/null 2> "$out/time.txt" || true
  tail -1 "$out/time.txt"
  "$out/target/release/sgf-parse-peer" "$out/bench.sgf"
done
