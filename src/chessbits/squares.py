"""Squares, colours, piece types and bitboards, numbered and named as python-chess has them.

>>> square_name(E4), parse_square("e4") == E4, BB_E4 == 1 << E4
('e4', True, True)
>>> square_distance(A1, H8), list(scan_reversed(BB_A1 | BB_H8)), flip_vertical(BB_A1) == BB_A8
(7, [63, 0], True)

Importing this module stays cheap: the attack dictionaries (``BB_DIAG_ATTACKS`` and
friends), the regexes and the ``typing`` aliases are built when first looked up.
"""
from __future__ import annotations

from ._core import STARTING_BOARD_FEN as _STARTING_BOARD_FEN
from ._core import SquareSet as _SquareSet
from ._core import square as square
from ._core import square_file as square_file
from ._core import square_mirror as square_mirror
from ._core import square_rank as square_rank
from ._core import _between_table, _line_table, _scan_squares
from ._core import bishop as _bishop
from ._core import king as _king
from ._core import knight as _knight
from ._core import pawn as _pawn
from ._core import rook as _rook

TYPE_CHECKING = False  # typing costs ~10 ms to import; only type checkers read these
if TYPE_CHECKING:
    import re
    from typing import Dict, Iterable, Iterator, List, Literal, Optional, SupportsIndex, SupportsInt, \
        TypeVar, Union

    ColorName = Literal["white", "black"]
    EnPassantSpec = Literal["legal", "fen", "xfen"]
    IntoSquareSet = Union[SupportsInt, Iterable[int]]
    _BB = TypeVar("_BB", int, _SquareSet)

    BB_DIAG_MASKS: List[int]
    BB_FILE_MASKS: List[int]
    BB_RANK_MASKS: List[int]
    BB_DIAG_ATTACKS: List[Dict[int, int]]
    BB_FILE_ATTACKS: List[Dict[int, int]]
    BB_RANK_ATTACKS: List[Dict[int, int]]
    SAN_REGEX: re.Pattern[str]
    FEN_CASTLING_REGEX: re.Pattern[str]

# Built on first lookup by __getattr__ below.
_LAZY = (
    "BB_DIAG_MASKS", "BB_DIAG_ATTACKS", "BB_FILE_MASKS", "BB_FILE_ATTACKS", "BB_RANK_MASKS",
    "BB_RANK_ATTACKS", "SAN_REGEX", "FEN_CASTLING_REGEX", "ColorName", "IntoSquareSet", "EnPassantSpec",
)

