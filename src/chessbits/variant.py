"""python-chess's variants (``chess.variant``), played in C: Suicide, Giveaway, Antichess,
Atomic, King of the Hill, Racing Kings, Horde, Three-check, Crazyhouse.

Each board is a chessbits Board whose every ply keeps the variant's state (explosions,
pockets, checks given); moves, legality, checks and the end of the game come from
ext/variant.c. Names, aliases, answers, move order and errors are python-chess's.

>>> import chessbits.variant
>>> board = chessbits.variant.CrazyhouseBoard()
>>> board.push_san("e4"), board.push_san("d5"), board.push_san("exd5")
(Move.from_uci('e2e4'), Move.from_uci('d7d5'), Move.from_uci('e4d5'))
>>> board.fen(), board.push_san("Qxd5"), board.pockets
('rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] b KQkq - 0 2', Move.from_uci('d8d5'), [CrazyhousePocket('p'), CrazyhousePocket('p')])
>>> board.san(chessbits.Move.from_uci("P@e6"))
'@e6'
"""
from __future__ import annotations

import operator
from typing import Iterable, Iterator, List, Type

from . import _core
from ._core import STARTING_BOARD_FEN, SquareSet
from .squares import (BB_ALL, BB_BACKRANKS, BB_KING_ATTACKS,
                      BB_RANK_1, BB_RANK_8, BB_SQUARES, PIECE_SYMBOLS, PIECE_TYPES, piece_symbol)
from .status import (STATUS_IMPOSSIBLE_CHECK, STATUS_NO_BLACK_KING, STATUS_NO_WHITE_KING, STATUS_OPPOSITE_CHECK,
                     STATUS_PAWNS_ON_BACKRANK, STATUS_RACE_CHECK, STATUS_RACE_MATERIAL, STATUS_RACE_OVER,
                     STATUS_TOO_MANY_BLACK_PAWNS, STATUS_TOO_MANY_BLACK_PIECES, STATUS_TOO_MANY_CHECKERS,
                     STATUS_TOO_MANY_KINGS, STATUS_TOO_MANY_WHITE_PAWNS, STATUS_TOO_MANY_WHITE_PIECES, Status)

__all__ = ["SuicideBoard", "GiveawayBoard", "AntichessBoard", "AtomicBoard", "KingOfTheHillBoard",
           "RacingKingsBoard", "HordeBoard", "ThreeCheckBoard", "CrazyhousePocket", "CrazyhouseBoard",
           "VARIANTS", "find_variant"]

_NO_TABLES = dict(tbw_suffix=None, tbz_suffix=None, tbw_magic=None, tbz_magic=None)
_CHECK_BITS = STATUS_OPPOSITE_CHECK | STATUS_TOO_MANY_CHECKERS | STATUS_IMPOSSIBLE_CHECK


def _popcount(bb: int) -> int:
    return bin(bb).count("1")


def _attacked_for_king(board: _core.Board, path: int, occupied: int) -> bool:
    """python-chess's Board._attacked_for_king: a square of path attacked with occupied."""
    return any(board.attackers_mask(not board.turn, sq, occupied) for sq in SquareSet(path))


def _impossible_check(board: _core.Board, checkers: int, attacked_for_king) -> bool:
    """python-chess's STATUS_IMPOSSIBLE_CHECK test with the variant's checkers and
    _attacked_for_king, as atomic keeps it: only where the en-passant square is valid."""
    ep = board.ep_square
    rank, shift = (5, -8) if board.turn else (2, 8)
    if ep is None or ep // 8 != rank or not board.pawns & board.occupied_co[not board.turn] & BB_SQUARES[ep + shift] \
            or board.occupied & (BB_SQUARES[ep] | BB_SQUARES[ep - shift]):
        return False  # no valid en-passant square: atomic clears the flag
    our_kings = board.kings & board.occupied_co[board.turn] & ~board.promoted
    pushed_to, pushed_from = ep + shift, ep - shift
    before = (board.occupied & ~BB_SQUARES[pushed_to]) | BB_SQUARES[pushed_from]
    return _popcount(checkers) > 1 or (checkers.bit_length() - 1 != pushed_to and attacked_for_king(our_kings, before))


