#!/usr/bin/env bash
# Benchmark: re-encode a Shift_JIS KIF archive to UTF-8 in place, side by side with a
# shell loop of iconv and with nkf --overwrite, on identical copies, in one run.
# Each tool runs ROUNDS times on a fresh copy (synced, then a pause so the copy's
# write-back does not land in the timing); the best time counts.
# usage: bench/reencode.sh [COUNT] [ROUNDS]   (default 10000 files of ~6 KB, 3 rounds)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
rounds=${2:-3}
for tool in iconv nkf bc; do
  command -v "$tool" >/dev/null || { echo "needs $tool (Debian: apt-get install $tool)"; exit 2; }
done
cargo build --release --quiet
# BENCH_DIR chooses the file system (e.g. /dev/shm to take a throttled disk out of
# the comparison); the default is the system temporary directory.
work=$(mktemp -d "${BENCH_DIR:-${TMPDIR:-/tmp}}/kifu-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 bench/gen_kif_archive.py "$count" "$work/src"
bytes=$(du -sb "$work/src" | cut -f1)

fresh() { rm -rf "$work/t"; cp -r "$work/src" "$work/t"; sync; sleep 3; }
seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N); echo "$e - $s" | bc -l; }
best() {
  local best="" t
  for _ in $(seq "$rounds"); do
    fresh
    t=$(seconds "$@")
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}

kifu=target/release/kifu
t_kifu=$(best "$kifu" reencode "$work/t" --to UTF-8 --in-place -q)
t_kifu1=$(best "$kifu" reencode "$work/t" --to UTF-8 --in-place -q --jobs 1)
t_iconv=$(best bash -c 'find "$0" -name "*.kif" -print0 | while IFS= read -r -d "" f; do iconv -f CP932 -t UTF-8 "$f" > "$f.tmp" && mv "$f.tmp" "$f"; done' "$work/t")
t_nkf=$(best bash -c 'find "$0" -name "*.kif" -print0 | xargs -0 nkf --overwrite -w' "$work/t")

printf '%d files, %.1f MB, Shift_JIS -> UTF-8 in place, best of %d\n' "$count" "$(echo "$bytes/1000000" | bc -l)" "$rounds"
printf '%-38s %9s %10s %9s\n' tool seconds files/s "vs kifu"
row() { printf '%-38s %9.3f %10.0f %8.1fx\n' "$1" "$2" "$(echo "$count/$2" | bc -l)" "$(echo "$2/$t_kifu" | bc -l)"; }
row "kifu reencode (verify, durable)" "$t_kifu"
row "kifu reencode --jobs 1" "$t_kifu1"
row "iconv shell loop (no fsync)" "$t_iconv"
row "nkf --overwrite via xargs (no fsync)" "$t_nkf"