__all__ = [
    "Color", "WHITE", "BLACK", "COLORS", "COLOR_NAMES", "PieceType", "PAWN", "KNIGHT",
    "BISHOP", "ROOK", "QUEEN", "KING", "PIECE_TYPES", "PIECE_SYMBOLS", "PIECE_NAMES", "Square",
    "File", "FILE_A", "FILE_B", "FILE_C", "FILE_D", "FILE_E", "FILE_F", "FILE_G", "FILE_H", "FILES",
    "Rank", "RANK_1", "RANK_2", "RANK_3", "RANK_4", "RANK_5", "RANK_6", "RANK_7", "RANK_8", "RANKS",
    "parse_file", "file_name", "parse_rank", "rank_name",
    "FILE_NAMES", "RANK_NAMES", "SQUARES", "SQUARE_NAMES", "A1", "B1", "C1", "D1", "E1", "F1",
    "G1", "H1", "A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "A3", "B3", "C3", "D3", "E3",
    "F3", "G3", "H3", "A4", "B4", "C4", "D4", "E4", "F4", "G4", "H4", "A5", "B5", "C5", "D5",
    "E5", "F5", "G5", "H5", "A6", "B6", "C6", "D6", "E6", "F6", "G6", "H6", "A7", "B7", "C7",
    "D7", "E7", "F7", "G7", "H7", "A8", "B8", "C8", "D8", "E8", "F8", "G8", "H8", "square",
    "square_file", "square_rank", "square_name", "parse_square", "Bitboard", "BB_EMPTY",
    "BB_ALL", "BB_SQUARES", "BB_A1", "BB_B1", "BB_C1", "BB_D1", "BB_E1", "BB_F1", "BB_G1",
    "BB_H1", "BB_A2", "BB_B2", "BB_C2", "BB_D2", "BB_E2", "BB_F2", "BB_G2", "BB_H2", "BB_A3",
    "BB_B3", "BB_C3", "BB_D3", "BB_E3", "BB_F3", "BB_G3", "BB_H3", "BB_A4", "BB_B4", "BB_C4",
    "BB_D4", "BB_E4", "BB_F4", "BB_G4", "BB_H4", "BB_A5", "BB_B5", "BB_C5", "BB_D5", "BB_E5",
    "BB_F5", "BB_G5", "BB_H5", "BB_A6", "BB_B6", "BB_C6", "BB_D6", "BB_E6", "BB_F6", "BB_G6",
    "BB_H6", "BB_A7", "BB_B7", "BB_C7", "BB_D7", "BB_E7", "BB_F7", "BB_G7", "BB_H7", "BB_A8",
    "BB_B8", "BB_C8", "BB_D8", "BB_E8", "BB_F8", "BB_G8", "BB_H8", "BB_FILES", "BB_FILE_A",
    "BB_FILE_B", "BB_FILE_C", "BB_FILE_D", "BB_FILE_E", "BB_FILE_F", "BB_FILE_G", "BB_FILE_H",
    "BB_RANKS", "BB_RANK_1", "BB_RANK_2", "BB_RANK_3", "BB_RANK_4", "BB_RANK_5", "BB_RANK_6",
    "BB_RANK_7", "BB_RANK_8", "BB_CORNERS", "BB_CENTER", "BB_LIGHT_SQUARES", "BB_DARK_SQUARES",
    "BB_BACKRANKS",
    "piece_symbol", "piece_name", "UNICODE_PIECE_SYMBOLS", "STARTING_BOARD_FEN", "SQUARES_180",
    "square_distance", "square_manhattan_distance", "square_knight_distance", "square_mirror",
    "lsb", "msb", "scan_forward", "scan_reversed", "popcount", "flip_vertical", "flip_horizontal",
    "flip_diagonal", "flip_anti_diagonal", "shift_down", "shift_2_down", "shift_up", "shift_2_up",
    "shift_right", "shift_2_right", "shift_left", "shift_2_left", "shift_up_left", "shift_up_right",
    "shift_down_left", "shift_down_right", "BB_KNIGHT_ATTACKS", "BB_KING_ATTACKS",
    "BB_PAWN_ATTACKS", "BB_RAYS", "ray", "between",
    # _LAZY, spelled out so that type checkers see them
    "BB_DIAG_MASKS", "BB_DIAG_ATTACKS", "BB_FILE_MASKS", "BB_FILE_ATTACKS", "BB_RANK_MASKS",
    "BB_RANK_ATTACKS", "SAN_REGEX", "FEN_CASTLING_REGEX", "ColorName", "IntoSquareSet", "EnPassantSpec",
]


Color = bool
WHITE: Color = True
BLACK: Color = False
COLORS = [WHITE, BLACK]
COLOR_NAMES = ["black", "white"]

PieceType = int
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
PIECE_TYPES = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]

Square = int
File = int  # the file and rank names are python-chess master's (its next release)
FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H = FILES = list(range(8))
FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
Rank = int
RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8 = RANKS = list(range(8))
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]
SQUARES: List[Square] = list(range(64))
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
_SQUARE_BY_NAME = {name: sq for sq, name in enumerate(SQUARE_NAMES)}

(A1, B1, C1, D1, E1, F1, G1, H1,
 A2, B2, C2, D2, E2, F2, G2, H2,
 A3, B3, C3, D3, E3, F3, G3, H3,
 A4, B4, C4, D4, E4, F4, G4, H4,
 A5, B5, C5, D5, E5, F5, G5, H5,
 A6, B6, C6, D6, E6, F6, G6, H6,
 A7, B7, C7, D7, E7, F7, G7, H7,
 A8, B8, C8, D8, E8, F8, G8, H8) = SQUARES


