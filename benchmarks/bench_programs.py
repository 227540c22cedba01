"""Whole python-chess programs timed on python-chess and on chessbits, unchanged.

    python benchmarks/bench_programs.py [--rounds 5] [--only analyse_games,walk_games,engine,engine_match]
                                        [--inputs DIR] [--stockfish PATH] [--out-dir DIR]

Each program of benchmarks/programs/ runs as ``python PROGRAM ARGS`` (python-chess) and as
``python -m chessbits.run PROGRAM ARGS`` (chessbits installed as ``chess``), the two
interleaved, in alternating order, for --rounds rounds. The main column is the time each
program measures itself, around its work, imports and interpreter start-up excluded (the
last stderr line, ``elapsed SECONDS``); whole-process wall time is beside it. Medians; ratio
= python-chess time / chessbits time. Every run's stdout and written files must equal
python-chess's (the "same output" column; the script exits 1 if not). The files go to
--out-dir, by default /dev/shm (RAM) where there is one: the same bytes for both libraries,
without a virtual disk's writeback timed into one run and not the next.

The inputs (200 Stockfish self-play games and a Polyglot book, made once by
programs/make_inputs.py, about two minutes) are cached in --inputs (default:
$CHESSBITS_CACHE or ~/.cache/chessbits, then bench-programs/). engine_match needs Stockfish
(PATH or /usr/games/stockfish) and is left out without it; so is Stockfish in the corpus,
then made by the greedy-random player.
"""
import argparse
import datetime
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROGRAMS = Path(__file__).resolve().parent / "programs"
GAMES, SEED, NODES = 200, 1, 1000
ENV = dict(os.environ, PATH=os.environ.get("PATH", "") + os.pathsep + "/usr/games", PYTHONHASHSEED="0")


