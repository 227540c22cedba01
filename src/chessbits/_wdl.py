"""Win/draw/loss statistics, python-chess's ``chess.engine.Wdl`` and ``PovWdl``, and the win-rate
models that turn a centipawn score into them (``Cp(35).wdl(model="sf16")``).

The scores themselves (``Cp``, ``Mate``, ``MateGiven``, ``PovScore``) are extension types in
``_core`` (``_score.pxi``); they call :func:`cp_wdl` and :func:`lichess_wins` here. This module
imports nothing of chessbits, so ``_core`` may import it while the package initializes.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Iterator, Literal, Tuple


def _next_api() -> bool:
    """True while chessbits answers as python-chess's next release (imported when asked:
    _core imports this module while the package initializes)."""
    from ._core import _api_next
    return _api_next()

WdlModel = Literal["sf", "sf16.1", "sf16", "sf15.1", "sf15", "sf14", "sf12", "lichess"]

# Stockfish's win-rate model: the probability (per mille) of winning from an evaluation x at
# move m is the logistic 1 / (1 + exp((a(m) - x) / b(m))), a and b cubic polynomials in m,
# fitted to its self-play games. Each release refitted the eight coefficients; from 15.1 the
# evaluation is first rescaled so that 100 means the pawn advantage that wins half the games.
# The coefficients are data copied from Stockfish's sources (win_rate_model in src/uci.cpp):
#   sf_12    https://github.com/official-stockfish/Stockfish/blob/sf_12/src/uci.cpp#L198-L218
#   sf_14    https://github.com/official-stockfish/Stockfish/blob/sf_14/src/uci.cpp#L200-L220
#   sf_15    https://github.com/official-stockfish/Stockfish/blob/sf_15/src/uci.cpp#L200-L220
#   sf_15.1  https://github.com/official-stockfish/Stockfish/blob/sf_15.1/src/uci.cpp#L200-L224
#            (NormalizeToPawnValue: src/uci.h#L38)
#   sf_16    https://github.com/official-stockfish/Stockfish/blob/sf_16/src/uci.cpp#L200-L224
#            (NormalizeToPawnValue: src/uci.h#L38)
#   sf_16.1  https://github.com/official-stockfish/Stockfish/blob/sf_16.1/src/uci.cpp#L383-L384
#            (NormalizeToPawnValue: src/uci.cpp#L48; the move is ply / 2 + 1 in 8..120, over 32)


@dataclasses.dataclass(frozen=True)
class _Model:
    a: Tuple[float, float, float, float]  # a(m) = ((a0 m + a1) m + a2) m + a3, Stockfish's order
    b: Tuple[float, float, float, float]
    pawn: int        # the internal value of one pawn (NormalizeToPawnValue), 0: cp used as is
    clamp: int       # |x| is capped at this before the logistic
    by_move: bool    # m from the move number (sf16.1) rather than the ply


_MODELS = {
    "sf12": _Model((-8.24404295, 64.23892342, -95.73056462, 153.86478679),
                   (-3.37154371, 28.44489198, -56.67657741, 72.05858751), 0, 1000, False),
    "sf14": _Model((-3.68389304, 30.07065921, -60.52878723, 149.53378557),
                   (-2.01818570, 15.85685038, -29.83452023, 47.59078827), 0, 2000, False),
    "sf15": _Model((-1.17202460e-1, 5.94729104e-1, 1.12065546e+1, 1.22606222e+2),
                   (-1.79066759, 11.30759193, -17.43677612, 36.47147479), 0, 2000, False),
    "sf15.1": _Model((-0.58270499, 2.68512549, 15.24638015, 344.49745382),
                     (-2.65734562, 15.96509799, -20.69040836, 73.61029937), 361, 4000, False),
    "sf16": _Model((0.38036525, -2.82015070, 23.17882135, 307.36768407),
                   (-2.29434733, 13.27689788, -14.26828904, 63.45318330), 328, 4000, False),
    "sf16.1": _Model((-1.06249702, 7.42016937, 0.89425629, 348.60356174),
                     (-5.33122190, 39.57831533, -90.84473771, 123.40620748), 356, 4000, True),
}
_LATEST = _MODELS["sf16.1"]  # "sf" and any name not above, as python-chess does


def _cubic(c: Tuple[float, float, float, float], m: float) -> float:
    return ((c[0] * m + c[1]) * m + c[2]) * m + c[3]


def _wins(model: _Model, cp: int, ply: int) -> int:
    """Wins per mille for a side ``cp`` centipawns ahead at ``ply``, rounded as Stockfish does."""
    if model.by_move:
        m = min(120, max(8, ply / 2 + 1)) / 32
    else:
        m = min(240, max(ply, 0)) / 64
    x = cp * model.pawn / 100 if model.pawn else cp
    x = min(model.clamp, max(x, -model.clamp))
    return int(0.5 + 1000 / (1 + math.exp((_cubic(model.a, m) - x) / _cubic(model.b, m))))


def lichess_wins(cp: int) -> int:
    """Wins per mille in Lichess's win-percent model, one logistic with no draws:
    https://github.com/lichess-org/lila/pull/11148 (modules/analyse/src/main/WinPercent.scala).

    >>> lichess_wins(0), lichess_wins(300)
    (500, 751)
    """
    return round(1000 / (1 + math.exp(-0.00368208 * cp)))


def cp_wdl(cp: int, model: str, ply: int) -> Wdl:
    """``Cp(cp).wdl(model=model, ply=ply)``.

    >>> cp_wdl(131, "sf12", 25)
    Wdl(wins=524, draws=467, losses=9)
    """
    if model == "lichess":  # capped at a pawn count of 10 either way; no draws
        wins = lichess_wins(max(-1000, min(cp, 1000)))
        return Wdl(wins, 0, 1000 - wins)
    params = _MODELS.get(model, _LATEST) if isinstance(model, str) else _LATEST
    wins = _wins(params, cp, ply)
    losses = _wins(params, -cp, ply)
    return Wdl(wins, 1000 - wins - losses, losses)


class PovWdl:
    """Win/draw/loss statistics (:class:`Wdl`) relative to the side ``turn`` (python-chess's
    ``chess.engine.PovWdl``), as ``PovScore.wdl()`` gives them.

    Like python-chess 1.11's (deprecated there since 1.2), it also behaves as the tuple
    ``(wins, draws, losses)`` of ``relative``: iteration, ``len``, indexing, ``==`` a tuple;
    answering as python-chess's next release (:func:`chessbits.pychess_api`), it does not, and
    is equal only to itself, as that release's (which is hashable too; this one never is).

    >>> wdl = PovWdl(Wdl(100, 800, 100), False)
    >>> wdl.white(), wdl == (100, 800, 100), list(wdl)
    (Wdl(wins=100, draws=800, losses=100), True, [100, 800, 100])
    """

    relative: Wdl
    turn: bool

    def __init__(self, relative: Wdl, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Wdl:
        """The statistics from White's point of view."""
        return self.pov(True)

    def black(self) -> Wdl:
        """The statistics from Black's point of view."""
        return self.pov(False)

    def pov(self, color: bool) -> Wdl:
        """The statistics from the point of view of ``color``."""
        return self.relative if self.turn == color else -self.relative

    def __bool__(self) -> bool:
        return bool(self.relative)

    def __repr__(self) -> str:
        return f"PovWdl({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"

    # python-chess 1.1 gave info["wdl"] as a plain tuple; 1.2 onwards keeps these for old code
    def _triple(self) -> Tuple[int, int, int]:
        r = self.relative
        return (r.wins, r.draws, r.losses)

    def __iter__(self) -> Iterator[int]:
        if _next_api():
            raise TypeError("'PovWdl' object is not iterable")
        return iter(self._triple())

    def __len__(self) -> int:
        if _next_api():
            raise TypeError("object of type 'PovWdl' has no len()")
        return 3

    def __getitem__(self, idx: int) -> int:
        if _next_api():
            raise TypeError("'PovWdl' object is not subscriptable")
        return self._triple()[idx]

    def __eq__(self, other: object) -> bool:
        if _next_api():
            return self is other
        if isinstance(other, PovWdl):
            return self.white() == other.white()
        if isinstance(other, tuple):
            return self._triple() == other
        return NotImplemented