def square_name(sq: Square) -> str:
    """The name of a square. ``square_name(0) == 'a1'``; ValueError outside 0..63."""
    if not isinstance(sq, int) or not 0 <= sq < 64:
        raise ValueError(f"square must be an int in 0..63, got {sq!r}")
    return SQUARE_NAMES[sq]


def parse_file(name: str) -> File:
    """The file with a name. ``parse_file('c') == FILE_C``; ValueError for a bad name."""
    return FILE_NAMES.index(name)


def file_name(file: File) -> str:
    """The name of a file. ``file_name(FILE_C) == 'c'``."""
    return FILE_NAMES[file]


def parse_rank(name: str) -> Rank:
    """The rank with a name. ``parse_rank('3') == RANK_3``; ValueError for a bad name
    (python-chess master reads FILE_NAMES here, a slip: ``parse_rank('c')`` gives 2 there)."""
    return RANK_NAMES.index(name)


def rank_name(rank: Rank) -> str:
    """The name of a rank. ``rank_name(RANK_3) == '3'`` (python-chess master gives 'c')."""
    return RANK_NAMES[rank]


def parse_square(name: str) -> Square:
    """The square with a name. ``parse_square('h8') == 63``; ValueError for a bad name
    (python-chess's words: ``"'z9' is not in list"``)."""
    try:
        return _SQUARE_BY_NAME[name]
    except (KeyError, TypeError):
        raise ValueError(f"{name!r} is not in list") from None


Bitboard = int
BB_EMPTY = 0
BB_ALL = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES = [1 << sq for sq in SQUARES]
(BB_A1, BB_B1, BB_C1, BB_D1, BB_E1, BB_F1, BB_G1, BB_H1,
 BB_A2, BB_B2, BB_C2, BB_D2, BB_E2, BB_F2, BB_G2, BB_H2,
 BB_A3, BB_B3, BB_C3, BB_D3, BB_E3, BB_F3, BB_G3, BB_H3,
 BB_A4, BB_B4, BB_C4, BB_D4, BB_E4, BB_F4, BB_G4, BB_H4,
 BB_A5, BB_B5, BB_C5, BB_D5, BB_E5, BB_F5, BB_G5, BB_H5,
 BB_A6, BB_B6, BB_C6, BB_D6, BB_E6, BB_F6, BB_G6, BB_H6,
 BB_A7, BB_B7, BB_C7, BB_D7, BB_E7, BB_F7, BB_G7, BB_H7,
 BB_A8, BB_B8, BB_C8, BB_D8, BB_E8, BB_F8, BB_G8, BB_H8) = BB_SQUARES

BB_FILES = [0x0101_0101_0101_0101 << i for i in range(8)]
BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H = BB_FILES
BB_RANKS = [0xFF << (8 * i) for i in range(8)]
BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8 = BB_RANKS
BB_CORNERS = BB_A1 | BB_H1 | BB_A8 | BB_H8
BB_CENTER = BB_D4 | BB_E4 | BB_D5 | BB_E5
BB_LIGHT_SQUARES = 0x55AA_55AA_55AA_55AA
BB_DARK_SQUARES = 0xAA55_AA55_AA55_AA55
BB_BACKRANKS = BB_RANK_1 | BB_RANK_8


def piece_symbol(piece_type: PieceType) -> str:
    """The lowercase letter of a piece type. ``piece_symbol(KNIGHT) == 'n'``."""
    return PIECE_SYMBOLS[piece_type]  # type: ignore[return-value]


def piece_name(piece_type: PieceType) -> str:
    """The English name of a piece type. ``piece_name(QUEEN) == 'queen'``."""
    return PIECE_NAMES[piece_type]  # type: ignore[return-value]


