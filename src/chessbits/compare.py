"""Compare two move generators and drill down to the exact position where they part.

A generator is a *divide* function ``(fen, depth) -> {uci: nodes}``. Given a
position whose perft counts differ, :func:`find_disagreement` compares the
divides, follows the first move whose counts differ, and repeats one ply
deeper, until the two legal-move lists themselves differ.

>>> from chessbits import Board
>>> ours = chessbits_divider(chess960=False)
>>> find_disagreement(Board().fen(), 2, ours, ours) is None
True
"""
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional

Divider = Callable[[str, int], Dict[str, int]]


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

    def __str__(self) -> str:
        lines = [f"generators disagree at {self.fen}",
                 f"  reached by: {' '.join(self.path) or '(the start position)'}",
                 f"  perft {self.depth}: ours {self.ours:,}, theirs {self.theirs:,}"]
        if self.missing:
            lines.append(f"  moves only they generate: {' '.join(self.missing)}")
        if self.extra:
            lines.append(f"  moves only we generate: {' '.join(self.extra)}")
        for uci, (a, b) in sorted(self.counts.items()):
            lines.append(f"  {uci}: ours {a:,}, theirs {b:,}")
        return "\n".join(lines)


def chessbits_divider(chess960: bool = False, method: Optional[str] = None, threads: int = 1) -> Divider:
    """chessbits' own divide as a generator to compare."""
    from ._core import Board

    def divide(fen: str, depth: int) -> Dict[str, int]:
        return Board(fen, chess960=chess960).divide(depth, method=method, threads=threads)
    return divide


def python_chess_divider(chess960: bool = False) -> Divider:
    """python-chess's move generator as a divide (slow: about 0.3 M nodes/s)."""
    import chess

    def perft(board: "chess.Board", depth: int) -> int:
        if depth <= 1:
            return board.legal_moves.count() if depth == 1 else 1
        nodes = 0
        for move in board.legal_moves:
            board.push(move)
            nodes += perft(board, depth - 1)
            board.pop()
        return nodes

    def divide(fen: str, depth: int) -> Dict[str, int]:
        board = chess.Board(fen, chess960=chess960)
        result = {}
        for move in board.legal_moves:
            board.push(move)
            result[move.uci()] = perft(board, depth - 1)
            board.pop()
        return result
    return divide


def find_disagreement(fen: str, depth: int, ours: Divider, theirs: Divider,
                      chess960: bool = False, path: Optional[List[str]] = None,
                      progress: Optional[Callable[[str], None]] = None) -> Optional[Disagreement]:
    """The deepest position below ``fen`` where the two generators part, or None
    if they agree on perft ``depth``."""
    from ._core import Board

    path = list(path or [])
    while depth >= 1:
        a, b = ours(fen, depth), theirs(fen, depth)
        if a == b:
            return None
        found = Disagreement(fen, path, depth, sum(a.values()), sum(b.values()),
                             missing=sorted(set(b) - set(a)), extra=sorted(set(a) - set(b)))
        if found.missing or found.extra or depth == 1:
            found.counts = {m: (a[m], b[m]) for m in sorted(set(a) & set(b)) if a[m] != b[m]}
            return found
        move = next(m for m in sorted(a) if a[m] != b[m])
        if progress:
            progress(f"{' '.join(path + [move])}: ours {a[move]:,}, theirs {b[move]:,}")
        board = Board(fen, chess960=chess960)
        board.push_uci(move)
        fen, depth, path = board.fen(), depth - 1, path + [move]
    return None
