"""Squares, colours, piece types and bitboard masks, numbered as python-chess numbers them.

>>> square_name(E4), parse_square("e4") == E4, BB_E4 == 1 << E4
('e4', True, True)
"""
from typing import List

__all__ = [
    "Color", "WHITE", "BLACK", "COLORS", "COLOR_NAMES", "PieceType", "PAWN", "KNIGHT",
    "BISHOP", "ROOK", "QUEEN", "KING", "PIECE_TYPES", "PIECE_SYMBOLS", "PIECE_NAMES", "Square",
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
FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
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


def square(file_index: int, rank_index: int) -> Square:
    """The square at a file and rank index (0..7). ``square(4, 3) == E4``."""
    return rank_index * 8 + file_index


def square_file(sq: Square) -> int:
    """The file index (0..7) of a square. ``square_file(E4) == 4``."""
    return sq & 7


def square_rank(sq: Square) -> int:
    """The rank index (0..7) of a square. ``square_rank(E4) == 3``."""
    return sq >> 3


def square_name(sq: Square) -> str:
    """The name of a square. ``square_name(0) == 'a1'``; ValueError outside 0..63."""
    if not isinstance(sq, int) or not 0 <= sq < 64:
        raise ValueError(f"square must be an int in 0..63, got {sq!r}")
    return SQUARE_NAMES[sq]


def parse_square(name: str) -> Square:
    """The square with a name. ``parse_square('h8') == 63``; ValueError for a bad name."""
    try:
        return _SQUARE_BY_NAME[name]
    except (KeyError, TypeError):
        raise ValueError(f"invalid square name: {name!r}") from None


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