UNICODE_PIECE_SYMBOLS = {
    "R": "♖", "r": "♜", "N": "♘", "n": "♞", "B": "♗", "b": "♝",
    "Q": "♕", "q": "♛", "K": "♔", "k": "♚", "P": "♙", "p": "♟",
}

STARTING_BOARD_FEN = _STARTING_BOARD_FEN


def square_distance(a: Square, b: Square) -> int:
    """King steps from a to b (Chebyshev distance). ``square_distance(A1, H8) == 7``."""
    return max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3)))


def square_manhattan_distance(a: Square, b: Square) -> int:
    """Rook-like single steps from a to b (taxicab distance). ``square_manhattan_distance(A1, H8) == 14``."""
    return abs((a & 7) - (b & 7)) + abs((a >> 3) - (b >> 3))


_knight_distances: List[List[int]] = []


def square_knight_distance(a: Square, b: Square) -> int:
    """Knight moves from a to b on the 8x8 board. ``square_knight_distance(A1, B2) == 4``."""
    if not _knight_distances:
        _knight_distances.extend(_knight_bfs(sq) for sq in SQUARES)
    return _knight_distances[a][b]


def _knight_bfs(start: Square) -> List[int]:
    """Knight distances from start to every square, by breadth-first flood over the attack table."""
    dist = [0] * 64
    seen = frontier = 1 << start
    steps = 0
    while frontier:
        steps += 1
        reached = 0
        for sq in _scan_squares(frontier):
            reached |= BB_KNIGHT_ATTACKS[sq]
        frontier = reached & ~seen
        seen |= frontier
        for sq in _scan_squares(frontier):
            dist[sq] = steps
    return dist


SQUARES_180: List[Square] = [square_mirror(sq) for sq in SQUARES]


# Bit scans. Each takes an int or anything with __index__ (a SquareSet, say); python-chess's
# take ints only. Out of 64 bits they scan every bit of a non-negative int.

def lsb(bb: SupportsIndex) -> int:
    """The lowest set square, -1 for an empty board. ``lsb(BB_E4 | BB_H8) == E4``."""
    b = bb if type(bb) is int else bb.__index__()
    return (b & -b).bit_length() - 1


def msb(bb: SupportsIndex) -> int:
    """The highest set square, -1 for an empty board. ``msb(BB_E4 | BB_H8) == H8``."""
    b = bb if type(bb) is int else bb.__index__()
    return b.bit_length() - 1


_bit_count = getattr(int, "bit_count", None)  # Python 3.10+


def popcount(bb: SupportsIndex) -> int:
    """The number of set squares. ``popcount(BB_CENTER) == 4``."""
    b = bb if type(bb) is int else bb.__index__()
    return _bit_count(b) if _bit_count is not None else bin(b).count("1")


def scan_forward(bb: SupportsIndex) -> Iterator[Square]:
    """The set squares, lowest first. ``list(scan_forward(BB_A1 | BB_H8)) == [0, 63]``."""
    b = bb if type(bb) is int else bb.__index__()
    return _scan_squares(b) if 0 <= b <= BB_ALL else _scan_wide(b, False)


def scan_reversed(bb: SupportsIndex) -> Iterator[Square]:
    """The set squares, highest first. ``list(scan_reversed(BB_A1 | BB_H8)) == [63, 0]``."""
    b = bb if type(bb) is int else bb.__index__()
    return _scan_squares(b, True) if 0 <= b <= BB_ALL else _scan_wide(b, True)


def _scan_wide(b: int, reverse: bool) -> Iterator[int]:
    if b < 0:
        raise ValueError(f"cannot scan the squares of a negative bitboard: {b}")
    bits = [i for i in range(b.bit_length()) if b >> i & 1]
    return reversed(bits) if reverse else iter(bits)


# Flips and mirrors, after chessprogramming.org's "Flipping Mirroring and Rotating". Like
# python-chess's they take ints or SquareSets and return what they were given.

