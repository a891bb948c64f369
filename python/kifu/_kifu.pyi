"""Types of the extension module kifu._kifu (re-exported by kifu)."""

import os
import numpy as np
from typing import BinaryIO, Dict, Iterator, List, Optional, Tuple, Union

from ._written import Written

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, BinaryIO]

__version__: str

class KifuError(Exception):
    """A read or write kifu could not do."""

    code: str
    message: str
    line: Optional[int]
    column: Optional[int]

class Diagnostic:
    code: str
    severity: str
    message: str
    line: Optional[int]
    column: Optional[int]
    offset: int
    move_number: Optional[int]
    omitted: int
    path: Optional[str]

class Loss:
    code: str
    message: str
    game: int
    move_number: Optional[int]

class Info:
    black: Optional[str]
    white: Optional[str]
    black_rank: Optional[str]
    white_rank: Optional[str]
    black_team: Optional[str]
    white_team: Optional[str]
    title: Optional[str]
    event: Optional[str]
    round: Optional[str]
    date: Optional[str]
    place: Optional[str]
    result: Optional[str]
    winner: str
    rules: Optional[str]
    komi: Optional[float]
    handicap: Optional[int]
    shogi_handicap: Optional[str]
    main_time: Optional[float]
    time_control: Optional[str]
    annotator: Optional[str]
    source: Optional[str]
    copyright: Optional[str]
    opening: Optional[str]
    recorder: Optional[str]
    application: Optional[str]
    game_comment: Optional[str]
    extras: List[Tuple[str, List[str]]]
    def as_dict(self) -> Dict[str, object]: ...

class Node:
    @property
    def move(self) -> Optional[str]: ...
    @property
    def color(self) -> Optional[str]: ...
    @property
    def comment(self) -> Optional[str]: ...
    @property
    def name(self) -> Optional[str]: ...
    @property
    def number(self) -> Optional[int]: ...
    @property
    def children(self) -> List["Node"]: ...

class Position:
    @property
    def family(self) -> str: ...
    @property
    def ply(self) -> int: ...
    @property
    def to_move(self) -> str: ...
    @property
    def move(self) -> Optional[str]: ...
    @property
    def result(self) -> str: ...
    @property
    def score(self) -> int: ...
    @property
    def eval(self) -> Optional[float]: ...
    @property
    def mate(self) -> Optional[int]: ...
    @property
    def winrate(self) -> Optional[float]: ...
    @property
    def sfen(self) -> Optional[str]: ...
    @property
    def hcp(self) -> Optional[bytes]: ...
    @property
    def move16(self) -> Optional[int]: ...
    @property
    def board(self) -> Optional["np.ndarray"]: ...

class Game:
    @property
    def path(self) -> Optional[str]: ...
    @property
    def index(self) -> int: ...
    @property
    def format(self) -> str: ...
    @property
    def encoding(self) -> Optional[str]: ...
    @property
    def family(self) -> str: ...
    @property
    def size(self) -> Optional[Tuple[int, int]]: ...
    @property
    def info(self) -> Info: ...
    @property
    def moves(self) -> List[str]: ...
    @property
    def root(self) -> Node: ...
    @property
    def diagnostics(self) -> List[Diagnostic]: ...
    def variations(self) -> List[List[str]]: ...
    def row(self) -> Dict[str, object]: ...
    def write(
        self,
        to: str,
        *,
        encoding: Optional[str] = None,
        wrap: Optional[int] = None,
        pretty: bool = False,
    ) -> Written: ...
    def to_json(self) -> str: ...
    def positions(self) -> List[Position]: ...

class Reader(Iterator[Game]):
    def __iter__(self) -> "Reader": ...
    def __next__(self) -> Game: ...
    @property
    def diagnostics(self) -> List[Diagnostic]: ...
    @property
    def format(self) -> Optional[str]: ...
    @property
    def encoding(self) -> Optional[str]: ...

class DirReader(Iterator[Game]):
    def __iter__(self) -> "DirReader": ...
    def __next__(self) -> Game: ...
    @property
    def diagnostics(self) -> List[Diagnostic]: ...
    @property
    def failures(self) -> List[Tuple[str, str]]: ...
    @property
    def remaining(self) -> int: ...

def read(
    source: Source,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    *,
    check: bool = False,
    strict: bool = False,
    part_size: Optional[int] = None,
) -> Reader: ...
def read_dir(
    path: Union[str, "os.PathLike[str]"],
    threads: Optional[int] = None,
    *,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    check: bool = False,
) -> DirReader: ...
def validate(
    source: Source,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    *,
    part_size: Optional[int] = None,
) -> List[Diagnostic]: ...
def convert(
    source: Source,
    to: str,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    *,
    to_encoding: Optional[str] = None,
    wrap: Optional[int] = None,
    pretty: bool = False,
) -> Written: ...
def explain(code: str) -> str: ...
def formats() -> List[Tuple[str, bool, bool]]: ...
def positions_array(
    source: Source,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    *,
    last: bool = False,
    size: Optional[Tuple[int, int]] = None,
) -> Dict[str, object]: ...
