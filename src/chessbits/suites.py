"""Perft suites: read both common formats into one list of entries.

Formats (``#`` lines are comments in both):

- EPD style, one position a line: ``<FEN> ;D1 20 ;D2 400 ...``
- python-chess's ``.perft`` style, blocks of ``id <name>``, ``epd <FEN>``, ``perft <depth> <nodes>``.

Chess960 is detected from the castling field (rook-file letters, or K/Q/k/q whose
king or rook does not stand on its standard square) unless forced.

>>> entry = parse_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400")[0]
>>> entry.depths, entry.chess960
({1: 20, 2: 400}, False)
"""
import os
from dataclasses import dataclass, field
from typing import Dict, List, Optional

_STANDARD_SQUARES = {"K": ("e1", "h1"), "Q": ("e1", "a1"), "k": ("e8", "h8"), "q": ("e8", "a8")}


@dataclass
class SuiteEntry:
    """One position of a suite with its published node counts per depth."""
    fen: str
    depths: Dict[int, int] = field(default_factory=dict)
    chess960: bool = False
    name: str = ""
    source: str = ""  # "file:line", for messages


def _piece_squares(board_field: str) -> Dict[str, str]:
    """square name -> piece letter, from a FEN board field (best effort; FEN errors surface later)."""
    squares: Dict[str, str] = {}
    for r, row in enumerate(board_field.split("/")):
        f = 0
        for ch in row:
            if "0" <= ch <= "9":  # ASCII only: isdigit() is also true of "²", which int() refuses
                f += int(ch)
            else:
                if f < 8 and r < 8:
                    squares["abcdefgh"[f] + str(8 - r)] = ch
                f += 1
    return squares


def detect_chess960(fen: str) -> bool:
    """True if the FEN's castling rights only make sense in Chess960."""
    fields = fen.split()
    if len(fields) < 3 or fields[2] == "-":
        return False
    castling = fields[2]
    if any(ch.upper() in "ABCDEFGH" for ch in castling):
        return True
    squares = _piece_squares(fields[0])
    for right in castling:
        if right not in _STANDARD_SQUARES:
            continue
        king_sq, rook_sq = _STANDARD_SQUARES[right]
        king, rook = ("K", "R") if right.isupper() else ("k", "r")
        if squares.get(king_sq) != king or squares.get(rook_sq) != rook:
            return True
    return False


def parse_text(text: str, source: str = "<text>", chess960: Optional[bool] = None) -> List[SuiteEntry]:
    """Entries of a suite given as text; ValueError naming the line for malformed input."""
    entries: List[SuiteEntry] = []
    current: Optional[SuiteEntry] = None
    name = ""
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{source}:{lineno}"
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        try:
            if word == "id":
                name = rest.strip()
            elif word == "epd":
                current = SuiteEntry(rest.strip(), name=name or where, source=where)
                entries.append(current)
                name = ""
            elif word == "perft":
                if current is None:
                    raise ValueError("perft line before any epd line")
                depth, nodes = rest.split()
                current.depths[int(depth)] = int(nodes)
            else:
                fen, *counts = line.split(";")
                current = SuiteEntry(fen.strip(), name=where, source=where)
                for count in counts:
                    d, nodes = count.split()
                    if not d.startswith("D"):
                        raise ValueError(f"expected ';D<depth> <nodes>', got {count.strip()!r}")
                    current.depths[int(d[1:])] = int(nodes)
                entries.append(current)
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
    for entry in entries:
        entry.chess960 = detect_chess960(entry.fen) if chess960 is None else chess960
    return entries


def load(path: str, chess960: Optional[bool] = None) -> List[SuiteEntry]:
    """Entries of a suite file (either format); OSError if unreadable, ValueError if malformed."""
    with open(path, encoding="utf-8") as f:
        return parse_text(f.read(), os.path.basename(path), chess960)
