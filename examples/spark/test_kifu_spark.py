"""Runs kifu_spark.py in Spark's local mode (local[2]) on a small folder of our own
records and checks its tables and answers exactly: the games table against `kifu
list --json` on the same folder, the positions and the SQL answers against the same
computed in plain Python (and, for the generated Go games, against what the
generator played).

Needs pyspark, a Java runtime, the `kifu` package and the built `kifu` binary
(KIFU_BIN, else target/debug/kifu); without one of them it skips, saying which,
except where KIFU_REQUIRE_SPARK=1 (CI), where it fails.
"""

import collections
import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import kifu_spark  # noqa: E402

SIZE = 9
# Points no two of which touch (x + y even): stones placed only there never lose
# their last liberty, so every game below is legal without captures.
POINTS = [(x, y) for y in range(SIZE) for x in range(SIZE) if (x + y) % 2 == 0]
RESULTS = ["B+R", "W+R", "B+3.5", "W+0.5", "0", None]
WINNERS = {"B+R": "black", "W+R": "white", "B+3.5": "black", "W+0.5": "white", "0": "draw",
           None: "none"}


def missing():
    """What this test lacks to run, or None."""
    if importlib.util.find_spec("pyspark") is None:
        return "pyspark is not installed"
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        return "no Java runtime (java on PATH or JAVA_HOME)"
    if importlib.util.find_spec("kifu") is None:
        return "the kifu package is not installed"
    if not os.path.isfile(kifu_bin()):
        return "no kifu binary at %s (cargo build, or set KIFU_BIN)" % kifu_bin()
    return None


def kifu_bin():
    return os.environ.get("KIFU_BIN", os.path.join(ROOT, "target", "debug", "kifu"))


LACK = missing()
if LACK:
    if os.environ.get("KIFU_REQUIRE_SPARK") == "1":
        pytest.fail("KIFU_REQUIRE_SPARK=1 but " + LACK, pytrace=False)
    pytest.skip("Spark job test skipped: " + LACK, allow_module_level=True)


@pytest.fixture(scope="module")
def spark():
    session = kifu_spark.session("local[2]", app="kifu-test")
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def sgf_point(p):
    return chr(97 + p[0]) + chr(97 + p[1])


def board_text(stones, to_move):
    """The compact board the job writes, computed here on its own."""
    rows = []
    for y in range(SIZE):
        row, empty = "", 0
        for x in range(SIZE):
            c = stones.get((x, y))
            if c is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += "x" if c == "B" else "o"
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" b" if to_move == "B" else " w")


def go_games(rng, count):
    """`count` 9x9 games: each follows one of four fixed 10-move lines (two share
    their first move) and adds up to 6 moves of its own, or stops 1 or 2 moves short
    of the line's end. Returns (sgf, moves, result)."""
    lines = []
    for first in [(4, 4), (4, 4), (2, 2), (6, 2)]:
        rest = [p for p in POINTS if p != first]
        rng.shuffle(rest)
        lines.append([first] + rest[:9])
    games = []
    for _ in range(count):
        line = rng.choice(lines)
        rest = [p for p in POINTS if p not in line]
        rng.shuffle(rest)
        more = rng.randint(-2, 6)
        moves = line[:10 + more] if more < 0 else line + rest[:more]
        result = rng.choice(RESULTS)
        nodes = "".join(";%s[%s]" % ("BW"[i % 2], sgf_point(p)) for i, p in enumerate(moves))
        head = "(;FF[4]GM[1]SZ[9]KM[6.5]PB[Black %d]PW[White %d]" % (
            rng.randint(1, 3), rng.randint(1, 3))
        games.append((head + ("RE[%s]" % result if result else "") + nodes + ")\n",
                      moves, result))
    return games


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """The folder: 20 Go games one a file (in go/), 10 in one collection, the shogi
    opening in four formats, two gomoku games, a Go game whose first move is a
    suicide, and a file kifu does not read."""
    root = tmp_path_factory.mktemp("records")
    rng = random.Random(36)
    games = go_games(rng, 30)
    os.mkdir(root / "go")
    for i, (text, _, _) in enumerate(games[:20]):
        (root / "go" / ("g%02d.sgf" % i)).write_text(text, encoding="utf-8")
    (root / "collection.sgf").write_text("".join(t for t, _, _ in games[20:]), encoding="utf-8")
    os.mkdir(root / "shogi")
    for ext in ["csa", "kif", "ki2", "jkf"]:
        shutil.copy(os.path.join(ROOT, "fixtures", "shogi", "opening." + ext), root / "shogi")
    shutil.copy(os.path.join(ROOT, "fixtures", "sgf", "gomoku.sgf"), root)
    shutil.copy(os.path.join(ROOT, "fixtures", "omok", "five.omok"), root)
    shutil.copy(os.path.join(ROOT, "fixtures", "sgf", "illegal.sgf"), root)
    (root / "notes.txt").write_text("not a record\n", encoding="utf-8")
    return str(root), games


