"""The ``chessbits`` command line (also ``python -m chessbits``).

    chessbits perft [FEN|startpos|kiwipete] DEPTH    count leaf nodes; --divide, --compare
    chessbits divide [FEN|startpos|kiwipete] DEPTH   perft --divide
    chessbits suite FILE...                          check EPD perft suites
    chessbits pgn FILE...                            count, check, summarise or export PGN files
    chessbits bench [NAME|all]                       benchmark tables (attacks, perft, native, pgn, ...)
    chessbits magics [--plain]                       find magic multipliers, print them and the time taken
    chessbits info                                   what this build is and what it picked on this CPU
    chessbits uci                                    a UCI engine answering go perft N (on stdin)

Each command's --help has its options and examples. Exit status: 0 all well,
1 a count differs (suite failure, generators disagree), 2 bad input or a broken
engine, 130 interrupted.
"""
import argparse
import os
import sys
from typing import List, Optional

from .._core import MAX_HASH_MB, MAX_THREADS, VARIANT_NAMES
from ..variant import find_variant
from ..uci import EngineError
from . import perft, reports, suite, uci_server
from . import pgn as pgn_cli
from .deep import DEFAULT_HASH_MB
from .._options import Parser, int_in, positive
from .common import BadInput, Interrupted
from .suite import ORACLE_MAX_NODES, SUITE_MAX_DEPTH, SUITE_MAX_NODES

__all__ = ["main", "parser"]


_seed = int_in(1, (1 << 64) - 1)  # a magic finder's seed
_threads = int_in(1, MAX_THREADS)
_hash_mb = int_in(1, MAX_HASH_MB)  # a transposition table, in MB (1 TB at most)
_depth0 = int_in(0)  # a split depth or a hash seed


def _method(text: str) -> str:
    from .. import attacks
    if text in attacks.PERFT_METHODS:
        return text
    if text not in attacks.ALL_METHODS:
        raise argparse.ArgumentTypeError(f"unknown method {text!r}; valid methods: "
                                         f"{', '.join(attacks.PERFT_METHODS)}")
    try:
        attacks.table_bytes(text)  # the core's message says what is valid here
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def _variant(text: str) -> str:
    """A variant's python-chess name from any of its aliases (chess itself is no variant here)."""
    try:
        name = find_variant(text).uci_variant
    except ValueError:
        name = "chess"
    if name == "chess":
        raise argparse.ArgumentTypeError(f"unknown variant {text!r}; variants: {', '.join(VARIANT_NAMES[1:])}")
    return name


def _timeout(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text!r}")
    return value


PERFT_EPILOG = """\
POSITION is a FEN (quoted or not), startpos or kiwipete; it defaults to startpos.
Chess960 is switched on by --chess960 or by a castling field only Chess960 has.

output: 'Nodes searched: N' and the time; with --divide first one line per root
move ('e2e4: 9771', sorted by UCI, printed as each finishes) and a blank line,
the format of Stockfish's 'go perft'. On a terminal a status line shows progress.
Ctrl-C stops it and says what was done (exit status 130).

--compare runs another move generator on the same position: python-chess (the
default when --compare has no value) or any UCI engine that answers 'go perft N'
(the command line is split like a shell's). Both counts, times and the speed
ratio are printed. If they differ, it drills down by itself: divide on both
sides, follow the first move whose counts differ, one ply deeper each time, until
it names the position (FEN), the moves that reach it and the moves only one side
generates. Put --compare last, or write --compare=CMD, so it does not take the
position as its value.

Deep runs (any of --hash, --split, --tasks, --checkpoint, --dask, --seed, --verify,
or --stats with --threads > 1): the tree is split into the distinct positions D plies
down with their path counts, cut into tasks counted by every core (or a Dask
cluster) sharing one transposition table; a progress line with nodes/s and ETA;
with --checkpoint each finished task is recorded, Ctrl-C keeps them and the same
command resumes. --verify counts again with other hash keys.

exit status: 0 counts agree (or no --compare), 1 they differ (or --verify's runs
do), 2 bad input or a broken engine (missing, died, timed out, answered garbage),
130 interrupted.

examples:
  chessbits perft startpos 6
  chessbits perft kiwipete 5 --divide --threads 2
  chessbits perft "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" 6 --method black_magic
  chessbits perft bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 4
  chessbits perft startpos 5 --compare
  chessbits perft kiwipete 4 --compare stockfish
  chessbits perft startpos 4 --compare 'python3 myengine.py --flag' --timeout 60
  chessbits perft startpos 9 --hash 8192 --checkpoint perft9.json
  chessbits perft kiwipete 6 --stats --threads 2 --json
  chessbits perft startpos 11 --dask tcp://scheduler:8786 --hash 16384 --checkpoint p11.json
"""

