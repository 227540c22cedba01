"""Game status and errors, with python-chess's names and values: ``Status``, ``Termination``,
``Outcome`` and the move errors.

>>> Status.NO_WHITE_KING | Status.EMPTY == STATUS_NO_WHITE_KING | STATUS_EMPTY
True
>>> from chessbits.status import Outcome  # made on first import, see below
>>> Outcome(Termination.CHECKMATE, True).result(), issubclass(IllegalMoveError, ValueError)
('1-0', True)

This module imports nothing from chessbits, so the compiled core can import it while it
initialises. ``Outcome`` is a dataclass, and the dataclasses module costs ~20 ms to import,
so the class is made on first use: ``from chessbits.status import Outcome`` when it is needed.
"""
from __future__ import annotations

import enum

TYPE_CHECKING = False
if TYPE_CHECKING:
    from dataclasses import dataclass
    from typing import List, Optional

    @dataclass
    class Outcome:
        termination: Termination
        winner: Optional[bool]

        def result(self) -> str: ...

__all__ = [
    "Status", "STATUS_VALID", "STATUS_NO_WHITE_KING", "STATUS_NO_BLACK_KING", "STATUS_TOO_MANY_KINGS",
    "STATUS_TOO_MANY_WHITE_PAWNS", "STATUS_TOO_MANY_BLACK_PAWNS", "STATUS_PAWNS_ON_BACKRANK",
    "STATUS_TOO_MANY_WHITE_PIECES", "STATUS_TOO_MANY_BLACK_PIECES", "STATUS_BAD_CASTLING_RIGHTS",
    "STATUS_INVALID_EP_SQUARE", "STATUS_OPPOSITE_CHECK", "STATUS_EMPTY", "STATUS_RACE_CHECK",
    "STATUS_RACE_OVER", "STATUS_RACE_MATERIAL", "STATUS_TOO_MANY_CHECKERS", "STATUS_IMPOSSIBLE_CHECK",
    "Termination", "Outcome", "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError",
]

class Status(enum.IntFlag):
    """What is wrong with a position, as bits; ``VALID`` (0) when nothing is.

    >>> Status(3) == Status.NO_WHITE_KING | Status.NO_BLACK_KING, bool(Status.VALID)
    (True, False)
    """
    VALID = 0
    NO_WHITE_KING = 1
    NO_BLACK_KING = 2
    TOO_MANY_KINGS = 4
    TOO_MANY_WHITE_PAWNS = 8
    TOO_MANY_BLACK_PAWNS = 16
    PAWNS_ON_BACKRANK = 32
    TOO_MANY_WHITE_PIECES = 64
    TOO_MANY_BLACK_PIECES = 128
    BAD_CASTLING_RIGHTS = 256
    INVALID_EP_SQUARE = 512
    OPPOSITE_CHECK = 1024
    EMPTY = 2048
    RACE_CHECK = 4096
    RACE_OVER = 8192
    RACE_MATERIAL = 16384
    TOO_MANY_CHECKERS = 32768
    IMPOSSIBLE_CHECK = 65536


STATUS_VALID = Status.VALID
STATUS_NO_WHITE_KING = Status.NO_WHITE_KING
STATUS_NO_BLACK_KING = Status.NO_BLACK_KING
STATUS_TOO_MANY_KINGS = Status.TOO_MANY_KINGS
STATUS_TOO_MANY_WHITE_PAWNS = Status.TOO_MANY_WHITE_PAWNS
STATUS_TOO_MANY_BLACK_PAWNS = Status.TOO_MANY_BLACK_PAWNS
STATUS_PAWNS_ON_BACKRANK = Status.PAWNS_ON_BACKRANK
STATUS_TOO_MANY_WHITE_PIECES = Status.TOO_MANY_WHITE_PIECES
STATUS_TOO_MANY_BLACK_PIECES = Status.TOO_MANY_BLACK_PIECES
STATUS_BAD_CASTLING_RIGHTS = Status.BAD_CASTLING_RIGHTS
STATUS_INVALID_EP_SQUARE = Status.INVALID_EP_SQUARE
STATUS_OPPOSITE_CHECK = Status.OPPOSITE_CHECK
STATUS_EMPTY = Status.EMPTY
STATUS_RACE_CHECK = Status.RACE_CHECK
STATUS_RACE_OVER = Status.RACE_OVER
STATUS_RACE_MATERIAL = Status.RACE_MATERIAL
STATUS_TOO_MANY_CHECKERS = Status.TOO_MANY_CHECKERS
STATUS_IMPOSSIBLE_CHECK = Status.IMPOSSIBLE_CHECK


class Termination(enum.Enum):
    """Why a game ended. ``Termination.CHECKMATE.value == 1``."""
    CHECKMATE = 1
    STALEMATE = 2
    INSUFFICIENT_MATERIAL = 3
    SEVENTYFIVE_MOVES = 4
    FIVEFOLD_REPETITION = 5
    FIFTY_MOVES = 6
    THREEFOLD_REPETITION = 7
    VARIANT_WIN = 8
    VARIANT_LOSS = 9
    VARIANT_DRAW = 10


class InvalidMoveError(ValueError):
    """Move text that is not valid notation, e.g. ``Move.from_uci('e2e9')``."""


class IllegalMoveError(ValueError):
    """A move that is well formed but not legal in the position."""


class AmbiguousMoveError(ValueError):
    """A SAN move that more than one legal move matches, e.g. ``Nd2`` with two knights able to go there."""


def _make_outcome() -> type:
    import dataclasses

    @dataclasses.dataclass
    class Outcome:
        """How a game ended: the termination and the winner (None for a draw).

        >>> Outcome(Termination.STALEMATE, None).result()
        '1/2-1/2'
        """
        termination: Termination
        winner: Optional[bool]

        def result(self) -> str:
            """``'1-0'``, ``'0-1'`` or ``'1/2-1/2'``."""
            if self.winner is None:
                return "1/2-1/2"
            return "1-0" if self.winner else "0-1"

    Outcome.__module__ = __name__
    Outcome.__qualname__ = "Outcome"
    return Outcome


def __getattr__(name: str) -> object:
    if name == "Outcome":
        globals()["Outcome"] = outcome = _make_outcome()
        return outcome
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> List[str]:
    return sorted(set(globals()) | {"Outcome"})
