"""PGN reading and writing: python-chess's ``chess.pgn`` on chessbits' boards, and game
databases read into NumPy arrays (:func:`read_games`, :func:`iter_games`).

The game tree API (``read_game``, ``Game``, the visitors) is, until it is native, python-chess's
own module code read from the installed python-chess (the ``chessbits[pychess]`` extra) with
``import chess`` meaning chessbits: see chessbits._pychess. The arrays need only NumPy.
"""
from ._pychess import borrow
from ._pgnarrays import GameArrays, iter_games, read_games

try:
    borrow(globals(), "pgn")
except ImportError as _missing:
    _reason = _missing

    def __getattr__(name: str):  # type: ignore[no-redef]
        if name.startswith("__"):
            raise AttributeError(name)
        raise ImportError(f"chessbits.pgn.{name}: {_reason}", name="chess")