def flip_vertical(bb: _BB) -> _BB:
    """The board flipped top to bottom (rank 1 <-> rank 8). ``flip_vertical(BB_A1) == BB_A8``."""
    if type(bb) is int and 0 <= bb <= BB_ALL:
        return int.from_bytes(bb.to_bytes(8, "little"), "big")
    if type(bb) is _SquareSet:
        return bb.mirror()
    bb = ((bb >> 8) & 0x00FF_00FF_00FF_00FF) | ((bb & 0x00FF_00FF_00FF_00FF) << 8)
    bb = ((bb >> 16) & 0x0000_FFFF_0000_FFFF) | ((bb & 0x0000_FFFF_0000_FFFF) << 16)
    return (bb >> 32) | ((bb & 0x0000_0000_FFFF_FFFF) << 32)


def flip_horizontal(bb: _BB) -> _BB:
    """The board mirrored left to right (a-file <-> h-file). ``flip_horizontal(BB_A1) == BB_H1``."""
    for k, d in ((0x5555_5555_5555_5555, 1), (0x3333_3333_3333_3333, 2), (0x0F0F_0F0F_0F0F_0F0F, 4)):
        bb = ((bb >> d) & k) | ((bb & k) << d)
    return bb


def flip_diagonal(bb: _BB) -> _BB:
    """The board flipped about the a1-h8 diagonal. ``flip_diagonal(BB_H1) == BB_A8``."""
    for k, d in ((0x0F0F_0F0F_0000_0000, 28), (0x3333_0000_3333_0000, 14), (0x5500_5500_5500_5500, 7)):
        t = (bb ^ (bb << d)) & k
        bb = bb ^ t ^ (t >> d)
    return bb


def flip_anti_diagonal(bb: _BB) -> _BB:
    """The board flipped about the a8-h1 diagonal. ``flip_anti_diagonal(BB_A1) == BB_H8``."""
    t = bb ^ (bb << 36)
    bb = bb ^ ((t ^ (bb >> 36)) & 0xF0F0_F0F0_0F0F_0F0F)
    for k, d in ((0xCCCC_0000_CCCC_0000, 18), (0xAA00_AA00_AA00_AA00, 9)):
        t = (bb ^ (bb << d)) & k
        bb = bb ^ t ^ (t >> d)
    return bb


# One-step shifts. Upward results are cut to 64 bits; downward ones are not (as in python-chess,
# which matters only for ints wider than a board).

_NOT_A = BB_ALL ^ BB_FILE_A
_NOT_AB = BB_ALL ^ BB_FILE_A ^ BB_FILE_B
_NOT_H = ~BB_FILE_H
_NOT_GH = ~(BB_FILE_G | BB_FILE_H)


def shift_down(b: _BB) -> _BB:
    """Every square one rank down. ``shift_down(BB_E4) == BB_E3``."""
    return b >> 8


def shift_2_down(b: _BB) -> _BB:
    """Every square two ranks down. ``shift_2_down(BB_E4) == BB_E2``."""
    return b >> 16


def shift_up(b: _BB) -> _BB:
    """Every square one rank up. ``shift_up(BB_E4) == BB_E5``."""
    return (b << 8) & BB_ALL


def shift_2_up(b: _BB) -> _BB:
    """Every square two ranks up. ``shift_2_up(BB_E4) == BB_E6``."""
    return (b << 16) & BB_ALL


def shift_right(b: _BB) -> _BB:
    """Every square one file right, dropping the h-file. ``shift_right(BB_E4) == BB_F4``."""
    return (b << 1) & _NOT_A


def shift_2_right(b: _BB) -> _BB:
    """Every square two files right. ``shift_2_right(BB_E4) == BB_G4``."""
    return (b << 2) & _NOT_AB


def shift_left(b: _BB) -> _BB:
    """Every square one file left, dropping the a-file. ``shift_left(BB_E4) == BB_D4``."""
    return (b >> 1) & _NOT_H


def shift_2_left(b: _BB) -> _BB:
    """Every square two files left. ``shift_2_left(BB_E4) == BB_C4``."""
    return (b >> 2) & _NOT_GH


