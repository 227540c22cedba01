"""Perft speed side by side: chessbits per technique, and where installed the
chessmg package's built-in perft, Stockfish's ``go perft`` and python-chess. Every run asserts its node count.

>>> rows = techniques(depth_scale=-3, rounds=1)   # tiny depths, as a smoke test
>>> all(r["nodes"] > 0 for r in rows)
True
"""
import shutil
import time
from typing import Dict, List, Optional, Sequence

from . import machine, median, table
from .._core import DEFAULT, PERFT_METHODS, Board
from .._options import Parser, positive, summary
from ..positions import NAMED, PUBLISHED

STARTPOS, KIWIPETE = NAMED["startpos"], NAMED["kiwipete"]
NODES = {(NAMED[name], depth): n for name in ("startpos", "kiwipete") for depth, n in PUBLISHED[name].items()}
POSITIONS = {"startpos": STARTPOS, "kiwipete": KIWIPETE}
Row = Dict[str, object]


def _timed(fn, fen: str, depth: int) -> float:
    start = time.perf_counter()
    nodes = fn()
    seconds = time.perf_counter() - start
    if nodes != NODES[(fen, depth)]:
        raise AssertionError(f"perft {depth} of {fen}: got {nodes}, published {NODES[(fen, depth)]}")
    return seconds


def _row(who: str, name: str, depth: int, times: List[float]) -> Row:
    nodes = NODES[(POSITIONS[name], depth)]
    t = median(times)
    return {"who": who, "position": name, "depth": depth, "nodes": nodes, "seconds": t,
            "mnps": nodes / t / 1e6}


def headline(rounds: int = 5, threads: int = 1) -> List[Row]:
    """Default technique from Python: startpos 6 and Kiwipete 5, medians of rounds."""
    rows = []
    for name, depth in (("startpos", 6), ("kiwipete", 5)):
        board = Board(POSITIONS[name])
        times = [_timed(lambda: board.perft(depth, threads=threads), POSITIONS[name], depth)
                 for _ in range(rounds)]
        rows.append(_row(f"chessbits {DEFAULT}" + (f", {threads} threads" if threads > 1 else ""),
                         name, depth, times))
    return rows


def techniques(methods: Sequence[str] = PERFT_METHODS, depth_scale: int = 0, rounds: int = 3) -> List[Row]:
    """Every technique (and the incremental attack maps) on startpos 6 and Kiwipete 5,
    interleaved round by round."""
    jobs = [("startpos", 6 + depth_scale), ("kiwipete", 5 + depth_scale)]
    times: Dict[tuple, List[float]] = {}
    for _ in range(rounds):
        for m in methods:
            for name, depth in jobs:
                board = Board(POSITIONS[name])
                times.setdefault((m, name, depth), []).append(
                    _timed(lambda: board.perft(depth, method=m), POSITIONS[name], depth))
    return [_row(f"chessbits {m}", name, depth, times[(m, name, depth)])
            for m in methods for name, depth in jobs]


def python_chess(rounds: int = 3) -> List[Row]:
    """python-chess's own Python perft (bulk-counted last ply), if installed."""
    try:
        import chess
    except ImportError:
        return []
    from ..compare import python_chess_perft as perft

    rows = []
    for name, depth in (("startpos", 4), ("kiwipete", 3)):
        board = chess.Board(POSITIONS[name])
        times = [_timed(lambda: perft(board, depth), POSITIONS[name], depth) for _ in range(rounds)]
        rows.append(_row(f"python-chess {chess.__version__}", name, depth, times))
    return rows


def chessmg(rounds: int = 3) -> List[Row]:
    """The chessmg package's built-in perft (a C++ core), if installed."""
    try:
        import chessmg as cmg
    except ImportError:
        return []
    rows = []
    for name, depth in (("startpos", 6), ("kiwipete", 5)):
        position = cmg.ChessPosition(POSITIONS[name])
        times = [_timed(lambda: position.perft(depth), POSITIONS[name], depth) for _ in range(rounds)]
        rows.append(_row("chessmg (built-in perft)", name, depth, times))
    return rows


def stockfish(rounds: int = 3, command: str = "stockfish") -> List[Row]:
    """Stockfish's ``go perft`` through UCI, if a ``stockfish`` binary is on PATH
    (or in /usr/games, where Debian's package puts it)."""
    path = shutil.which(command) or shutil.which(command, path="/usr/games")
    if not path:
        return []
    import subprocess
    rows = []
    for name, depth in (("startpos", 6), ("kiwipete", 5)):
        times = []
        for _ in range(rounds):
            script = f"uci\nposition fen {POSITIONS[name]}\ngo perft {depth}\nquit\n"
            start = time.perf_counter()
            out = subprocess.run([path], input=script, capture_output=True, text=True, timeout=600).stdout
            seconds = time.perf_counter() - start
            nodes = int(out.split("Nodes searched:")[1].split()[0])
            if nodes != NODES[(POSITIONS[name], depth)]:
                raise AssertionError(f"stockfish perft {depth} of {name}: {nodes}")
            times.append(seconds)  # includes process start-up: a few ms
        rows.append(_row("stockfish (go perft, process included)", name, depth, times))
    return rows


def report(rows: List[Row]) -> str:
    """Rows as a Markdown table with speeds relative to the first row of each position."""
    base = {}
    for r in rows:
        base.setdefault(r["position"], r["mnps"])
    return table(["generator", "position", "depth", "nodes", "seconds", "M nodes/s", "vs first"],
                 [[r["who"], r["position"], r["depth"], f"{r['nodes']:,}", f"{r['seconds']:.3f}",
                   f"{r['mnps']:.1f}", f"{float(r['mnps']) / float(base[r['position']]):.3f}x"]  # type: ignore[arg-type]
                  for r in rows])


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the perft tables; returns the exit status."""
    ap = Parser(prog="chessbits bench perft", description=summary(__doc__ or ""))
    ap.add_argument("--rounds", type=positive, default=5, help="runs per measurement; medians are shown")
    ap.add_argument("--quick", action="store_true", help="skip the per-technique table")
    args = ap.parse_args(argv)
    print(f"Machine: {machine()}")
    print(f"Single thread unless said; medians of {args.rounds} runs; wall time from Python.\n")
    print(report(headline(args.rounds) + chessmg(args.rounds) + stockfish(args.rounds)
                 + python_chess(max(1, args.rounds // 2))))
    if not args.quick:
        print("\nEvery technique (same loop, the slider lookups inlined per technique):\n")
        print(report(techniques(rounds=max(1, args.rounds // 2))))
    return 0
