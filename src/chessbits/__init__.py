"""chessbits: chess bitboards, legal move generation and perft with a C core.

>>> import chessbits
>>> board = chessbits.Board()
>>> board.push_uci("g1f3"), len(board.legal_moves), board.perft(3)
(Move.from_uci('g1f3'), 20, 9748)
>>> chessbits.attacks.knight(chessbits.G1) == chessbits.BB_E2 | chessbits.BB_F3 | chessbits.BB_H3
True
"""
from . import attacks, squares
from ._core import STARTING_FEN as STARTING_FEN
from ._core import Board as Board
from ._core import LegalMoves as LegalMoves
from ._core import Move as Move
from ._core import Piece as Piece
from ._core import SquareSet as SquareSet
from ._core import build_info as build_info
from .squares import *  # noqa: F401,F403

__version__ = "0.1.0"
__all__ = ["Board", "LegalMoves", "Move", "Piece", "STARTING_FEN", "SquareSet", "attacks", "build_info", "__version__"]
__all__ += squares.__all__
