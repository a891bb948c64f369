"""The Python API's shape: games, information, moves, variations, diagnostics,
writing, errors, folders, and inputs longer than one part."""

import io
import json
import os
import pathlib
import threading
import time

import pytest

import kifu
from conftest import FIXTURES

SGF = b"(;GM[1]FF[4]SZ[9]PB[Black]BR[3d]PW[White]WR[1k]KM[6.5]DT[2024-01-02]RE[W+3.5]EV[Cup]HA[2]" \
      b";B[ee]C[first];W[cc](;B[gg];W[])(;B[dd]N[side]))"


def test_game_fields():
    game = next(kifu.read(SGF))
    assert (game.path, game.index, game.format, game.encoding, game.family, game.size) == (
        None, 1, "sgf", "UTF-8", "go", (9, 9))
    info = game.info
    assert (info.black, info.black_rank, info.white, info.white_rank) == ("Black", "3d", "White", "1k")
    assert (info.komi, info.date, info.result, info.winner, info.event, info.handicap) == (
        6.5, "2024-01-02", "W+3.5", "white", "Cup", 2)
    assert info.title is None and info.shogi_handicap is None
    assert info.as_dict()["komi"] == 6.5
    assert game.moves == ["ee", "cc", "gg", ""]
    assert game.variations() == [["ee", "cc", "gg", ""], ["ee", "cc", "dd"]]
    root = game.root
    assert root.move is None and root.color is None
    first = root.children[0]
    assert (first.move, first.color, first.comment, first.number) == ("ee", "black", "first", 1)
    side = first.children[0].children[1]
    assert (side.move, side.name, side.number, side.children) == ("dd", "side", 3, [])


def test_row_has_the_list_columns_in_order():
    row = next(kifu.read(SGF)).row()
    # The columns kifu list had when the package began, first and in order (later
    # ones are appended: test_fixtures.py holds every row to the command's).
    assert list(row)[:22] == ["path", "game", "format", "encoding", "kind", "size", "black",
                         "black_rank", "white", "white_rank", "event", "round", "date",
                         "result", "winner", "komi", "handicap", "moves", "variations",
                         "comments", "signature", "hash"]
    assert (row["path"], row["game"], row["kind"], row["size"], row["moves"], row["variations"],
            row["comments"], row["winner"], row["komi"]) == ("-", 1, "go", "9", 4, 1, 1, "white", 6.5)
    assert len(row["hash"]) == 16


def test_shogi_moves_are_usi_and_the_result_is_implied():
    game = next(kifu.read(FIXTURES / "shogi" / "opening.kif"))
    assert game.family == "shogi" and game.size == (9, 9)
    assert game.moves[:4] == ["7g7f", "3c3d", "2g2f", "8c8d"]
    assert game.info.black == "山田一郎"
    assert game.info.result == "B+R"


def test_write_reports_losses():
    game = next(kifu.read(SGF))
    out = game.write("sgf")
    assert isinstance(out, kifu.Written) and isinstance(out, bytes)
    assert out.startswith(b"(;FF[4]") and out.losses == []
    gomoku = next(kifu.read(b"(;GM[4]SZ[15];B[hh];W[hi](;B[ii])(;B[jj]))"))
    psq = gomoku.write("psq")
    assert [loss.code for loss in psq.losses] == ["loss::variations", "psq::rule-dropped"]
    assert psq.losses[0].game == 0


def test_to_json_is_the_models_game():
    game = next(kifu.read(SGF))
    data = json.loads(game.to_json())
    assert data["kind"] == {"go": {"size": {"width": 9, "height": 9}}}
    assert json.loads(game.write("json"))["games"] == [data]


def test_convert_and_explain():
    out = kifu.convert(FIXTURES / "shogi" / "opening.csa", "kif", to_encoding="UTF-8")
    assert out.startswith("#KIF version=2.0 encoding=UTF-8".encode()) and out.losses == []
    assert kifu.explain("go::occupied").startswith("go::occupied (error):")
    with pytest.raises(kifu.KifuError) as e:
        kifu.explain("go::no-such-code")
    assert e.value.code == "unknown-code"


