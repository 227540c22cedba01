"""Sliding-attack techniques side by side: million queen lookups per second from
a C loop (random square and occupancy per lookup; 12 random squares per random
occupancy, the public benchmark's shape; and chained, each lookup's occupancy
XORed with the previous result), table bytes, and the Python-level cost of a
scalar call and of a batch call.

>>> rows = run(rounds=1, n=1024, target_seconds=0.001)
>>> sorted(r["method"] for r in rows) == sorted(METHODS)
True
"""
import random
import subprocess
import sys
import time
import timeit
from array import array
from typing import Dict, List, Optional, Sequence

from . import machine, median, table
from .._core import METHODS, DEFAULT, bench_queen, queen, queen_many, table_bytes
from .._options import Parser, positive, summary

Row = Dict[str, object]


PER = 12  # squares per occupancy in the public benchmark (Gigantua/Chess_Movegen)


def workload(n: int, seed: int = 1, per: int = 1) -> "tuple[array, array]":
    """n random squares and random occupancies (about 1 bit in 4 set), each
    occupancy repeated for per squares in a row."""
    rng = random.Random(seed)
    squares = array("B", (rng.randrange(64) for _ in range(n)))
    occupied = array("Q", (rng.getrandbits(64) & rng.getrandbits(64) for _ in range(-(-n // per))))
    return squares, array("Q", (occupied[i // per] for i in range(n)))


def _seconds(method: str, work: "tuple[array, array]", reps: int, mode: str) -> float:
    squares, occupied = work
    start = time.thread_time_ns()
    bench_queen(method, squares, occupied, reps, mode == "chained", PER if mode == "shared" else 1)
    return (time.thread_time_ns() - start) / 1e9


def run(methods: Sequence[str] = METHODS, rounds: int = 5, n: int = 1 << 16,
        target_seconds: float = 0.05) -> List[Row]:
    """Measure every method, interleaved round by round; medians of per-thread CPU time."""
    n -= n % (8 * PER)  # the shared shape's runs fill whole lanes
    work = {"random": workload(n), "chained": workload(n), "shared": workload(n, per=PER)}
    reps = {}
    for m in methods:  # calibrate so each measurement takes about target_seconds
        reps[m] = max(1, round(target_seconds / max(_seconds(m, work["random"], 1, "random"), 1e-6)))
    speed: Dict[str, Dict[str, List[float]]] = {m: {k: [] for k in work} for m in methods}
    for _ in range(rounds):
        for m in methods:
            for mode in work:
                t = _seconds(m, work[mode], reps[m], mode)
                speed[m][mode].append(n * reps[m] / t / 1e6)
    rows = [{"method": m, **{mode: median(v) for mode, v in speed[m].items()},
             "bytes": table_bytes(m)} for m in methods]
    return sorted(rows, key=lambda r: -float(r["random"]))  # type: ignore[arg-type]


def python_costs(n: int = 10_000) -> List[Row]:
    """ns per lookup seen from Python: a scalar call, and a batch call over n lookups."""
    squares, occupied = workload(n, seed=2)
    out = array("Q", bytes(8 * n))
    s, o = squares[0], occupied[0]
    scalar = median(t / 200_000 * 1e9 for t in timeit.repeat(
        "queen(s, o)", globals={"queen": queen, "s": s, "o": o}, number=200_000, repeat=5))
    batch = median(t / 200 / n * 1e9 for t in timeit.repeat(
        lambda: queen_many(squares, occupied, out), number=200, repeat=5))
    rows: List[Row] = [
        {"call": f"attacks.queen(sq, occ)  [{DEFAULT}]", "ns": scalar},
        {"call": f"attacks.queen_many(...) per lookup, n={n:,}  [{DEFAULT}]", "ns": batch},
    ]
    try:
        import chess
    except ImportError:
        return rows
    board = chess.Board()
    rows.append({"call": "python-chess Board.attacks_mask(sq)", "ns": median(
        t / 200_000 * 1e9 for t in timeit.repeat(
            "am(sq)", globals={"am": board.attacks_mask, "sq": chess.D1}, number=200_000, repeat=5))})
    return rows


def import_ms(runs: int = 5) -> float:
    """Median wall time of `import chessbits` in a fresh interpreter, all tables included."""
    code = ("import time; t = time.perf_counter(); import chessbits; "
            "print(time.perf_counter() - t)")
    return median(1e3 * float(subprocess.run([sys.executable, "-c", code], check=True,
                                             capture_output=True, text=True).stdout)
                  for _ in range(runs))


def report(rows: List[Row], costs: List[Row]) -> str:
    """The two tables as Markdown text."""
    best = max(float(r["random"]) for r in rows)  # type: ignore[arg-type]
    t1 = table(["method", "M queen/s random", f"M queen/s {PER} per occupancy", "M queen/s chained",
                "ns/lookup", "vs best", "table bytes"],
               [[r["method"] + (" (default)" if r["method"] == DEFAULT else ""),
                 f"{r['random']:.1f}", f"{r['shared']:.1f}", f"{r['chained']:.1f}", f"{1e3 / float(r['random']):.2f}",
                 f"{float(r['random']) / best:.2f}x", f"{r['bytes']:,}"] for r in rows])
    t2 = table(["Python call", "ns per lookup"], [[c["call"], f"{c['ns']:.1f}"] for c in costs])
    return f"{t1}\n\n{t2}"


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the attack benchmark tables; returns the exit status."""
    ap = Parser(prog="chessbits bench attacks", description=summary(__doc__ or ""))
    ap.add_argument("--rounds", type=positive, default=5, help="interleaved rounds; medians are shown")
    ap.add_argument("--method", action="append", choices=METHODS,
                    help="only this method (repeatable); default: all")
    args = ap.parse_args(argv)
    print(f"Machine: {machine()}")
    from .._core import build_info
    print(f"Each lookup: random square and occupancy from 65,472 pairs (or {PER} random squares "
          f"per random occupancy, the public benchmark's shape); median of "
          f"{args.rounds} rounds; per-thread CPU time; the catalogue's code path "
          f"{build_info()['attacks_code_path']} (perft's: {build_info()['code_path']}).\n")
    rows = run(args.method or METHODS, rounds=args.rounds)
    print(report(rows, python_costs()))
    print(f"\nimport chessbits (fresh interpreter, every technique's tables built): "
          f"{import_ms():.1f} ms median of 5")
    return 0
