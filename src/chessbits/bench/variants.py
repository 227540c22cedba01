"""python-chess's variants in C beside python-chess and Fairy-Stockfish, side by side in one run.

    chessbits bench variants [--fairy-stockfish BINARY] [--rounds 3] [--quick]

Per variant, from its starting position: chessbits' perft (its variant board's perft, one thread) beside
python-chess's own (its variant board's legal_moves, the last ply counted, at a smaller depth:
compared in nodes per second) and Fairy-Stockfish's ``go perft`` (Debian's ``fairy-stockfish``,
found in PATH or /usr/games unless given, started once per variant by chessbits' UCI client:
timed from the command to its count);
the three take turns in every round. python-chess's count is asserted equal to chessbits' at
its depth; a Fairy-Stockfish count that differs is shown instead of a ratio. Then the legal-move
list from Python: microseconds per list over positions of random playouts, chessbits against
python-chess. Medians of interleaved rounds. Needs python-chess (the oracle).

>>> DEPTHS["atomic"]
(5, 3)
"""
import contextlib
import datetime
import os
import random
import shutil
import sys
from typing import Dict, List, Optional, Sequence, Tuple

from . import interleaved, machine, table
from .._options import Parser, positive, summary
from ..uci import UciEngine

# variant -> (chessbits' depth, python-chess's depth), from the variant's starting position
DEPTHS: Dict[str, Tuple[int, int]] = {
    "suicide": (5, 3), "giveaway": (5, 3), "antichess": (5, 3), "atomic": (5, 3), "kingofthehill": (5, 3),
    "racingkings": (5, 3), "horde": (6, 4), "3check": (5, 3), "crazyhouse": (5, 3)}
QUICK = {v: (d - 2, p - 1) for v, (d, p) in DEPTHS.items()}
PLAYOUT_POSITIONS = 200  # positions per variant for the legal-move lists


def find_fairy_stockfish() -> Optional[str]:
    """Debian's fairy-stockfish in PATH or /usr/games, or None."""
    found = shutil.which("fairy-stockfish")
    if found:
        return found
    return "/usr/games/fairy-stockfish" if os.access("/usr/games/fairy-stockfish", os.X_OK) else None


def playout_fens(variant: str, n: int, seed: int = 1) -> List[str]:
    """FENs of n positions along random python-chess playouts of the variant."""
    import chess.variant

    rng, fens = random.Random(seed), []
    board = chess.variant.find_variant(variant)()
    while len(fens) < n:
        moves = list(board.legal_moves)
        if not moves or board.ply() > 120:
            board.reset()
            continue
        fens.append(board.fen())
        board.push(rng.choice(moves))
    return fens


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the perft and legal-move tables; returns the exit status."""
    from ..variant import find_variant
    from ..compare import python_chess_perft

    ap = Parser(prog="chessbits bench variants", description=summary(__doc__ or ""))
    ap.add_argument("--fairy-stockfish", metavar="BINARY", help="Fairy-Stockfish (default: found in PATH)")
    ap.add_argument("--rounds", type=positive, default=3, help="runs per measurement; medians are shown")
    ap.add_argument("--quick", action="store_true", help="small depths (a smoke run)")
    args = ap.parse_args(argv)
    try:
        import chess.variant
    except ImportError:
        print("chessbits bench variants: needs python-chess (pip install chess)", file=sys.stderr)
        return 0
    binary = args.fairy_stockfish or find_fairy_stockfish()
    plays = []
    if binary:
        with UciEngine.popen_uci(binary) as engine:
            plays = engine.variants
    depths = QUICK if args.quick else DEPTHS
    rows = []
    for variant, (depth, pc_depth) in depths.items():
        ours = find_variant(variant)()
        board = chess.variant.find_variant(variant)()
        fns = [lambda: ours.perft(depth), lambda: python_chess_perft(board, pc_depth)]
        with contextlib.ExitStack() as stack:
            if variant in plays:  # started once, outside the timing
                fsf = stack.enter_context(UciEngine.popen_uci(binary, variant=variant, timeout=600))
                start = ours.fen()
                fns.append(lambda: sum(fsf.divide(start, depth).values()))
            (ours_s, nodes), (pc_s, pc_nodes), *theirs = interleaved(fns, args.rounds)
        assert pc_nodes == ours.perft(pc_depth), f"{variant}: python-chess counts {pc_nodes:,} at depth {pc_depth}"
        row = [variant, depth, f"{nodes:,}", f"{ours_s:.4g}", f"{nodes / ours_s / 1e6:.1f}",
               f"{pc_nodes / pc_s / 1e6:.3f} (depth {pc_depth})", f"{(nodes / ours_s) / (pc_nodes / pc_s):,.0f}x"]
        if not theirs:
            row += ["-", "-"]
        elif theirs[0][1] == nodes:
            row += [f"{theirs[0][0]:.4g}", f"{theirs[0][0] / ours_s:.2f}x"]
        else:
            row += [f"counts {theirs[0][1]:,}", "other rules"]
        rows.append(row)
        print(f"{variant} done", file=sys.stderr, flush=True)

    lists = []
    for variant in depths:
        fens = playout_fens(variant, PLAYOUT_POSITIONS // (4 if args.quick else 1))
        ours_boards = [find_variant(variant)(fen) for fen in fens]
        boards = [chess.variant.find_variant(variant)(fen) for fen in fens]
        (ours_s, our_lists), (pc_s, theirs) = interleaved(
            [lambda: [list(b.generate_legal_moves()) for b in ours_boards],  # generated each time on both sides
             lambda: [list(b.generate_legal_moves()) for b in boards]], args.rounds)
        assert [[m.uci() for m in ms] for ms in our_lists] == [[m.uci() for m in ms] for ms in theirs], variant
        lists.append([variant, len(fens), f"{ours_s / len(fens) * 1e6:.2f}", f"{pc_s / len(fens) * 1e6:.1f}",
                      f"{pc_s / ours_s:,.0f}x"])

    print(f"Machine: {machine()}; {datetime.date.today()}; medians of {args.rounds} interleaved rounds; "
          f"one thread. Fairy-Stockfish: {binary or 'not found'}.\n")
    print(table(["variant", "depth", "nodes", "chessbits s", "chessbits M nodes/s", "python-chess M nodes/s",
                 "chessbits / python-chess", "Fairy-Stockfish s", "chessbits / Fairy-Stockfish"], rows))
    print("\nLegal-move lists from Python (the same moves in the same order on both sides):\n")
    print(table(["variant", "positions", "chessbits µs per list", "python-chess µs per list",
                 "chessbits / python-chess"], lists))
    return 0


if __name__ == "__main__":
    sys.exit(main())