def test_errors_are_exceptions_with_code_and_place():
    with pytest.raises(kifu.KifuError) as e:
        list(kifu.read(b"\x00\x01 nothing kifu knows"))
    assert (e.value.code, e.value.line, e.value.column) == ("undetected-format", None, None)
    with pytest.raises(kifu.KifuError) as e:
        list(kifu.read(b"(;GM[1]SZ[9]\n;B[ee]", strict=True))
    assert (e.value.code, e.value.line, e.value.column) == ("sgf::missing-close", 1, 1)
    with pytest.raises(kifu.KifuError) as e:
        kifu.read(SGF, format="nope")
    assert e.value.code == "unknown-format"
    with pytest.raises(kifu.KifuError) as e:
        next(kifu.read(SGF)).write("gib")
    assert e.value.code == "no-writer"
    with pytest.raises(FileNotFoundError):
        kifu.read("/nonexistent/file.sgf")
    with pytest.raises(TypeError):
        kifu.read(12)


def test_diagnostics_go_with_their_game_and_the_reader():
    data = b"(;GM[1]SZ[9];B[ee])(;GaMe[1]SZ[9];B[ee];W[ee])"
    reader = kifu.read(data, check=True)
    games = list(reader)
    assert [d.code for d in games[0].diagnostics] == []
    assert [(d.code, d.line, d.column, d.move_number) for d in games[1].diagnostics] == [
        ("sgf::old-identifier", 1, 22, None), ("go::occupied", 1, 40, 2)]
    assert [d.code for d in reader.diagnostics] == ["sgf::old-identifier", "go::occupied"]
    assert reader.format == "sgf" and reader.encoding == "UTF-8"
    d = games[1].diagnostics[1]
    assert (d.severity, d.offset, d.path) == ("error", 39, None)


def test_encoding_given_and_detected():
    text = "(;GM[1]SZ[9]PB[黒];B[ee])".encode("shift_jis")
    assert next(kifu.read(text, encoding="Shift_JIS")).info.black == "黒"
    with pytest.raises(kifu.KifuError) as e:
        kifu.read(text, encoding="no-such-encoding")
    assert e.value.code == "unknown-encoding"


def test_read_dir_in_path_order(tmp_path):
    names = [f"{i:03}.sgf" for i in range(40)]
    for i, name in enumerate(reversed(names)):
        sub = tmp_path / ("b" if i % 2 else "a")
        sub.mkdir(exist_ok=True)
        (sub / name).write_bytes(b"(;GM[1]SZ[9]PB[%d];B[ee])(;GM[1]SZ[9]PB[x])" % i)
    (tmp_path / "a" / "notes.txt").write_text("not a record")
    reader = kifu.read_dir(tmp_path, threads=3)
    games = list(reader)
    paths = sorted(str(p) for p in tmp_path.rglob("*.sgf"))
    assert [g.path for g in games] == [p for p in paths for _ in (0, 1)]
    assert [g.index for g in games] == [1, 2] * 40
    assert reader.failures == [] and reader.remaining == 0
    assert [g.to_json() for g in kifu.read_dir(tmp_path, threads=1)] == [g.to_json() for g in games]


def test_read_dir_keeps_each_files_diagnostics(tmp_path):
    (tmp_path / "bad.sgf").write_bytes(b"(;GM[1]SZ[9];B[ee]")
    (tmp_path / "good.sgf").write_bytes(b"(;GM[1]SZ[9];B[ee])")
    reader = kifu.read_dir(tmp_path)
    games = list(reader)
    assert [g.path for g in games] == [str(tmp_path / "bad.sgf"), str(tmp_path / "good.sgf")]
    assert [(d.path, d.code) for d in reader.diagnostics] == [
        (str(tmp_path / "bad.sgf"), "sgf::missing-close")]
    assert [d.code for d in games[0].diagnostics] == ["sgf::missing-close"]
    assert reader.failures == []
    with pytest.raises(FileNotFoundError):
        kifu.read_dir(tmp_path / "nothing")


def test_read_dir_reads_ahead_in_order_and_lets_its_threads_go(tmp_path):
    # Files are read ahead of the program on worker threads; games still come in
    # path order, and a reader dropped half-way stops its workers.
    for i in range(300):
        (tmp_path / f"{i:04}.sgf").write_bytes(b"(;GM[1]SZ[9]PB[%d];B[ee])" % i)
    games = list(kifu.read_dir(tmp_path, threads=4))
    assert [g.info.black for g in games] == [str(i) for i in range(300)]

    def threads():
        return len(os.listdir("/proc/self/task"))

    before = threads()
    reader = kifu.read_dir(tmp_path, threads=4)
    assert next(reader).info.black == "0"
    assert reader.remaining == 299
    del reader
    for _ in range(200):
        if threads() <= before:
            break
        time.sleep(0.01)
    assert threads() <= before