def cache_dir():
    base = os.environ.get("CHESSBITS_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "chessbits")
    return Path(base) / "bench-programs"


def make_inputs(directory, stockfish):
    """games.pgn and book.bin in `directory` (made once, by python-chess)."""
    directory = Path(directory)
    if (directory / "games.pgn").is_file() and (directory / "book.bin").is_file():
        return directory
    print(f"making the inputs in {directory} (once; about two minutes with Stockfish)", file=sys.stderr)
    staging = directory.with_name(directory.name + f".tmp{os.getpid()}")
    subprocess.run([sys.executable, str(PROGRAMS / "make_inputs.py"), str(staging), "--games", str(GAMES),
                    "--seed", str(SEED), "--nodes", str(NODES), "--stockfish", stockfish or "none"],
                   check=True, env=ENV)
    staging.replace(directory)
    return directory


def programs(inputs, stockfish):
    """(name, script, args, whether it writes files into the trailing out-dir argument)."""
    out = [
        ("analyse_games", "analyse_games.py", ["--book", inputs / "book.bin", inputs / "games.pgn", "--svg-dir"], True),
        ("walk_games", "walk_games.py", ["--every", "20", inputs / "games.pgn", "--svg-dir"], True),
        ("engine", "engine.py", ["--depth", "3", "--plies", "5"], False),
    ]
    if stockfish:
        out.append(("engine_match", "engine_match.py",
                    [stockfish, "--nodes", "20000", "--plies", "80", "--analyse-nodes", "200000"], False))
    return out


def run_once(script, args, writes, subject, tmp):
    """(internal seconds, wall seconds, digest of stdout and written files)."""
    outdir = Path(tempfile.mkdtemp(dir=tmp))
    argv = [str(a) for a in args] + ([str(outdir)] if writes else [])
    prefix = [sys.executable] if subject == "python-chess" else [sys.executable, "-m", "chessbits.run"]
    start = time.perf_counter()
    proc = subprocess.run(prefix + [str(PROGRAMS / script), *argv], capture_output=True, env=ENV)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"{script} on {subject} exited {proc.returncode}:\n{proc.stderr.decode(errors='replace')[-3000:]}")
    last = proc.stderr.decode().strip().splitlines()[-1]
    if not last.startswith("elapsed "):
        sys.exit(f"{script} on {subject}: the last stderr line is not 'elapsed SECONDS': {last!r}")
    digest = hashlib.sha1(proc.stdout)
    for path in sorted(outdir.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(outdir)).encode() + b"\0" + path.read_bytes())
    shutil.rmtree(outdir)
    return float(last.split()[1]), wall, digest.hexdigest()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--only", default=None, help="comma-separated program names")
    ap.add_argument("--inputs", default=None, help="directory of games.pgn and book.bin (made if absent)")
    ap.add_argument("--stockfish", default=None, help="UCI engine path (default: stockfish on PATH or /usr/games/stockfish)")
    ap.add_argument("--out-dir", default=None,
                    help="where the programs write their files (default: /dev/shm, a RAM file system, where "
                         "there is one, else the temporary directory)")
    args = ap.parse_args(argv)
    from chessbits.bench import machine, table

    stockfish = args.stockfish or shutil.which("stockfish", path=ENV["PATH"])
    if stockfish and not os.access(stockfish, os.X_OK):
        stockfish = None
    inputs = Path(args.inputs) if args.inputs else cache_dir() / (
        f"seed{SEED}-games{GAMES}-" + (f"nodes{NODES}" if stockfish else "greedy"))
    inputs.parent.mkdir(parents=True, exist_ok=True)
    make_inputs(inputs, stockfish)
    chosen = programs(inputs, stockfish)
    if args.only:
        names = args.only.split(",")
        chosen = [p for p in chosen if p[0] in names]

    times = {(name, who): ([], []) for name, *_ in chosen for who in ("python-chess", "chessbits")}
    digests = {name: set() for name, *_ in chosen}
    # The files go to RAM by default: on a virtual machine's disk the kernel throttling the
    # writeback of the last run's 1,200 diagrams took 0.1-0.9 s of a 0.3 s program, at random.
    out_dir = args.out_dir or ("/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None)
    with tempfile.TemporaryDirectory(dir=out_dir) as tmp:
        for r in range(args.rounds):
            for name, script, prog_args, writes in chosen:
                order = ("python-chess", "chessbits") if r % 2 == 0 else ("chessbits", "python-chess")
                for who in order:
                    internal, wall, digest = run_once(script, prog_args, writes, who, tmp)
                    times[name, who][0].append(internal)
                    times[name, who][1].append(wall)
                    digests[name].add(digest)
                print(f"round {r + 1}/{args.rounds}: {name} done", file=sys.stderr)

    print(f"Machine: {machine()}; {datetime.date.today()}; medians of {args.rounds} interleaved rounds. "
          f"Program time: measured by each program around its work (stderr 'elapsed'); wall: the whole "
          f"process, interpreter start-up and imports included. Ratio: python-chess / chessbits. "
          f"Files written under {out_dir or tempfile.gettempdir()}.\n")
    rows = []
    for name, script, prog_args, writes in chosen:
        pc_in, pc_wall = (statistics.median(v) for v in times[name, "python-chess"])
        cb_in, cb_wall = (statistics.median(v) for v in times[name, "chessbits"])
        shown = " ".join(Path(str(a)).name if os.sep in str(a) else str(a) for a in prog_args) + (" DIR" if writes else "")
        rows.append([name, shown, f"{pc_in:.2f}", f"{cb_in:.2f}", f"{pc_in / cb_in:.2f}x",
                     f"{pc_wall:.2f}", f"{cb_wall:.2f}", f"{pc_wall / cb_wall:.2f}x",
                     "yes" if len(digests[name]) == 1 else "NO"])
    print(table(["program", "arguments", "python-chess s", "chessbits s", "ratio",
                 "wall python-chess s", "wall chessbits s", "wall ratio", "same output"], rows))
    return 0 if all(len(d) == 1 for d in digests.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
