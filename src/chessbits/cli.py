"""The ``chessbits`` command line.

    chessbits bench attacks     sliding-attack techniques side by side
    chessbits magics [--plain]  find magic multipliers, print them and the time taken
    chessbits info              what this build is and what it picked on this CPU
"""
import argparse
import json
import sys
from typing import List, Optional


def _bench(args: argparse.Namespace) -> int:
    from .bench import attacks
    return attacks.main(args.rest)


def _magics(args: argparse.Namespace) -> int:
    from . import magics
    result = magics.search(fixed=args.plain, seed=args.seed)
    print(magics.report(result, args.plain))
    return 0


def _info(args: argparse.Namespace) -> int:
    from . import __version__, build_info
    info = dict(build_info(), version=__version__)
    if args.json:
        print(json.dumps(info, indent=2))
    else:
        for key, value in info.items():
            if isinstance(value, (list, tuple)):
                value = ", ".join(value)
            print(f"{key:18} {value}")
    return 0


def _seed(text: str) -> int:
    value = int(text, 0)
    if not 0 < value < 1 << 64:
        raise argparse.ArgumentTypeError(f"seed must be in 1..2**64-1, got {text}")
    return value


def parser() -> argparse.ArgumentParser:
    """The argument parser, one sub-command per job."""
    ap = argparse.ArgumentParser(prog="chessbits", description="Chess bitboards with a C core.")
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("bench", help="benchmark tables (attacks)",
                       description="Print benchmark tables; `chessbits bench attacks --help` "
                                   "lists the options of each.")
    p.add_argument("what", choices=["attacks"], help="which benchmark")
    p.add_argument("rest", nargs=argparse.REMAINDER, help="options for that benchmark")
    p.set_defaults(run=_bench)

    p = sub.add_parser("magics", help="find magic multipliers and print them",
                       description="Run the magic-number search used at start-up and print the "
                                   "multipliers, index bits, table sizes and time taken.")
    p.add_argument("--plain", action="store_true",
                   help="fixed 12/9 index bits (plain magic) instead of fancy variable bits")
    p.add_argument("--seed", type=_seed, default=0x2545F4914F6CDD1D,
                   help="PRNG seed (non-zero; decimal or 0x hex)")
    p.set_defaults(run=_magics)

    p = sub.add_parser("info", help="build and CPU information",
                       description="What this build is: compiler, CPU features, methods, "
                                   "the default method and why.")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_info)
    return ap


def main(argv: Optional[List[str]] = None) -> int:
    """Entry point of the console script; returns the exit status."""
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