def test_a_long_input_is_read_in_parts_and_placed_in_the_whole():
    # Many parts (of 4 KiB here; 32 MiB by default): the last game's problem is
    # placed in the whole text, and games are numbered across the parts.
    moves = b"".join(b";B[%c%c];W[%c%c]" % (97 + i, 97, 97 + i, 98) for i in range(19))
    game = b"(;GM[1]SZ[19]PB[p]PW[q]" + moves + b")\n"
    count = 300
    bad = b"(;GM[1]SZ[19];B[aa];W[aa])\n"
    data = game * count + bad
    for source in (io.BytesIO(data), data):
        reader = kifu.read(source, check=True, part_size=4096)
        games = list(reader)
        assert len(games) == count + 1 and games[-1].index == count + 1
        assert [g.to_json() for g in games[:-1]] == [games[0].to_json()] * count
        assert [(d.code, d.line, d.column, d.offset) for d in games[-1].diagnostics] == [
            ("go::occupied", count + 1, 20, len(data) - len(bad) + 19)]
    assert [(d.code, d.line, d.column) for d in kifu.validate(data, part_size=4096)] == [
        ("go::occupied", count + 1, 20)]
    assert [(d.line, d.column) for d in kifu.validate(io.BytesIO(data))] == [(count + 1, 20)]


def test_a_reader_read_from_two_threads_is_refused_not_deadlocked():
    class Slow(io.RawIOBase):
        def __init__(self):
            self.started = threading.Event()
            self.go = threading.Event()
            self.sent = False

        def readable(self):
            return True

        def read(self, n=-1):
            self.started.set()
            self.go.wait(5)
            if self.sent:
                return b""
            self.sent = True
            return b"(;GM[1]SZ[9];B[ee])"

    source = Slow()
    reader = kifu.read(source, format="sgf")
    got = []
    t = threading.Thread(target=lambda: got.extend(reader))
    t.start()
    source.started.wait(5)
    with pytest.raises(RuntimeError):
        next(reader)
    source.go.set()
    t.join(5)
    assert [g.moves for g in got] == [["ee"]]


def test_text_mode_files_are_refused():
    with open(FIXTURES / "sgf" / "ff3.sgf") as f, pytest.raises(OSError):
        list(kifu.read(f))


def test_pathlike_and_bytearray_and_memoryview():
    path = FIXTURES / "sgf" / "ff3.sgf"
    expected = [g.to_json() for g in kifu.read(str(path))]
    assert [g.to_json() for g in kifu.read(pathlib.Path(path))] == expected
    data = path.read_bytes()
    assert [g.to_json() for g in kifu.read(bytearray(data), "sgf")] == expected
    assert [g.to_json() for g in kifu.read(memoryview(data), "sgf")] == expected


def test_checked_csa_bytes_read_in_place_are_the_bytearrays_and_the_files(tmp_path):
    # Bytes of one part are read in place (not copied); a bytearray and a file
    # take the copying paths. The games and diagnostics are the same: here a
    # record with a move against the rules (a pawn moving three squares, which
    # the checking read finds) and a comment, in Shift_JIS.
    data = (
        "'encoding=Shift_JIS\nV2.2\nN+先手\nPI\n+\n+7776FU,T3\n'* 初手\n"
        "-3334FU,T1\n+8822UM,T2\n-3122GI\n+2724FU\n-4132KI\n%TORYO\n"
    ).encode("cp932")
    path = tmp_path / "g.csa"
    path.write_bytes(data)

    def seen(games):
        return [
            (g.to_json(), [(d.code, d.severity, d.message, d.line, d.column) for d in g.diagnostics])
            for g in games
        ]

    expected = seen(kifu.read(str(path), check=True))
    assert expected[0][1] == [
        ("shogi::unreachable", "error", "歩 cannot move to ２四 from there", 11, 1)
    ]
    assert seen(kifu.read(data, format="csa", check=True)) == expected
    assert seen(kifu.read(bytearray(data), format="csa", check=True)) == expected
    reader = kifu.read(data, check=True)
    assert seen(reader) == expected
    assert reader.format == "csa" and reader.encoding == "Shift_JIS"


