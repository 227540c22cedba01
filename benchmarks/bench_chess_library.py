"""chessbits.pgn.read_games beside Disservin/chess-library (C++, header-only, MIT), the native
anchor of PGN reading, side by side in one run on one machine.

You fetch chess-library yourself (it is never vendored here). The script builds our small driver
(benchmarks/native/chess_library_read/read.cpp: chess-library's StreamParser with a visitor that
plays each SAN move on its Board, tags ignored) with the compiler you name (`-O3 -march=native`),
writes the corpus again without comments, NAGs or variations ("plain"), then alternates, round by
round in a fresh order: the driver (best of 5 runs) and `read_games(path, threads=1)` in a fresh
interpreter (best of 5), with every tag kept and with none (`headers=()`), on both files. Games and
plies are asserted equal; it prints medians as a Markdown table with the machine, the compiler
and the date.

    git clone https://github.com/Disservin/chess-library /tmp/chess-library
    chessbits bench pgn --rounds 1   # writes the corpus to the cache, if it is not there yet
    python benchmarks/bench_chess_library.py /tmp/chess-library [--rounds 8] [--cxx g++]
"""
import argparse
import datetime
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHESSBITS = """
import sys, time
from chessbits.pgn import read_games
kw = {} if sys.argv[2] == "all" else {"headers": ()}
best = float("inf")
for _ in range(5):
    start = time.perf_counter()
    games = read_games(sys.argv[1], threads=1, **kw)
    best = min(best, time.perf_counter() - start)
print(best, len(games), len(games.moves))
"""


def plain_copy(corpus, path):
    """Writes corpus's games to path without comments, NAGs or variations."""
    import chessbits.pgn as cpgn
    with open(corpus, encoding="utf-8") as source, open(path, "w", encoding="utf-8") as out:
        while (game := cpgn.read_game(source)) is not None:
            out.write(game.accept(cpgn.StringExporter(comments=False, variations=False)) + "\n\n")


def run(command):
    """(seconds, games, plies) a timing command printed."""
    seconds, games, plies = subprocess.run(command, capture_output=True, text=True, check=True).stdout.split()
    return float(seconds), int(games), int(plies)


def main(argv=None):
    from chessbits.bench import machine, table
    from chessbits.bench.pgn import DEFAULT_CORPUS
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkout", help="path of a chess-library checkout")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="the full PGN file (default: bench pgn's)")
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--cxx", default="g++")
    args = ap.parse_args(argv)
    if not args.corpus.exists():
        ap.error(f"{args.corpus} does not exist: `chessbits bench pgn` writes it")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    with tempfile.TemporaryDirectory() as tmp:
        driver = Path(tmp) / "read"
        subprocess.run([args.cxx, "-std=c++17", "-O3", "-march=native", "-I", str(Path(args.checkout) / "include"),
                        "-o", str(driver), str(HERE / "native" / "chess_library_read" / "read.cpp")], check=True)
        plain = Path(tmp) / "plain.pgn"
        plain_copy(args.corpus, plain)
        files = {"plain": plain, "full": args.corpus}
        commands = {}
        for name, path in files.items():
            commands[(name, "chess-library")] = [str(driver), str(path), "5"]
            for kept in ("none", "all"):
                commands[(name, kept)] = [sys.executable, "-c", CHESSBITS, str(path), kept]
        times = {key: [] for key in commands}
        counts = {}
        rng = random.Random(1)
        for r in range(args.rounds):
            order = list(commands)
            rng.shuffle(order)
            for key in order:
                seconds, games, plies = run(commands[key])
                times[key].append(seconds)
                counts.setdefault(key[0], (games, plies))
                assert counts[key[0]] == (games, plies), (key, games, plies, counts[key[0]])
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
        cxx = subprocess.run([args.cxx, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
        print(f"Machine: {machine()}; {datetime.date.today()}; one thread; medians of {args.rounds} rounds "
              f"(each the best of 5 runs); chess-library: {cxx}, -O3 -march=native; chessbits: its default "
              f"build. Ratio: chess-library's time over chessbits'.\n")
        rows = []
        for name, path in files.items():
            games, plies = counts[name]
            size = path.stat().st_size
            base = statistics.median(times[(name, "chess-library")])
            row = [f"{name} ({size / 1e6:.1f} MB, {games:,} games, {plies:,} plies)",
                   f"{base:.4f} s ({plies / base / 1e6:.1f} M plies/s, {size / base / 1e6:.0f} MB/s)"]
            for kept in ("none", "all"):
                ours = statistics.median(times[(name, kept)])
                row.append(f"{ours:.4f} s ({base / ours:.2f}x)")
            rows.append(row)
        print(table(["file", "chess-library", "chessbits, no tags kept", "chessbits, every tag"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