def shift_up_left(b: _BB) -> _BB:
    """Every square one step up-left. ``shift_up_left(BB_E4) == BB_D5``."""
    return (b << 7) & (BB_ALL ^ BB_FILE_H)


def shift_up_right(b: _BB) -> _BB:
    """Every square one step up-right. ``shift_up_right(BB_E4) == BB_F5``."""
    return (b << 9) & _NOT_A


def shift_down_left(b: _BB) -> _BB:
    """Every square one step down-left. ``shift_down_left(BB_E4) == BB_D3``."""
    return (b >> 9) & _NOT_H


def shift_down_right(b: _BB) -> _BB:
    """Every square one step down-right. ``shift_down_right(BB_E4) == BB_F3``."""
    return (b >> 7) & ~BB_FILE_A


# Attack tables, read from the C core's tables.

BB_KNIGHT_ATTACKS: List[Bitboard] = [_knight(sq) for sq in SQUARES]
BB_KING_ATTACKS: List[Bitboard] = [_king(sq) for sq in SQUARES]
BB_PAWN_ATTACKS: List[List[Bitboard]] = [[_pawn(color, sq) for sq in SQUARES] for color in (BLACK, WHITE)]
BB_RAYS: List[List[Bitboard]] = _line_table()
_BB_BETWEEN: List[List[Bitboard]] = _between_table()


def ray(a: Square, b: Square) -> Bitboard:
    """The whole rank, file or diagonal through a and b; 0 if not aligned or a == b.

    >>> ray(E2, B5) == BB_A6 | BB_B5 | BB_C4 | BB_D3 | BB_E2 | BB_F1
    True
    """
    return BB_RAYS[a][b]


def between(a: Square, b: Square) -> Bitboard:
    """The squares strictly between a and b on a line; 0 if not aligned.

    >>> between(E2, B5) == BB_C4 | BB_D3
    True
    """
    bb = _BB_BETWEEN[a][b]
    if a < 0 or b < 0:
        raise ValueError("negative shift count")  # python-chess computes BB_ALL << a
    return bb


def _slider_table(kind: str) -> None:
    """Fills BB_<kind>_MASKS and BB_<kind>_ATTACKS as python-chess lays them out: per square,
    the inner squares of the line(s) and a dict from every subset of them to the attacks."""
    masks: List[int] = []
    tables: List[Dict[int, int]] = []
    for sq in SQUARES:
        file, rank = sq & 7, sq >> 3
        if kind == "DIAG":
            def attacks(occ: int) -> int:
                return _bishop(sq, occ)
        else:
            line = BB_FILES[file] if kind == "FILE" else BB_RANKS[rank]

            def attacks(occ: int) -> int:
                return _rook(sq, occ) & line
        edges = (BB_BACKRANKS & ~BB_RANKS[rank]) | ((BB_FILE_A | BB_FILE_H) & ~BB_FILES[file])
        mask = attacks(0) & ~edges
        masks.append(mask)
        tables.append({sub: attacks(sub) for sub in _SquareSet(mask).carry_rippler()})
    globals()[f"BB_{kind}_MASKS"] = masks
    globals()[f"BB_{kind}_ATTACKS"] = tables


def _build(name: str) -> None:
    if name.startswith("BB_"):
        _slider_table(name.split("_")[1])
    elif name.endswith("_REGEX"):
        import re
        globals()["SAN_REGEX"] = re.compile(r"^([NBRQK])?([a-h])?([1-8])?[-x]?([a-h][1-8])(=?[NBRQKnbrqk])?[+#]?\Z")
        globals()["FEN_CASTLING_REGEX"] = re.compile(r"^(?:-|[A-HKQ]{0,2}[a-hkq]{0,2})\Z")
    else:
        import typing
        globals()["ColorName"] = typing.Literal["white", "black"]
        globals()["EnPassantSpec"] = typing.Literal["legal", "fen", "xfen"]
        globals()["IntoSquareSet"] = typing.Union[typing.SupportsInt, typing.Iterable[Square]]


def __getattr__(name: str) -> object:
    if name in _LAZY:
        _build(name)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(_LAZY))
