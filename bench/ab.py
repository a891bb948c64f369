#!/usr/bin/env python3
"""Two or more kifu builds timed in alternation on the same input.

usage: bench/ab.py INPUT KIFU... [--runs N]

Runs `KIFU validate -q INPUT` for each build in turn, N times (default 25), on one
thread (RAYON_NUM_THREADS=1) and on all cores, and prints each build's minimum and
median wall time. Alternating the builds spreads a noisy machine's slow spells over
all of them, which one build's runs after the other's would not.
"""
import os
import statistics
import subprocess
import sys
import time


def main():
    args = sys.argv[1:]
    runs = 25
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    target, builds = args[0], args[1:]
    env = dict(os.environ)
    times = {(b, t): [] for b in builds for t in ("1", "all")}
    for _ in range(runs):
        for threads in ("1", "all"):
            if threads == "1":
                env["RAYON_NUM_THREADS"] = "1"
            else:
                env.pop("RAYON_NUM_THREADS", None)
            for b in builds:
                start = time.perf_counter()
                subprocess.run([b, "validate", "-q", target], env=env, check=False)
                times[(b, threads)].append(time.perf_counter() - start)
    for (b, threads), v in times.items():
        print(f"{b} threads={threads} min={min(v) * 1000:.1f} ms "
              f"median={statistics.median(v) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
