"""Run-time dispatch against a -march=native build, side by side in one run.

Builds a second copy of the extension with CHESSBITS_MARCH=native into a
temporary folder, then times perft (startpos 6, Kiwipete 5, default technique,
one thread) in fresh interpreters, round by round: the installed/dispatched
build, the same build forced onto its portable path (CHESSBITS_CPU=baseline),
and the native build. Node counts are asserted. Run from the repository root:

    python benchmarks/bench_dispatch.py [--rounds 5]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = """
import time, chessbits
jobs = [("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690)]
for fen, depth, nodes in jobs:
    board = chessbits.Board(fen)
    start = time.perf_counter()
    got = board.perft(depth)
    seconds = time.perf_counter() - start
    assert got == nodes, (fen, got)
    print(nodes / seconds / 1e6, chessbits.attacks.DEFAULT, chessbits.build_info()["code_path"])
"""


def build_native(where: Path) -> Path:
    """A -march=native build of the package in where/lib; returns that folder."""
    lib = where / "lib"
    env = dict(os.environ, CHESSBITS_MARCH="native")
    subprocess.run([sys.executable, "setup.py", "build_ext", "--build-lib", str(lib),
                    "--build-temp", str(where / "tmp")], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    for py in (ROOT / "src" / "chessbits").rglob("*.py"):
        target = lib / "chessbits" / py.relative_to(ROOT / "src" / "chessbits")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(py, target)
    return lib


def probe(env: dict) -> list:
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True,
                         check=True, cwd=tempfile.gettempdir()).stdout.split("\n")
    return [line.split() for line in out if line.strip()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print("building the -march=native copy ...", file=sys.stderr)
        native = build_native(Path(tmp))
        base_env = {k: v for k, v in os.environ.items() if k not in ("CHESSBITS_CPU", "PYTHONPATH")}
        variants = {
            "dispatched (the wheel as shipped)": base_env,
            "dispatched, CHESSBITS_CPU=baseline": dict(base_env, CHESSBITS_CPU="baseline"),
            "-march=native build": dict(base_env, PYTHONPATH=str(native)),
        }
        speeds = {name: ([], []) for name in variants}
        labels = {}
        for _ in range(args.rounds):
            for name, env in variants.items():
                rows = probe(env)
                for i, row in enumerate(rows):
                    speeds[name][i].append(float(row[0]))
                labels[name] = f"{rows[0][1]}, {rows[0][2]} path"
    first = None
    print("| build | technique, code path | startpos 6 M nodes/s | Kiwipete 5 M nodes/s | vs dispatched |")
    print("|---|---|---:|---:|---:|")
    for name, (start, kiwi) in speeds.items():
        s, k = statistics.median(start), statistics.median(kiwi)
        first = first or (s, k)
        print(f"| {name} | {labels[name]} | {s:.1f} | {k:.1f} | "
              f"{s / first[0]:.3f}x / {k / first[1]:.3f}x |")
    print(f"\nmedians of {args.rounds} interleaved rounds, one thread, fresh interpreter each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
