"""chessbits' perft beside perft_cpu_2026, the fastest public CPU perft, side by side in one run.

Build perft_cpu_2026 yourself (Ankan Banerjee, MIT; never vendored here), then give its binary:

    chessbits bench native --perft-cpu /tmp/perft_cpu_2026/build/perft_cpu [--threads 1 --threads 2]
        [--chessbits wheel=/path/to/venv/bin/python] [--rounds 3] [--quick]

Round by round, the positions in a fresh random order, each position's generators run back to
back (in alternating order: a virtual machine's speed drifts by a third within minutes, and
both sides of a pair drift alike), each in its own process, timed around the search only
(perft_cpu_2026's own timer; ours around Board.perft), no hash table on either side. Node counts
are asserted against the published ones, or where none is published (position 5 at depth 6)
against each other. Medians of the seconds, and of the rounds' ratios, are printed as Markdown
tables with the machine, the compilers and the date. ``--chessbits LABEL=PYTHON`` adds another
interpreter's chessbits (a wheel installed in another venv, say) beside this one.

>>> parse_perft_cpu("Perft(03): 8902, time: 0.0001 seconds, nps: 1", 3)
(8902, 0.0001)
"""
import datetime
import json
import math
import random
import re
import statistics
import subprocess
import sys
from typing import Dict, List, Optional, Sequence, Tuple

from . import machine, pythons, table
from .._options import Parser, positive, summary
from ..positions import NAMED, PUBLISHED

# name -> depth: the five standard positions at the depths perft_cpu_2026 publishes
DEPTHS = {"startpos": 7, "kiwipete": 6, "pos3": 8, "pos4": 6, "pos5": 6}
QUICK = {"startpos": 5, "kiwipete": 4, "pos3": 6, "pos4": 4, "pos5": 4}
CHESSBITS = """
import json, sys, time
import chessbits
from chessbits import Board
if sys.argv[1] == "info":
    print(json.dumps(dict(chessbits.build_info(), version=chessbits.__version__))); sys.exit()
board = Board(sys.argv[1])
start = time.perf_counter()
nodes = board.perft(int(sys.argv[2]), threads=int(sys.argv[3]))
print(nodes, time.perf_counter() - start)
"""


def parse_perft_cpu(out: str, depth: int) -> Tuple[int, float]:
    """(nodes, seconds) of perft_cpu_2026's line for depth in its output."""
    m = re.search(r"Perft\(0*%d\): (\d+), time: ([0-9.eE+-]+) seconds" % depth, out)
    if not m:
        raise RuntimeError(f"perft_cpu_2026 printed no Perft({depth:02d}) line:\n{out[-2000:]}")
    return int(m.group(1)), float(m.group(2))


def run_chessbits(python: str, fen: str, depth: int, threads: int) -> Tuple[int, float]:
    """(nodes, seconds) of Board.perft in a fresh process of that interpreter."""
    out = subprocess.run([python, "-c", CHESSBITS, fen, str(depth), str(threads)],
                         capture_output=True, text=True, check=True).stdout.split()
    return int(out[0]), float(out[1])


def run_perft_cpu(binary: str, fen: str, depth: int, threads: int) -> Tuple[int, float]:
    """(nodes, seconds) of perft_cpu_2026, without its transposition table."""
    cmd = [binary, fen, str(depth), "-nott"] + (["-mt", str(threads)] if threads > 1 else [])
    return parse_perft_cpu(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout, depth)


def measure(generators: Dict[str, object], depths: Dict[str, int], threads: Sequence[int],
            rounds: int) -> Dict[tuple, List[Tuple[int, float]]]:
    """{(generator, position, threads): [(nodes, seconds) per round]}: each round the
    (position, threads) pairs shuffled, the generators of each back to back, their order
    reversed every other time."""
    runs: Dict[tuple, List[Tuple[int, float]]] = {}
    for r in range(rounds):
        pairs = [(p, t) for p in depths for t in threads]
        random.shuffle(pairs)
        for k, (p, t) in enumerate(pairs):
            for g in (list(generators) if (r + k) % 2 == 0 else list(generators)[::-1]):
                runs.setdefault((g, p, t), []).append(generators[g](NAMED[p], depths[p], t))  # type: ignore[operator]
        print(f"round {r + 1}/{rounds} done", file=sys.stderr, flush=True)
    return runs


