"""Fuzz the text parsers: build the ASan+UBSan+libFuzzer variant into build/fuzz (unless it
is up to date), then run fuzz/fuzz_inputs.py on it under atheris.

    python fuzz/run.py --minutes 30              # fuzz; new inputs go to build/fuzz/corpus
    python fuzz/run.py build/fuzz/crashes/crash-XXXX  # replay inputs (a crash, a seed) once
    python fuzz/run.py --compare                 # corpus vs python-chess: accept/reject differences
    python fuzz/run.py --minutes 5 -- -only_ascii=1   # after --: more libFuzzer flags
    python fuzz/run.py --pgn --minutes 30        # the PGN readers (fuzz_pgn.py, seeds_pgn/)

Needs atheris (`pip install atheris`) and clang-16 with its runtime (libclang-rt-16-dev).
"""
import argparse
import os
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


def up_to_date() -> bool:
    """True if build/fuzz holds a variant newer than every source."""
    built = list((OUT / "chessbits").glob("_core*.so"))
    return bool(built) and built[0].stat().st_mtime >= max(p.stat().st_mtime for p in sources())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="*", type=Path, help="input files to run once (no fuzzing)")
    ap.add_argument("--minutes", type=float, default=10, help="how long to fuzz (default 10)")
    ap.add_argument("--rebuild", action="store_true", help="build even if build/fuzz is up to date")
    ap.add_argument("--no-build", action="store_true", help="use build/fuzz as it is")
    ap.add_argument("--compare", action="store_true", help="replay the corpus against python-chess")
    ap.add_argument("--pgn", action="store_true", help="fuzz the PGN readers instead of the text parsers")
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args, extra = ap.parse_args(argv[:cut]), argv[cut + 1:]

    if args.rebuild or not (args.no_build or up_to_date()):
        print("fuzz: building the ASan+UBSan+libFuzzer variant into build/fuzz ...", flush=True)
        build_variant.build("fuzz", OUT)
    env = build_variant.environment("fuzz", OUT)
    # atheris reports the crash itself; ASan's leak check would flag Python's own memory
    # (options already in the environment come after ours, so they win)
    for name, ours in (("ASAN_OPTIONS", "detect_leaks=0:allocator_may_return_null=1"),
                       ("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")):
        env[name] = ":".join(filter(None, [ours, os.environ.get(name)]))

    harness = str(HERE / ("fuzz_pgn.py" if args.pgn else "fuzz_inputs.py"))
    corpus, crashes = OUT / ("corpus_pgn" if args.pgn else "corpus"), OUT / "crashes"
    seeds, dictionary = (HERE / "seeds_pgn", HERE / "pgn.dict") if args.pgn else (HERE / "seeds", HERE / "fen.dict")
    corpus.mkdir(parents=True, exist_ok=True)
    crashes.mkdir(parents=True, exist_ok=True)
    if args.compare:
        command = [sys.executable, harness, "--compare", *map(str, args.inputs or [seeds, corpus])]
    elif args.inputs:
        command = [sys.executable, harness, *map(str, args.inputs), "-runs=1"]
    else:
        command = [sys.executable, harness, str(corpus), str(seeds),
                   f"-max_total_time={int(args.minutes * 60)}", f"-dict={dictionary}",
                   f"-artifact_prefix={crashes}/", f"-max_len={4096 if args.pgn else 1024}", "-timeout=30",
                   "-print_final_stats=1"]
    command += extra
    print("fuzz:", " ".join(command), flush=True)
    os.execvpe(command[0], command, env)


if __name__ == "__main__":
    main()
