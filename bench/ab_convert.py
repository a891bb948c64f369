"""Two or more kifu builds side by side on the conversions of bench/compare.sh, in
turn (the order alternates each round), output removed before each run; prints each
build's median and best wall time.

usage: python3 bench/ab_convert.py KIFU... [--runs N]
  AB_ONLY=split,merge  only the rows named; RAYON_NUM_THREADS=1 for one thread
  (split and merge of the 5,000-game collection, and validate for scale, too)
  inputs: $KIFU_COMPARE_CORPUS (default /dev/shm/kifu-compare: sgf/bench.sgf,
  shogi/kif, shogi/csa, as compare.sh makes them); outputs: $KIFU_CONVERT_OUT
  (default $KIFU_COMPARE_CORPUS/ab), removed at the end.
"""
import os
import shutil
import statistics
import subprocess
import sys
import time

C = os.environ.get("KIFU_COMPARE_CORPUS", "/dev/shm/kifu-compare")
O = os.environ.get("KIFU_CONVERT_OUT", os.path.join(C, "ab"))
cmds = {
 "SGF->SGF": lambda k: [k,"convert","-q",f"{C}/sgf/bench.sgf","-t","sgf","-o",f"{O}/o.sgf"],
 "SGF->JSON": lambda k: [k,"convert","-q",f"{C}/sgf/bench.sgf","-t","json","-o",f"{O}/o.json"],
 "KIF->CSA": lambda k: [k,"convert","-q",f"{C}/shogi/kif","-t","csa","--out-dir",f"{O}/csa"],
 "CSA->KIF": lambda k: [k,"convert","-q",f"{C}/shogi/csa","-t","kif","--out-dir",f"{O}/kif"],
 "KIF->KI2": lambda k: [k,"convert","-q",f"{C}/shogi/kif","-t","ki2","--out-dir",f"{O}/ki2"],
 "split": lambda k: [k,"split","-q",f"{C}/sgf/bench.sgf","--out-dir",f"{O}/split"],
 # The files of split (made once, untimed, by the first build) back into one.
 "merge": lambda k: [k,"merge","-q",f"{O}/../ab-split","-o",f"{O}/merged.sgf"],
 "validate SGF": lambda k: [k,"validate","-q",f"{C}/sgf/bench.sgf"],
 "validate KIF": lambda k: [k,"validate","-q",f"{C}/shogi/kif"],
}
args = sys.argv[1:]
n = 7
if "--runs" in args:
    i = args.index("--runs")
    n = int(args[i + 1])
    del args[i : i + 2]
bins = args
only = os.environ.get("AB_ONLY")
if only:
    cmds = {k: v for k, v in cmds.items() if k in only.split(",")}
if "merge" in cmds:
    src = os.path.join(O, "..", "ab-split")
    shutil.rmtree(src, ignore_errors=True)
    subprocess.run([bins[0], "split", "-q", f"{C}/sgf/bench.sgf", "--out-dir", src], check=True)
for name, mk in cmds.items():
    t = {b: [] for b in bins}
    for i in range(n):
        for b in (bins if i % 2 == 0 else bins[::-1]):
            shutil.rmtree(O, ignore_errors=True); os.makedirs(O)
            s = time.perf_counter()
            subprocess.run(mk(b), stderr=subprocess.DEVNULL, check=True)
            t[b].append(time.perf_counter() - s)
    cells = "  ".join(f"{os.path.basename(b)} median {statistics.median(t[b]):.3f} min {min(t[b]):.3f}" for b in bins)
    print(f"{name:10} {cells}", flush=True)
shutil.rmtree(O, ignore_errors=True)
shutil.rmtree(os.path.join(O, "..", "ab-split"), ignore_errors=True)