class SuicideBoard(_core._VariantBoard):
    """Suicide chess: captures are compulsory, the king is an ordinary piece (kings
    promote), and losing every piece wins (or stalemate with fewer pieces).

    >>> board = SuicideBoard("4k3/8/8/8/8/1r3B2/8/4K3 b - - 0 1")
    >>> [board.san(m) for m in board.legal_moves]
    ['Rxf3']
    """
    aliases = ["Suicide", "Suicide chess"]
    uci_variant = "suicide"
    xboard_variant = "suicide"
    tbw_suffix = ".stbw"
    tbz_suffix = ".stbz"
    tbw_magic = b"\x7b\xf6\x93\x15"
    tbz_magic = b"\xe4\xcf\xe7\x23"
    pawnless_tbw_suffix = ".gtbw"
    pawnless_tbz_suffix = ".gtbz"
    pawnless_tbw_magic = b"\xbc\x55\xbc\x21"
    pawnless_tbz_magic = b"\xd6\xf5\x1b\x50"
    connected_kings = True
    one_king = False
    captures_compulsory = True

    def pin_mask(self, color: bool, square: int) -> int:
        return BB_ALL

    def pin(self, color: bool, square: int) -> SquareSet:
        return SquareSet(BB_ALL)

    def is_pinned(self, color: bool, square: int) -> bool:
        return False

    def _attacked_for_king(self, path: int, occupied: int) -> bool:
        return False

    def status(self) -> Status:
        """python-chess's status less what suicide allows: any number of kings, and no
        checks (the king is an ordinary piece)."""
        return super().status() & ~(STATUS_NO_WHITE_KING | STATUS_NO_BLACK_KING | STATUS_TOO_MANY_KINGS | _CHECK_BITS)


class GiveawayBoard(SuicideBoard):
    """Giveaway: suicide chess where a stalemated side wins whatever the material."""
    aliases = ["Giveaway", "Giveaway chess", "Give away", "Give away chess"]
    uci_variant = "giveaway"
    xboard_variant = "giveaway"
    tbw_suffix = ".gtbw"
    tbz_suffix = ".gtbz"
    tbw_magic = b"\xbc\x55\xbc\x21"
    tbz_magic = b"\xd6\xf5\x1b\x50"
    pawnless_tbw_suffix = ".stbw"
    pawnless_tbz_suffix = ".stbz"
    pawnless_tbw_magic = b"\x7b\xf6\x93\x15"
    pawnless_tbz_magic = b"\xe4\xcf\xe7\x23"


class AntichessBoard(GiveawayBoard):
    """Antichess (lichess): giveaway from a start without castling rights."""
    aliases = ["Antichess", "Anti chess", "Anti"]
    uci_variant = "antichess"
    starting_fen = f"{STARTING_BOARD_FEN} w - - 0 1"


class AtomicBoard(_core._VariantBoard):
    """Atomic chess: a capture explodes every piece but pawns next to it, the capturer
    included; exploding the enemy king wins, and kings that touch cannot check.

    >>> board = AtomicBoard("rnbqkb1r/pp2pppp/2p2n2/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R b KQkq - 3 4")
    >>> board.push_san("dxc4"); board.board_fen()
    Move.from_uci('d5c4')
    'rnbqkb1r/pp2pppp/2p2n2/8/3P4/5N2/PP2PPPP/R1BQKB1R'
    """
    aliases = ["Atomic", "Atom", "Atomic chess"]
    uci_variant = "atomic"
    xboard_variant = "atomic"
    tbw_suffix = ".atbw"
    tbz_suffix = ".atbz"
    tbw_magic = b"\x55\x8d\xa4\x49"
    tbz_magic = b"\x91\xa9\x5e\xeb"
    connected_kings = True

    def _attacked_for_king(self, path: int, occupied: int) -> bool:
        for king in SquareSet(self.kings & self.occupied_co[not self.turn]):
            path &= ~BB_KING_ATTACKS[king]
        return _attacked_for_king(self, path, occupied)

    def status(self) -> Status:
        """python-chess's status with atomic's checks: up to 14 checkers, none while the
        kings touch, the side to move may have lost its king."""
        status = super().status() & ~_CHECK_BITS
        checkers = self.checkers_mask()
        if _popcount(checkers) > 14:
            status |= STATUS_TOO_MANY_CHECKERS
        if checkers and _impossible_check(self, checkers, self._attacked_for_king):
            status |= STATUS_IMPOSSIBLE_CHECK
        return status & ~(STATUS_NO_WHITE_KING if self.turn else STATUS_NO_BLACK_KING)


class KingOfTheHillBoard(_core._VariantBoard):
    """King of the Hill: a king reaching d4, e4, d5 or e5 wins."""
    aliases = ["King of the Hill", "KOTH", "kingOfTheHill"]
    uci_variant = "kingofthehill"
    xboard_variant = "kingofthehill"
    locals().update(_NO_TABLES)


