"""SVG diagrams side by side in one run: python-chess's ``chess.svg.board`` against chessbits'
(ext/svg.c), on the same boards with the options a program draws with.

    chessbits bench svg [--positions 200] [--rounds 5]

The positions come from seeded random games; each image has the options a game viewer passes:
the last move, the king in check, size 400, and for some positions arrows (one a circle), X marks
on the squares a piece attacks, or a fill. Rows: python-chess on its boards, chessbits on its
boards, chessbits on python-chess's boards (read through their methods), each also without
options. Every chessbits image is asserted equal, byte for byte, to python-chess's. Medians of
interleaved rounds, one thread. Needs python-chess (the oracle).

>>> len(positions(3, seed=1))
3
"""
import datetime
import random
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from . import interleaved, machine, table
from .._options import Parser, positive, summary


def positions(n: int, seed: int = 1) -> List[Tuple[str, str]]:
    """(FEN, the move that led to it as UCI) of n positions along seeded random python-chess games."""
    import chess

    rng = random.Random(seed)
    found: List[Tuple[str, str]] = []
    board = chess.Board()
    while len(found) < n:
        moves = list(board.legal_moves)
        if not moves or board.ply() > 120:
            board.reset()
            continue
        board.push(rng.choice(moves))
        found.append((board.fen(), board.peek().uci()))
    return found


def options(lib: Any, svg: Any, board: Any, last: str, k: int) -> Dict[str, Any]:
    """The keyword arguments of image k of a board, for one library (chess or chessbits)."""
    opts: Dict[str, Any] = {"size": 400, "lastmove": lib.Move.from_uci(last)}
    if board.is_check():
        opts["check"] = board.king(board.turn)
    moves = list(board.legal_moves)
    if k % 3 == 0 and moves:
        a, b = moves[k % len(moves)], moves[(k * 7) % len(moves)]
        opts["arrows"] = [svg.Arrow(a.from_square, a.to_square, color="blue"), (b.to_square, b.to_square)]
    if k % 4 == 1 and moves:
        opts["squares"] = board.attacks(moves[0].from_square)
    if k % 5 == 2:
        opts["fill"] = {sq: "#cc0000cc" for sq in board.pieces(lib.QUEEN, board.turn)}
    return opts


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the table; 1 if an image differs from python-chess's."""
    ap = Parser(prog="chessbits bench svg", description=summary(__doc__ or ""))
    ap.add_argument("--positions", type=positive, default=200, help="boards drawn per round")
    ap.add_argument("--rounds", type=positive, default=5, help="repetitions; medians are shown")
    args = ap.parse_args(argv)
    try:
        import chess
        import chess.svg
    except ImportError:
        print("chessbits bench svg: needs python-chess (pip install chess)", file=sys.stderr)
        return 0
    import chessbits
    import chessbits.svg

    found = positions(args.positions)
    theirs = [chess.Board(fen) for fen, _ in found]
    ours = [chessbits.Board(fen) for fen, _ in found]
    their_opts = [options(chess, chess.svg, b, last, k) for k, (b, (_, last)) in enumerate(zip(theirs, found))]
    our_opts = [options(chessbits, chessbits.svg, b, last, k) for k, (b, (_, last)) in enumerate(zip(ours, found))]

    def draw(svg: Any, boards: List[Any], opts: Optional[List[Dict[str, Any]]]) -> Callable[[], List[str]]:
        if opts is None:
            return lambda: [svg.board(b) for b in boards]
        return lambda: [svg.board(b, **o) for b, o in zip(boards, opts)]

    rows = [  # (name, the images, the row whose images and time it is compared with)
        ("python-chess, options", draw(chess.svg, theirs, their_opts), 0),
        ("chessbits, options", draw(chessbits.svg, ours, our_opts), 0),
        ("chessbits on python-chess's boards, options", draw(chessbits.svg, theirs, our_opts), 0),
        ("python-chess, board only", draw(chess.svg, theirs, None), 3),
        ("chessbits, board only", draw(chessbits.svg, ours, None), 3),
        ("chessbits on python-chess's boards, board only", draw(chessbits.svg, theirs, None), 3),
    ]
    results = interleaved([fn for _, fn, _ in rows], args.rounds)
    status, out = 0, []
    for (name, _, base), (seconds, images) in zip(rows, results):
        base_seconds, base_images = results[base]
        same = images == base_images and all(type(i).__name__ == "SvgWrapper" for i in images)
        status = status or (0 if same else 1)
        size = sum(len(i) for i in images) / len(images)
        out.append([name, f"{seconds / len(images) * 1e6:.1f}", f"{len(images) / seconds:,.0f}", f"{size:,.0f}",
                    f"{base_seconds / seconds:.1f}x" + ("" if same else " (images differ!)")])
    print(f"Machine: {machine()}; {datetime.date.today()}; {args.positions} positions of random games, medians "
          f"of {args.rounds} interleaved rounds, one thread; ratio: python-chess's time / the row's.\n")
    print(table(["chess.svg.board", "us/image", "images/s", "characters", "ratio"], out))
    return status


if __name__ == "__main__":
    sys.exit(main())
