"""What an engine written in Python sees: the cost of building a position's legal
move list, and push+pop pairs per second in a Python perft loop, side by side
with python-chess and, where installed, chessmg and cozy-chess-py.

>>> rows = legal_list(positions(5), rounds=1)
>>> rows[0]["who"].startswith("chessbits")
True
"""
import random
import time
from typing import Callable, Dict, List, Optional, Sequence

from . import machine, median, table
from .._core import STARTING_FEN, Board
from .._options import Parser, positive, summary

Row = Dict[str, object]


def positions(n: int = 200, seed: int = 7) -> List[str]:
    """n varied middlegame positions: seeded random games, 20 to 40 plies in."""
    rng = random.Random(seed)
    fens: List[str] = []
    while len(fens) < n:
        board = Board()
        for _ in range(rng.randrange(20, 41)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.legal_moves:
            fens.append(board.fen())
    return fens


def _per_call(fn: Callable[[], object], calls: int, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - start) / calls)
    return median(times)


def _mean_over(boards: Sequence[object], make: Callable[[object], Callable[[], object]],
               calls: int, rounds: int) -> float:
    return sum(_per_call(make(b), calls, rounds) for b in boards) / len(boards)


def legal_list(fens: Sequence[str], rounds: int = 5, calls: int = 200) -> List[Row]:
    """Mean µs to build the full legal-move list of a position, per library."""
    rows = [{"who": "chessbits list(board.generate_legal_moves())", "us": 1e6 * _mean_over(
        [Board(f) for f in fens], lambda b: lambda: list(b.generate_legal_moves()), calls, rounds)}]
    try:
        import chess
        rows.append({"who": "python-chess list(board.legal_moves)", "us": 1e6 * _mean_over(
            [chess.Board(f) for f in fens[:40]], lambda b: lambda: list(b.legal_moves), calls // 4, rounds)})
    except ImportError:
        pass
    try:
        import chessmg
        rows.append({"who": "chessmg position.legal_moves()", "us": 1e6 * _mean_over(
            [chessmg.ChessPosition(f) for f in fens], lambda b: b.legal_moves, calls, rounds)})
    except ImportError:
        pass
    try:
        import cozy_chess
        rows.append({"who": "cozy-chess-py board.generate_moves()", "us": 1e6 * _mean_over(
            [cozy_chess.Board.from_fen(f, False) for f in fens], lambda b: b.generate_moves,
            calls, rounds)})
    except ImportError:
        pass
    return rows


def _python_perft(board, depth: int, moves: Callable, push: Callable, pop: Callable) -> int:
    """Pushes made by a Python perft loop (every node is made and unmade)."""
    if depth == 0:
        return 0
    pushes = 0
    for move in moves(board):
        push(board, move)
        pushes += 1 + _python_perft(board, depth - 1, moves, push, pop)
        pop(board)
    return pushes


PUSHES = {3: 9322, 4: 206603}  # startpos: 20 + 400 + 8902 (+ 197281)


def push_pop(rounds: int = 3) -> List[Row]:
    """Push+pop pairs per second in a Python perft from the start position."""
    rows = []

    def measure(who: str, board, depth: int, moves, push, pop) -> None:
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            n = _python_perft(board, depth, moves, push, pop)
            times.append(time.perf_counter() - start)
            assert n == PUSHES[depth], (who, n)
        rows.append({"who": who, "depth": depth, "pairs": PUSHES[depth], "mps": PUSHES[depth] / median(times) / 1e6})

    measure("chessbits legal_moves + push + pop", Board(), 4,
            lambda b: b.legal_moves, Board.push, Board.pop)
    try:
        import chess
        measure("python-chess legal_moves + push + pop", chess.Board(), 3,
                lambda b: b.legal_moves, chess.Board.push, chess.Board.pop)
    except ImportError:
        pass
    try:
        import chessmg
        measure("chessmg legal_moves() + make_move + undo_move",
                chessmg.ChessPosition(STARTING_FEN), 3,
                lambda b: b.legal_moves(), chessmg.ChessPosition.make_move, chessmg.ChessPosition.undo_move)
    except ImportError:
        pass
    return rows


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the Python-API tables; returns the exit status."""
    ap = Parser(prog="chessbits bench api", description=summary(__doc__ or ""))
    ap.add_argument("--rounds", type=positive, default=5, help="repetitions; medians are shown")
    ap.add_argument("--positions", type=positive, default=200, help="middlegame positions for the list test")
    args = ap.parse_args(argv)
    print(f"Machine: {machine()}\n")
    fens = positions(args.positions)
    print(f"Legal-move list of a position, mean over {len(fens)} middlegame positions "
          f"(python-chess: the first 40):\n")
    rows = legal_list(fens, args.rounds)
    print(table(["call", "µs per position", "vs chessbits"],
                [[r["who"], f"{r['us']:.3f}", f"{float(r['us']) / float(rows[0]['us']):.1f}x"] for r in rows]))
    print("\nA Python perft loop from the start position (every node made and unmade):\n")
    pp = push_pop(max(1, args.rounds // 2))
    print(table(["loop", "depth", "push+pop pairs", "M pairs/s", "vs chessbits"],
                [[r["who"], r["depth"], f"{r['pairs']:,}", f"{r['mps']:.2f}",
                  f"{float(r['mps']) / float(pp[0]['mps']):.2f}x"] for r in pp]))
    return 0
