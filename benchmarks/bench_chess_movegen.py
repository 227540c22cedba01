"""chessbits' attack techniques beside the public C++ benchmark of them (Gigantua/Chess_Movegen),
side by side in one run on one machine.

You fetch Chess_Movegen yourself (it is never vendored here). The script builds a copy of it
with its own Makefile and the compiler you name (default clang++-16, as its Makefile says;
`-O3 -march=native`), patched to time one row of its single-thread table (random square,
random occupancy, 12 squares per occupancy) when MOVEGEN_ONLY names it. Then, round by round
and technique by technique, it runs that row and the same technique in `chessbits bench
attacks` (a fresh interpreter, the same shape and a random square and occupancy per lookup)
back to back, in alternating order: a virtual machine whose speed drifts by a third within
minutes shifts both sides of a pair alike. It prints medians as a Markdown table with the
median of the rounds' ratios on the same shape, the machine, both compilers and the date.

    git clone https://github.com/Gigantua/Chess_Movegen /tmp/Chess_Movegen
    python benchmarks/bench_chess_movegen.py /tmp/Chess_Movegen [--rounds 2] [--cxx clang++-16]

An AVX2-only machine, on an AVX-512 one: `--march x86-64-v3 --cpu v3` builds the public
benchmark for x86-64-v3 and caps chessbits at its x86-64-v3 code (CHESSBITS_CPU=v3).
`--chessbits wheel=/path/to/venv/bin/python` runs another interpreter's chessbits (the
wheel, an older build) in the same rounds, with columns of its own.
"""
import os
import argparse
import datetime
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

# chessbits method -> the public benchmark's row for the same technique
PUBLIC_NAMES = {
    "pext": "Pext constexpr",
    "black_magic": "Black Magic BB - Fixed shift",
    "fancy_magic": "Fancy Magic BB - Variable shift",
    "magic": "Plain Magic BB",
    "kindergarten": "Kindergarten",
    "hyperbola": "Hyperbola Quintessence o^(o-2r)",
    "kogge_stone": "Kogge-Stone",
    "classical": "Classical Bob-Mike",
    "obstruction": "Obstruction Difference",
    "dumb7fill": "Dumb7 Fill",
    "exploding": "Exploding Bitboards",
    "rotated": "Rotated Bitboards",
}
CHESSBITS = """
import json, sys
from chessbits import build_info
from chessbits.bench.attacks import run
print(json.dumps({"path": build_info()["attacks_code_path"],
                  **{r["method"]: [r["shared"], r["random"]] for r in run(methods=[sys.argv[1]], rounds=1)}}))
"""


# The public benchmark's single-thread table, made to time only the row MOVEGEN_ONLY names.
NORM = re.compile(rb"(#define Norm\(X\)[^\n]*?)\{ Get_MLU<X>\(\); \}")
ONLY = (rb'\1{ const char* only_ = getenv("MOVEGEN_ONLY"); '
        rb'if (!only_ || X::name == std::string_view(only_)) Get_MLU<X>(); }')


def build(checkout, workdir, cxx, march):
    """Builds a copy of the checkout with its Makefile (-march=native replaced by march), its
    table able to run one row (MOVEGEN_ONLY); returns the binary's path."""
    src = Path(workdir) / "Chess_Movegen"
    shutil.copytree(checkout, src, ignore=shutil.ignore_patterns(".git", "movegen_compare"))
    makefile = src / "Makefile"
    makefile.write_text(makefile.read_text().replace("-march=native", f"-march={march}"))
    main = src / "Main.cpp"
    text, found = NORM.subn(ONLY, main.read_bytes())
    if found != 1:
        sys.exit(f"{checkout}: Main.cpp has no `#define Norm(X) ... {{ Get_MLU<X>(); }}` to time one row "
                 "at a time (a76800a has)")
    main.write_bytes(text)
    subprocess.run(["make", f"CC={cxx}"], cwd=src, check=True, stdout=subprocess.DEVNULL)
    return src / "movegen_compare"


