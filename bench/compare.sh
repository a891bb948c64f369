#!/usr/bin/env bash
# kifu side by side with the peer tools (issue #10), in one run, one table.
#
# usage: bench/compare.sh
# settings (environment):
#   KIFU_COMPARE_DIR     scratch folder for the peers' venv, node_modules, build and results
#                        (default /tmp/kifu-compare)
#   KIFU_COMPARE_CORPUS  where the generated inputs go (default /dev/shm/kifu-compare: tmpfs,
#                        so the disk's speed stays out of the figures)
#   SGF_GAMES=5000 SHOGI_GAMES=2000 ARCHIVE_FILES=10000 ROUNDS=3 STARTUP_RUNS=1000
#   SHORT_ROUNDS=7       the rounds of the rows whose runs last 50-120 ms (positions,
#                        the Python shogi rows, the SGF conversions, run in turn)
#   INDEX_GAMES=100000   the position index's collection (PARTS=index, #37)
#   PARTS                which parts run (default "read convert disk reencode startup
#                        positions index"; also "python": the Python package against
#                        sgfmill and cshogi):
#                        `PARTS=convert bench/compare.sh` runs only the conversion rows
#   KIFU_BIN             a kifu binary to time instead of building one (the examples of
#                        the reading rows are then not built either)
#   KIFU_PYTHON_INSTALL  what PARTS=python installs into the peers' venv (default
#                        python/, built in release mode; or a wheel), `none` to time
#                        the package already there (say a `maturin develop --release`)
#   KIFU_CONVERT_OUT     where the conversions write (default $KIFU_COMPARE_CORPUS/out)
#   KIFU_DISK_DIR        where PARTS=disk writes (default $KIFU_COMPARE_DIR/disk): a disk,
#                        for the file system's floor (#34); the part says so and is left
#                        out when the folder is on tmpfs
#   DISK_ROUNDS=11       alternating runs of kifu and the floor (PARTS=disk), medians
#
# Installs the peers from the package registries (PyPI into a venv, npm into a folder,
# Debian's nkf if missing), generates the deterministic inputs with the generators in
# bench/ (skipped when they are already there with the same sizes), builds kifu in
# release mode, runs every tool once untimed (a warm-up) and then ROUNDS times on the same input and prints the markdown
# table of docs/PERFORMANCE.md with the goals of issue #10. Each figure is the best of
# ROUNDS runs. Timing and the table: bench/peers/harness.py.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
scratch=${KIFU_COMPARE_DIR:-/tmp/kifu-compare}
corpus=${KIFU_COMPARE_CORPUS:-/dev/shm/kifu-compare}
sgf_games=${SGF_GAMES:-5000}
shogi_games=${SHOGI_GAMES:-2000}
archive_files=${ARCHIVE_FILES:-10000}
rounds=${ROUNDS:-3}
# Rows whose runs last about 50 ms (positions, the Python shogi rows), where the
# host's noise moved a best of three by a fifth between runs of this script: the best
# of SHORT_ROUNDS runs (at least ROUNDS), for every tool of those rows alike.
short_rounds=${SHORT_ROUNDS:-7}
short_rounds=$(( rounds > short_rounds ? rounds : short_rounds ))
startup_runs=${STARTUP_RUNS:-1000}
parts=" ${PARTS:-read convert disk reencode startup positions index} "
want() { [[ $parts == *" $1 "* ]]; }
conv=${KIFU_CONVERT_OUT:-$corpus/out}
mkdir -p "$scratch" "$corpus"
note() { echo "== $*" >&2; }

note "peers: PyPI (venv), npm, Debian"
venv=$scratch/venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check \
  sgfmill==1.1.1 python-shogi==1.1.1 cshogi==1.1.0 >&2
npm_dir=$scratch/npm
mkdir -p "$npm_dir"
(cd "$npm_dir" && npm install --silent --no-audit --no-fund --prefix . \
  @sabaki/sgf@3.4.7 json-kifu-format@5.5.0 tsshogi@2.2.0 >&2)
export NODE_PATH=$npm_dir/node_modules
if ! command -v nkf >/dev/null; then
  apt-get install -y -q nkf >&2 || { apt-get update -q >&2 && apt-get install -y -q nkf >&2; } \
    || note "nkf could not be installed: its row is left out"
fi
[ -x /usr/bin/time ] || apt-get install -y -q time >&2  # GNU time: peak memory
command -v iconv >/dev/null || { echo "iconv (libc-bin) is missing" >&2; exit 2; }

