"""Compare two move generators and drill down to the exact position where they part.

A generator is a *divide* function ``(fen, depth) -> {uci: nodes}``; the ones
here (and :meth:`chessbits.uci.UciEngine.divide`) also take an optional
``progress(uci, nodes)`` called as each root move finishes. Given a position
whose perft counts differ, :func:`find_disagreement` compares the divides,
follows the first move whose counts differ, and repeats one ply deeper, until
the two legal-move lists themselves differ.

>>> from chessbits import Board
>>> ours = chessbits_divider(chess960=False)
>>> find_disagreement(Board().fen(), 2, ours, ours) is None
True
"""
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Tuple

if TYPE_CHECKING:
    import chess

Divider = Callable[[str, int], Dict[str, int]]
Progress = Callable[[str, int], None]


@dataclass
class Disagreement:
    """Where two generators part: the position reached by ``path`` from the start."""
    fen: str                       # the position where the move lists (or counts) differ
    path: List[str]                # moves (UCI) from the starting position to ``fen``
    depth: int                     # perft depth still to go at ``fen``
    ours: int                      # total nodes below ``fen`` per side
    theirs: int
    missing: List[str] = field(default_factory=list)   # legal moves only they list
    extra: List[str] = field(default_factory=list)     # moves only we list
    counts: Dict[str, tuple] = field(default_factory=dict)  # uci -> (ours, theirs) where they differ
    names: Tuple[str, str] = ("ours", "theirs")             # how messages call the two sides

    def __str__(self) -> str:
        a, b = self.names
        lines = [f"generators disagree at {self.fen}",
                 f"  reached by: {' '.join(self.path) or '(no moves: the position given)'}",
                 f"  perft {self.depth}: {a} {self.ours:,}, {b} {self.theirs:,}"]
        if self.missing:
            lines.append(f"  moves only {b} generates: {' '.join(self.missing)}")
        if self.extra:
            lines.append(f"  moves only {a} generates: {' '.join(self.extra)}")
        for uci, (x, y) in sorted(self.counts.items()):
            lines.append(f"  {uci}: {a} {x:,}, {b} {y:,}")
        return "\n".join(lines)


def position(fen: str, chess960: bool = False, variant: Optional[str] = None):
    """chessbits' Board for fen, or the board of the variant named (any of python-chess's
    aliases): chessbits.variant's."""
    from . import _core
    from .variant import find_variant

    return (find_variant(variant) if variant else _core.Board)(fen, chess960=chess960)


def chessbits_divider(chess960: bool = False, method: Optional[str] = None, threads: int = 1,
                      variant: Optional[str] = None) -> Divider:
    """chessbits' own divide as a generator to compare (of a variant if named)."""
    options = {"method": method} if method else {}

    def divide(fen: str, depth: int, progress: Optional[Progress] = None) -> Dict[str, int]:
        result = position(fen, chess960, variant).divide(depth, threads=threads, **options)
        if progress:  # one C call for all root moves: fast enough to report them after
            for uci, nodes in result.items():
                progress(uci, nodes)
        return result
    return divide


def python_chess_perft(board: "chess.Board", depth: int) -> int:
    """python-chess's own perft of a ``chess.Board``, the last ply bulk-counted."""
    if depth <= 1:
        return board.legal_moves.count() if depth == 1 else 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += python_chess_perft(board, depth - 1)
        board.pop()
    return nodes


def python_chess_divider(chess960: bool = False, variant: Optional[str] = None) -> Divider:
    """python-chess's move generator as a divide (slow: about 0.3 M nodes/s), of its board
    for variant if named (chess.variant)."""
    import chess
    import chess.variant

    board_class = chess.variant.find_variant(variant) if variant else chess.Board

    def divide(fen: str, depth: int, progress: Optional[Progress] = None) -> Dict[str, int]:
        board = board_class(fen, chess960=chess960)
        result = {}
        for move in sorted(board.legal_moves, key=chess.Move.uci):
            board.push(move)
            result[move.uci()] = python_chess_perft(board, depth - 1)
            board.pop()
            if progress:
                progress(move.uci(), result[move.uci()])
        return result
    return divide


def find_disagreement(fen: str, depth: int, ours: Divider, theirs: Divider,
                      chess960: bool = False, path: Optional[List[str]] = None,
                      progress: Optional[Callable[[str], None]] = None,
                      known: Optional[Tuple[Dict[str, int], Dict[str, int]]] = None,
                      names: Tuple[str, str] = ("ours", "theirs"),
                      variant: Optional[str] = None) -> Optional[Disagreement]:
    """The deepest position below ``fen`` where the two generators part, or None
    if they agree on perft ``depth``. ``known``: both divides at ``fen`` and ``depth``
    if already computed (the slow side is not asked twice); ``names`` label messages;
    ``variant``: the positions are that variant's (python-chess's name)."""
    path = list(path or [])
    while depth >= 1:
        a, b = known if known else (ours(fen, depth), theirs(fen, depth))
        known = None
        if a == b:
            return None
        found = Disagreement(fen, path, depth, sum(a.values()), sum(b.values()),
                             missing=sorted(set(b) - set(a)), extra=sorted(set(a) - set(b)),
                             names=names)
        if found.missing or found.extra or depth == 1:
            found.counts = {m: (a[m], b[m]) for m in sorted(set(a) & set(b)) if a[m] != b[m]}
            return found
        move = next(m for m in sorted(a) if a[m] != b[m])
        if progress:
            progress(f"{' '.join(path + [move])}: {names[0]} {a[move]:,}, {names[1]} {b[move]:,}")
        board = position(fen, chess960, variant)
        board.push_uci(move)
        fen, depth, path = board.fen(), depth - 1, path + [move]
    return None
