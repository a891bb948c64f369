#!/usr/bin/env python3
"""Writes the same small Go games as Tygem .gib files (EUC-KR) and as SGF files.

For the GIB-against-SGF note in docs/PERFORMANCE.md: `kifu validate` on a folder of
GIB files against the same games as SGF. Moves are random but legal (the Board of
gen_sgf.py), 60-160 a game, a quarter of the games with 2-4 handicap stones at Tygem's
placement. Usage: gen_gib.py COUNT OUTDIR  (writes OUTDIR/gib/NNNNN.gib and
OUTDIR/sgf/NNNNN.sgf)
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_sgf import Board, coord  # noqa: E402

NAMES = ["이세돌", "박정환", "신진서", "dongjik", "dustkd1015", "Yunwonsan", "최정"]
RANKS = ["9단", "1급", "5단", "3급"]
# Tygem's placement: D4 Q16, then D16, then Q4 (x, y from the top-left).
HANDICAP = [(15, 3), (3, 15), (3, 3), (15, 15)]


def game(rng, n):
    ha = rng.choice([0, 0, 0, 2, 3, 4]) if n % 4 == 0 else 0
    stones = HANDICAP[:ha]
    board = Board(19, [(x, y) for x, y in stones])
    color = 1 if ha else 0
    moves = []
    for _ in range(rng.randint(60, 160)):
        moves.append((color, board.random_move(rng, color)))
        color = 1 - color
    black, white = rng.choice(NAMES), rng.choice(NAMES)
    br, wr = rng.choice(RANKS), rng.choice(RANKS)
    y, m, d = 2015 + n % 10, 1 + n % 12, 1 + n % 28
    grlt, zipsu = rng.choice([(0, 35), (1, 115), (3, 0), (4, 0), (7, 0)])
    result = {0: "흑 3집반승", 1: "백 11집반승", 3: "흑 불계승", 4: "백 불계승", 7: "흑 시간승"}[grlt]
    gongje = 0 if ha else 65
    head = [
        "\\HS",
        "\\[GIBOKIND=Korea\\]",
        "\\[GAMECONDITION=호선 : 흑 공제 6집반\\]",
        "\\[GAMETIME=제한시간 20분 : 30초 초읽기 3번\\]",
        "\\[GAMERESULT=%s\\]" % result,
        "\\[GAMEGONGJE=%d\\]" % gongje,
        "\\[GAMENAME=승강급 대국\\]",
        "\\[GAMEDATE=%d-%2d-%2d-22-56-58\\]" % (y, m, d),
        "\\[GAMEPLACE=타이젬 바둑\\]",
        "\\[GAMEWHITENAME=%s (%s)\\]" % (white, wr),
        "\\[GAMEBLACKNAME=%s (%s)\\]" % (black, br),
        "\\[GAMEINFOMAIN=GBKIND:0,GTYPE:0,GCDT:0,GTIME:1200-30-3,GRLT:%d,ZIPSU:%d,DUM:0,GONGJE:%d,TCNT:%d,AUSZ:0\\]"
        % (grlt, zipsu, gongje, len(moves)),
        "\\[GAMETAG=S0,R%d,D0,G%d,W%d,Z%d,T30-3-1200,C%d:%02d:%02d:22:56\\]" % (ha, gongje, grlt, zipsu, y, m, d),
        "\\HE",
        "\\GS",
        "2 1 0",
        "%d 0 &4" % (len(moves) + 1),
        "INI 0 1 %d &4 " % ha,
    ]
    body = ["STO 0 %d %d %d %d " % (i + 2, c + 1, x, yy) for i, (c, (x, yy)) in enumerate(moves)]
    gib = "\r\n".join(head + body + ["\\GE", ""])
    re = {0: "B+3.5", 1: "W+11.5", 3: "B+R", 4: "W+R", 7: "B+T"}[grlt]
    sgf = "(;FF[4]CA[UTF-8]GM[1]SZ[19]GN[승강급 대국]DT[%d-%02d-%02d]PC[타이젬 바둑]" % (y, m, d)
    sgf += "PB[%s]BR[%s]PW[%s]WR[%s]KM[%s]TM[1200]OT[제한시간 20분 : 30초 초읽기 3번]RE[%s]" % (
        black, br, white, wr, "0" if ha else "6.5", re)
    if ha:
        sgf += "HA[%d]AB%s" % (ha, "".join("[%s]" % coord(x, yy) for x, yy in stones))
    sgf += "\n" + "".join(";%s[%s]" % ("BW"[c], coord(x, yy)) for c, (x, yy) in moves) + ")\n"
    return gib, sgf


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(21)
    for sub in ("gib", "sgf"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    for n in range(count):
        gib, sgf = game(rng, n)
        with open(os.path.join(out, "gib", "%05d.gib" % n), "wb") as f:
            f.write(gib.encode("cp949"))
        with open(os.path.join(out, "sgf", "%05d.sgf" % n), "wb") as f:
            f.write(sgf.encode("utf-8"))


if __name__ == "__main__":
    main()