note "building kifu (release) and the sgf-parse peer"
if [ -z "${KIFU_BIN:-}" ]; then
  (cd "$root" && cargo build --release -q --bin kifu --example shogi_bench --example sgf_bench --example index_gen)
fi
(cd "$here/sgf-parse-peer" && CARGO_TARGET_DIR="$scratch/target" cargo build --release -q)
kifu=${KIFU_BIN:-$root/target/release/kifu}
shogi_bench=$root/target/release/examples/shogi_bench
sgf_bench=$root/target/release/examples/sgf_bench
index_gen=$root/target/release/examples/index_gen
sgf_parse=$scratch/target/release/sgf-parse-peer

note "inputs in $corpus"
# An input is made again when its size or its generator changed.
stamp() { [ "$(cat "$1/.made" 2>/dev/null)" = "$2" ]; }
made_by() { echo "$1 $(cksum < "$2" | cut -d' ' -f1)"; }
sgf_stamp=$(made_by "$sgf_games" "$here/gen_sgf.py")
shogi_stamp=$(made_by "$shogi_games" "$here/shogi_gen.rs")
archive_stamp=$(made_by "$archive_files" "$here/gen_kif_archive.py")
if ! stamp "$corpus/sgf" "$sgf_stamp"; then
  rm -rf "$corpus/sgf" && mkdir -p "$corpus/sgf"
  python3 "$here/gen_sgf.py" "$sgf_games" > "$corpus/sgf/bench.sgf"
  echo "$sgf_stamp" > "$corpus/sgf/.made"
