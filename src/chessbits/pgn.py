"""PGN reading and writing: python-chess's ``chess.pgn`` on chessbits' boards, and game
databases read into NumPy arrays (:func:`read_games`, :func:`iter_games`).

:func:`read_game` is chessbits': the text read and the SAN resolved in C, the default
GameBuilder's tree built without its Python methods. The tree's classes (``Game``, ``ChildNode``,
``Headers``), the visitors and the exporters are, until they are native, python-chess's own
module code read from the installed python-chess (the ``chessbits[pychess]`` extra) with
``import chess`` meaning chessbits: see chessbits._pychess. The arrays need only NumPy.
"""
from typing import Any

from . import _core
from ._pychess import borrow
from ._pgnarrays import GameArrays, iter_games, read_games

# python-chess's GameNode on chessbits' C-level node base (chessbits._core._NodeBase)
_NodeBase = _core._NodeBase
try:
    borrow(globals(), "pgn", patches=[("class GameNode(abc.ABC):", "class GameNode(_NodeBase, abc.ABC):")])
except ImportError as _missing:
    _reason = _missing

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise ImportError(f"chessbits.pgn.{name}: {_reason}", name="chess")
else:
    _pychess_read_game = read_game  # noqa: F821 (python-chess's, kept for comparison)

    def read_game(handle: Any, *, Visitor: Any = GameBuilder) -> Any:  # noqa: F821
        """Reads a game from a file opened in text mode, as python-chess's
        ``chess.pgn.read_game`` does (same games, errors, visitor calls, lines consumed).

        >>> import io
        >>> game = read_game(io.StringIO("1. e4 e5 2. Nf3 *"))
        >>> game.end().board().fen()
        'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
        """
        return _core._pgn_read_game(handle, Visitor, _KIT)

    _KIT = (GameBuilder, ChildNode, Headers, SKIP, _core.Board, frozenset(TAG_ROSTER))  # noqa: F821


def read_games_dask(sources: Any, client: Any, **kwargs: Any) -> Any:
    """:func:`read_games` over many files or Parquet partitions as Dask tasks, one per source
    (the ``chessbits[dask]`` extra): see :func:`chessbits.pgn_dask.read_games_dask`."""
    from .pgn_dask import read_games_dask as run
    return run(sources, client, **kwargs)
