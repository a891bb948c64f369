"""Positions for training: Game.positions() and kifu.positions_array over the
library's kifu::training."""

import numpy as np
import pytest

import kifu
from conftest import FIXTURES

# cshogi 1.1's Board().to_hcp() of the starting position, and move16 of 7g7f.
START_HCP = "58a449210cd757217e8e4d212caf427814c2ab109e4d212cd75f213e8e49210c"
START_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

GO = b"(;GM[1]SZ[5]RE[B+R];B[cc];W[bb];B[])(;GM[1]SZ[5];B[aa])(;GM[1]SZ[9];B[aa])"


def test_shogi_positions():
    game = next(kifu.read(FIXTURES / "shogi" / "opening.csa"))
    positions = game.positions()
    assert len(positions) == len(game.moves) + 1
    first, last = positions[0], positions[-1]
    assert (first.family, first.ply, first.to_move, first.move, first.result) == (
        "shogi", 1, "black", "7g7f", "black")
    assert (first.sfen, first.hcp.hex(), first.move16, first.board) == (
        START_SFEN, START_HCP, 7739, None)
    assert [p.move for p in positions[:-1]] == game.moves
    assert (last.move, last.move16, last.ply) == (None, None, len(game.moves) + 1)


def test_evaluations_come_with_their_position():
    game = next(kifu.read(FIXTURES / "analysis" / "floodgate.csa"))
    got = [(p.eval, p.score) for p in game.positions()][:5]
    assert got == [(30.0, 30), (-12.0, 12), (0.0, 0), (1000.0, -1000), (None, 0)]


def test_go_positions_are_boards():
    game = next(kifu.read(GO))
    positions = game.positions()
    assert [(p.ply, p.to_move, p.move, p.result) for p in positions] == [
        (1, "black", "cc", "black"), (2, "white", "bb", "black"),
        (3, "black", "", "black"), (4, "white", None, "black")]
    board = positions[2].board
    assert board.dtype == np.uint8 and board.shape == (5, 5)
    assert board.tolist() == [[0] * 5, [0, 2, 0, 0, 0], [0, 0, 1, 0, 0], [0] * 5, [0] * 5]


def test_an_illegal_move_raises_with_its_number():
    game = next(kifu.read(b"(;GM[1]SZ[9];B[ee];W[ee])"))
    with pytest.raises(kifu.KifuError) as e:
        game.positions()
    assert (e.value.code, e.value.move_number) == ("go::occupied", 2)


def test_positions_array_of_go():
    a = kifu.positions_array(GO)
    assert (a["family"], a["games"], a["skipped"]) == ("go", 2, 1)
    assert a["board"].shape == (4, 5, 5) and a["board"].dtype == np.uint8
    assert a["game"].tolist() == [1, 1, 1, 2]
    assert a["ply"].tolist() == [1, 2, 3, 1]
    assert a["to_move"].tolist() == [0, 1, 0, 0]
    assert a["result"].tolist() == [1, 1, 1, 0]
    assert a["move"].tolist() == [12, 6, 25, 0]  # y * width + x; a pass is width * height
    every = kifu.positions_array(GO, last=True)
    assert every["board"].shape == (6, 5, 5) and every["move"].tolist()[3] == -1
    nine = kifu.positions_array(GO, size=(9, 9))
    assert (nine["games"], nine["skipped"], nine["board"].shape) == (1, 2, (1, 9, 9))


def test_positions_array_of_shogi_is_the_games_positions():
    path = FIXTURES / "shogi" / "opening.kif"
    a = kifu.positions_array(path)
    positions = next(kifu.read(path)).positions()[:-1]
    assert a["family"] == "shogi" and a["hcp"].shape == (len(positions), 32)
    assert [bytes(row) for row in a["hcp"]] == [p.hcp for p in positions]
    assert a["move16"].tolist() == [p.move16 for p in positions]
    assert a["score"].tolist() == [p.score for p in positions]


def test_hcp_and_move16_are_cshogis():
    cshogi = pytest.importorskip("cshogi")
    for path in sorted((FIXTURES / "shogi").glob("*.csa")) + sorted((FIXTURES / "analysis").glob("*.csa")):
        for game in kifu.read(path):
            board = cshogi.Board()
            hcp = np.zeros(1, cshogi.HuffmanCodedPos)
            for p in game.positions():
                board.to_hcp(hcp)
                assert p.hcp == hcp.tobytes(), (path, p.ply)
                assert p.sfen == board.sfen()
                if p.move is None:
                    break
                move = board.move_from_usi(p.move)
                assert p.move16 == cshogi.move16(move)
                board.push(move)