class RacingKingsBoard(_core._VariantBoard):
    """Racing Kings: no checks at all; the first king on the eighth rank wins (black may
    draw level on the next move)."""
    aliases = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant = "racingkings"
    xboard_variant = "racingkings"
    starting_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    locals().update(_NO_TABLES)

    def status(self) -> Status:
        """python-chess's status and racing kings' own: no check, no race already over, the
        material of the start at most."""
        status = super().status()
        if self.is_check():
            status |= STATUS_RACE_CHECK | STATUS_TOO_MANY_CHECKERS | STATUS_IMPOSSIBLE_CHECK
        if not self.turn and all(self.occupied_co[c] & self.kings & BB_RANK_8 for c in (True, False)):
            status |= STATUS_RACE_OVER
        if self.pawns:
            status |= STATUS_RACE_MATERIAL
        for color in (True, False):
            ours = self.occupied_co[color]
            if (_popcount(ours & self.knights) > 2 or _popcount(ours & self.bishops) > 2
                    or _popcount(ours & self.rooks) > 2 or _popcount(ours & self.queens) > 1):
                status |= STATUS_RACE_MATERIAL
        return status


class HordeBoard(_core._VariantBoard):
    """Horde: white's 36 pawns against black's army; black wins by capturing them all."""
    aliases = ["Horde", "Horde chess"]
    uci_variant = "horde"
    xboard_variant = "horde"
    starting_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
    locals().update(_NO_TABLES)

    def status(self) -> Status:
        """python-chess's status with the horde's allowances: no white king, up to 36 white
        pawns, white pawns on the first rank."""
        status = super().status() & ~STATUS_NO_WHITE_KING
        if _popcount(self.occupied_co[True]) <= 36:
            status &= ~(STATUS_TOO_MANY_WHITE_PIECES | STATUS_TOO_MANY_WHITE_PAWNS)
        if not self.pawns & BB_RANK_8 and not self.occupied_co[False] & self.pawns & BB_RANK_1:
            status &= ~STATUS_PAWNS_ON_BACKRANK
        if self.occupied_co[True] & self.kings:
            status |= STATUS_TOO_MANY_KINGS
        return status


class ThreeCheckBoard(_core._VariantBoard):
    """Three-check: giving the third check wins. ``remaining_checks[color]`` counts the
    checks color may still give; FENs carry them as ``3+3`` (or lichess's ``+0+0``).

    >>> board = ThreeCheckBoard("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+3 0 2")
    >>> board.push_san("Qh5"), board.push_san("Nc6"), board.push_san("Qxf7+")
    (Move.from_uci('d1h5'), Move.from_uci('b8c6'), Move.from_uci('h5f7'))
    >>> board.remaining_checks[True], board.epd()
    (2, 'r1bqkbnr/pppp1Qpp/2n5/4p3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3')
    """
    aliases = ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check", "3check"]
    uci_variant = "3check"
    xboard_variant = "3check"
    starting_fen = f"{STARTING_BOARD_FEN} w KQkq - 3+3 0 1"
    locals().update(_NO_TABLES)

    @property
    def remaining_checks(self) -> List[int]:
        """The checks each side may still give, ``[black, white]`` (index by colour): a list the
        board keeps and plays by, written into as python-chess's is."""
        return self._live_list()

    @remaining_checks.setter
    def remaining_checks(self, checks: Iterable[int]) -> None:
        self._set_live(checks)


class CrazyhousePocket:
    """A crazyhouse pocket: a count for each piece type.

    >>> pocket = CrazyhousePocket("qnn"); pocket.add(1); str(pocket), len(pocket)
    ('qnnp', 4)
    """

    def __init__(self, symbols: Iterable[str] = "") -> None:
        self._board = None  # a CrazyhouseBoard whose pocket this is (its counts there), or None
        self.reset()
        for symbol in symbols:
            self.add(PIECE_SYMBOLS.index(symbol))

    def _bind(self, board: _core._VariantBoard, color: bool) -> None:
        """From now on, color's pocket of board (the board has taken its counts)."""
        self._board, self._color = board, color

    def _unbind(self) -> None:
        """A pocket of its own again, with the counts it had on the board."""
        pieces = [-1] + [self.count(pt) for pt in PIECE_TYPES]
        self._board, self._pieces = None, pieces

    def reset(self) -> None:
        """Empty the pocket."""
        if self._board is None:
            self._pieces = [-1, 0, 0, 0, 0, 0, 0]
            return
        for pt in PIECE_TYPES:
            self._board._set_pocket(self._color, pt, 0)

    def add(self, piece_type: int) -> None:
        """Put a piece of piece_type in."""
        if self._board is None:
            self._pieces[piece_type] += 1
        else:
            self._board._set_pocket(self._color, piece_type, self.count(piece_type) + 1)

    def remove(self, piece_type: int) -> None:
        """Take a piece of piece_type out (AssertionError if there is none, as python-chess)."""
        assert self.count(piece_type), f"cannot remove {piece_symbol(piece_type)} from {self!r}"
        if self._board is None:
            self._pieces[piece_type] -= 1
        else:
            self._board._set_pocket(self._color, piece_type, self.count(piece_type) - 1)

    def count(self, piece_type: int) -> int:
        """How many pieces of piece_type are in."""
        if self._board is None:
            return self._pieces[piece_type]
        i = operator.index(piece_type)  # indexed as python-chess's list [-1, pawns, ..., kings]
        i += 7 if i < 0 else 0
        return -1 if i == 0 else self._board._pocket(self._color, i)

    def __str__(self) -> str:
        return "".join(piece_symbol(pt) * self.count(pt) for pt in reversed(PIECE_TYPES))

    def __len__(self) -> int:
        return sum(self.count(pt) for pt in PIECE_TYPES)

    def __repr__(self) -> str:
        return f"CrazyhousePocket('{self}')"

    def copy(self) -> CrazyhousePocket:
        """An independent copy."""
        pocket = CrazyhousePocket()
        pocket._pieces = [-1] + [self.count(pt) for pt in PIECE_TYPES]
        return pocket


