"""The job of `kifu positions -t hcpe` done with cshogi the way dlshogi's
utils/csa_to_hcpe.py does it (code of our own): every .csa file of a folder parsed by
cshogi's CSA parser, each move checked with Board.is_legal, each position written
as a HuffmanCodedPosAndEval (Board.to_hcp, the score from the side to move capped to
+-32767, move16, the parser's result) into one file (bench/compare.sh, PARTS=positions).

usage: python csa_to_hcpe.py FOLDER OUT [SKIPFILE]

Files are read before the clock starts; files that crash cshogi (it segfaults on
some) are found in forked children first (or read from SKIPFILE) and left out.
time.perf_counter times the parsing, the conversion and the writing. Prints:
  cshogi-hcpe: seconds=S items=N ok=K failed=F crashed=C bytes=B
"""
import os
import pathlib
import sys
import time

import numpy as np
import cshogi


def crashes(text):
    pid = os.fork()
    if pid == 0:
        try:
            cshogi.Parser.parse_str(text)
        finally:
            os._exit(0)
    return os.WIFSIGNALED(os.waitpid(pid, 0)[1])


def main():
    folder, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    skipfile = pathlib.Path(sys.argv[3]) if len(sys.argv) > 3 else None
    files = sorted(folder.glob("*.csa"))
    raw = [f.read_bytes() for f in files]
    texts = [b.decode("cp932") for b in raw]
    if skipfile and skipfile.exists():
        skip = set(skipfile.read_text(encoding="utf-8").split())
    else:
        skip = {f.name for f, t in zip(files, texts) if crashes(t)}
        if skipfile:
            skipfile.write_text("".join(n + "\n" for n in sorted(skip)), encoding="utf-8")
    kept = [i for i, f in enumerate(files) if f.name not in skip]
    texts = [texts[i] for i in kept]
    size = sum(len(raw[i]) for i in kept)

    start = time.perf_counter()
    ok = failed = 0
    board = cshogi.Board()
    hcpes = np.zeros(1024, cshogi.HuffmanCodedPosAndEval)
    with open(out, "wb") as f:
        for text in texts:
            try:
                kif = cshogi.Parser.parse_str(text)[0]
                board.set_sfen(kif.sfen)
                p = 0
                for move, score in zip(kif.moves, kif.scores):
                    assert board.is_legal(move)
                    if p == len(hcpes):
                        hcpes = np.resize(hcpes, 2 * p)
                    hcpe = hcpes[p]
                    board.to_hcp(hcpe["hcp"])
                    ev = min(32767, max(score, -32767))
                    hcpe["eval"] = ev if board.turn == cshogi.BLACK else -ev
                    hcpe["bestMove16"] = cshogi.move16(move)
                    hcpe["gameResult"] = kif.win
                    board.push(move)
                    p += 1
                hcpes[:p].tofile(f)
                ok += 1
            except Exception:  # a file cshogi cannot read, or an illegal move
                failed += 1
    secs = time.perf_counter() - start
    print(f"cshogi-hcpe: seconds={secs:.6f} items={ok + failed} ok={ok} failed={failed} "
          f"crashed={len(skip)} bytes={size}")


if __name__ == "__main__":
    main()