def check_counts(runs: Dict[tuple, List[Tuple[int, float]]], depths: Dict[str, int]) -> List[str]:
    """The positions whose count is not published but agreed on; raises on any disagreement."""
    agreed = []
    for p, d in depths.items():
        counts = {(g, t): n for (g, q, t), rs in runs.items() if q == p for n, _ in rs}
        known = PUBLISHED[p].get(d)
        seen = set(counts.values())
        if known is not None and seen != {known}:
            raise AssertionError(f"{p} perft {d}: published {known:,}, counted {counts}")
        if len(seen) != 1:
            raise AssertionError(f"{p} perft {d}: the generators disagree: {counts}")
        if known is None:
            agreed.append(f"{p} perft {d} = {seen.pop():,}")
    return agreed


def report(runs: Dict[tuple, List[Tuple[int, float]]], depths: Dict[str, int], names: Sequence[str],
           threads: int, anchor: str) -> str:
    """One Markdown table: median seconds per generator and chessbits' speed relative to the
    anchor, the median of the rounds' ratios (each round's runs of a position back to back)."""
    med = {k: statistics.median(s for _, s in v) for k, v in runs.items() if k[2] == threads}
    ours = [n for n in names if n != anchor]

    def ratio(n: str, p: str) -> float:
        pairs = zip(runs[(anchor, p, threads)], runs[(n, p, threads)])
        return statistics.median(anchor_s / own_s for (_, anchor_s), (_, own_s) in pairs)
    rows = []
    for p, d in depths.items():
        row = [f"{p}, {d}", f"{runs[(names[0], p, threads)][0][0]:,}"]
        row += [f"{med[(n, p, threads)]:.4g}" for n in names]
        row += [f"{ratio(n, p):.2f}x" for n in ours]
        rows.append(row)
    geo = ["geometric mean", "", *[""] * len(names)]
    for n in ours:
        ratios = [ratio(n, p) for p in depths]
        geo.append(f"{math.exp(sum(map(math.log, ratios)) / len(ratios)):.2f}x")
    rows.append(geo)
    headers = ["position, depth", "nodes", *[f"{n} s" for n in names], *[f"{n} / {anchor}" for n in ours]]
    return table(headers, rows)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the side-by-side tables; returns the exit status."""
    ap = Parser(prog="chessbits bench native", description=summary(__doc__ or ""))
    ap.add_argument("--perft-cpu", metavar="BINARY", help="perft_cpu_2026's built binary")
    ap.add_argument("--chessbits", metavar="LABEL=PYTHON", action="append", default=[],
                    help="another interpreter whose chessbits runs beside this one (repeatable)")
    ap.add_argument("--threads", type=positive, action="append", help="thread counts (repeatable; default 1)")
    ap.add_argument("--rounds", type=positive, default=3, help="runs per measurement; medians are shown")
    ap.add_argument("--quick", action="store_true", help="small depths (a smoke run)")
    args = ap.parse_args(argv)
    if not args.perft_cpu:
        print("chessbits bench native: no native generator given (--perft-cpu BINARY); "
              "see chessbits bench native --help", file=sys.stderr)
        return 0
    builds = pythons(ap, args.chessbits)
    anchor = "perft_cpu_2026"
    generators: Dict[str, object] = {
        label: (lambda fen, d, t, py=py: run_chessbits(py, fen, d, t)) for label, py in builds.items()}
    generators[anchor] = lambda fen, d, t: run_perft_cpu(args.perft_cpu, fen, d, t)
    depths = QUICK if args.quick else DEPTHS
    threads = args.threads or [1]
    runs = measure(generators, depths, threads, args.rounds)
    agreed = check_counts(runs, depths)

    print(f"Machine: {machine()}; {datetime.date.today()}; medians of {args.rounds} rounds, each "
          "(generator, position, threads) in its own process, a position's generators back to back; "
          "ratios are medians of the rounds' ratios; no hash table.")
    for label, py in builds.items():
        info = subprocess.run([py, "-c", CHESSBITS, "info"], capture_output=True, text=True, check=True).stdout
        b = json.loads(info)
        print(f"{label}: chessbits {b['version']} ({py}), {b['compiler']}, "
              f"code path {b['code_path']}, technique {b['default']}.")
    print(f"{anchor}: {args.perft_cpu} (its build.sh: clang-16 -O3 -march=native).")
    if agreed:
        print("Not published, every generator agreed: " + "; ".join(agreed) + ".")
    for t in threads:
        print(f"\n{t} thread{'s' if t > 1 else ''}:\n")
        print(report(runs, depths, [*builds, anchor], t, anchor))
    return 0


if __name__ == "__main__":
    sys.exit(main())
