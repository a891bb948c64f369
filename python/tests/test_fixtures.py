"""Every reader's fixtures read through Python give the same games as the command
line's `kifu convert -t json`, and the same diagnostics as `kifu validate --json`."""

import json
import subprocess

import pytest

import kifu
from conftest import ROOT, fixture_files, kifu_command

FILES = fixture_files()


def test_the_fixtures_are_there():
    # Every reader has fixtures; a move of the folder must not empty this test.
    assert len(FILES) >= 60
    formats = {next(kifu.read(p)).format for p in FILES if p.suffix != ".ugi"}
    assert {"sgf", "gib", "ngf", "ugf", "kiseong", "gonu", "omok", "kif", "ki2",
            "csa", "jkf", "json", "psq", "renlib", "rif"} <= formats


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_games_are_the_command_lines(path):
    done = subprocess.run(
        [kifu_command(), "convert", "-q", "-t", "json", str(path), "-o", "-"],
        capture_output=True,
        check=True,
    )
    expected = json.loads(done.stdout)
    games = list(kifu.read(path))
    assert [json.loads(g.to_json()) for g in games] == expected["games"]
    for number, game in enumerate(games, 1):
        assert game.index == number
        assert game.path == str(path)
        assert game.format == expected["source"]["format"]
        assert game.encoding == expected["source"].get("encoding")


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_bytes_and_file_objects_read_as_the_path(path):
    by_path = [g.to_json() for g in kifu.read(path)]
    data = path.read_bytes()
    fmt = next(kifu.read(path)).format
    assert [g.to_json() for g in kifu.read(data, format=fmt)] == by_path
    with open(path, "rb") as f:
        assert [g.to_json() for g in kifu.read(f, format=fmt)] == by_path


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_validate_is_the_command_lines(path):
    done = subprocess.run(
        [kifu_command(), "validate", "--json", str(path)],
        capture_output=True,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines[-1]["type"] == "summary"
    expected = [
        (d["code"], d["severity"], d["message"], d.get("line"), d.get("column"))
        for d in lines
        if d["type"] == "diagnostic"
    ]
    got = [(d.code, d.severity, d.message, d.line, d.column) for d in kifu.validate(path)]
    assert got == expected


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_rows_are_the_command_lines(path):
    done = subprocess.run(
        [kifu_command(), "list", "-q", "--json", str(path)],
        capture_output=True,
    )
    expected = [json.loads(line) for line in done.stdout.splitlines()]
    got = [g.row() for g in kifu.read(path)]
    assert got == expected
    assert all(list(g) == list(e) for g, e in zip(got, expected))


SHOGI = [p for p in FILES if p.suffix.lower() in (".csa", ".kif", ".kifu", ".ki2", ".ki2u")]


@pytest.mark.parametrize("path", SHOGI, ids=lambda p: str(p.relative_to(ROOT)))
def test_read_with_check_gives_validates_diagnostics(path):
    # check=True reads CSA, KIF and KI2 checking the moves as they are made (no
    # second replay): the same diagnostics as kifu.validate.
    def seen(ds):
        return [(d.code, d.severity, d.message, d.line, d.column, d.move_number) for d in ds]

    assert len(SHOGI) >= 7

    reader = kifu.read(path, check=True)
    games = list(reader)
    assert seen(reader.diagnostics) == seen(kifu.validate(path))
    assert sum(len(g.diagnostics) for g in games) <= len(reader.diagnostics)


# Shogi records whose moves break the rules: a foul the record ends with, the same
# move with no such ending, a claimed checkmate that is not one; a repetition played
# past; a double pawn in KI2.
FOULS = [
    ("csa", "V2.2\nPI\n+\n+7776FU\n-3334FU\n+2824HI\n%ILLEGAL_MOVE\n/\nPI\n+\n+7776FU,T3\n"
     "-3334FU\n+2824HI\n-8384FU\n/\nPI\n+\n+7776FU\n%TSUMI\n",
     [["shogi::recorded-foul"], ["shogi::unreachable"], ["shogi::false-checkmate"]]),
    ("csa", "PI\n+\n" + "+5958OU\n-5152OU\n+5859OU\n-5251OU\n" * 4 + "+7776FU\n",
     [["shogi::unclaimed-repetition"]]),
    ("kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
     "   3 ２四飛(28)\n   4 反則負け\n変化：3手\n   3 ２四飛(28)\n   4 ８四歩(83)\n",
     [["shogi::recorded-foul", "shogi::unreachable"]]),
    ("ki2", "手合割：平手\n\n▲２六歩 △２四歩 ▲２五歩 △同歩 ▲同飛 △３四歩\n▲７五歩打\n"
     "まで7手で後手の反則勝ち\n\n変化：7手\n▲７五歩打 △８四歩\n",
     [["shogi::recorded-foul", "shogi::double-pawn"]]),
]


@pytest.mark.parametrize("fmt,text,codes", FOULS, ids=[f[0] for f in FOULS])
def test_shogi_rules_found_while_reading_are_validates(fmt, text, codes):
    data = text.encode()
    games = list(kifu.read(data, format=fmt, check=True))
    assert [[d.code for d in g.diagnostics] for g in games] == codes
    got = [(d.code, d.message, d.line, d.column, d.move_number)
           for g in games for d in g.diagnostics]
    want = [(d.code, d.message, d.line, d.column, d.move_number)
            for d in kifu.validate(data, format=fmt)]
    assert got == want
