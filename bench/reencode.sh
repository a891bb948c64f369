#!/usr/bin/env bash
# Benchmark: re-encode a Shift_JIS KIF archive to UTF-8 in place, side by side with a
# shell loop of iconv and with nkf --overwrite, on identical copies, in one run.
# usage: bench/reencode.sh [COUNT]   (default 10000 files of ~6 KB)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
for tool in iconv nkf; do
  command -v "$tool" >/dev/null || { echo "needs $tool (Debian: apt-get install $tool)"; exit 2; }
done
cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/gen_kif_archive.py "$count" "$work/src"
for t in kifu kifu1 iconv nkf; do cp -r "$work/src" "$work/$t"; done
bytes=$(du -sb "$work/src" | cut -f1)
sync

seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N); echo "$e - $s" | bc -l; }

t_kifu=$(seconds target/release/kifu reencode "$work/kifu" --to UTF-8 --in-place -q)
t_kifu1=$(seconds target/release/kifu reencode "$work/kifu1" --to UTF-8 --in-place -q --jobs 1)
t_iconv=$(seconds bash -c 'find "$0" -name "*.kif" -print0 | while IFS= read -r -d "" f; do iconv -f CP932 -t UTF-8 "$f" > "$f.tmp" && mv "$f.tmp" "$f"; done' "$work/iconv")
t_nkf=$(seconds bash -c 'find "$0" -name "*.kif" -print0 | xargs -0 nkf --overwrite -w' "$work/nkf")

# Same result? (kifu adds the #KIF encoding line, so compare after dropping it.)
diff -rq <(cd "$work/iconv" && find . -type f | sort | xargs cat) \
         <(cd "$work/kifu" && find . -type f | sort | xargs -I{} tail -n +2 {}) >/dev/null \
  && same="identical text" || same="DIFFERENT text"

printf '%d files, %.1f MB, Shift_JIS -> UTF-8 in place (%s apart from the #KIF line)\n' "$count" "$(echo "$bytes/1000000" | bc -l)" "$same"
printf '%-34s %9s %12s %9s\n' tool seconds files/s "vs kifu"
row() { printf '%-34s %9.3f %12.0f %8.1fx\n' "$1" "$2" "$(echo "$count/$2" | bc -l)" "$(echo "$2/$t_kifu" | bc -l)"; }
row "kifu reencode (verify, fsync)" "$t_kifu"
row "kifu reencode --jobs 1" "$t_kifu1"
row "iconv shell loop" "$t_iconv"
row "nkf --overwrite (xargs)" "$t_nkf"
