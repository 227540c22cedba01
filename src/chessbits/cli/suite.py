"""``chessbits suite``: perft suites checked position by position, failures explained."""
import argparse
import os
import sys
import time
from typing import List, Optional, Tuple

from .common import BadInput, Interrupted, Status, bar, seconds
from .perft import live_divide

SUITE_MAX_DEPTH = 6
SUITE_MAX_NODES = 1_000_000
ORACLE_MAX_NODES = 300_000  # python-chess drills down a suite failure in about a second up to here


def run(args: argparse.Namespace) -> int:
    """Every listed count within the limits, position by position; a line per file."""
    from .. import suites

    if args.variant and args.method:
        raise BadInput("--variant counts with the variant's own rules: not with --method")
    files = []
    for path in args.files:
        try:
            entries = suites.load(path, chess960=True if args.chess960 else None)
        except OSError as e:
            raise BadInput(f"cannot read {path}: {e.strerror or e}") from None
        except ValueError as e:
            raise BadInput(f"malformed suite {path}: {e}") from None
        if not any(entry.depths for entry in entries):
            raise BadInput(f"no usable line in {path}: expected '<FEN> ;D1 20 ;D2 400 ...' "
                           "or python-chess's 'id' / 'epd' / 'perft' blocks")
        files.append((path, entries))
    total = sum(len(entries) for _, entries in files)

    status, start = Status(plain_every=2.0), time.perf_counter()
    seen = passed = failed = checked = skipped = 0
    try:
        for path, entries in files:
            file_passed, file_failed = passed, failed
            for entry in entries:
                status.show(f"suite: {bar(seen, total)} {seen:,}/{total:,} positions, {failed} failed, "
                            f"{entry.source}")
                seen += 1
                depths = [d for d in sorted(entry.depths)
                          if d <= args.max_depth and entry.depths[d] <= args.max_nodes]
                skipped += len(entry.depths) - len(depths)
                if not depths:
                    continue
                done, failure = check(entry, depths, args)
                checked += done
                if failure is None:
                    passed += 1
                    continue
                failed += 1
                if failed <= args.show:
                    status.clear()
                    print(explain(entry, *failure, args.method, args.variant) + "\n", flush=True)
            status.clear()
            print(f"{os.path.basename(path)}: {passed - file_passed:,} passed, "
                  f"{failed - file_failed:,} failed", flush=True)
    except KeyboardInterrupt:
        status.clear()
        print(f"interrupted after {max(seen - 1, 0):,} of {total:,} positions: {passed:,} passed, {failed:,} failed",
              file=sys.stderr)
        raise Interrupted from None
    untested = total - passed - failed
    print(f"\n{passed:,} passed, {failed:,} failed: {checked:,} perft counts of {total:,} positions "
          f"checked in {seconds(time.perf_counter() - start)}")
    if skipped:
        print(f"{skipped:,} counts skipped (deeper than --max-depth {args.max_depth} or more than "
              f"--max-nodes {args.max_nodes:,})" +
              (f"; {untested:,} position{'s' * (untested > 1)} untested" if untested else ""))
    if not checked:
        print("nothing was checked: raise --max-depth or --max-nodes", file=sys.stderr)
        return 1
    return 1 if failed else 0


def check(entry, depths: List[int], args: argparse.Namespace) -> Tuple[int, Optional[Tuple[int, object]]]:
    """Perft at each depth, shallow first: (counts checked, None or (depth, what we got))."""
    from ..compare import position

    try:
        board = position(entry.fen, entry.chess960, args.variant)
    except ValueError as e:
        return 0, (depths[0], f"bad FEN: {e}")
    options = {"method": args.method} if args.method else {}
    for i, depth in enumerate(depths):
        if entry.depths[depth] > 20_000_000:  # long enough that Ctrl-C should not wait for the C call
            got = sum(n for _, n, _ in live_divide(board, depth, args.method, args.threads))  # type: ignore[misc]
        else:
            got = board.perft(depth, threads=args.threads, **options)
        if got != entry.depths[depth]:
            return i + 1, (depth, got)
    return len(depths), None


def explain(entry, depth: int, got: object, method: Optional[str] = None, variant: Optional[str] = None) -> str:
    """A failure: the counts, and python-chess's drill-down if cheap, else our divide."""
    from .. import compare

    name = f" ({entry.name})" if entry.name != entry.source else ""
    lines = [f"FAIL {entry.source}{name} {entry.fen}"]
    if isinstance(got, str):
        return "\n".join(lines + [f"  {got}"])
    lines.append(f"  perft {depth}: expected {entry.depths[depth]:,}, chessbits {got:,}")
    if entry.depths[depth] <= ORACLE_MAX_NODES:
        found = compare.find_disagreement(
            entry.fen, depth, compare.chessbits_divider(entry.chess960, method, variant=variant),
            compare.python_chess_divider(entry.chess960, variant), chess960=entry.chess960,
            names=("chessbits", "python-chess"), variant=variant)
        lines.append("  " + str(found).replace("\n", "\n  ") if found else
                     "  python-chess agrees with chessbits: the suite's count looks wrong")
    else:
        divide = compare.chessbits_divider(entry.chess960, method, variant=variant)(entry.fen, depth)
        lines.append("  divide: " + ", ".join(f"{uci}: {n}" for uci, n in divide.items()))
    return "\n".join(lines)