def public_round(binary, row):
    """{row name: M queen lookups/s} from one run of the public benchmark's row."""
    out = subprocess.run([str(binary)], capture_output=True, check=True,
                         env=dict(os.environ, MOVEGEN_ONLY=row)).stdout
    text = out.replace(b"\0", b"").decode("utf-8", "replace")
    rows = {}
    for line in text.split("Million Lookups/s", 1)[1].splitlines():
        m = re.match(r"^(.{35})([0-9]+\.[0-9]+)\s", line)
        if m:
            rows[m.group(1).strip()] = float(m.group(2))
    return rows


def chessbits_round(cpu, python, method):
    """{"path": code path, method: [M/s on the public shape, M/s a random pair per lookup]}."""
    env = dict(os.environ, CHESSBITS_CPU=cpu) if cpu != "native" else None
    out = subprocess.run([python, "-c", CHESSBITS, method], capture_output=True, text=True, check=True, env=env,
                         cwd=tempfile.gettempdir())  # not this checkout's src
    return json.loads(out.stdout)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkout", help="path of a Chess_Movegen checkout")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--cxx", default="clang++-16", help="compiler for the public benchmark")
    ap.add_argument("--march", default="native", help="the public benchmark's -march")
    ap.add_argument("--cpu", default="native", choices=["native", "v3", "baseline"],
                    help="chessbits' code paths (CHESSBITS_CPU)")
    ap.add_argument("--chessbits", action="append", default=[], metavar="LABEL=PYTHON",
                    help="another interpreter whose chessbits runs beside this one (repeatable)")
    args = ap.parse_args(argv)
    os.environ.pop("CHESSBITS_CPU", None)
    from chessbits.bench import machine, pythons, table
    builds = list(pythons(ap, args.chessbits).items())
    others = builds[1:]

    public = {m: [] for m in PUBLIC_NAMES}
    ours = {label: {m: [] for m in PUBLIC_NAMES} for label, _ in builds}
    paths = {}
    with tempfile.TemporaryDirectory() as tmp:
        binary = build(args.checkout, tmp, args.cxx, args.march)
        for r in range(args.rounds):
            for k, (method, row) in enumerate(PUBLIC_NAMES.items()):
                runs = [("public", lambda row=row: public_round(binary, row))]
                runs += [(label, lambda py=py, m=method: chessbits_round(args.cpu, py, m)) for label, py in builds]
                for who, fn in (runs if (r + k) % 2 == 0 else runs[::-1]):  # alternate which goes first
                    out = fn()
                    if who == "public":
                        public[method].append(out[row])
                    else:
                        paths[who] = out["path"]
                        ours[who][method].append(out[method])
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    cxx = subprocess.run([args.cxx, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    print(f"Machine: {machine()}; {datetime.date.today()}; medians of {args.rounds} rounds, each "
          f"technique's runs back to back; M queen lookups/s, one thread; a ratio is the median of the "
          f"rounds' ratios. Public benchmark: {cxx}, -O3 -march={args.march} "
          f"(12 random squares per random occupancy); chessbits: its default build (no -march; "
          f"code path {paths['chessbits']}), on the same shape and with a random "
          f"square and occupancy per lookup.")
    for label, py in others:
        print(f"{label}: {py} (code path {paths[label]}), the same shape.")
    print()
    rows = []
    for method, name in PUBLIC_NAMES.items():
        b = public[method]
        row = [method, name, f"{statistics.median(b):.0f}"]
        for label, _ in builds:
            same, fresh = zip(*ours[label][method])
            ratio = statistics.median(o / p for o, p in zip(same, b))
            row += [f"{statistics.median(same):.0f}", f"{ratio:.2f}x"]
            row += [f"{statistics.median(fresh):.0f}"] if label == "chessbits" else []
        rows.append(row)
    rows.sort(key=lambda r: -float(r[2]))
    head = ["technique", "public benchmark's row", "public"]
    for label, _ in builds:
        head += [f"{label}, same shape", f"{label} / public"]
        head += ["chessbits, a pair per lookup"] if label == "chessbits" else []
    print(table(head, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