SUITE_EPILOG = f"""\
Suites are EPD lines '<FEN> ;D1 20 ;D2 400 ...' or python-chess's .perft blocks
('id', 'epd <FEN>', 'perft <depth> <nodes>'). Each position is checked at every
listed depth up to --max-depth (default {SUITE_MAX_DEPTH}) whose published count is at most
--max-nodes (default {SUITE_MAX_NODES:,}), so a plain run takes seconds. Chess960 is
detected from the castling field, or forced by --chess960.

A failure shows the counts and, when python-chess can do it in about a second
(at most {ORACLE_MAX_NODES:,} nodes), the exact position and move where it and
chessbits part (or that python-chess agrees with chessbits); otherwise our divide.
Progress: a bar on a terminal, plain lines every 2 s otherwise (both on stderr).

exit status: 0 all passed, 1 any failed or nothing checked (every count beyond the
limits), 2 bad input (a file unreadable, malformed or without a usable line),
130 interrupted.

examples:
  chessbits suite tests/data/ethereal-standard.epd
  chessbits suite tests/data/*.epd --max-nodes 1e7 --threads 2
  chessbits suite tests/data/python-chess-chess960.perft --max-depth 4
"""

BENCH_EPILOG = """\
Each benchmark has its own options, given after its name; see
'chessbits bench NAME --help'. 'all' (the default) runs each in turn.

examples:
  chessbits bench attacks --rounds 3 --method magic --method pext
  chessbits bench perft
  chessbits bench methods --rounds 3 --only Move --only Piece
  chessbits bench all
"""


def _add_perft_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("position", nargs="+", metavar="[POSITION] DEPTH",
                   help="a FEN, startpos or kiwipete (default startpos), then the depth in plies")
    p.add_argument("--method", type=_method, metavar="M",
                   help="sliding-attack technique, or incremental (Hyatt's attack maps kept "
                        "through make/unmake); default: this CPU's fastest, see chessbits info")
    p.add_argument("--threads", type=_threads, metavar="N",
                   help=f"threads (1..{MAX_THREADS}; default 1, in a deep run every core, with --dask 1 per task)")
    p.add_argument("--chess960", action="store_true", help="Chess960 castling rules")
    p.add_argument("--variant", type=_variant, metavar="NAME",
                   help=f"a variant's rules, python-chess's ({', '.join(VARIANT_NAMES[1:])} or an alias); "
                        "startpos is its starting position")
    deep = p.add_argument_group("deep runs (any of these; see below)")
    deep.add_argument("--hash", type=_hash_mb, metavar="MB",
                      help=f"transposition table size (default {DEFAULT_HASH_MB:,}; none with --stats)")
    deep.add_argument("--split", type=_depth0, metavar="D",
                      help="split the tree into the distinct positions D plies down (default: the first "
                           "ply with 1,000 paths)")
    deep.add_argument("--tasks", type=positive, metavar="N",
                      help="cut those positions into N tasks, the unit of checkpoints and Dask (default 500)")
    deep.add_argument("--checkpoint", metavar="FILE",
                      help="record each finished task in FILE; a FILE that exists is resumed")
    deep.add_argument("--dask", metavar="ADDRESS",
                      help="send the tasks to the Dask scheduler at ADDRESS (pip install 'chessbits[dask]')")
    deep.add_argument("--seed", type=_depth0, metavar="N", help="hash key seed (default 0)")
    deep.add_argument("--verify", action="store_true",
                      help="count twice, the second time with other hash keys (seed + 1), and compare")
    p.add_argument("--compare", nargs="?", const="python-chess", metavar="CMD",
                   help="also run python-chess (the default) or the UCI engine CMD, and drill down "
                        "where they differ")
    p.add_argument("--stats", action="store_true",
                   help="chessprogramming's perft table: captures, e.p., castles, promotions, checks, "
                        "discovery and double checks, checkmates (the default method; with --threads N > 1 a deep run)")
    p.add_argument("--json", action="store_true",
                   help="also print one JSON object on the last line: nodes (and the --stats counts)")
    p.add_argument("--timeout", type=_timeout, default=30.0, metavar="SECONDS",
                   help="how long a --compare engine may stay silent (default 30)")
    p.set_defaults(run=perft.run)


