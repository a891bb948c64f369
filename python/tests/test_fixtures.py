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
