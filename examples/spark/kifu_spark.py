#!/usr/bin/env python3
"""A PySpark job over a folder of board-game records, read with the `kifu` package.

The driver lists the folder (the files `kifu list` would read: known record
extensions, regular files, subfolders walked) and spreads the paths over Spark
partitions; each partition reads its files with `kifu.read` inside `mapPartitions`.
The job writes two Parquet tables under OUT:

- `games.parquet`: one row per game, the columns of `kifu list` (with `path` and
  `game`, the game's place in its file from 1), as `game.row()` gives them;
- `positions.parquet`: one row per position of a game's main line, before each move
  and after the last: the game's key (`path`, `game`), `ply` (the number of the move
  played from it, from 1), `to_move`, `position` (SFEN without its move number for
  shogi; for Go and gomoku a compact board, below), `move` (SGF point or USI; null for the last position),
  the game's `result` and `winner`, and the engine's evaluation where the record
  holds one (`eval_score`, `eval_mate`, `eval_winrate`, from Black's side).

A Go or gomoku board is written as SFEN writes a shogi board: rows from the top,
separated by `/`, `x` a black stone, `o` a white one, a run of empty points as its
length, then ` b` or ` w` for the side to move (`9/9/2x6/9/4o4/9/9/9/9 b`).

Then it answers two questions with Spark SQL and prints them: Black's win rate by
opening move, and the ten most common positions after move 10. docs/SCALE.md tells
how to run it on a cluster.

Usage: kifu_spark.py RECORDS OUT [--master local[2]] [--partitions N]
"""

import argparse
import os
import re
import sys
import time

# The extensions `kifu formats` lists: the files a folder walk of `kifu list` reads.
EXTENSIONS = frozenset(
    ".sgf .gib .ngf .ugf .ugi .kis .gonu .omok .kif .kifu .ki2 .ki2u .csa .usi .jkf"
    " .json .ndjson .jsonl .psq .lib .rif".split()
)

# `kifu list`'s columns, in its order, with their Spark SQL types.
GAME_COLUMNS = [
    ("path", "string"),
    ("game", "long"),
    ("format", "string"),
    ("encoding", "string"),
    ("kind", "string"),
    ("size", "string"),
    ("black", "string"),
    ("black_rank", "string"),
    ("white", "string"),
    ("white_rank", "string"),
    ("event", "string"),
    ("round", "string"),
    ("date", "string"),
    ("result", "string"),
    ("winner", "string"),
    ("komi", "double"),
    ("handicap", "string"),
    ("moves", "long"),
    ("variations", "long"),
    ("comments", "long"),
    ("signature", "string"),
    ("hash", "string"),
    ("analysed", "double"),
    ("final_evaluation", "double"),
    ("largest_drop", "double"),
    ("largest_drop_move", "long"),
]

# A position's columns after the game's key (path, game) and before its result.
POSITION_COLUMNS = [
    ("ply", "int"),
    ("to_move", "string"),
    ("position", "string"),
    ("move", "string"),
    ("eval_score", "double"),
    ("eval_mate", "int"),
    ("eval_winrate", "double"),
]

# Black's win rate by opening move, over the games won by either side.
OPENINGS_SQL = """
SELECT g.kind, p.move AS opening, count(*) AS games,
       sum(CASE WHEN g.winner = 'black' THEN 1 ELSE 0 END) AS black_wins,
       round(avg(CASE WHEN g.winner = 'black' THEN 1.0 ELSE 0.0 END), 3) AS black_win_rate
FROM positions p JOIN games g ON p.path = g.path AND p.game = g.game
WHERE p.ply = 1 AND p.move IS NOT NULL AND g.winner IN ('black', 'white')
GROUP BY g.kind, p.move
ORDER BY games DESC, g.kind, opening
"""

# The ten positions most often reached after move 10 (ply 11: the position move 11
# is played from, or a game's last position after its 10th move), with how often
# Black went on to win from there.
POSITIONS_SQL = """
SELECT position, count(*) AS games,
       sum(CASE WHEN winner = 'black' THEN 1 ELSE 0 END) AS black_wins
FROM positions
WHERE ply = 11
GROUP BY position
ORDER BY games DESC, position
LIMIT 10
"""

QUESTIONS = [
    ("Black's win rate by opening move", OPENINGS_SQL),
    ("The 10 most common positions after move 10", POSITIONS_SQL),
]


def list_records(root):
    """The record files under `root` (a file is taken as given), sorted by path."""
    if not os.path.isdir(root):
        return [root]
    found = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in files:
            path = os.path.join(folder, name)
            known = os.path.splitext(name)[1].lower() in EXTENSIONS
            if known and not os.path.islink(path) and os.path.isfile(path):
                found.append(path)
    found.sort()
    return found


_CELLS = bytes.maketrans(b"\x00\x01\x02", b".xo")
_EMPTY_RUN = re.compile(r"\.+")


def compact_board(board, to_move):
    """A Go or gomoku board (a NumPy array of rows: 0 empty, 1 black, 2 white) as
    `rows/… b|w`, runs of empty points as their length (no loop over the points in
    Python: a position is built for every move of every game)."""
    height, width = board.shape
    text = board.astype("u1", copy=False).tobytes().translate(_CELLS).decode("ascii")
    rows = "/".join(text[at:at + width] for at in range(0, height * width, width))
    side = " b" if to_move == "black" else " w"
    return _EMPTY_RUN.sub(lambda run: str(len(run.group())), rows) + side


