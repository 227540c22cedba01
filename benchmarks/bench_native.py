"""chessbits' perft beside native generators: perft_cpu_2026 (C++, the fastest public CPU perft) and
cozy-chess (Rust), side by side in one run.

perft_cpu_2026: give its built binary and this runs `chessbits bench native` (its options pass on):

    ../shared/anchors/perft_cpu_2026/build.sh /tmp/perft_cpu_2026
    python benchmarks/bench_native.py --perft-cpu /tmp/perft_cpu_2026/build/perft_cpu --threads 1 --threads 2

cozy-chess:

You fetch cozy-chess yourself (it is never vendored here); this script builds our small
driver (benchmarks/native/cozy_perft: perft counted as chessbits counts it, the last ply
counted and not played, one thread, timed around the search only) against your checkout
with cargo, twice: portable, and for this CPU (`-C target-cpu=native`, plus cozy-chess's
`pext` feature where BMI2 is present). Then, round by round in a fresh random order, each
(generator, position) runs in its own process; node counts are asserted and medians printed
as a Markdown table with the machine, the compilers and the date.

    git clone https://github.com/analog-hors/cozy-chess /tmp/cozy-chess
    python benchmarks/bench_native.py --cozy /tmp/cozy-chess [--rounds 3] [--quick]
"""
import argparse
import datetime
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHESSBITS = """
import sys, time
from chessbits import Board
board = Board(sys.argv[1])
start = time.perf_counter()
nodes = board.perft(int(sys.argv[2]))
print(nodes, time.perf_counter() - start)
"""


def build_cozy(checkout, workdir, native):
    """Builds the driver against the checkout; returns the binary's path."""
    src = workdir / ("native" if native else "portable")
    shutil.copytree(HERE / "native" / "cozy_perft", src)
    toml = (src / "Cargo.toml.in").read_text().replace("@COZY@", str(Path(checkout).resolve()))
    (src / "Cargo.toml").write_text(toml)
    env = dict(os.environ)
    cmd = ["cargo", "build", "--release", "--quiet"]
    if native:
        env["RUSTFLAGS"] = "-C target-cpu=native"
        from chessbits import build_info
        if "bmi2" in build_info()["cpu_features"]:
            cmd += ["--features", "pext"]
    offline = subprocess.run(cmd + ["--offline"], cwd=src, env=env)  # cozy-chess needs no crates
    if offline.returncode != 0:
        subprocess.run(cmd, cwd=src, env=env, check=True)
    return src / "target" / "release" / "cozy_perft"


def run(cmd):
    """Returns (nodes, seconds) printed by a driver."""
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.split()
    return int(out[0]), float(out[1])


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if not any(a == "--cozy" or a.startswith("--cozy=") for a in argv):
        from chessbits.bench.native import main as native
        return native(argv)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cozy", required=True, help="path of a cozy-chess checkout")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="startpos 5 and Kiwipete 4 (a smoke run)")
    args = ap.parse_args(argv)
    import chessbits

    from chessbits.positions import NAMED, PUBLISHED

    depths = {"startpos": 5, "kiwipete": 4} if args.quick else {"startpos": 7, "kiwipete": 6}
    with tempfile.TemporaryDirectory() as tmp:
        gens = {"chessbits": [sys.executable, "-c", CHESSBITS],
                "cozy-chess (native, pext)": [str(build_cozy(args.cozy, Path(tmp), True))],
                "cozy-chess (portable)": [str(build_cozy(args.cozy, Path(tmp), False))]}
        rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
        speeds = {(g, p): [] for g in gens for p in depths}
        for r in range(args.rounds):
            tasks = list(speeds)
            random.shuffle(tasks)
            for g, p in tasks:
                fen, known = NAMED[p], PUBLISHED[p]
                d = depths[p]
                cmd = gens[g] + ([fen, str(d)] if g == "chessbits" else [str(d), fen])
                nodes, secs = run(cmd)
                if nodes != known[d]:
                    sys.exit(f"{g} counts {nodes} at {p} perft {d}, published {known[d]}")
                speeds[g, p].append(nodes / secs / 1e6)
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)

    from chessbits.bench import machine
    info = chessbits.build_info()
    print(f"Machine: {machine()} ({info['cpu']}); {datetime.date.today()}; one thread each; "
          f"medians of {args.rounds} rounds, each (generator, position) in its own process.")
    print(f"chessbits {chessbits.__version__}: {info['compiler']}, code path {info['code_path']}, "
          f"technique {info['default']}. cozy-chess: {rustc}, LTO, one codegen unit.\n")
    names = list(depths)
    print("| generator | " + " | ".join(f"{p} perft {depths[p]}, M nodes/s" for p in names) + " |")
    print("|---|" + "---:|" * len(names))
    med = {k: statistics.median(v) for k, v in speeds.items()}
    for g in gens:
        print(f"| {g} | " + " | ".join(f"{med[g, p]:.0f}" for p in names) + " |")
    for g in gens:
        if g != "chessbits":
            print(f"| chessbits / {g} | " + " | ".join(f"{med['chessbits', p] / med[g, p]:.2f}x" for p in names)
                  + " |")


if __name__ == "__main__":
    sys.exit(main())