def parser() -> argparse.ArgumentParser:
    """The argument parser, one sub-command per job."""
    raw = argparse.RawDescriptionHelpFormatter
    ap = Parser(prog="chessbits", description="Chess bitboards, legal move generation and perft "
                                               "with a C core.", epilog=__doc__.split("\n\n", 1)[1],
                 formatter_class=raw)
    from .. import __version__
    ap.add_argument("--version", action="version", version=f"chessbits {__version__}")
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND")

    for name, divide, summary in [("perft", False, "count leaf nodes DEPTH plies down (--divide, --compare)"),
                                  ("divide", True, "perft --divide: nodes below each root move")]:
        p = sub.add_parser(name, help=summary, epilog=PERFT_EPILOG, formatter_class=raw,
                           usage=f"chessbits {name} [POSITION] DEPTH [--compare [CMD]] [--timeout SECONDS]"
                                 f"{'' if divide else ' [--divide]'}\n{' ' * (17 + len(name))}"
                                 "[--method M] [--threads N] [--chess960] [--stats] [--json]\n"
                                 f"{' ' * (17 + len(name))}[--hash MB] [--split D] [--tasks N] "
                                 "[--checkpoint FILE] [--dask ADDRESS] [--seed N] [--verify]",
                           description=f"Perft: leaf nodes DEPTH plies below a position, with time "
                                       f"and speed.{' The same as perft --divide.' if divide else ''}")
        _add_perft_arguments(p)
        if divide:
            p.set_defaults(divide=True)
        else:
            p.add_argument("--divide", action="store_true", help="nodes below each root move, sorted by UCI")

    p = sub.add_parser("suite", help="check perft suites (EPD or .perft files)", epilog=SUITE_EPILOG,
                       formatter_class=raw, description="Run perft suites: passed and failed positions, the first "
                                                        "failures explained.")
    p.add_argument("files", nargs="+", metavar="FILE", help="suite files")
    p.add_argument("--max-depth", type=positive, default=SUITE_MAX_DEPTH, metavar="D",
                   help=f"skip deeper counts (default {SUITE_MAX_DEPTH})")
    p.add_argument("--max-nodes", type=positive, default=SUITE_MAX_NODES, metavar="N",
                   help=f"skip counts above N nodes, e.g. 1e8 (default {SUITE_MAX_NODES:,})")
    p.add_argument("--method", type=_method, metavar="M",
                   help="sliding-attack technique or incremental (default: this CPU's fastest)")
    p.add_argument("--threads", type=_threads, default=1, metavar="N", help=f"threads per perft (1..{MAX_THREADS}, default 1)")
    p.add_argument("--chess960", action="store_true", help="Chess960 rules for every position")
    p.add_argument("--variant", type=_variant, metavar="NAME",
                   help="every position under a variant's rules (python-chess's names, as for perft)")
    p.add_argument("--show", type=positive, default=5, metavar="K",
                   help="explain the first K failures (default 5)")
    p.set_defaults(run=suite.run)

    pgn_cli.add_parser(sub, raw)

    p = sub.add_parser("bench", help=f"benchmark tables ({', '.join(reports.BENCHMARKS)}, all)",
                       epilog=BENCH_EPILOG, formatter_class=raw,
                       description="Print benchmark tables, side by side in one run, as ratios.")
    p.add_argument("what", nargs="?", default="all", choices=[*reports.BENCHMARKS, "all"],
                   help="which benchmark (default all)")
    p.add_argument("rest", nargs=argparse.REMAINDER, help="options for that benchmark")
    p.set_defaults(run=reports.bench)

    p = sub.add_parser("magics", help="find magic multipliers and print them",
                       description="Run the magic-number search used at start-up and print the "
                                   "multipliers, index bits, table sizes and time taken.",
                       epilog="examples:\n  chessbits magics\n  chessbits magics --plain --seed 0x1234",
                       formatter_class=raw)
    p.add_argument("--plain", action="store_true",
                   help="fixed 12/9 index bits (plain magic) instead of fancy variable bits")
    p.add_argument("--seed", type=_seed, default=0x2545F4914F6CDD1D,
                   help="PRNG seed (non-zero; decimal or 0x hex)")
    p.set_defaults(run=reports.magics)

    p = sub.add_parser("info", help="build and CPU information",
                       description="What this build is: compiler, CPU features, methods, "
                                   "the default method and why.",
                       epilog="examples:\n  chessbits info\n  chessbits info --json", formatter_class=raw)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=reports.info)

    p = sub.add_parser("uci", help="a UCI engine that answers go perft N",
                       description=uci_server.__doc__.split("\n\n")[0] if uci_server.__doc__ else None,
                       epilog="example:\n  printf 'position startpos\\ngo perft 5\\nquit\\n' | chessbits uci",
                       formatter_class=raw)
    p.set_defaults(run=uci_server.run)
    return ap


def main(argv: Optional[List[str]] = None) -> int:
    """Entry point of the console script; returns the exit status."""
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except (BadInput, EngineError) as e:
        print(f"chessbits {args.command}: error: {e}", file=sys.stderr)
        return 2
    except Interrupted:
        return 130
    except KeyboardInterrupt as e:
        # a second Ctrl-C while a command cleans up after the first (say, quitting a UCI
        # engine) arrives with Interrupted as its context: that command already said so
        if not isinstance(e.__context__, Interrupted):
            print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader left (| head): stop quietly, and keep Python's exit-time flush quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
