"""Fuzz the text parsers: build the ASan+UBSan+libFuzzer variant into build/fuzz (unless it
is up to date), then run fuzz/fuzz_inputs.py on it under atheris.

    python fuzz/run.py --minutes 30              # fuzz; new inputs go to build/fuzz/corpus
    python fuzz/run.py build/fuzz/crashes/crash-XXXX  # replay inputs (a crash, a seed) once
    python fuzz/run.py --compare                 # corpus vs python-chess: accept/reject differences
    python fuzz/run.py --minutes 5 -- -only_ascii=1   # after --: more libFuzzer flags
    python fuzz/run.py --pgn --minutes 30        # the PGN readers (fuzz_pgn.py, seeds_pgn/)
    python fuzz/run.py --pgn --runs 60000 --seed 7 --minutes 4 --out DIR --no-build   # CI's run
    python fuzz/run.py --syzygy --minutes 10     # the Syzygy table reader (fuzz_syzygy.py)

A run that fails (a crash, a sanitizer report, a broken invariant) prints each input it saved
as base64, to paste into a regression test, and exits non-zero.

Needs atheris (`pip install atheris`) and clang-16 with its runtime (libclang-rt-16-dev).
"""
import argparse
import base64
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "fuzz"
HERE = ROOT / "fuzz"
sys.path.insert(0, str(ROOT / "tools"))
import build_variant  # noqa: E402


def sources():
    """The files the variant is built from."""
    yield ROOT / "setup.py"
    yield ROOT / "tools" / "build_variant.py"
    yield from (p for p in (ROOT / "ext").rglob("*") if p.suffix in (".c", ".h"))
    yield from (p for p in (ROOT / "src" / "chessbits").rglob("*")
                if p.is_file() and p.suffix not in (".so", ".pyd", ".pyc", ".html") and p.name != "_core.c")


def up_to_date(out: Path) -> bool:
    """True if out holds a variant newer than every source."""
    built = list((out / "chessbits").glob("_core*.so"))
    return bool(built) and built[0].stat().st_mtime >= max(p.stat().st_mtime for p in sources())


def report_saved(crashes: Path, before: set) -> None:
    """Each input the run saved, as base64 (a regression test's input) and its file."""
    for path in sorted(set(crashes.iterdir()) - before):
        data = path.read_bytes()
        print(f"fuzz: saved {path} ({len(data)} bytes); base64:\n{base64.b64encode(data).decode()}", flush=True)


SYZYGY_MAX = 16384  # the largest seed table (bytes): the small tables of every kind


def syzygy_seeds(out: Path, env: dict) -> Path:
    """out/seeds_syzygy, written by the harness (fuzz_syzygy.py --seeds) from python-chess's sdist."""
    seeds = out / "seeds_syzygy"
    subprocess.run([sys.executable, str(HERE / "fuzz_syzygy.py"), "--seeds", str(seeds), str(SYZYGY_MAX)],
                   env=env, check=True)
    return seeds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="*", type=Path, help="input files to run once (no fuzzing)")
    ap.add_argument("--minutes", type=float, default=10, help="how long to fuzz at most (default 10)")
    ap.add_argument("--runs", type=int, help="stop after this many inputs (libFuzzer's -runs)")
    ap.add_argument("--seed", type=int, help="libFuzzer's random seed (with --runs: the same inputs each time)")
    ap.add_argument("--out", type=Path, default=OUT, help="where the variant, corpus and crashes live "
                                                          "(default build/fuzz)")
    ap.add_argument("--rebuild", action="store_true", help="build even if the variant is up to date")
    ap.add_argument("--no-build", action="store_true", help="use the variant in --out as it is")
    ap.add_argument("--compare", action="store_true", help="replay the corpus against python-chess")
    ap.add_argument("--pgn", action="store_true", help="fuzz the PGN readers instead of the text parsers")
    ap.add_argument("--syzygy", action="store_true", help="fuzz the Syzygy table reader instead (its seeds: "
                                                          "the tables of python-chess's sdist, fetched)")
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args, extra = ap.parse_args(argv[:cut]), argv[cut + 1:]
    out = args.out.resolve()

    if args.rebuild or not (args.no_build or up_to_date(out)):
        print(f"fuzz: building the ASan+UBSan+libFuzzer variant into {out} ...", flush=True)
        build_variant.build("fuzz", out)
    env = build_variant.environment("fuzz", out)
    # atheris reports the crash itself; ASan's leak check would flag Python's own memory
    # (options already in the environment come after ours, so they win)
    for name, ours in (("ASAN_OPTIONS", "detect_leaks=0:allocator_may_return_null=1"),
                       ("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")):
        env[name] = ":".join(filter(None, [ours, os.environ.get(name)]))
    if args.seed is not None:  # a seeded run is the same run again: Python's str hashes too
        env.setdefault("PYTHONHASHSEED", "0")

    kind = "pgn" if args.pgn else "syzygy" if args.syzygy else "inputs"
    harness = str(HERE / f"fuzz_{kind}.py")
    corpus, crashes = out / {"pgn": "corpus_pgn", "syzygy": "corpus_syzygy"}.get(kind, "corpus"), out / "crashes"
    seeds, dictionary = {"pgn": (HERE / "seeds_pgn", HERE / "pgn.dict"), "syzygy": (out / "seeds_syzygy", None)}.get(
        kind, (HERE / "seeds", HERE / "fen.dict"))
    if kind == "syzygy":
        syzygy_seeds(out, env)
    corpus.mkdir(parents=True, exist_ok=True)
    crashes.mkdir(parents=True, exist_ok=True)
    if args.compare:
        command = [sys.executable, harness, "--compare", *map(str, args.inputs or [seeds, corpus])]
    elif args.inputs:
        command = [sys.executable, harness, *map(str, args.inputs), "-runs=1"]
    else:
        command = [sys.executable, harness, str(corpus), str(seeds),
                   *([str(HERE / "seeds_syzygy")] if kind == "syzygy" else []),
                   f"-max_total_time={int(args.minutes * 60)}", f"-artifact_prefix={crashes}/",
                   f"-max_len={ {'pgn': 4096, 'syzygy': SYZYGY_MAX}.get(kind, 1024)}", "-timeout=30",
                   "-print_final_stats=1"]
        command += [f"-dict={dictionary}"] if dictionary else []
        command += [f"-runs={args.runs}"] if args.runs is not None else []
        command += [f"-seed={args.seed}"] if args.seed is not None else []
    command += extra
    print("fuzz:", " ".join(command), flush=True)
    before = set(crashes.iterdir())
    code = subprocess.run(command, env=env).returncode
    if code:
        report_saved(crashes, before)
        print(f"fuzz: {Path(harness).name} failed (exit {code})", flush=True)
    sys.exit(code)


if __name__ == "__main__":
    main()
