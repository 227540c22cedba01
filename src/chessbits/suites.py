"""Perft suites: read both common formats into one list of entries.

Formats (``#`` lines are comments in both):

- EPD style, one position a line: ``<FEN> ;D1 20 ;D2 400 ...``
- python-chess's ``.perft`` style, blocks of ``id <name>``, ``epd <FEN>``, ``perft <depth> <nodes>``.

Chess960 is detected from the castling rights (those possible only in Chess960, as
python-chess's has_chess960_castling_rights finds them) unless forced.

>>> entry = parse_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400")[0]
>>> entry.depths, entry.chess960
({1: 20, 2: 400}, False)
"""
import os
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from . import _core


@dataclass
class SuiteEntry:
    """One position of a suite with its published node counts per depth."""
    fen: str
    depths: Dict[int, int] = field(default_factory=dict)
    chess960: bool = False
    name: str = ""
    source: str = ""  # "file:line", for messages


def detect_chess960(fen: str) -> bool:
    """True if the FEN's castling rights only make sense in Chess960 (python-chess's
    has_chess960_castling_rights of the position, read by the C parser); False for a FEN that
    does not parse (its error surfaces where the position is used).

    >>> detect_chess960("rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1")
    True
    """
    try:
        return _core.Board(fen).has_chess960_castling_rights()
    except ValueError:
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
