#!/usr/bin/env python3
"""Deterministic generator of a large SGF collection for benchmarks.

Writes ~20 MB (5,000 games by default) of realistic Go records: CJK and Latin game
information and comments, escapes and soft line breaks, markup, time properties
(BL/WL/OB/OW, TM/OT), handicap stones, and nested variations. Moves are random but
legal: a small Go board here applies captures and refuses suicide and ko retakes, so
kifu's rules check real positions (with captures) and find nothing to report, as in a
real archive. Usage: gen_sgf.py [GAMES] > out.sgf, or gen_sgf.py GAMES --split DIR to
write each game to its own file DIR/game-NNNNN.sgf (the picture benchmark of
docs/pictures.md).
"""
import random
import sys

NAMES = ["井山裕太", "申眞諝", "柯洁", "이세돌", "박정환", "Cho Chikun", "Lee Changho",
         "芝野虎丸", "一力遼", "Gu Li", "Michael Redmond", "Fan Hui", "최정", "於之莹"]
EVENTS = ["第45期棋聖戦", "삼성화재배 월드바둑마스터스", "LG杯世界棋王战", "European Go Congress",
          "本因坊戦 挑戦手合", "응씨배", "Kisei [final] \\ round"]
COMMENTS = ["黒の好手。ここは厳しい。", "백이 좋아 보인다.", "这手棋很重要：扩张了右边。",
            "A solid move; [see] the variation \\ below.", "Tenuki here is playable: B+ slight.",
            "表示：ソフトの能力は十分です。", "十[分]な手", "형세 판단: 흑이 약간 유리."]
RANKS = ["9d", "9p", "八段", "7단", "1k", "名人"]


def coord(x, y):
    return chr(97 + x) + chr(97 + y)


class Board:
    """Stones on a square board with captures, suicide and simple ko."""

    def __init__(self, size, stones=()):
        self.size = size
        self.cells = {}
        self.ko = None
        for p in stones:
            self.cells[p] = 0

    def copy(self):
        b = Board(self.size)
        b.cells = dict(self.cells)
        b.ko = self.ko
        return b

    def neighbours(self, p):
        x, y = p
        for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if 0 <= q[0] < self.size and 0 <= q[1] < self.size:
                yield q

    def group(self, p):
        color = self.cells[p]
        seen, todo, libs = {p}, [p], set()
        while todo:
            for q in self.neighbours(todo.pop()):
                c = self.cells.get(q)
                if c is None:
                    libs.add(q)
                elif c == color and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return seen, libs

    def play(self, p, color):
        """Plays a stone if legal; returns False (board unchanged) otherwise."""
        if p in self.cells or self.ko == (p, color):
            return False
        self.cells[p] = color
        taken = []
        for q in self.neighbours(p):
            if self.cells.get(q) == 1 - color:
                stones, libs = self.group(q)
                if not libs:
                    taken.extend(stones)
                    for s in stones:
                        del self.cells[s]
        stones, libs = self.group(p)
        if not libs:
            del self.cells[p]
            return False
        self.ko = (taken[0], 1 - color) if len(taken) == 1 and len(stones) == 1 and len(libs) == 1 else None
        return True

    def random_move(self, rng, color):
        while True:
            p = (rng.randrange(self.size), rng.randrange(self.size))
            if self.play(p, color):
                return p


def text(s):
    return s.replace("\\", "\\\\").replace("]", "\\]")


def game(rng, out):
    size = 19
    ha = rng.choice([0, 0, 0, 0, 2, 3, 4])
    out.append("(;FF[4]CA[UTF-8]GM[1]SZ[19]AP[bench:1]")
    out.append("GN[%s]EV[%s]RO[%d]DT[20%02d-%02d-%02d,%02d]PC[Tokyo 日本棋院]" % (
        text(rng.choice(EVENTS)), text(rng.choice(EVENTS)), rng.randint(1, 9),
        rng.randint(0, 24), rng.randint(1, 12), rng.randint(1, 27), rng.randint(28, 28)))
    out.append("PB[%s]BR[%s]PW[%s]WR[%s]" % (rng.choice(NAMES), rng.choice(RANKS),
                                             rng.choice(NAMES), rng.choice(RANKS)))
    out.append("KM[%s]TM[%d]OT[5x30 byo-yomi]RU[Japanese]RE[%s]" % (
        "0.5" if ha else "6.5", rng.choice([1800, 3600, 10800]),
        rng.choice(["B+R", "W+2.5", "B+T", "W+R", "0", "B+12.5"])))
    stones = [(3, 15), (15, 3), (15, 15), (3, 3)][:ha]
    board = Board(size, stones)
    if ha:
        out.append("HA[%d]AB%s" % (ha, "".join("[%s]" % coord(x, y) for x, y in stones)))
    out.append("GC[%s\\\nsoft break and a hard\nline]\n" % text(rng.choice(COMMENTS)))
    moves = rng.randint(110, 250)
    time_left = [3600.0, 3600.0]
    stack_depth = 0
    color = 1 if ha else 0
    for i in range(moves):
        x, y = board.random_move(rng, color)
        c = "BW"[color]
        time_left[color] -= rng.randint(1, 60)
        node = ";%s[%s]%sL[%d]" % (c, coord(x, y), c, max(0, int(time_left[color])))
        if time_left[color] < 0:
            node += "O%s[%d]" % (c, rng.randint(1, 5))
        r = rng.random()
        if r < 0.08:
            node += "C[%s]" % text(rng.choice(COMMENTS))
        elif r < 0.11:
            # Four distinct points: a point carries one mark a node (SGF FF[4]).
            sq = (y, x) if x != y else ((x + 2) % size, y)
            node += "TR[%s]SQ[%s]LB[%s:A][%s:壱]" % (coord(x, y), coord(*sq),
                                                   coord((x + 1) % size, y), coord(x, (y + 1) % size))
        elif r < 0.12:
            marks = [(x, 0), (0, y), (y, y)]
            marks = [m for i, m in enumerate(marks) if m not in marks[:i]]
            crossed, circled = (marks[:-1], marks[-1:]) if len(marks) > 1 else (marks, [])
            node += "MA%sAR[aa:%s]" % ("".join("[%s]" % coord(*m) for m in crossed), coord(x, y))
            node += "".join("CR[%s]" % coord(*m) for m in circled)
        out.append(node)
        if i % 10 == 9:
            out.append("\n")
        if rng.random() < 0.03 and stack_depth < 6 and i < moves - 1:
            # A variation: a short side line, then the main line continues in a sibling.
            out.append("\n(")
            # The side line starts with the other colour's reply, on its own board.
            side = board.copy()
            side_color = color ^ 1
            for _ in range(rng.randint(1, 6)):
                vx, vy = side.random_move(rng, side_color)
                out.append(";%s[%s]C[%s]" % ("BW"[side_color], coord(vx, vy), text(rng.choice(COMMENTS))))
                side_color ^= 1
            out.append(")\n(")
            stack_depth += 1
        color ^= 1
    out.append(")" * stack_depth)
    out.append(")\n")


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    rng = random.Random(20001223)
    if len(sys.argv) > 3 and sys.argv[2] == "--split":
        import os
        os.makedirs(sys.argv[3], exist_ok=True)
        for i in range(games):
            out = []
            game(rng, out)
            with open(os.path.join(sys.argv[3], f"game-{i:05}.sgf"), "w", encoding="utf-8") as f:
                f.write("".join(out))
        return
    out = []
    for _ in range(games):
        game(rng, out)
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