def test_a_long_collection_read_on_several_threads_is_the_same_in_order():
    # Over 1 MiB in one part: SGF reads it in pieces on several threads (where the
    # machine has them); the games, their order, numbers and diagnostics are those
    # of small parts read one by one. A comment holding a game tree tries the cuts.
    games = []
    for i in range(6000):
        comment = b"C[a game tree in a comment: (;GM[1\\]SZ[9\\];B[aa\\])]" if i % 7 == 0 else b""
        bad = b";W[cc];B[hh]" if i % 500 == 0 else b""
        filler = b"".join(b";W[%c%c];B[%c%c]" % (97 + k, 102, 97 + k, 103) for k in range(19))
        games.append(b"(;GM[1]SZ[19]PB[p%d]%s;B[cc];W[dd];B[ee]%s%s)\n" % (i, comment, bad, filler))
    data = b"".join(games)
    assert len(data) > 1 << 20
    whole = list(kifu.read(data, check=True))
    small = list(kifu.read(data, check=True, part_size=64 << 10))
    assert [g.info.black for g in whole] == ["p%d" % i for i in range(6000)]
    assert [g.index for g in whole] == list(range(1, 6001))
    assert [g.to_json() for g in whole] == [g.to_json() for g in small]
    found = [(g.index, d.code, d.line, d.column) for g in whole for d in g.diagnostics]
    assert found == [(g.index, d.code, d.line, d.column) for g in small for d in g.diagnostics]
    assert [(i, c) for i, c, _, _ in found] == [(i + 1, "go::occupied") for i in range(0, 6000, 500)]


def _thread_names():
    names = []
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/comm") as f:
                names.append(f.read().strip())
        except OSError:
            pass
    return names


def test_import_starts_the_freeing_thread_and_the_read_dir_threads():
    # The first read of a process pays nothing the import could pay: the thread
    # that frees games and one kept read_dir thread a core are running (and warmed
    # up) once `import kifu` returns.
    import subprocess
    import sys

    code = ("import kifu, os\n"
            "names = []\n"
            "for t in os.listdir('/proc/self/task'):\n"
            "    names.append(open(f'/proc/self/task/{t}/comm').read().strip())\n"
            "print(sorted(n for n in names if n.startswith('kifu-')))\n")
    # One kept thread a core the process may use (at most os.cpu_count(): affinity
    # and quotas may allow fewer). A thread names itself once it runs: the listing
    # is taken again until every thread has.
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    for _ in range(100):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True).stdout.strip()
        if out.count("kifu-read-dir") == cores and "kifu-free" in out:
            break
        time.sleep(0.01)
    names = __import__("ast").literal_eval(out)
    assert names.count("kifu-free") == 1
    assert 1 <= names.count("kifu-read-dir") <= os.cpu_count()
    assert len(names) == 1 + names.count("kifu-read-dir")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_frees_games_and_reads_folders_without_its_parents_threads(tmp_path):
    # A child forked after the import has none of the parent's threads: its games
    # are freed where they are let go of (more batches of long games than the
    # freeing thread's queue holds) and read_dir starts threads of its own, instead
    # of waiting for threads that are not there. Each record is short (a long text
    # would be checked on rayon's pool, which a forked child cannot use either).
    moves = b"".join(b";B[%c%c];W[%c%c]" % (97 + i % 19, 97 + i // 19, 97 + i % 19, 98 + i // 19)
                     for i in range(40))
    game = b"(;GM[1]SZ[19]" + moves + b")\n"
    for i in range(20):
        (tmp_path / f"{i:02}.sgf").write_bytes(game)
    # The parent lets go of a long game (its freeing thread runs, old or new).
    assert len(list(kifu.read(game))) == 1
    pid = os.fork()
    if pid == 0:
        try:
            n = sum(len(list(kifu.read(game))) for _ in range(6000))
            m = sum(1 for _ in kifu.read_dir(tmp_path))
            os._exit(0 if (n, m) == (6000, 20) else 1)
        finally:
            os._exit(2)
    for _ in range(3000):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.01)
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        pytest.fail("the forked child hung")
    assert os.waitstatus_to_exitcode(status) == 0
