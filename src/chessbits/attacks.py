"""Sliding and leaper attack sets, with every sliding-attack technique selectable.

``METHODS`` names the techniques this CPU can run, ``DEFAULT`` the one used
when ``method`` is None. ``PERFT_METHODS`` adds ``"incremental"`` for perft and
divide: moves from Hyatt's attack maps kept through make/unmake. Squares and bitboards are python-chess's ints.

>>> from chessbits import attacks, E4
>>> attacks.rook(E4, 0) == attacks.rook(E4, 0, method="kindergarten")
True
>>> attacks.table_bytes("black_magic")  # 87,988 entries of 8 bytes + per-square data
706976
"""
from ._core import (  # noqa: F401
    ALL_METHODS,
    DEFAULT,
    METHODS,
    PERFT_METHODS,
    between,
    bishop,
    bishop_many,
    find_magics,
    king,
    knight,
    line,
    pawn,
    queen,
    queen_many,
    rook,
    rook_many,
    selftest,
    table_bytes,
)

__all__ = [
    "ALL_METHODS", "DEFAULT", "METHODS", "PERFT_METHODS", "between", "bishop", "bishop_many", "find_magics",
    "king", "knight", "line", "pawn", "queen", "queen_many", "rook", "rook_many",
    "selftest", "table_bytes",
]
