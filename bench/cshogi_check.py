#!/usr/bin/env python3
"""kifu positions against cshogi, byte for byte (issue #36 point 3).

usage: bench/cshogi_check.py --kifu BIN [--corpus DIR] [--games N] [--venv DIR]
                             [--no-install] [--work DIR]

Converts CSA records to HCPE and PSV twice: with `kifu positions -t hcpe|psv`, and
with cshogi from PyPI by code of our own written the way dlshogi's csa_to_hcpe.py
writes HCPE (cshogi's CSA parser, Board.to_hcp, move16, the parser's `win`) and
hcpe_to_psv.py writes PSV (Board.to_psfen, move16_to_psv, the result for the side
to move) -- every position of every game, the score 0 where a move has no `'**`
remark, and the ply as gamePly. The inputs: every .csa file under --corpus (the
real files of ../shared/corpus) and --games random legal games that cshogi plays
(captures, drops, promotions, handicap starts, `'**` scores up to +-100000, and the
endings floodgate writes), written as CSA by this script.

When cshogi cannot be imported, the script makes a venv (--venv, default
/tmp/kifu-cshogi-check/venv), installs cshogi and numpy there from PyPI (as
bench/compare.sh installs its peers) and runs itself again inside it; --no-install
exits with status 3 instead.

One deliberate difference is accounted for: cshogi's parser gives `%TSUMI` (and
every ending it does not list) a draw, kifu the win of the side that mated; for
such games the expected gameResult is kifu's. Files cshogi cannot parse, or whose
moves it finds illegal, are listed and left out of the comparison (kifu drops
games with an illegal move too, and says so).

Prints one line per differing file and a summary; exit status 0 when every
compared file is identical, 1 otherwise.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

CSHOGI = "cshogi==1.1.0"


def ensure_cshogi(args):
    try:
        import cshogi  # noqa: F401
        import numpy  # noqa: F401
        return
    except ImportError:
        pass
    if args.no_install or os.environ.get("KIFU_CSHOGI_CHECK_IN_VENV"):
        print("cshogi is not installed", file=sys.stderr)
        sys.exit(3)
    venv = args.venv
    py = os.path.join(venv, "bin", "python")
    if not os.path.exists(py):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    CSHOGI, "numpy"], check=True, stdout=sys.stderr)
    env = dict(os.environ, KIFU_CSHOGI_CHECK_IN_VENV="1")
    sys.exit(subprocess.run([py, os.path.abspath(__file__)] + sys.argv[1:], env=env).returncode)


def cshogi_records(path):
    """(hcpe bytes, psv bytes, note) for one CSA file by cshogi; note is None when
    every game was converted, else why the file is left out."""
    import numpy as np
    import cshogi
    from cshogi import CSA

    kifs = None
    # cshogi reads UTF-8 unless told: Shift_JIS and EUC-JP files are given theirs.
    for encoding in (None, "cp932", "euc-jp"):
        try:
            kifs = CSA.Parser.parse_file(path, encoding=encoding)
            break
        except UnicodeDecodeError:
            continue
        except Exception as e:  # cshogi's parser raises on what it cannot read
            return None, None, f"cshogi cannot parse it: {e}"
    if kifs is None:
        return None, None, "cshogi cannot decode it"
    hcpes, psvs = [], []
    board = cshogi.Board()
    for kif in kifs:
        board.set_sfen(kif.sfen)
        n = len(kif.moves)
        hcpe = np.zeros(n, cshogi.HuffmanCodedPosAndEval)
        psv = np.zeros(n, cshogi.PackedSfenValue)
        win = kif.win
        if kif.endgame not in ("%TORYO", "%TIME_UP", "%ILLEGAL_MOVE", "%+ILLEGAL_ACTION",
                               "%-ILLEGAL_ACTION", "%KACHI", "%SENNICHITE", "%JISHOGI",
                               "%CHUDAN", "%HIKIWAKE", ""):
            if kif.endgame == "%TSUMI":
                # The side to move after the last move is mated (kifu's reading).
                b = cshogi.Board(kif.sfen)
                for m in kif.moves:
                    b.push(m)
                win = cshogi.WHITE_WIN if b.turn == cshogi.BLACK else cshogi.BLACK_WIN
        for i, (move, score) in enumerate(zip(kif.moves, kif.scores)):
            if not board.is_legal(move):
                return None, None, f"cshogi finds move {i + 1} illegal"
            board.to_hcp(hcpe[i]["hcp"])
            board.to_psfen(psv[i]["sfen"])
            ev = min(32767, max(score, -32767))
            ev = ev if board.turn == cshogi.BLACK else -ev
            hcpe[i]["eval"] = ev
            hcpe[i]["bestMove16"] = cshogi.move16(move)
            hcpe[i]["gameResult"] = win
            psv[i]["score"] = ev
            psv[i]["move"] = cshogi.move16_to_psv(cshogi.move16(move))
            psv[i]["gamePly"] = i + 1
            if board.turn == win - 1:
                psv[i]["game_result"] = 1
            elif board.turn == 2 - win:
                psv[i]["game_result"] = -1
            board.push(move)
        hcpes.append(hcpe.tobytes())
        psvs.append(psv.tobytes())
    return b"".join(hcpes), b"".join(psvs), None


HANDICAPS = [
    ("", "+"),
    ("PI82HI", "-"),  # 飛車落ち
    ("PI22KA", "-"),  # 角落ち
    ("PI82HI22KA", "-"),  # 二枚落ち
    ("PI11KY", "-"),  # 香落ち
]
ENDINGS = ["%TORYO", "%TORYO", "%KACHI", "%SENNICHITE", "%CHUDAN", "%TIME_UP", ""]


def generate(folder, count, seed):
    """`count` random legal games as CSA files in `folder`."""
    import cshogi
    from cshogi import CSA

    rng = random.Random(seed)
    paths = []
    for g in range(count):
        pi, turn = rng.choice(HANDICAPS)
        lines = ["V2.2", "N+black", "N-white", "PI" + pi[2:] if pi else "PI", turn,
                 f"'black_rate:black+00:{rng.randint(1000, 4000)}.0",
                 f"'white_rate:white+00:{rng.randint(1000, 4000)}.0"]
        # The start: set by the same lines through cshogi's parser.
        head = "\n".join(lines) + "\n"
        board = cshogi.Board(CSA.Parser.parse_str(head + "%CHUDAN\n")[0].sfen)
        plies = rng.randint(1, 220)
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            m = rng.choice(moves)
            sign = "+" if board.turn == cshogi.BLACK else "-"
            lines.append(sign + cshogi.move_to_csa(m))
            lines.append(f"T{rng.randint(0, 30)}")
            r = rng.random()
            if r < 0.8:
                score = rng.choice([rng.randint(-3000, 3000), rng.randint(-100000, 100000)])
                pv = ""
                board.push(m)
                nxt = list(board.legal_moves)
                if nxt and rng.random() < 0.5:
                    n = rng.choice(nxt)
                    pv = " " + ("+" if board.turn == cshogi.BLACK else "-") + cshogi.move_to_csa(n)
                board.pop()
                lines.append(f"'** {score}{pv}")
            board.push(m)
        end = rng.choice(ENDINGS)
        if end:
            lines.append(end)
        path = os.path.join(folder, f"gen{g:04}.csa")
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        paths.append(path)
    return paths


def cshogi_records_apart(path, work):
    """cshogi_records in a process of its own: cshogi's parser crashes the
    interpreter on some real files (a segmentation fault), which then counts as a
    file cshogi cannot read."""
    out = os.path.join(work, "cshogi-one")
    r = subprocess.run([sys.executable, os.path.abspath(__file__), "--one", path, out],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        return None, None, f"cshogi crashed reading it (status {r.returncode})"
    note = r.stdout.decode("utf-8", "replace").strip()
    if note:
        return None, None, note
    with open(out + ".hcpe", "rb") as f:
        hcpe = f.read()
    with open(out + ".psv", "rb") as f:
        psv = f.read()
    return hcpe, psv, None


def kifu_records(kifu, path, kind):
    r = subprocess.run([kifu, "-q", "positions", path, "-t", kind, "-o", "-"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return r.stdout, r.returncode, r.stderr.decode("utf-8", "replace")


def first_difference(a, b, size):
    for i in range(0, max(len(a), len(b)), size):
        if a[i:i + size] != b[i:i + size]:
            return i // size
    return None


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--one":
        hcpe, psv, note = cshogi_records(sys.argv[2])
        if note:
            print(note)
            return 0
        with open(sys.argv[3] + ".hcpe", "wb") as f:
            f.write(hcpe)
        with open(sys.argv[3] + ".psv", "wb") as f:
            f.write(psv)
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kifu", required=True, help="the kifu binary")
    ap.add_argument("--corpus", help="a folder whose .csa files are compared")
    ap.add_argument("--games", type=int, default=200, help="random games to generate")
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument("--venv", default="/tmp/kifu-cshogi-check/venv")
    ap.add_argument("--no-install", action="store_true")
    ap.add_argument("--work", help="where the generated games go (default: a temporary folder)")
    args = ap.parse_args()
    ensure_cshogi(args)

    files = []
    if args.corpus:
        for root, _, names in sorted(os.walk(args.corpus)):
            files += [os.path.join(root, n) for n in sorted(names) if n.lower().endswith(".csa")]
    work = args.work or tempfile.mkdtemp(prefix="kifu-cshogi-")
    os.makedirs(work, exist_ok=True)
    real = len(files)
    files += generate(work, args.games, args.seed)

    same = differ = left_out = 0
    positions = 0
    for k, path in enumerate(files):
        if k < real:
            want_hcpe, want_psv, note = cshogi_records_apart(path, work)
        else:
            want_hcpe, want_psv, note = cshogi_records(path)
        if note:
            print(f"left out {path}: {note}")
            left_out += 1
            continue
        ok = True
        for kind, want, size in (("hcpe", want_hcpe, 38), ("psv", want_psv, 40)):
            got, rc, err = kifu_records(args.kifu, path, kind)
            if got != want:
                ok = False
                i = first_difference(got, want, size)
                print(f"DIFFERS {path} ({kind}): kifu {len(got) // size} records, cshogi "
                      f"{len(want) // size}; first difference at record {i}"
                      + (f"\n  kifu   {got[i * size:(i + 1) * size].hex()}"
                         f"\n  cshogi {want[i * size:(i + 1) * size].hex()}" if i is not None else "")
                      + (f"\n  kifu said: {err.strip()}" if err.strip() else ""))
        if ok:
            same += 1
            positions += len(want_hcpe) // 38
        else:
            differ += 1
    from importlib.metadata import version
    print(f"cshogi {version('cshogi')}: "
          f"{same} files identical ({positions} positions, HCPE and PSV), {differ} differ, "
          f"{left_out} left out")
    return 0 if differ == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
