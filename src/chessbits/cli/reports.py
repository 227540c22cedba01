"""``chessbits bench``, ``magics`` and ``info``: the commands that print a report (benchmark tables,
magic numbers, what this build is), thin wrappers over the library."""
import argparse
import importlib
import json
import sys

from .common import BadInput

BENCHMARKS = {  # name -> module with main(argv) -> int, imported only when asked for
    "attacks": "chessbits.bench.attacks",
    "perft": "chessbits.bench.perft",
    "api": "chessbits.bench.api",
    "deep": "chessbits.bench.deep",
    "methods": "chessbits.bench.methods",
    "pgn": "chessbits.bench.pgn",
    "encode": "chessbits.bench.encode",
    "native": "chessbits.bench.native",
    "variants": "chessbits.bench.variants",
    "svg": "chessbits.bench.svg",
    "syzygy": "chessbits.bench.syzygy",
    "env": "chessbits.bench.env",
    "stream": "chessbits.bench.stream",
}


def bench(args: argparse.Namespace) -> int:
    names = list(BENCHMARKS) if args.what == "all" else [args.what]
    if len(names) > 1 and args.rest:
        raise BadInput("options go to one benchmark: chessbits bench NAME OPTIONS...")
    status = 0
    for name in names:
        try:
            module = importlib.import_module(BENCHMARKS[name])
        except ModuleNotFoundError as e:
            if e.name != BENCHMARKS[name]:
                raise
            print(f"chessbits bench: error: the {name} benchmark is not available "
                  f"(no module {BENCHMARKS[name]})", file=sys.stderr)
            status = 2
            continue
        if len(names) > 1:
            print(f"## {name}\n", flush=True)
        status = max(status, module.main(args.rest) or 0)
        if len(names) > 1:
            print(flush=True)
    return status


def magics(args: argparse.Namespace) -> int:
    from .. import magics
    result = magics.search(fixed=args.plain, seed=args.seed)
    print(magics.report(result, args.plain))
    return 0


def info(args: argparse.Namespace) -> int:
    from .. import __version__, build_info
    info = dict(build_info(), version=__version__)
    if args.json:
        print(json.dumps(info, indent=2))
    else:
        for key, value in info.items():
            if isinstance(value, (list, tuple)):
                value = ", ".join(value)
            print(f"{key:18} {value}")
    return 0
