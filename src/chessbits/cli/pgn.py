"""``chessbits pgn FILE...``: count and check PGN files (games, plies, errors with file:line),
statistics (results, terminations, openings by ECO), export to JSON lines or Parquet. Files
are read by chessbits.pgn.iter_games (.pgn, .pgn.zst, .pgn.gz, .pgn.bz2) in constant memory,
with a progress bar on the bytes read; Ctrl-C prints what was read so far, as does a file
that cannot be read to its end (a cut download, a corrupt or unreadable file) before its
one-line error (exit status 2)."""
import argparse
import collections
import json
import math
import os
import sys
from typing import Any, Dict, List, Optional

from .._pgnarrays import ParquetWriter
from .common import BadInput, Interrupted, Status, bar, columns, seconds

EPILOG = """examples:
  chessbits pgn games.pgn.zst
  chessbits pgn *.pgn --stats
  chessbits pgn lichess_db_2024-06.pgn.zst --jsonl games.jsonl
  chessbits pgn games.pgn --parquet games.parquet --threads 2"""


def add_parser(sub: Any, raw: Any) -> None:
    p = sub.add_parser("pgn", help="count, check, summarise or export PGN files",
                       description=__doc__.split("\n\n")[0].split(": ", 1)[1], epilog=EPILOG, formatter_class=raw)
    p.add_argument("files", nargs="+", metavar="FILE", help="PGN files (.pgn, .pgn.zst, .pgn.gz, .pgn.bz2)")
    p.add_argument("--stats", action="store_true", help="results, terminations and the most played openings (ECO)")
    p.add_argument("--jsonl", metavar="OUT", help="write one JSON object per game to OUT (- for stdout)")
    p.add_argument("--parquet", metavar="OUT", help="write the games to a Parquet file (needs pyarrow)")
    p.add_argument("--threads", type=int, default=None, metavar="N", help="threads reading (default: all CPUs)")
    p.add_argument("--errors", type=int, default=10, metavar="K", help="print the first K errors (default 10)")
    p.set_defaults(run=run)


def game_json(games: Any, i: int) -> Dict[str, Any]:
    """Game i of a GameArrays as a JSON-ready dict."""
    lo, hi = int(games.offsets[i]), int(games.offsets[i + 1])

    def numbers(array: Any) -> List[Optional[float]]:
        return [None if math.isnan(v) else v for v in array[lo:hi].tolist()]
    return {"headers": {k: v[i] for k, v in games.headers.items() if v[i] is not None},
            "moves": [m.uci() for m in games.mainline_moves(i)], "clocks": numbers(games.clocks),
            "evals": numbers(games.evals), "result": games.result[i], "errors": games.errors[i]}


def run(args: argparse.Namespace) -> int:
    from .. import pgn
    for path in args.files:
        if os.path.isdir(path):
            raise BadInput(f"{path}: is a directory")
        if not os.path.exists(path):
            raise BadInput(f"no such file: {path}")
    status = Status(plain_every=10)
    totals: collections.Counter = collections.Counter()
    results: collections.Counter = collections.Counter()
    terminations: collections.Counter = collections.Counter()
    openings: collections.Counter = collections.Counter()
    shown = 0
    out = None if not args.jsonl else (sys.stdout if args.jsonl == "-" else open(args.jsonl, "w", encoding="utf-8"))
    try:
        parquet = ParquetWriter(args.parquet) if args.parquet else None
    except ImportError as error:
        raise BadInput(f"--parquet: {error}") from None
    report_to = sys.stderr if out is sys.stdout else sys.stdout  # the games own stdout when written there
    import time
    started = time.perf_counter()
    try:
        for path in args.files:
            size = os.path.getsize(path)

            def progress(done: int, total: Optional[int], path: str = path) -> None:
                if total:
                    status.show(f"{bar(done, total)} {done / 1e6:,.0f}/{total / 1e6:,.0f} MB {path}")

            batches = pgn.iter_games(path, threads=args.threads, progress=progress)
            while True:
                try:
                    games = next(batches, None)
                except unreadable() as error:  # (the counts so far, then the error)
                    status.clear()
                    report(totals, results, terminations, openings, time.perf_counter() - started, args.stats,
                           report_to)
                    fail(path, error)
                if games is None:
                    break
                totals["games"] += len(games)
                totals["plies"] += len(games.moves)
                for i, error in enumerate(games.errors):
                    if error is None:
                        continue
                    totals["errors"] += 1
                    for line in error.splitlines():
                        if shown < args.errors:
                            status.clear()
                            where, message = line.split(": ", 1)
                            print(f"{path}:{where.split()[-1]}: {message}", file=sys.stderr)
                            shown += 1
                if args.stats:
                    results.update(games.result.tolist())
                    terminations.update(t for t in games.termination.tolist() if t is not None)
                    if "ECO" in games.headers:
                        openings.update(e for e in games.headers["ECO"].tolist() if e is not None)
                if out is not None:
                    for i in range(len(games)):
                        out.write(json.dumps(game_json(games, i), ensure_ascii=False) + "\n")
                if parquet is not None:
                    parquet.write(games)
            totals["files"] += 1
            totals["bytes"] += size
    except KeyboardInterrupt:
        status.clear()
        report(totals, results, terminations, openings, time.perf_counter() - started, args.stats, report_to)
        print("interrupted: the counts above are of the games read so far", file=sys.stderr)
        raise Interrupted() from None
    finally:
        if parquet is not None:
            parquet.close()
        if out is not None and out is not sys.stdout:
            out.close()
    status.clear()
    report(totals, results, terminations, openings, time.perf_counter() - started, args.stats, report_to)
    return 1 if totals["errors"] else 0


def unreadable() -> tuple:
    """The errors of a file that cannot be read to its end: one it may not open, a compressed
    file cut short (pgn.TruncatedError) or corrupt, a file whose bytes are not what its name says."""
    from .._pgnarrays import TruncatedError
    errors: tuple = (OSError, ValueError, TruncatedError)
    try:
        import zstandard
        errors += (zstandard.ZstdError,)
    except ImportError:
        pass
    return errors


def fail(path: str, error: BaseException) -> None:
    """Raises the one line that says why path could not be read."""
    if isinstance(error, EOFError) and str(error).startswith(path):
        raise BadInput(str(error)) from None
    raise BadInput(f"{path}: {getattr(error, 'strerror', None) or error}") from None


def report(totals: collections.Counter, results: collections.Counter, terminations: collections.Counter,
           openings: collections.Counter, elapsed: float, stats: bool, file: Any) -> None:
    rows = [["", "count"], ["files", f"{totals['files']:,}"], ["games", f"{totals['games']:,}"],
            ["plies", f"{totals['plies']:,}"], ["games with errors", f"{totals['errors']:,}"]]
    print(columns(rows), file=file)
    print(f"read in {seconds(elapsed)} ({totals['games'] / max(elapsed, 1e-9):,.0f} games/s)", file=file)
    if not stats:
        return
    for title, counter, limit in (("results", results, None), ("terminations", terminations, None),
                                  ("openings (ECO)", openings, 10)):
        print(f"\n{title}", file=file)
        games = max(sum(counter.values()), 1)
        print(columns([["", "games", "share"]] + [[k, f"{v:,}", f"{100 * v / games:.1f}%"]
                                                  for k, v in counter.most_common(limit)]), file=file)
