"""Before/after for a change to a hot path: two builds of chessbits side by side in one run.

Each build is a folder that imports as ``chessbits`` (a checkout's ``src/`` after
``python setup.py build_ext --inplace``, or a site-packages folder). Round by round, in a
fresh interpreter per build and in alternating order, it times: perft (startpos 6, Kiwipete 5,
default technique, one thread), the legal-move list from Python (every position of
tests/data/ethereal-standard.epd, 5 passes), and a perft written in Python on the public
API (legal_moves + push + pop, startpos depth 4). Counts are asserted; medians printed.

    python benchmarks/bench_ab.py BEFORE_DIR AFTER_DIR [--rounds 7]
"""
import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from chessbits import Board
out = {}
for name, fen, depth, nodes in [
        ("perft startpos 6, M nodes/s", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324),
        ("perft Kiwipete 5, M nodes/s", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5,
         193690690)]:
    board = Board(fen)
    start = time.perf_counter()
    assert board.perft(depth) == nodes
    out[name] = nodes / (time.perf_counter() - start) / 1e6
boards = [Board(line.split(";")[0].strip()) for line in open(sys.argv[2]) if line.strip()]
start = time.perf_counter()
for _ in range(5):
    for board in boards:
        list(board.generate_legal_moves())
out["legal-move list, us"] = (time.perf_counter() - start) / (5 * len(boards)) * 1e6
def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes
start = time.perf_counter()
assert perft(Board(), 4) == 197281
out["Python perft push+pop, M pairs/s"] = 9321 / (time.perf_counter() - start) / 1e6
print(json.dumps(out))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    positions = ROOT / "tests" / "data" / "ethereal-standard.epd"
    runs = {"before": [], "after": []}
    for r in range(args.rounds):
        order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
        for which in order:
            out = subprocess.run([sys.executable, "-c", PROBE, getattr(args, which), str(positions)],
                                 capture_output=True, text=True, check=True).stdout
            runs[which].append(json.loads(out))
    print(f"median of {args.rounds} interleaved rounds, fresh interpreter each")
    print(f"{'measure':36s} {'before':>9s} {'after':>9s} {'after/before':>13s}")
    for key in runs["before"][0]:
        b = statistics.median(run[key] for run in runs["before"])
        a = statistics.median(run[key] for run in runs["after"])
        print(f"{key:36s} {b:9.2f} {a:9.2f} {a / b:12.3f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
