"""chessbits' attack techniques beside the public C++ benchmark of them (Gigantua/Chess_Movegen),
side by side in one run on one machine.

You fetch Chess_Movegen yourself (it is never vendored here). The script builds a copy of it
with its own Makefile and the compiler you name (default clang++-16, as its Makefile says;
`-O3 -march=native`), then alternates, round by round: the public benchmark (its single-thread
table: random square, random occupancy, 12 squares per occupancy) and `chessbits bench attacks`
in a fresh interpreter, on the same shape (12 random squares per random occupancy) and on its
own (random square and occupancy per lookup). It prints medians as a Markdown table with the
ratio on the same shape, the machine, both compilers and the date.

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
import json
from chessbits import build_info
from chessbits.bench.attacks import run
print(json.dumps({"path": build_info()["attacks_code_path"],
                  **{r["method"]: [r["shared"], r["random"]] for r in run(rounds=1)}}))
"""


def build(checkout, workdir, cxx, march):
    """Builds a copy of the checkout with its Makefile (-march=native replaced by march);
    returns the binary's path."""
    src = Path(workdir) / "Chess_Movegen"
    shutil.copytree(checkout, src, ignore=shutil.ignore_patterns(".git", "movegen_compare"))
    makefile = src / "Makefile"
    makefile.write_text(makefile.read_text().replace("-march=native", f"-march={march}"))
    subprocess.run(["make", f"CC={cxx}"], cwd=src, check=True, stdout=subprocess.DEVNULL)
    return src / "movegen_compare"


def public_round(binary):
    """{row name: M queen lookups/s} from one run of the public benchmark."""
    out = subprocess.run([str(binary)], capture_output=True, check=True).stdout
    text = out.replace(b"\0", b"").decode("utf-8", "replace")
    rows = {}
    for line in text.split("Million Lookups/s", 1)[1].splitlines():
        m = re.match(r"^(.{35})([0-9]+\.[0-9]+)\s", line)
        if m:
            rows[m.group(1).strip()] = float(m.group(2))
    return rows


def chessbits_round(cpu, python):
    env = dict(os.environ, CHESSBITS_CPU=cpu) if cpu != "native" else None
    out = subprocess.run([python, "-c", CHESSBITS], capture_output=True, text=True, check=True, env=env,
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

    public, ours, paths = {}, {label: {} for label, _ in builds}, {}
    with tempfile.TemporaryDirectory() as tmp:
        binary = build(args.checkout, tmp, args.cxx, args.march)
        for r in range(args.rounds):  # alternate which goes first
            runs = [("public", lambda: public_round(binary))]
            runs += [(label, lambda py=py: chessbits_round(args.cpu, py)) for label, py in builds]
            for who, fn in (runs if r % 2 == 0 else runs[::-1]):
                for name, speed in fn().items():
                    if name == "path":
                        paths[who] = speed
                    else:
                        (public if who == "public" else ours[who]).setdefault(name, []).append(speed)
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    cxx = subprocess.run([args.cxx, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    print(f"Machine: {machine()}; {datetime.date.today()}; medians of {args.rounds} rounds, one after the "
          f"other; M queen lookups/s, one thread. Public benchmark: {cxx}, -O3 -march={args.march} "
          f"(12 random squares per random occupancy); chessbits: its default build (no -march; "
          f"code path {paths['chessbits']}), on the same shape and with a random "
          f"square and occupancy per lookup.")
    for label, py in others:
        print(f"{label}: {py} (code path {paths[label]}), the same shape.")
    print()
    rows = []
    for method, name in PUBLIC_NAMES.items():
        if all(method in ours[label] for label, _ in builds) and name in public:
            b = statistics.median(public[name])
            row = [method, name, f"{b:.0f}"]
            for label, _ in builds:
                same, fresh = (statistics.median(v) for v in zip(*ours[label][method]))
                row += [f"{same:.0f}", f"{same / b:.2f}x"] + ([f"{fresh:.0f}"] if label == "chessbits" else [])
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