class CrazyhouseBoard(_core._VariantBoard):
    """Crazyhouse: a captured piece joins the captor's pocket and may be dropped (``N@f3``)
    instead of a move. ``pockets[color]`` is color's pocket; FENs carry them as ``[Nq]``.

    >>> board = CrazyhouseBoard("4k3/8/8/1n6/8/3B4/8/4K3 w - - 0 1")
    >>> board.push_san("Bxb5+"); board.fen()
    Move.from_uci('d3b5')
    '4k3/8/8/1B6/8/8/8/4K3[N] b - - 0 1'
    """
    aliases = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = f"{STARTING_BOARD_FEN}[] w KQkq - 0 1"
    locals().update(_NO_TABLES)

    @property
    def pockets(self) -> List[CrazyhousePocket]:
        """Each side's pocket, ``[black, white]`` (index by colour): a list the board keeps and
        plays by; a pocket put into it becomes the board's, as in python-chess."""
        return self._live_list()

    @pockets.setter
    def pockets(self, pockets: Iterable[CrazyhousePocket]) -> None:
        self._set_live(pockets)

    def legal_drop_squares_mask(self) -> int:
        """The squares a piece may be dropped on (whatever the pocket holds): every empty
        one, those between king and checker in check, none in double check. Out of check
        (or without a king) python-chess's value: ``~occupied``, a negative int."""
        if not self.checkers_mask() or self.king(self.turn) is None:
            return ~self.occupied
        return self._drop_squares()

    def legal_drop_squares(self) -> SquareSet:
        """legal_drop_squares_mask() as a SquareSet (dropping a mate is legal)."""
        return SquareSet(self._drop_squares())

    def generate_pseudo_legal_drops(self, to_mask: int = BB_ALL) -> Iterator[_core.Move]:
        """Drops of pocket pieces onto empty squares of to_mask (no pawn on a back rank)."""
        for pt in PIECE_TYPES:
            if self._pocket(self.turn, pt):
                targets = to_mask & ~self.occupied & (~BB_BACKRANKS if pt == 1 else BB_ALL)
                for square in SquareSet(targets):
                    yield _core.Move(square, square, drop=pt)

    def generate_legal_drops(self, to_mask: int = BB_ALL) -> Iterator[_core.Move]:
        """The legal drops onto to_mask."""
        return self.generate_pseudo_legal_drops(to_mask=self._drop_squares() & to_mask)

    def status(self) -> Status:
        """python-chess's status counting the pockets: 16 pawns and 32 pieces in all."""
        status = super().status()
        white, black = self.pockets[True], self.pockets[False]
        if _popcount(self.pawns) + white.count(1) + black.count(1) <= 16:
            status &= ~(STATUS_TOO_MANY_BLACK_PAWNS | STATUS_TOO_MANY_WHITE_PAWNS)
        if _popcount(self.occupied) + len(white) + len(black) <= 32:
            status &= ~(STATUS_TOO_MANY_BLACK_PIECES | STATUS_TOO_MANY_WHITE_PIECES)
        return status


VARIANTS: List[Type[_core.Board]] = [
    _core.Board,
    SuicideBoard, GiveawayBoard, AntichessBoard,
    AtomicBoard,
    KingOfTheHillBoard,
    RacingKingsBoard,
    HordeBoard,
    ThreeCheckBoard,
    CrazyhouseBoard,
]


def find_variant(name: str) -> Type[_core.Board]:
    """The board class of a variant by any of its aliases (case-insensitive); ValueError
    if there is none.

    >>> find_variant("koth").__name__
    'KingOfTheHillBoard'
    """
    for variant in VARIANTS:
        if any(alias.lower() == name.lower() for alias in variant.aliases):
            return variant
    raise ValueError(f"unsupported variant: {name}")
