"""kifu: read, check and convert board-game records.

Go (SGF and the Go server archives), shogi (KIF, KI2, CSA, JKF, USI), gomoku (RIF,
Renlib, PSQ, SGF) and gonu records, through one game-tree model, by the Rust library
``kifu`` (the extension ``kifu._kifu``). See docs/PYTHON.md in the repository.

>>> import kifu
>>> game = next(kifu.read(b"(;GM[1]SZ[9]PB[Black]PW[White];B[ee];W[cc])"))
>>> game.moves
['ee', 'cc']
"""

from ._kifu import (
    Diagnostic,
    DirReader,
    Game,
    Info,
    KifuError,
    Loss,
    Node,
    Position,
    Reader,
    __version__,
    convert,
    explain,
    formats,
    positions_array,
    read,
    read_dir,
    validate,
)
from ._written import Written

__all__ = [
    "Diagnostic",
    "DirReader",
    "Game",
    "Info",
    "KifuError",
    "Loss",
    "Node",
    "Position",
    "Reader",
    "Written",
    "__version__",
    "convert",
    "explain",
    "formats",
    "positions_array",
    "read",
    "read_dir",
    "validate",
]
