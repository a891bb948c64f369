"""What ``Game.write`` and ``kifu.convert`` return."""

from typing import List


class Written(bytes):
    """The written bytes; ``.losses`` lists what the format could not carry
    (``kifu.Loss`` each: ``code``, ``message``, ``game``, ``move_number``)."""

    losses: List["object"]

    def __new__(cls, data: bytes, losses: list) -> "Written":
        self = super().__new__(cls, data)
        self.losses = list(losses)
        return self

    def __repr__(self) -> str:
        return f"Written({len(self)} bytes, {len(self.losses)} losses)"