def position_text(pos, family):
    """The position as text: SFEN without its move number for shogi (so the same
    position reached at different plies is one value), the compact board for Go and
    gomoku."""
    if family == "shogi":
        return pos.sfen.rsplit(" ", 1)[0]
    return compact_board(pos.board, pos.to_move)


def read_partition(paths):
    """Reads one partition's files with the kifu package: a row per game (and its
    positions), or a row naming a file or game the package could not read."""
    import kifu

    names = [name for name, _ in GAME_COLUMNS]
    for path in paths:
        try:
            for game in kifu.read(path):
                row = game.row()
                values = [row.get(name) for name in names]
                values[0], values[1] = path, game.index
                positions, error = [], None
                try:
                    # Gonu has no positions (kifu's replay covers Go, gomoku, shogi).
                    for pos in game.positions() if game.family != "gonu" else ():
                        positions.append((
                            pos.ply,
                            pos.to_move,
                            position_text(pos, game.family),
                            pos.move,
                            pos.eval,
                            pos.mate,
                            pos.winrate,
                        ))
                except kifu.KifuError as e:
                    positions, error = [], "no positions: %s" % e
                yield tuple(values) + (positions, error)
        except kifu.KifuError as e:
            yield (path,) + (None,) * (len(names) - 1) + ([], str(e))


def schema():
    """The Spark schema of read_partition's rows."""
    from pyspark.sql.types import (ArrayType, DoubleType, IntegerType, LongType, StringType,
                                   StructField, StructType)

    types = {"string": StringType(), "long": LongType(), "int": IntegerType(),
             "double": DoubleType()}
    position = StructType([StructField(n, types[t]) for n, t in POSITION_COLUMNS])
    return StructType(
        [StructField(n, types[t]) for n, t in GAME_COLUMNS]
        + [StructField("positions", ArrayType(position)), StructField("error", StringType())]
    )


def run(spark, records, out, partitions=None):
    """Reads `records` into `out`/games.parquet and `out`/positions.parquet, and
    returns {"files", "games", "positions", "errors", "answers": [(title, rows)]}."""
    from pyspark import StorageLevel
    from pyspark.sql import functions as F

    sc = spark.sparkContext
    # The executors' Python workers unpickle read_partition by this module's name.
    sc.addPyFile(os.path.abspath(__file__))
    paths = list_records(records)
    if not paths:
        raise SystemExit("no record files under %s" % records)
    slices = partitions or max(1, min(len(paths), sc.defaultParallelism * 4))
    rows = sc.parallelize(paths, slices).mapPartitions(read_partition)
    read = spark.createDataFrame(rows, schema()).persist(StorageLevel.MEMORY_AND_DISK)

    errors = read.where(F.col("error").isNotNull()).select("path", "game", "error").collect()
    games = read.where(F.col("game").isNotNull()).select([n for n, _ in GAME_COLUMNS])
    positions = read.where(F.col("game").isNotNull()).select(
        "path", "game", F.explode("positions").alias("p"), "result", "winner"
    ).select("path", "game", "p.*", "result", "winner")
    games.write.mode("overwrite").parquet(os.path.join(out, "games.parquet"))
    positions.write.mode("overwrite").parquet(os.path.join(out, "positions.parquet"))
    read.unpersist()

    # The questions are asked of the tables as written.
    spark.read.parquet(os.path.join(out, "games.parquet")).createOrReplaceTempView("games")
    spark.read.parquet(os.path.join(out, "positions.parquet")).createOrReplaceTempView("positions")
    answers = [(title, spark.sql(sql).collect()) for title, sql in QUESTIONS]
    return {
        "files": len(paths),
        "games": spark.table("games").count(),
        "positions": spark.table("positions").count(),
        "errors": errors,
        "answers": answers,
    }


def session(master, app="kifu"):
    """A Spark session for this job: the executors run this Python (with kifu)."""
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName(app)
    if master:
        builder = builder.master(master)
    spark = (
        builder.config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "8")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("WARN")
    return spark


def print_report(result, seconds):
    """Prints the counts, the files that could not be read and the answers."""
    print("%d files, %d games, %d positions in %.1f s" % (
        result["files"], result["games"], result["positions"], seconds))
    for path, game, error in result["errors"]:
        if game is None:
            print("not read: %s: %s" % (path, error))
        else:
            print("%s#%d: %s" % (path, game, error))
    for title, rows in result["answers"]:
        print()
        print("== " + title)
        if rows:
            print("\t".join(rows[0].__fields__))
        for row in rows:
            print("\t".join("" if v is None else str(v) for v in row))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("records", help="a folder of records (or one file)")
    parser.add_argument("out", help="where games.parquet and positions.parquet go")
    parser.add_argument("--master", default=None,
                        help="Spark master (default: spark-submit's, local[*] without it)")
    parser.add_argument("--partitions", type=int, default=None,
                        help="partitions of the file list (default: 4 per core)")
    args = parser.parse_args(argv)
    spark = session(args.master)
    try:
        start = time.monotonic()
        result = run(spark, args.records, args.out, args.partitions)
        print_report(result, time.monotonic() - start)
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