@dataclasses.dataclass
class Wdl:
    """Win/draw/loss statistics (python-chess's ``chess.engine.Wdl``), usually per mille.

    >>> Wdl(500, 300, 200).expectation(), -Wdl(500, 300, 200)
    (0.65, Wdl(wins=200, draws=300, losses=500))
    """

    wins: int
    draws: int
    losses: int

    def total(self) -> int:
        """wins + draws + losses (1000 as engines report them)."""
        return self.wins + self.draws + self.losses

    def winning_chance(self) -> float:
        """The share of wins."""
        return self.wins / self.total()

    def drawing_chance(self) -> float:
        """The share of draws."""
        return self.draws / self.total()

    def losing_chance(self) -> float:
        """The share of losses."""
        return self.losses / self.total()

    def expectation(self) -> float:
        """The expected points: a win 1, a draw 0.5, a loss 0."""
        return (self.wins + 0.5 * self.draws) / self.total()

    def __bool__(self) -> bool:
        return bool(self.total())

    def __iter__(self) -> Iterator[int]:  # generators, as python-chess 1.11's (none in its next release)
        if _next_api():
            raise TypeError("'Wdl' object is not iterable")
        return self._wdl()

    def __reversed__(self) -> Iterator[int]:
        if _next_api():
            raise TypeError("'Wdl' object is not reversible")
        return self._ldw()

    def _wdl(self) -> Iterator[int]:
        yield self.wins
        yield self.draws
        yield self.losses

    def _ldw(self) -> Iterator[int]:
        yield self.losses
        yield self.draws
        yield self.wins

    def __pos__(self) -> Wdl:
        return self

    def __neg__(self) -> Wdl:
        return Wdl(self.losses, self.draws, self.wins)