@pytest.fixture(scope="module")
def job(spark, records, tmp_path_factory):
    out = str(tmp_path_factory.mktemp("out"))
    return kifu_spark.run(spark, records[0], out), out


def cli_rows(folder):
    run = subprocess.run([kifu_bin(), "list", "--json", "-q", folder], capture_output=True,
                         check=True)
    return [json.loads(line) for line in run.stdout.decode("utf-8").splitlines()]


@pytest.fixture(scope="module")
def plain(records):
    """(path, game, ply, position, move, winner) of every position, read with the
    package in a plain loop, without Spark."""
    import kifu

    out = []
    for path in kifu_spark.list_records(records[0]):
        for game in kifu.read(path):
            winner = game.row()["winner"]
            try:
                positions = game.positions()
            except kifu.KifuError:
                assert path.endswith("illegal.sgf")
                continue
            for pos in positions:
                out.append((path, game.index, pos.ply,
                            kifu_spark.position_text(pos, game.family), pos.move, winner))
    return out


def test_games_table_is_kifu_list(spark, job, records):
    result, out = job
    rows = [r.asDict() for r in spark.read.parquet(os.path.join(out, "games.parquet")).collect()]
    rows.sort(key=lambda r: (r["path"], r["game"]))
    expected = cli_rows(records[0])
    expected.sort(key=lambda r: (r["path"], r["game"]))
    assert len(expected) == 30 + 4 + 2 + 1
    assert result["files"] == 20 + 1 + 4 + 2 + 1
    assert result["games"] == len(expected)
    assert rows == expected
    # The illegal game is listed, with no positions, and named.
    illegal = os.path.join(records[0], "illegal.sgf")
    assert [tuple(e) for e in result["errors"]] == [
        (illegal, 1, "no positions: move 1 is a suicide")]


def test_positions_table(spark, job, records, plain):
    result, out = job
    table = spark.read.parquet(os.path.join(out, "positions.parquet"))
    assert table.columns == ["path", "game"] + [n for n, _ in kifu_spark.POSITION_COLUMNS] + [
        "result", "winner"]
    got = sorted((r.path, r.game, r.ply, r.position, r.move, r.winner) for r in table.collect())
    expected = sorted(plain)
    assert result["positions"] == len(expected)
    assert got == expected
    # A position before each main-line move, numbered from 1, and the last one.
    moves = sum(len(m) + 1 for _, m, _ in records[1]) + 4 * (13 + 1) + (11 + 1) + (9 + 1)
    assert len(got) == moves
    assert sum(1 for p in got if p[4] is None) == 30 + 4 + 2


def test_openings_answer(job, records):
    result, _ = job
    title, rows = result["answers"][0]
    assert title == "Black's win rate by opening move"
    counts = collections.defaultdict(lambda: [0, 0])
    for _, moves, res in records[1]:
        if WINNERS[res] in ("black", "white"):
            counts[("go", sgf_point(moves[0]))][0] += 1
            counts[("go", sgf_point(moves[0]))][1] += WINNERS[res] == "black"
    counts[("shogi", "7g7f")] = [4, 4]
    counts[("gomoku", "hh")] = [1, 1]
    expected = sorted(((kind, move, n, wins, round(wins / n, 3))
                       for (kind, move), (n, wins) in counts.items()),
                      key=lambda r: (-r[2], r[0], r[1]))
    got = [(r.kind, r.opening, r.games, r.black_wins, float(r.black_win_rate)) for r in rows]
    assert got == expected


def test_common_positions_answer(job, records, plain):
    result, _ = job
    title, rows = result["answers"][1]
    assert title == "The 10 most common positions after move 10"
    tally = collections.defaultdict(lambda: [0, 0])
    for _, _, _, position, _, winner in (p for p in plain if p[2] == 11):
        tally[position][0] += 1
        tally[position][1] += winner == "black"
    expected = sorted(((p, n, w) for p, (n, w) in tally.items()), key=lambda r: (-r[1], r[0]))[:10]
    got = [(r.position, r.games, r.black_wins) for r in rows]
    assert got == expected
    # The Go boards after move 10 are the generator's, counted as it played them.
    go = collections.Counter()
    for _, moves, _ in records[1]:
        if len(moves) >= 10:
            go[board_text({p: "BW"[i % 2] for i, p in enumerate(moves[:10])}, "B")] += 1
    assert {p: n for p, n, _ in got if p.count("/") == SIZE - 1 and p.count(" ") == 1} == dict(go)


def test_extensions_are_kifu_formats():
    """The job lists the files `kifu list` walks into: the extensions `kifu formats` names."""
    run = subprocess.run([kifu_bin(), "formats"], capture_output=True, check=True)
    lines = run.stdout.decode("utf-8").splitlines()[1:]
    named = {word for line in lines for word in line.split() if word.startswith(".")}
    assert len(named) == 21
    assert named == kifu_spark.EXTENSIONS
