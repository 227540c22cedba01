"""chessbits: chess bitboards, legal move generation and perft with a C core.

>>> import chessbits
>>> board = chessbits.Board()
>>> board.push_uci("g1f3"), len(board.legal_moves), board.perft(3)
(Move.from_uci('g1f3'), 20, 9748)
>>> chessbits.attacks.knight(chessbits.G1) == chessbits.BB_E2 | chessbits.BB_F3 | chessbits.BB_H3
True
"""
from . import attacks, squares, status
from ._alias import MODULES as _MODULES
from ._alias import install_as_chess as install_as_chess
from ._alias import uninstall_as_chess as uninstall_as_chess
from ._api import pychess_api as pychess_api
from ._api import set_pychess_api as set_pychess_api
from ._core import STARTING_FEN as STARTING_FEN
from ._core import BaseBoard as BaseBoard
from ._core import Board as Board
from ._core import LegalMoveGenerator as LegalMoveGenerator
from ._core import LegalMoves as LegalMoves
from ._core import Move as Move
from ._core import Piece as Piece
from ._core import PseudoLegalMoveGenerator as PseudoLegalMoveGenerator
from ._core import SquareSet as SquareSet
from ._core import build_info as build_info

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .deep import perft_deep as perft_deep
    from .squares import *  # noqa: F401,F403
    from .status import *  # noqa: F401,F403
else:  # the same names, minus those squares and status build on first lookup (see __getattr__)
    globals().update((n, getattr(squares, n)) for n in squares.__all__ if n not in squares._LAZY)
    globals().update((n, getattr(status, n)) for n in status.__all__ if n != "Outcome")

__version__ = "0.1.0"
__all__ = ["BaseBoard", "Board", "LegalMoveGenerator", "LegalMoves", "Move", "Piece",
           "PseudoLegalMoveGenerator", "STARTING_FEN", "SquareSet", "attacks", "build_info", "perft_deep",
           "install_as_chess", "uninstall_as_chess", "pychess_api", "set_pychess_api", "__version__"]
__all__ += squares.__all__
__all__ += status.__all__


def __getattr__(name: str) -> object:
    """python-chess's submodules (pgn, polyglot, engine, ...), the attack dictionaries, regexes,
    typing aliases, Outcome and perft_deep (its module imports json, hashlib and dataclasses),
    made when first asked for."""
    if name in _MODULES:
        import importlib
        return importlib.import_module(f"{__name__}.{name}")  # which sets the attribute
    if name in squares._LAZY:
        value = getattr(squares, name)
    elif name == "Outcome":
        value = status.Outcome
    elif name == "perft_deep":
        from .deep import perft_deep as value
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> "list[str]":
    return sorted(set(globals()) | set(squares._LAZY) | set(_MODULES) | {"Outcome", "perft_deep"})
