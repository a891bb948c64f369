"""No input crashes the interpreter: every fixture cut short, with bytes changed, and
read as every format, either reads (with diagnostics) or raises kifu.KifuError."""

import random

import pytest

import kifu
from conftest import ROOT, fixture_files

FILES = fixture_files()
FORMATS = [name for name, _, _ in kifu.formats()]


def read_all(data, fmt=None):
    try:
        for game in kifu.read(data, format=fmt, check=True):
            game.moves, game.info.as_dict(), game.row(), game.variations(), game.to_json()
            for writes in ("sgf", "json"):
                try:
                    game.write(writes)
                except kifu.KifuError:
                    pass
    except kifu.KifuError as e:
        assert e.code
    try:
        kifu.validate(data, format=fmt)
    except kifu.KifuError as e:
        assert e.code


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_cut_and_changed_bytes_never_crash(path):
    data = path.read_bytes()
    rng = random.Random(str(path.relative_to(ROOT)))
    step = max(1, len(data) // 40)
    for cut in range(0, len(data), step):
        read_all(data[:cut])
    for _ in range(20):
        changed = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            if changed:
                changed[rng.randrange(len(changed))] = rng.randrange(256)
        read_all(bytes(changed))


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_fixture_read_as_every_format(fmt):
    for path in FILES:
        read_all(path.read_bytes()[:4000], fmt)
