"""Two or more kifu builds side by side on the conversions of bench/compare.sh, in
turn (the order alternates each round), output removed before each run; prints each
build's median and best wall time.

usage: python3 bench/ab_convert.py KIFU... [--runs N]
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
}
args = sys.argv[1:]
n = 7
if "--runs" in args:
    i = args.index("--runs")
    n = int(args[i + 1])
    del args[i : i + 2]
bins = args
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
