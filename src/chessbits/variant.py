"""python-chess's variants (chess.variant): Suicide, Giveaway, Antichess, Atomic, King of
the Hill, Racing Kings, Horde, Three-check, Crazyhouse.

For now python-chess's own variant boards, on a private copy of python-chess whose moves,
pieces, square sets, outcomes and errors are chessbits' (see chessbits._pychess.genuine);
the standard entry of VARIANTS is chessbits' Board. Needs the ``chessbits[pychess]`` extra.

>>> import chessbits.variant
>>> board = chessbits.variant.AtomicBoard()
>>> board.push_san("Nf3"), type(board.peek()).__module__
(Move.from_uci('g1f3'), 'chessbits._core')
"""
from . import _core
from ._pychess import genuine as _genuine

_variant = _genuine("variant")
_variant.VARIANTS[:] = [_core.Board if v is _genuine().Board else v for v in _variant.VARIANTS]
globals().update((k, v) for k, v in vars(_variant).items() if not (k.startswith("__") and k.endswith("__")))
del _variant
