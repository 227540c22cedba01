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

One world with python-chess: when python-chess is imported too, the move errors chessbits
raises are also python-chess's (see :func:`move_error`), and ``Termination`` and ``Outcome``
compare equal to python-chess's (``Status`` members are ints, equal already). Nothing of
python-chess is imported here for that.
"""
from __future__ import annotations

import enum
import sys

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
]  # and move_error, chessbits' own

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


def _is_pychess(other: object, name: str) -> bool:
    """True if other's class is python-chess's class ``name`` (``chess.<name>``)."""
    cls = type(other)
    return cls.__name__ == name and cls.__module__ == "chess"


class Termination(enum.Enum):
    """Why a game ended. ``Termination.CHECKMATE.value == 1``; equal (and hashing equal) to
    python-chess's member of the same name."""
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

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if _is_pychess(other, "Termination"):
            return self.name == other.name  # type: ignore[attr-defined, no-any-return]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._name_)  # Enum's own hash: python-chess's members hash the same


class _MoveError(ValueError):
    def __reduce__(self):  # type: ignore[no-untyped-def]
        base = next(c for c in type(self).__mro__ if c in _MOVE_ERRORS)
        return move_error, (base, *self.args)


class InvalidMoveError(_MoveError):
    """Move text that is not valid notation, e.g. ``Move.from_uci('e2e9')``."""


class IllegalMoveError(_MoveError):
    """A move that is well formed but not legal in the position."""


class AmbiguousMoveError(_MoveError):
    """A SAN move that more than one legal move matches, e.g. ``Nd2`` with two knights able to go there."""


_MOVE_ERRORS = (InvalidMoveError, IllegalMoveError, AmbiguousMoveError)
_BOTH: dict = {}


def move_error(cls: type, *args: object) -> ValueError:
    """``cls(*args)`` (cls one of the three move errors), made so that python-chess's
    ``except chess.IllegalMoveError`` catches it too: while python-chess is imported as
    ``chess``, the instance is of a class deriving from both cls and python-chess's class of
    that name. chessbits raises every move error through here.

    >>> isinstance(move_error(IllegalMoveError, "illegal uci: 'e2e5'"), IllegalMoveError)
    True
    """
    pychess = sys.modules.get("chess")
    theirs = getattr(pychess, cls.__name__, None) if pychess is not None else None
    if theirs is None or theirs is cls or not isinstance(theirs, type) or not issubclass(theirs, ValueError):
        return cls(*args)  # type: ignore[no-any-return]
    both = _BOTH.get((cls, theirs))
    if both is None:
        both = _BOTH[(cls, theirs)] = type(cls.__name__, (cls, theirs), {
            "__module__": cls.__module__, "__qualname__": cls.__qualname__, "__doc__": cls.__doc__})
    return both(*args)  # type: ignore[no-any-return]


def _make_outcome() -> type:
    import dataclasses

    @dataclasses.dataclass(eq=False)
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

        def __eq__(self, other: object) -> bool:  # python-chess's Outcome too
            if other.__class__ is self.__class__ or _is_pychess(other, "Outcome"):
                return (self.termination, self.winner) == (other.termination, other.winner)  # type: ignore[attr-defined]
            return NotImplemented

        __hash__ = None  # type: ignore[assignment]  # mutable, as python-chess's

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
