#!/usr/bin/env python3
"""Deterministic generator of a Shift_JIS KIF archive for the reencode benchmark.

usage: gen_kif_archive.py COUNT DIR [SEED]

Writes COUNT files of about 6 KB each (KIF headers, a move list with times and
comments, Shift_JIS with CRLF) into DIR/NNN/gNNNNNN.kif, 100 files per folder.
The moves are plausible text, not checked games: re-encoding does not read them.
"""
import os
import random
import sys

FILES = "９８７６５４３２１"
RANKS = "一二三四五六七八九"
PIECES = ["歩", "香", "桂", "銀", "金", "角", "飛", "玉", "と", "成香", "馬", "龍"]
NAMES = ["羽生善治", "藤井聡太", "渡辺明", "豊島将之", "永瀬拓矢", "表ソ能十", "佐藤天彦", "谷川浩司"]
WORDS = ["定跡", "急戦", "持久戦", "振り飛車", "居飛車", "穴熊", "美濃囲い", "表", "ソ", "能", "十", "予想", "対局"]


def game(rng: random.Random, index: int) -> str:
    lines = [
        "# ---- Kifu for Windows V7 棋譜ファイル ----",
        f"開始日時：20{rng.randint(0, 25):02d}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d} 10:00:00",
        f"棋戦：第{rng.randint(1, 80)}期 {rng.choice(WORDS)}戦",
        "手合割：平手",
        f"先手：{rng.choice(NAMES)}",
        f"後手：{rng.choice(NAMES)}",
        "手数----指手---------消費時間--",
    ]
    total = [0, 0]
    size = sum(len(l) for l in lines) * 2
    n = 0
    while size < 5800:
        n += 1
        side = (n - 1) % 2
        used = rng.randint(1, 300)
        total[side] += used
        to = rng.choice(FILES) + rng.choice(RANKS)
        src = f"({rng.randint(1, 9)}{rng.randint(1, 9)})"
        move = f"{to}{rng.choice(PIECES)}{src}"
        t = total[side]
        line = f"{n:4d} {move:<12}( {used // 60:2d}:{used % 60:02d}/{t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d})"
        lines.append(line)
        size += len(line.encode("cp932")) + 2
        if rng.random() < 0.15:
            comment = "*" + "、".join(rng.choice(WORDS) for _ in range(rng.randint(2, 8)))
            lines.append(comment)
            size += len(comment.encode("cp932")) + 2
    lines.append(f"{n + 1:4d} 投了")
    lines.append(f"まで{n}手で{'先手' if n % 2 else '後手'}の勝ち")
    return "\r\n".join(lines) + "\r\n"


def main() -> None:
    count = int(sys.argv[1])
    root = sys.argv[2]
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 20261121
    rng = random.Random(seed)
    for i in range(count):
        folder = os.path.join(root, f"{i // 100:03d}")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"g{i:06d}.kif"), "wb") as f:
            f.write(game(rng, i).encode("cp932"))


if __name__ == "__main__":
    main()