fi
if ! stamp "$corpus/shogi" "$shogi_stamp"; then
  rm -rf "$corpus/shogi" && mkdir -p "$corpus/shogi/kif" "$corpus/shogi/ki2"
  "$shogi_bench" gen "$corpus/shogi/all" "$shogi_games" >&2
  mv "$corpus/shogi/all"/*.kif "$corpus/shogi/kif/"
  mv "$corpus/shogi/all"/*.ki2 "$corpus/shogi/ki2/"
  rmdir "$corpus/shogi/all"
  # CSA holds no variations: kifu writes the main lines (and says so on stderr).
  "$kifu" convert "$corpus/shogi/kif" -t csa --out-dir "$corpus/shogi/csa" -q 2>/dev/null
  echo "$shogi_stamp" > "$corpus/shogi/.made"
fi
if ! stamp "$corpus/archive" "$archive_stamp"; then
  rm -rf "$corpus/archive" && mkdir -p "$corpus/archive"
  python3 "$here/gen_kif_archive.py" "$archive_files" "$corpus/archive/src"
  echo "$archive_stamp" > "$corpus/archive/.made"
fi
sgf=$corpus/sgf/bench.sgf
sgf_bytes=$(wc -c < "$sgf")
dir_bytes() { cat "$1"/*."$2" | wc -c; }
archive_bytes=$(find "$corpus/archive/src" -name '*.kif' -exec cat {} + | wc -c)

results=$scratch/results.jsonl
: > "$results"
harness=$here/peers/harness.py
py=$venv/bin/python
measure() { python3 "$harness" run "$results" --rounds "$rounds" "$@"; }

if want read; then
# cshogi crashes (segfaults) on some files: they are found once, before any timing,
# listed here, and left out of its timed runs (counted in the table).
skips=$scratch/skip
rm -rf "$skips" && mkdir -p "$skips"
for f in kif ki2 csa; do
  "$venv/bin/python" "$here/peers/peers.py" "cshogi-$f" "$corpus/shogi/$f" "$skips/cshogi-$f" > /dev/null
done

note "SGF: $sgf_games games, $sgf_bytes bytes"
measure --group SGF --tool "kifu validate" --ref --bytes "$sgf_bytes" --items "$sgf_games" \
  --what "CLI: decode, parse, type each node, Go rules on every move of every variation as it is read (Go: no tree built), report" \
  -- "$kifu" validate -q "$sgf"
# The collection jobs (#22), read with the same streaming reader: goals against
# `kifu validate` are 2x for filter and stats, 3x for dedup and list.
measure --group SGF --tool "kifu filter --list" --bytes "$sgf_bytes" --items "$sgf_games" \
  --what "CLI: decode, parse without comments, match player (NFKC) and winner, list the matches" \
  -- "$kifu" filter -q --player lee --winner black --list "$sgf"
measure --group SGF --tool "kifu stats" --bytes "$sgf_bytes" --items "$sgf_games" \
  --what "CLI: decode, parse without comments, count kinds, moves, results, players, dates" \
  -- "$kifu" stats -q --json "$sgf"
measure --group SGF --tool "kifu dedup" --bytes "$sgf_bytes" --items "$sgf_games" \
  --what "CLI: decode, parse without comments, hash every main line under 8 symmetries, group" \
  -- "$kifu" dedup -q --json "$sgf"
measure --group SGF --tool "kifu list --csv" --bytes "$sgf_bytes" --items "$sgf_games" \
  --what "CLI: decode, parse whole games, a CSV row per game with Dyer signature and hash" \
  -- "$kifu" list -q --csv "$sgf"
measure --group SGF --tool "kifu in-process" --bytes "$sgf_bytes" --items "$sgf_games" \
  --what "examples/sgf_bench.rs: kifu::check of the bytes given away (as kifu validate) on the file in memory (all cores), timed alone" \
  -- "$sgf_bench" "$sgf"
measure --group SGF --tool "kifu in-process, 1 thread" --bytes "$sgf_bytes" --items "$sgf_games" \
  --what "the same on one thread (RAYON_NUM_THREADS=1)" \
  -- env RAYON_NUM_THREADS=1 "$sgf_bench" "$sgf"
measure --group SGF --tool sgf-parse --what "Rust crate, parse only (text already in memory)" \
  -- "$sgf_parse" "$sgf"
measure --group SGF --tool sgfmill --what "parse only: parse_sgf_collection, each game made an Sgf_game, every node visited; values left raw" \
  -- "$py" "$here/peers/peers.py" sgfmill "$sgf"
measure --group SGF --tool @sabaki/sgf --what "parse only: sgf.parse(text) into node objects" \
  -- node "$here/peers/peers.js" sabaki-sgf "$sgf"
# The collection jobs done by scripts on sgfmill (bench/peers/peers.py), against
# kifu's commands above (#22: each at least 50×): job;what the script does.
sgfmill_jobs=(
  "filter;the job of kifu filter --list: games whose PB or PW holds lee (NFKC, case folded) and RE B+…, as PATH<TAB>GAME lines"
  "stats;the job of kifu stats: kinds, charsets, main-line moves, results, players with games and wins, date range"
  "dedup;the job of kifu dedup: main line and setup under the 8 symmetries, the least as the key, grouped"
  "list;the job of kifu list --csv: a CSV row per game (players, ranks, event, round, date, result, komi, handicap, moves, variations, comments)"
)
for spec in "${sgfmill_jobs[@]}"; do
  IFS=';' read -r job what <<< "$spec"
  measure --group SGF --tool "sgfmill $job script" --what "$what" \
    -- "$py" "$here/peers/peers.py" "sgfmill-$job" "$sgf"
done

# The shogi peers: format, tool, library (py: peers.py, js: peers.js), what it does.
shogi_peers=(
  "kif;python-shogi;py:python-shogi-kif;parse only, main line; no legality checks"
  "kif;cshogi;py:cshogi-kif;main line only, no variations or diagrams; is_legal per move, but an illegal move is skipped silently"
  "kif;json-kifu-format;js:jkf-kif;PEG parse, then every move of every line replayed on a board to complete it (no legality check)"
  "kif;tsshogi;js:tsshogi-kif;importKIF: every move played on its board, not checked (ignoreValidation)"
  "ki2;cshogi;py:cshogi-ki2;KI2.Parser: stops at the 2nd move of a line holding several, so it fails every file here"
  "ki2;json-kifu-format;js:jkf-ki2;PEG parse, relative moves resolved on a board (no legality check)"
  "ki2;tsshogi;js:tsshogi-ki2;importKI2: relative moves resolved on its board, not checked (ignoreValidation)"
  "csa;cshogi;py:cshogi-csa;C++ CSA parser (cshogi.Parser.parse_str)"
  "csa;json-kifu-format;js:jkf-csa;PEG parse, moves replayed on a board (no legality check)"
  "csa;tsshogi;js:tsshogi-csa;importCSA: moves played on its board, not checked (ignoreValidation)"
)
for fmt in kif ki2 csa; do
  group=${fmt^^}
  d=$corpus/shogi/$fmt
  note "$group: $shogi_games files$([ "$fmt" = csa ] && echo ' (main lines of the KIF set)')"
  measure --group "$group" --tool "kifu validate" --ref --bytes "$(dir_bytes "$d" "$fmt")" --items "$shogi_games" \
    --what "CLI over the folder: decode, parse, every move of every line checked by the rules, report" \
    -- "$kifu" validate -q "$d"
  if [ "$fmt" != csa ]; then
    measure --group "$group" --tool "kifu in-process, 1 thread" \
      --what "examples/shogi_bench.rs run: kifu::check per file, as kifu validate (files in memory)" \
      -- "$shogi_bench" run "$d" "$fmt"
  fi
  for spec in "${shogi_peers[@]}"; do
    IFS=';' read -r f tool lib what <<< "$spec"
    [ "$f" = "$fmt" ] || continue
    case $lib in
      py:*) cmd=("$py" "$here/peers/peers.py" "${lib#py:}" "$d" "$skips/${lib#py:}") ;;
      js:*) cmd=(node "$here/peers/peers.js" "${lib#js:}" "$d") ;;
    esac
    measure --group "$group" --tool "$tool" --what "$what" -- "${cmd[@]}"
  done
done

fi

if want convert; then
# Conversions (#34): each tool reads the same input and writes its output under
# $conv (removed before each run, untimed); the peers convert in process and time
# their parsing, serialising and writing (not their start-up).
mkdir -p "$conv"
clean="rm -rf '$conv' && mkdir -p '$conv'"
note "conversions: SGF $sgf_games games; shogi $shogi_games files a folder; outputs in $conv"
# The SGF collection's rows run in turn, SHORT_ROUNDS rounds, each by its best run
# (harness.py alternate --best). kifu's runs last 50-120 ms, and on a shared host
# they spread widely by themselves: 21 runs of convert -t sgf on one thread took
# 114-164 ms one evening, validate's task clock 81-110 ms, with nothing else running;
# and back to back, a best of seven fell in one slow spell in the first run of the
# script (82 ms, against 69-75 ms in the runs after it). Taken in turn with the
# peers' runs of 8-10 s, each tool's runs are spread over the same two minutes.
python3 "$harness" alternate "$results" --group "SGF convert" --rounds "$short_rounds" --best \
  --prepare "$clean" --bytes "$sgf_bytes" --items "$sgf_games" \
  --tools "kifu convert -t sgf;;kifu convert -t sgf, 1 thread;;kifu convert -t json;;kifu validate;;sgfmill;;@sabaki/sgf" \
  --what "CLI: decode, parse, type each node, write SGF, one collection staged and renamed;;the same on one thread (RAYON_NUM_THREADS=1);;CLI: decode, parse, type each node, write kifu's JSON model, one file staged and renamed;;the check of the same file, for scale;;parse + serialise every game (Sgf_game.serialise), one collection written;;sgf.parse + sgf.stringify of the collection, written" \
  -- "$kifu" convert -q "$sgf" -t sgf -o "$conv/kifu.sgf" \
  ";;" env RAYON_NUM_THREADS=1 "$kifu" convert -q "$sgf" -t sgf -o "$conv/kifu.sgf" \
  ";;" "$kifu" convert -q "$sgf" -t json -o "$conv/kifu.json" \
  ";;" "$kifu" validate -q "$sgf" \
  ";;" "$py" "$here/peers/peers.py" sgfmill-sgf "$sgf" "$conv/sgfmill.sgf" \
  ";;" node "$here/peers/peers.js" sabaki-sgf-sgf "$sgf" "$conv/sabaki.sgf"
# The shogi folders: group, input folder, kifu's target, peers (tool;lib;what).
shogi_conversions=(
  "KIF→CSA;kif;csa;tsshogi;tsshogi-kif-csa;importKIF + exportCSA per file, written (UTF-8)|json-kifu-format;jkf-kif-jkf;JKFPlayer.parseKIF + JSON.stringify(toJKF()) per file, written"
  "CSA→KIF;csa;kif;tsshogi;tsshogi-csa-kif;importCSA + exportKIF per file, written (UTF-8)|json-kifu-format;jkf-csa-jkf;JKFPlayer.parseCSA + JSON.stringify(toJKF()) per file, written"
  "KIF→KI2;kif;ki2;tsshogi;tsshogi-kif-ki2;importKIF + exportKI2 per file, written (UTF-8)"
)
for spec in "${shogi_conversions[@]}"; do
  IFS=';' read -r group from to peers <<< "$spec"
  d=$corpus/shogi/$from
  measure --group "$group" --tool "kifu convert" --ref --prepare "$clean" --bytes "$(dir_bytes "$d" "$from")" --items "$shogi_games" \
    --what "CLI over the folder: decode, parse, check, write ${to^^} (Shift_JIS) per file, staged, one syncfs, renamed" \
    -- "$kifu" convert -q "$d" -t "$to" --out-dir "$conv/kifu"
  measure --group "$group" --tool "kifu validate" --bytes "$(dir_bytes "$d" "$from")" --items "$shogi_games" \
    --what "the check of the same folder, for scale" \
    -- "$kifu" validate -q "$d"
  if [ "$group" = "KIF→CSA" ]; then
    ref_out=$corpus/floor-ref-$to
    rm -rf "$ref_out" && "$kifu" convert -q "$d" -t "$to" --out-dir "$ref_out" 2>/dev/null
    measure --group "$group" --tool "file system floor" --prepare "$clean" \
      --what "bench/floor.py: as many files of the same sizes created, written, renamed in the same place, one syncfs" \
      -- python3 "$here/floor.py" "$ref_out" "$conv/floor"
  fi
  IFS='|' read -r -a peer_list <<< "$peers"
  for peer in "${peer_list[@]}"; do
    IFS=';' read -r tool lib what <<< "$peer"
    measure --group "$group" --tool "$tool" --prepare "$clean" --what "$what" \
      -- node "$here/peers/peers.js" "$lib" "$d" "$conv/$lib"
  done
done
note "split and merge: the SGF collection, one file a game"
split_ref=$corpus/split-ref
rm -rf "$split_ref" && "$kifu" split -q "$sgf" --out-dir "$split_ref"
measure --group split --tool "kifu split" --ref --prepare "$clean" --bytes "$sgf_bytes" --items "$sgf_games" \
  --what "CLI: decode, parse, a file per game (bench-0001.sgf …), staged, one syncfs, renamed" \
  -- "$kifu" split -q "$sgf" --out-dir "$conv/split"
measure --group split --tool "kifu validate" --bytes "$sgf_bytes" --items "$sgf_games" \
  --what "the check of the same file, for scale" \
  -- "$kifu" validate -q "$sgf"
measure --group split --tool "file system floor" --prepare "$clean" \
  --what "bench/floor.py: as many files of the same sizes created, written, renamed in the same place, one syncfs" \
  -- python3 "$here/floor.py" "$split_ref" "$conv/floor"
measure --group split --tool "sgfmill split script" --prepare "$clean" \
  --what "the job of kifu split: every game parsed, serialised, written to a file of its own" \
  -- "$py" "$here/peers/peers.py" sgfmill-split "$sgf" "$conv/sgfmill"
measure --group merge --tool "kifu merge" --ref --prepare "$clean" --bytes "$sgf_bytes" --items "$sgf_games" \
  --what "CLI: the files of kifu split read and written back into one collection, staged, renamed" \
  -- "$kifu" merge -q "$split_ref" -o "$conv/merged.sgf"
measure --group merge --tool "sgfmill merge script" --prepare "$clean" \
  --what "the job of kifu merge: every file parsed, its games serialised into one collection, written" \
  -- "$py" "$here/peers/peers.py" sgfmill-merge "$split_ref" "$conv/merged.sgf"
rm -rf "$conv"
fi

if want disk; then
# The file system's floor on a disk (#34): KIF → CSA over the shogi folder and split of
# the SGF collection written to a disk, each against bench/floor.py creating, writing
# and renaming as many files of the same sizes there and calling syncfs once; the two
# alternated, by their medians (single runs on a disk spread by tens of percent).
# Each run writes a folder of its own and nothing is removed until the part's end:
# ext4 without a journal skips, at each creation, the inodes deleted in the last 60
# seconds (360 while their table block is dirty), scanning past them from the start
# of the block group every time, so 5,000 files written right after 5,000 were removed
# cost about a second of the kernel's time, the same for kifu and the floor, by chance
# amounts (bench/README.md). The folders are spread over the block groups (the
# parent's TOPDIR flag, chattr +T) and the part waits until the last removal of
# its outputs is six minutes old.
disk=${KIFU_DISK_DIR:-$scratch/disk}
mkdir -p "$disk"
fs=$(stat -f -c %T "$disk")
if [ "$fs" = tmpfs ] || [ "$fs" = ramfs ]; then
  note "disk: $disk is on $fs, not a disk: the floor rows on a disk are left out (set KIFU_DISK_DIR)"
else
  disk_rounds=${DISK_ROUNDS:-11}
  d=$corpus/shogi/kif
  # The floor's references (names and sizes) on tmpfs, as in the convert part: nothing
  # is removed on the disk while the part runs.
  ref_out=$corpus/floor-ref-csa
  rm -rf "$ref_out" && "$kifu" convert -q "$d" -t csa --out-dir "$ref_out" 2>/dev/null
  split_ref=$corpus/split-ref
  rm -rf "$split_ref" && "$kifu" split -q "$sgf" --out-dir "$split_ref"
  removed=$disk/.removed
  if [ -e "$disk/out" ]; then
    rm -rf "$disk/out" && sync && date +%s > "$removed"
  fi
  if [ -f "$removed" ]; then
    wait=$(( $(cat "$removed") + 360 - $(date +%s) ))
    if [ "$wait" -gt 0 ]; then
      note "disk: waiting ${wait} s, until the outputs removed last are six minutes old"
      sleep "$wait"
    fi
  fi
  mkdir -p "$disk/out/kept"
  chattr +T "$disk/out" 2>/dev/null || note "disk: chattr +T failed on $fs: folders not spread over the block groups"
  # Every run, kifu's and the floor's, writes the one folder out/run: ext4 starts its
  # search for a top folder's block group at a hash of the folder's name, so folders
  # named after each tool landed in groups of their own, whose states differ (runs
  # of one tool at 0.5-1 s while the other's took 0.1 s, turn by turn).
  aside="cd '$disk/out' && { [ ! -e run ] || mv run kept/run.\$(date +%s%N); } && sync"
  note "disk: $disk ($fs, $(df -P "$disk" | awk 'NR==2 {print $1}')), $disk_rounds alternating runs"
  python3 "$harness" alternate "$results" --group "KIF→CSA, disk" --rounds "$disk_rounds" \
    --prepare "$aside" \
    --bytes "$(dir_bytes "$d" kif)" --items "$shogi_games" \
    --tools "kifu convert;;file system floor" \
    --what "CLI over the folder to CSA files on the disk, staged, one syncfs, renamed;;bench/floor.py: as many files of the same sizes created, written, renamed on the disk, one syncfs" \
    -- "$kifu" convert -q "$d" -t csa --out-dir "$disk/out/run" \
    ";;" python3 "$here/floor.py" "$ref_out" "$disk/out/run"
  python3 "$harness" alternate "$results" --group "split, disk" --rounds "$disk_rounds" \
    --prepare "$aside" \
    --bytes "$sgf_bytes" --items "$sgf_games" \
    --tools "kifu split;;file system floor" \
    --what "CLI: a file per game on the disk, staged, one syncfs, renamed;;bench/floor.py: as many files of the same sizes created, written, renamed on the disk, one syncfs" \
    -- "$kifu" split -q "$sgf" --out-dir "$disk/out/run" \
    ";;" python3 "$here/floor.py" "$split_ref" "$disk/out/run"
  rm -rf "$disk/out" && sync && date +%s > "$removed"
fi
fi

if want reencode; then
note "reencode: $archive_files Shift_JIS files, $archive_bytes bytes, in place on fresh copies"
src=$corpus/archive/src
work=$corpus/archive/work
fresh="rm -rf '$work' && cp -r '$src' '$work'"
measure --group reencode --tool "kifu reencode" --ref --prepare "$fresh" --bytes "$archive_bytes" --items "$archive_files" \
  --what "CLI: detect, decode, fix the #KIF line, encode, verify, temporary file + rename, durable (syncfs)" \
  -- "$kifu" reencode "$work" --to UTF-8 --in-place -q
measure --group reencode --tool "kifu reencode --jobs 1" --prepare "$fresh" --bytes "$archive_bytes" --items "$archive_files" \
  --what "the same in one thread" \
  -- "$kifu" reencode "$work" --to UTF-8 --in-place -q --jobs 1
measure --group reencode --tool "iconv loop" --prepare "$fresh" --bytes "$archive_bytes" --items "$archive_files" \
  --what "find | while read: iconv -f CP932 -t UTF-8 f > f.tmp && mv f.tmp f (no verification, no fsync)" \
  -- bash -c 'find "$0" -name "*.kif" -print0 | while IFS= read -r -d "" f; do iconv -f CP932 -t UTF-8 "$f" > "$f.tmp" && mv "$f.tmp" "$f"; done' "$work"
if command -v nkf >/dev/null; then
  measure --group reencode --tool "nkf via xargs" --prepare "$fresh" --bytes "$archive_bytes" --items "$archive_files" \
    --what "find | xargs nkf --overwrite -w (no verification, no fsync)" \
    -- bash -c 'find "$0" -name "*.kif" -print0 | xargs -0 nkf --overwrite -w' "$work"
fi
rm -rf "$work"
fi

if want positions; then
# Training positions (#36 point 5): kifu positions -t hcpe against a csa_to_hcpe.py-
# style cshogi script (bench/peers/csa_to_hcpe.py) on the CSA folder of the shogi
# set, each writing one HCPE file (the two files are identical: bench/cshogi_check.py
# holds them to it on real and random games).
d=$corpus/shogi/csa
mkdir -p "$conv"
clean="rm -rf '$conv' && mkdir -p '$conv'"
hcpe_skips=$scratch/skip-cshogi-hcpe
rm -f "$hcpe_skips"
note "positions: $shogi_games CSA files to HCPE"
# kifu's runs here last about 50 ms: every row of this part (the peer's too) is the
# best of SHORT_ROUNDS runs (see the settings above).
measure --rounds "$short_rounds" --group positions --tool "kifu positions -t hcpe" --ref --prepare "$clean" --bytes "$(dir_bytes "$d" csa)" --items "$shogi_games" \
  --what "CLI over the folder: decode, parse, every move replayed by the rules, each position's HCPE written to one file, staged, renamed" \
  -- "$kifu" positions -q "$d" -t hcpe -o "$conv/kifu.hcpe"
measure --rounds "$short_rounds" --group positions --tool "kifu positions, 1 thread" --prepare "$clean" --bytes "$(dir_bytes "$d" csa)" --items "$shogi_games" \
  --what "the same on one thread (RAYON_NUM_THREADS=1)" \
  -- env RAYON_NUM_THREADS=1 "$kifu" positions -q "$d" -t hcpe -o "$conv/kifu.hcpe"
measure --rounds "$short_rounds" --group positions --tool "kifu validate" --bytes "$(dir_bytes "$d" csa)" --items "$shogi_games" \
  --what "the check of the same folder, for scale" \
  -- "$kifu" validate -q "$d"
measure --rounds "$short_rounds" --group positions --tool "cshogi csa_to_hcpe script" --prepare "$clean" \
  --what "cshogi's CSA parser, Board.is_legal, to_hcp, move16 per move, one HCPE file written (bench/peers/csa_to_hcpe.py; files read before the clock)" \
  -- "$py" "$here/peers/csa_to_hcpe.py" "$d" "$conv/cshogi.hcpe" "$hcpe_skips"
rm -rf "$conv"
fi

if want python; then
# The Python package (#36 point 5): kifu.read in one Python process against sgfmill
# and cshogi in theirs, each timing its own reading (the files' bytes read first).
py_install=${KIFU_PYTHON_INSTALL:-$root/python}
if [ "$py_install" = none ]; then
  note "python: the package installed in the peers' venv ($("$venv/bin/python" -c 'import kifu; print(kifu.__file__)'))"
else
  note "python: pip install $py_install into the peers' venv (a release build from python/)"
  "$venv/bin/pip" install -q --disable-pip-version-check "$py_install" >&2
fi
skips=$scratch/skip
mkdir -p "$skips"
# The shogi rows time 50-100 ms of reading: the best of SHORT_ROUNDS runs, as in the
# positions part.
note "Python SGF: $sgf_games games, $sgf_bytes bytes"
measure --group "Python SGF" --tool "kifu.read" --ref --bytes "$sgf_bytes" --items "$sgf_games" \
  --what "kifu.read(bytes): every game a kifu.Game, typed nodes and the whole tree (a long text read in pieces on all cores)" \
  -- "$py" "$here/peers/peers.py" kifu-python-sgf "$sgf"
measure --group "Python SGF" --tool sgfmill --what "parse only: parse_sgf_collection, each game made an Sgf_game, every node visited; values left raw" \
  -- "$py" "$here/peers/peers.py" sgfmill "$sgf"
for fmt in kif csa; do
  group="Python ${fmt^^}"
  d=$corpus/shogi/$fmt
  note "$group: $shogi_games files"
  measure --rounds "$short_rounds" --group "$group" --tool "kifu.read" --ref --bytes "$(dir_bytes "$d" "$fmt")" --items "$shogi_games" \
    --what "kifu.read(bytes, check=True) per file: decode, parse, every move checked by the rules, one thread" \
    -- "$py" "$here/peers/peers.py" "kifu-python-$fmt" "$d"
  measure --rounds "$short_rounds" --group "$group" --tool "kifu.read_dir" --bytes "$(dir_bytes "$d" "$fmt")" --items "$shogi_games" \
    --what "kifu.read_dir(folder, check=True): the same with the files' reading, on all cores" \
    -- "$py" "$here/peers/peers.py" "kifu-python-dir-$fmt" "$d"
  [ -f "$skips/cshogi-$fmt" ] || "$py" "$here/peers/peers.py" "cshogi-$fmt" "$d" "$skips/cshogi-$fmt" > /dev/null
  measure --rounds "$short_rounds" --group "$group" --tool cshogi \
    --what "$([ "$fmt" = kif ] && echo "KIF.Parser.parse_str on the decoded text: main line only, illegal moves skipped silently" || echo "C++ CSA parser (Parser.parse_str), no legality checks")" \
    -- "$py" "$here/peers/peers.py" "cshogi-$fmt" "$d" "$skips/cshogi-$fmt"
done
fi

if want index; then
# The position index (#37): building it within 3x of kifu validate of the same
# collection (wall and CPU; at indexspeed 66cbb2a: 3.0-3.4x CPU, not yet met; at
# indexspeed2 see docs/SEARCH.md "Build speed"), at most 32 bytes a position, a query
# under 50 ms warm.
index_games=${INDEX_GAMES:-100000}
index_stamp=$(made_by "$index_games" "$root/examples/index_gen.rs")
if ! stamp "$corpus/index" "$index_stamp"; then
  rm -rf "$corpus/index" && mkdir -p "$corpus/index"
  "$index_gen" "$index_games" > "$corpus/index/bench.sgf"
  echo "$index_stamp" > "$corpus/index/.made"
fi
isgf=$corpus/index/bench.sgf
ibytes=$(wc -c < "$isgf")
idb=$corpus/index/bench.db
# The query record: the collection's first game.
iq=$corpus/index/first.sgf
awk '1; /\)$/ {exit}' "$isgf" > "$iq"
note "index: $index_games games, $ibytes bytes"
measure --group index --tool "kifu validate" --ref --bytes "$ibytes" --items "$index_games" \
  --what "CLI: the check of the collection, for scale (one streaming read, Go rules on every move)" \
  -- "$kifu" validate -q "$isgf"
measure --group index --tool "kifu index" --prepare "rm -f '$idb' '$idb-journal'" --bytes "$ibytes" --items "$index_games" \
  --what "CLI: read on all cores, every main-line position hashed under the 8 symmetries, one writer thread beside the reading, one SQLite transaction, every 1 Mi records put in bucket order, sorted on all cores and stored as a sorted part of each of the 4,096 buckets, each Go main line kept for pattern search" \
  -- "$kifu" index -q "$isgf" -o "$idb"
rm -f "$idb"
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f %M -o "$scratch/index-peak.txt" "$kifu" index -q "$isgf" -o "$idb" > "$scratch/index-summary.txt"
  note "index: peak memory (maximum resident set) $(tail -1 "$scratch/index-peak.txt") KB"
else
  "$kifu" index -q "$isgf" -o "$idb" > "$scratch/index-summary.txt"
fi
positions=$(sed -n 's/.* \([0-9]*\) position(s)$/\1/p' "$scratch/index-summary.txt")
note "index: $(stat -c %s "$idb") bytes for $positions positions: $(( $(stat -c %s "$idb") * 100 / positions )) hundredths of a byte a position"
measure --group index --tool "kifu index, again (unchanged)" \
  --what "CLI: the same run again: the file's size and time unchanged, nothing read" \
  -- "$kifu" index -q "$isgf" -o "$idb"
measure --group index --tool "kifu search, move 30" --items 1 \
  --what "CLI: the first game's position after 30 moves (its file read for the query), games and the table of moves next" \
  -- "$kifu" search "$idb" --position "$iq:30"
measure --group index --tool "kifu search, move 4" --items 1 \
  --what "CLI: a position of a popular opening (thousands of games), games listed up to 20, the whole table" \
  -- "$kifu" search "$idb" --position "$iq:4" --limit 20
measure --group index --tool "kifu search --pattern, a corner" --items 1 \
  --what "CLI: Go pattern search, the first game's corner A1:F6 after 20 moves under 8 symmetries: every game's stored main line replayed, only the windows a move changes checked" \
  -- "$kifu" search "$idb" --pattern "$iq:20" --region A1:F6
measure --group index --tool "kifu search --pattern, 3x3" --items 1 \
  --what "CLI: Go pattern search, a 3x3 shape (C3:E5 after 20 moves) anywhere on the board: thousands of hits" \
  -- "$kifu" search "$idb" --pattern "$iq:20" --region C3:E5 --limit 20
measure --group index --tool "kifu dedup (a rescan)" --bytes "$ibytes" --items "$index_games" \
  --what "CLI: what answering without an index costs at least: the collection read again, every main line hashed" \
  -- "$kifu" dedup -q --json "$isgf"
fi

if want startup; then
note "start-up: $startup_runs runs each, best of $rounds rounds"
python3 "$harness" startup "$results" --runs "$startup_runs" --rounds "$rounds" \
  -- "$kifu" --version ";;" /bin/true
fi

note "done"
echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') at kifu commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD || echo ' (with local changes)'), best of $rounds runs each; $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load average $(cut -d' ' -f1-3 /proc/loadavg) at the end."
echo
python3 "$harness" table "$results"
