"""Times python-shogi's KIF parser (no legality checks) on the generated corpus.

Usage: python shogi_peers.py DIR
"""
import pathlib
import sys
import time

import shogi.KIF

root = pathlib.Path(sys.argv[1])
files = sorted(root.glob("*.kif"))
texts = [f.read_bytes().decode("cp932") for f in files]
size = sum(f.stat().st_size for f in files)
start = time.perf_counter()
ok = 0
failed = 0
for t in texts:
    try:
        shogi.KIF.Parser.parse_str(t)
        ok += 1
    except Exception:
        failed += 1
secs = time.perf_counter() - start
print(f"python-shogi kif: {ok} parsed, {failed} failed, {secs:.3f} s: "
      f"{len(texts) / secs:.0f} games/s, {size / 1e6 / secs:.1f} MB/s")
